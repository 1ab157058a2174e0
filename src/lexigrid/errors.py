"""The one exception type for bad input: its message is one line saying what was wrong and how to fix it."""


class LexigridError(ValueError):
    """Bad input from a user: the CLI prints the message and exits 2, the web app answers HTTP 4xx."""


class NotFound(LexigridError):
    """Bad input naming something that does not exist (a saved game's id): the web app answers 404."""
