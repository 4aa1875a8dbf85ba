"""The PR layer: the pygame-ce window, scenes, layout, card art, input, animation and capture."""

import os

# pygame-ce prints a greeting on import; a playtest table should start quietly.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's class (what a taskbar groups it by and a window manager matches rules on) is
# "tabletop": on import pygame names it after sys.argv[0] unless it is set, which for
# ``python -m tabletop`` is "__main__.py". Wayland reads its own variable, newer SDL the app id.
for _name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
    os.environ.setdefault(_name, "tabletop")
