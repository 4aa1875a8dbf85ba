"""The PR layer: the pygame-ce window, scenes, layout, card art, input, animation and capture."""

import os

# pygame-ce prints a greeting on import; a playtest table should start quietly.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
