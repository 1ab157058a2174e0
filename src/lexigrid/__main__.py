"""`python -m lexigrid` runs the command-line interface."""

from lexigrid.cli import main

main()
