"""The application window: resizable, fullscreen toggle, and a size lock while recording."""

from __future__ import annotations

import pygame

from tabletop.engine.guard import printable
from tabletop.i18n import _
from tabletop.ui.launcher import ICON
from tabletop.ui.layout import MIN_SIZE


def set_caption(title: str) -> None:
    """Set the window's title; a NUL or a control character in a game's title or a file name is written out."""
    pygame.display.set_caption(printable(title))


class Window:
    """The one pygame display surface and what may change its size."""

    def __init__(self, size: tuple[int, int], title: str = "tabletop") -> None:
        set_caption(title)
        if ICON.is_file():  # set before the window opens, as some window managers read it only then
            pygame.display.set_icon(pygame.image.load(str(ICON)))
        self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.fullscreen = False
        self.locked: tuple[int, int] | None = None
        self.surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        """The current drawing size."""
        return self.surface.get_size()

    def resized(self, size: tuple[int, int]) -> str | None:
        """Follow a resize by the user; return a message when it was refused (recording or too small)."""
        if self.locked is not None:
            if size != self.locked:
                self.surface = pygame.display.set_mode(self.locked, pygame.RESIZABLE)
                return _("The window keeps its size while recording")
            return None
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if (w, h) != tuple(size):
            self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.surface = pygame.display.get_surface() or self.surface
        self.windowed_size = (w, h)
        return None

    def toggle_fullscreen(self) -> str | None:
        """Switch between fullscreen and the windowed size; return a message if refused."""
        if self.locked is not None:
            return _("Stop recording before changing to or from fullscreen")
        try:
            if self.fullscreen:
                self.surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            else:
                desktop = pygame.display.get_desktop_sizes()[0]
                self.surface = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        except pygame.error as exc:
            return _("Fullscreen is not available: {problem}").format(problem=exc)
        self.fullscreen = not self.fullscreen
        return None
