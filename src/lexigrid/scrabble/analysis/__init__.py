"""Analysis of a position: Monte Carlo simulation, rack inference, the endgame and pre-endgame solvers,
and the JSON shapes of positions and moves."""
