"""Learning by self-play: tournaments between computer levels, leave values, the win table."""
