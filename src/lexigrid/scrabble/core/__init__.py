"""The rules and notations: the alphabet, tile sets and layouts, the board, moves, the bag, CGP
positions, the referee, the end of a game and the play state."""
