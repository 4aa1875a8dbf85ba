"""Run the command line with ``python -m tabletop``."""

from tabletop.cli import run

run()
