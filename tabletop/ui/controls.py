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
    Control("undo", (pygame.K_u,), "", "U or Ctrl+Z", "Undo",
            "take a move back (designer: any; fair: only your last)"),
    Control("pause", (pygame.K_p,), "", "P", "Pause", "pause or go on: bots (or a replay) wait"),
    Control("step", (pygame.K_n,), "", "N", "Step", "one more move, then pause"),
    Control("god", (pygame.K_g,), "", "G", "God", "god view: every hand open (designer mode only)"),
    Control("view", (pygame.K_v,), "", "V", "View", "replay: view as the next seat, or all hands open"),
    Control("jump", (pygame.K_j,), "", "J", "Go to", "replay: go to move number N (type it, Enter)"),
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

LIVE = frozenset(c.command for c in CONTROLS) - {"view", "jump"}
"""The toolbar of a game being played."""
REPLAY = frozenset(c.command for c in CONTROLS) - {"undo", "god", "step", "continue", "pause"}
"""The toolbar of a replay (its own bar steps and seeks)."""
REPLAY_HELP: tuple[tuple[str, str], ...] = (
    ("Left / Right", "replay: one move back / forward"),
    ("Up / Down", "replay: back / forward one trick"),
    ("Page Up / Down", "replay: back / forward one deal"),
    ("Home / End", "replay: the first / the last move"),
    ("Click the timeline", "replay: go to that move (marks: deals tall, tricks short)"),
)
"""Replay keys, listed in the help overlay of a replay."""

MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("Click a card, pile or cell", "choose what it allows: what you may click lifts or glows"),
    ("Click cards", "several cards: select them, then the gold button"),
    ("Click a button", "choose a bid, a pass or another action above the status line"),
    ("Right-click a card", "zoom it to full size (click to close)"),
    ("Wheel over the log", "scroll the log"),
    ("Click the table", "continue after a trick, like Space"),
)
"""Mouse actions listed in the help overlay."""


def command_for_key(key: int, char: str, controls: tuple[Control, ...] = CONTROLS) -> str | None:
    """Return the command bound to a key press (``char`` is its typed text, e.g. "?")."""
    for control in controls:
        if key in control.keys or (char and char in control.chars):
            return control.command
    return None
