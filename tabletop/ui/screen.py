"""Opening the display: refuse clearly when there is no screen for a person to look at."""

from __future__ import annotations

import os

import pygame

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _

HEADLESS_DRIVERS = ("offscreen", "dummy")


def init_display(*, interactive: bool) -> None:
    """Start pygame's display and font modules (no mixer: the table makes no sound).

    :raises TabletopError: when a person must use the window but SDL found no screen and fell
        back to an invisible one (unless SDL_VIDEODRIVER asks for that on purpose).
    """
    pygame.display.init()
    pygame.font.init()
    driver = pygame.display.get_driver()
    if interactive and driver in HEADLESS_DRIVERS and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.quit()
        raise TabletopError(_(
            "no screen to open a window on (SDL chose its {driver} video driver): run tabletop on a"
            " desktop session; for a headless run give every seat a bot and set SDL_VIDEODRIVER=dummy"
        ).format(driver=repr(driver)))
