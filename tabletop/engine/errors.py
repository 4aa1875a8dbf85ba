"""The errors the engine raises: every one carries a message a user can act on."""

from __future__ import annotations


class TabletopError(Exception):
    """Base of the errors tabletop reports to a user as one clear line."""


class UserInputError(TabletopError, ValueError):
    """A value typed, clicked or written into a file by a user is not acceptable."""


class IllegalAction(ValueError):
    """An action that is not legal now; the state is left exactly as it was.

    ``reason`` says why in a few words, e.g. ``"must follow hearts"``.
    """

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        self.reason = reason
        label = getattr(action, "label", None)
        super().__init__(f"{label or action!r}: {reason}")


class LogError(TabletopError):
    """A game log cannot be replayed: it is truncated, edited or from an unknown game."""


class LogWriteError(TabletopError):
    """A game log cannot be written (a full disk, a folder where the file should be); the game stops."""


class GameBroken(TabletopError):
    """A game's own code failed mid-game; the game stops with a saved log."""


class HookMistake(Exception):
    """A game hook returned something it must not (no legal actions, a score that is not a number);
    the session turns it into :class:`GameBroken` naming the hook."""


class GameStopped(TabletopError):
    """A seat's player stopped the game while it was to decide (a remote game the host ended): the
    session raises it on, playing and logging nothing in its place."""
