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
    """Typed characters that run it whichever keys type them ("?" sits on different keys by layout)."""
    key_names: str
    """The keys as the help overlay names them ("U or Ctrl+Z")."""
    label: str
    """The toolbar button's text."""
    help: str
    """What the help overlay says the command does."""


CONTROLS: tuple[Control, ...] = (
    Control("continue", (pygame.K_SPACE,), "", N_("Space"), N_("Go on"), N_("continue after a trick or a deal")),
    Control("help", (pygame.K_h,), "?", N_("H or ?"), N_("Help"), N_("show or hide this help")),
    Control("undo", (pygame.K_u,), "", N_("U or Ctrl+Z"), N_("Undo"),
            N_("take a move back (designer: any; fair: only your last)")),
    Control("pause", (pygame.K_p,), "", N_("P"), N_("Pause"), N_("pause or go on: bots (or a replay) wait")),
    Control("step", (pygame.K_n,), "", N_("N"), N_("Step"), N_("one more move, then pause")),
    Control("god", (pygame.K_g,), "", N_("G"), N_("God"), N_("god view: every hand open (designer mode only)")),
    Control("view", (pygame.K_v,), "", N_("V"), N_("View"), N_("replay: view as the next seat, or all hands open")),
    Control("jump", (pygame.K_j,), "", N_("J"), N_("Go to"), N_("replay: go to move number N (type it, Enter)")),
    Control("speed", (pygame.K_s,), "", N_("S"), N_("Speed"), N_("cycle speed: instant, fast, normal, slow")),
    Control("diagnostics", (pygame.K_d,), "", N_("D"), N_("Art"), N_("art diagnostics: missing or bad images")),
    Control("symbols", (pygame.K_c,), "", N_("C"), N_("Symbols"),
            N_("colour-blind symbols: a shape for each colour group of cards, on every face")),
    Control("rules", (pygame.K_r,), "", N_("R"), N_("Rules"), N_("the rules of this game")),
    Control("note", (pygame.K_m,), "", N_("M"), N_("Note"),
            N_("write a note at this move (kept in the game's log, marked on the replay's timeline)")),
    Control("hint", (pygame.K_i,), "", N_("I"), N_("Hint"),
            N_("what a search bot makes of each choice here (designer mode and replays)")),
    Control("playfrom", (pygame.K_f,), "", N_("F"), N_("Play here"),
            N_("replay: play on from the move shown, with the seats you choose")),
    Control("savelog", (pygame.K_l,), "", N_("L"), N_("Save log"), N_("save the table's log as text to recordings/")),
    Control("screenshot", (pygame.K_F12,), "", N_("F12"), N_("Shot"), N_("save a PNG screenshot to recordings/")),
    Control("record", (pygame.K_F9,), "", N_("F9"), N_("Rec"), N_("start/stop recording a video to recordings/")),
    Control("fullscreen", (pygame.K_F11,), "", N_("F11"), N_("Full"), N_("toggle fullscreen")),
    Control("back", (pygame.K_ESCAPE,), "", N_("Esc"), N_("Back"), N_("close an overlay, else leave the table")),
)
"""The table's commands in toolbar order (texts in English: translate with ``_()`` where shown; key caps
such as "F12" read the same in every language and are not marked)."""

LIVE = frozenset(c.command for c in CONTROLS) - {"view", "jump", "playfrom"}
"""The toolbar of a game being played."""
REPLAY = frozenset(c.command for c in CONTROLS) - {"undo", "god", "step", "continue", "pause"}
"""The toolbar of a replay (its own bar steps and seeks)."""
NOT_WATCHING = frozenset({"undo", "god", "hint"})
"""What a spectator's toolbar leaves out: it takes nothing back, opens no hand and asks no bot."""
REPLAY_HELP: tuple[tuple[str, str], ...] = (
    (N_("Left / Right"), N_("replay: one move back / forward")),
    (N_("Up / Down"), N_("replay: back / forward one trick")),
    (N_("Page Up / Down"), N_("replay: back / forward one deal")),
    (N_("Home / End"), N_("replay: the first / the last move")),
    (N_("Click the timeline"), N_("replay: go to that move (marks: deals tall, tricks short)")),
)
"""Replay keys, listed in the help overlay of a replay."""

MOUSE_HELP: tuple[tuple[str, str], ...] = (
    (N_("Click a card, pile or cell"), N_("choose what it allows: what you may click lifts or glows")),
    (N_("Click cards"), N_("several cards: select them, then the gold button")),
    (N_("Click a button"), N_("choose a bid, a pass or another action above the status line")),
    (N_("Right-click a card"), N_("zoom it to full size (click to close)")),
    (N_("Rest on a card, or Alt"), N_("show it large beside the cursor; rest on a shortened text to read it whole")),
    (N_("Wheel over the log"), N_("scroll the log")),
    (N_("Click the table"), N_("continue after a trick, like Space")),
)
"""Mouse actions listed in the help overlay (in English: translate where shown)."""

NO_TRICKS: dict[str, str | None] = {
    "continue after a trick or a deal": N_("continue after a deal or a pause"),
    "continue after a trick, like Space": N_("continue after a pause, like Space"),
    "replay: back / forward one trick": None,
    "replay: go to that move (marks: deals tall, tricks short)": N_("replay: go to that move (marks: deals)"),
}
"""The help overlay's lines for a game without tricks: each one that speaks of tricks, said without (None: left out)."""


def without_tricks(lines: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Return the help overlay's (keys, what) ``lines`` for a game without tricks (no "trick" in any of them)."""
    out = []
    for keys, what in lines:
        said = NO_TRICKS.get(what, what)
        if said is not None:
            out.append((keys, said))
    return out


def command_for_key(key: int, char: str, controls: tuple[Control, ...] = CONTROLS) -> str | None:
    """Return the command bound to a key press (``char`` is its typed text, e.g. "?")."""
    for control in controls:
        if key in control.keys or (char and char in control.chars):
            return control.command
    return None
