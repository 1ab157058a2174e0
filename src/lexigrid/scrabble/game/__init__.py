"""Games: the session (seats, players, input, actions), the umpire, computer players, challenges, reading
input, saved games and what a seat sees."""

from lexigrid.scrabble.game.game import HUMAN, Game, GamePosition, Seat

__all__ = ["HUMAN", "Game", "GamePosition", "Seat"]
