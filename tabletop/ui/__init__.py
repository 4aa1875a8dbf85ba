"""The PR layer: the pygame-ce window, scenes, layout, card art, input, animation and capture."""

import os

# The table prints its own messages; pygame's import banner would only clutter the terminal.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
