"""Every command of the table, its keys and its toolbar label: one list the help overlay reads."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tabletop.i18n import N_


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
    Control("continue", (pygame.K_SPACE,), "", N_("Space"), N_("Go on"), N_("continue after a trick or a deal")),
    Control("help", (pygame.K_h,), "?", N_("H or ?"), N_("Help"), N_("show or hide this help")),
    Control("speed", (pygame.K_s,), "", "S", N_("Speed"), N_("cycle speed: instant, fast, normal, slow")),
    Control("diagnostics", (pygame.K_d,), "", "D", N_("Art"), N_("art diagnostics: missing or bad images")),
    Control("rules", (pygame.K_r,), "", "R", N_("Rules"), N_("the rules of this game")),
    Control("savelog", (pygame.K_l,), "", "L", N_("Save log"), N_("save the table's log as text to recordings/")),
    Control("screenshot", (pygame.K_F12,), "", "F12", N_("Shot"), N_("save a PNG screenshot to recordings/")),
    Control("record", (pygame.K_F9,), "", "F9", N_("Rec"), N_("start/stop recording a video to recordings/")),
    Control("fullscreen", (pygame.K_F11,), "", "F11", N_("Full"), N_("toggle fullscreen")),
    Control("back", (pygame.K_ESCAPE,), "", "Esc", N_("Back"), N_("close an overlay, else leave the table")),
)
"""The table's commands in toolbar order (texts in English: translate with ``_()`` where shown; key caps
such as "F12" read the same in every language and are not marked)."""

MOUSE_HELP: tuple[tuple[str, str], ...] = (
    (N_("Click a card, pile or cell"), N_("choose what it allows: what you may click lifts or glows")),
    (N_("Click cards"), N_("several cards: select them, then the gold button")),
    (N_("Click a button"), N_("choose a bid, a pass or another action above the status line")),
    (N_("Right-click a card"), N_("zoom it to full size (click to close)")),
    (N_("Wheel over the log"), N_("scroll the log")),
    (N_("Click the table"), N_("continue after a trick, like Space")),
)
"""Mouse actions listed in the help overlay (in English: translate where shown)."""


def command_for_key(key: int, char: str) -> str | None:
    """Return the command bound to a key press (``char`` is its typed text, e.g. "?")."""
    for control in CONTROLS:
        if key in control.keys or (char and char in control.chars):
            return control.command
    return None
