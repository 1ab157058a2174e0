"""The one exception type for bad input: its message is one line saying what was wrong and how to fix it."""


class LexigridError(ValueError):
    """Bad input from a user: the CLI prints the message and exits 2, the web app answers HTTP 4xx."""


class NotFound(LexigridError):
    """Bad input naming something that does not exist (a saved game's id): the web app answers 404."""


class OptionError(LexigridError):
    """Bad input about one parameter. The message speaks of the thing (what an API caller and a web page
    see: `a simulation needs at least 1 play, not 0`); `option` is the parameter's name in the API
    (`plays`) and `template` the same complaint with `{option}` where a face names it its own way
    (the CLI: `--plays must be at least 1, not 0`)."""

    def __init__(self, message: str, option: str, template: str) -> None:
        super().__init__(message)
        self.option = option
        self.template = template

    def naming(self, option: str) -> str:
        """The complaint with the parameter called `option` (e.g. `--plays`)."""
        return self.template.replace("{option}", option)


def check_positive(value: float | None, option: str, thing: str, unit: str) -> None:
    """Raise unless `value` (when given) is more than 0: "`thing` must be more than 0 `unit`, not ..."."""
    if value is not None and not value > 0:
        raise OptionError(
            f"{thing} must be more than 0 {unit}, not {value:g}",
            option,
            f"{{option}} must be more than 0, not {value:g}",
        )
