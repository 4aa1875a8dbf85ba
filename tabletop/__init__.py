"""tabletop: a desktop playtest table for card-game prototypes."""

__version__ = "0.1.0"
