"""Every command of the table, its keys and its toolbar label: one list the help overlay reads."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Control:
    """A command reachable by ``keys`` (key codes), by typing ``chars``, and by a toolbar button."""

    command: str
    keys: tuple[int, ...]
    chars: str
    key_names: str
    label: str
    help: str


CONTROLS: tuple[Control, ...] = (
    Control("continue", (pygame.K_SPACE,), "", "Space", "Go on", "continue after a trick or a deal"),
    Control("help", (pygame.K_h,), "?", "H or ?", "Help", "show or hide this help"),
    Control("speed", (pygame.K_s,), "", "S", "Speed", "cycle speed: instant, fast, normal, slow"),
    Control("diagnostics", (pygame.K_d,), "", "D", "Art", "art diagnostics: missing or bad images"),
    Control("rules", (pygame.K_r,), "", "R", "Rules", "the rules of this game"),
    Control("savelog", (pygame.K_l,), "", "L", "Save log", "save the table's log as text to recordings/"),
    Control("screenshot", (pygame.K_F12,), "", "F12", "Shot", "save a PNG screenshot to recordings/"),
    Control("record", (pygame.K_F9,), "", "F9", "Rec", "start/stop recording a video to recordings/"),
    Control("fullscreen", (pygame.K_F11,), "", "F11", "Full", "toggle fullscreen"),
    Control("back", (pygame.K_ESCAPE,), "", "Esc", "Back", "close an overlay, else leave the table"),
)
"""The table's commands in toolbar order."""

MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a card, pile or cell", "choose what it allows: what you may click lifts or glows"),
    ("Click cards", "several cards: select them, then the gold button"),
    ("Click a button", "choose a bid, a pass or another action above the status line"),
    ("Right-click a card", "zoom it to full size (click to close)"),
    ("Wheel over the log", "scroll the log"),
    ("Click the table", "continue after a trick, like Space"),
)
"""Mouse actions listed in the help overlay."""


def command_for_key(key: int, char: str) -> str | None:
    """Return the command bound to a key press (``char`` is its typed text, e.g. "?")."""
    for control in CONTROLS:
        if key in control.keys or (char and char in control.chars):
            return control.command
    return None
