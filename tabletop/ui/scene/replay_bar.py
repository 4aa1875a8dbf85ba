"""The replay bar: its buttons (start, back and forward by deal, trick, turn and move, end), its keys and its timeline slider.

A mixin of :class:`~tabletop.ui.scene.table.TableScene`: where each button goes is worked out from the
director's timeline, where the bar lies from the table's layout.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from tabletop.i18n import N_, _
from tabletop.ui.layout import Rect, TableLayout
from tabletop.ui.paint.widgets import Button
from tabletop.ui.scene.director import Director


class _Scene(Protocol):
    """What the replay bar reads of the table scene."""

    director: Director
    recording: bool

    def layout(self) -> TableLayout: ...

    def replay_targets(self) -> dict[str, int]: ...

    def replay_controls(self) -> tuple[tuple[str, str], ...]: ...

    def replay_bar(self) -> tuple[list[Rect], Rect]: ...


class ReplayBar:
    """The replay bar of a table scene: where its buttons go, where they lie, the move a slider click picks."""

    def replay_targets(self: _Scene) -> dict[str, int]:
        """Return where each replay button goes: start, deal/trick/move back and forward, end."""
        d = self.director
        timeline, line = d.timeline, d.line or []
        pos, end = d.session.moves, len(line)
        if timeline is None:
            return {}
        tricks, deals = timeline.marks("trick"), timeline.marks("deal")
        turns = [p for p in timeline.decisions() if d.view != "seat" or timeline.steps[p].seat == d.seat]

        def before(marks: list[int]) -> int:
            return max((m for m in marks if m < pos), default=0)

        def after(marks: list[int]) -> int:
            return min((m for m in marks if m > pos), default=end)

        return {"start": 0, "deal-": before(deals), "trick-": before(tricks), "turn-": before(turns),
                "move-": max(0, pos - 1), "move+": min(end, pos + 1), "turn+": after(turns),
                "trick+": after(tricks), "deal+": after(deals), "end": end}

    def replay_controls(self: _Scene) -> tuple[tuple[str, str], ...]:
        """Return the replay bar's (label, target) pairs: the trick steps only in a line of play with tricks."""
        timeline = self.director.timeline
        if timeline is not None and timeline.marks("trick"):
            return REPLAY_BUTTONS
        return tuple(b for b in REPLAY_BUTTONS if b[1] not in ("trick-", "trick+"))

    def has_tricks(self: _Scene) -> bool:
        """True in a game played in tricks: a replay whose line holds one, or a table with a trick zone
        (the help speaks of tricks only then)."""
        d = self.director
        if d.is_replay:
            return d.timeline is not None and bool(d.timeline.marks("trick"))
        return d.board.zone("trick") is not None

    def replay_bar(self: _Scene) -> tuple[list[Rect], Rect]:
        """Return the replay buttons' rectangles and the timeline slider's, in the action row."""
        lay = self.layout()
        band = lay.buttons
        if self.recording:
            return [], Rect(band.x + lay.margin, band.y + band.h // 4, band.w - 2 * lay.margin, band.h // 2)
        count = len(self.replay_controls())
        item_w = min(round(lay.font_px * 3.4), (band.w * 6 // 10 - lay.margin * count) // count)
        rects = [Rect(band.x + i * (item_w + lay.margin // 2), band.y, item_w, band.h) for i in range(count)]
        x = rects[-1].right + lay.margin * 2
        slider = Rect(x, band.y + band.h // 4, max(10, band.right - x - lay.margin), band.h // 2)
        return rects, slider

    def replay_buttons(self: _Scene) -> list[Button]:
        """Return the replay bar's buttons (the play/pause one in the middle)."""
        targets = self.replay_targets()
        rects = self.replay_bar()[0]
        if self.recording:
            return []
        pos = self.director.session.moves
        out = []
        for rect, (label, key) in zip(rects, self.replay_controls(), strict=True):
            if key == "pause":
                out.append(Button(rect, _("Play") if self.director.paused else _("Pause"), "pause", primary=True))
            else:
                to = targets.get(key, pos)
                out.append(Button(rect, _(label), "seek", to, enabled=to != pos))
        return out

    def position_at(self: _Scene, x: int) -> int:
        """Return the move a click at ``x`` on the timeline slider goes to."""
        slider = self.replay_bar()[1]
        end = len(self.director.line or [])
        return round(min(1.0, max(0.0, (x - slider.x) / max(1, slider.w))) * end)


REPLAY_BUTTONS: tuple[tuple[str, str], ...] = (
    (N_("Start"), "start"), (N_("-Deal"), "deal-"), (N_("-Trick"), "trick-"), (N_("-Turn"), "turn-"), ("-1", "move-"),
    ("", "pause"), ("+1", "move+"), (N_("Turn+"), "turn+"), (N_("Trick+"), "trick+"), (N_("Deal+"), "deal+"),
    (N_("End"), "end"),
)
"""The replay bar: (label, where it goes) in order."""
REPLAY_KEYS: dict[int, str] = {
    pygame.K_LEFT: "move-", pygame.K_RIGHT: "move+", pygame.K_UP: "trick-", pygame.K_DOWN: "trick+",
    pygame.K_PAGEUP: "deal-", pygame.K_PAGEDOWN: "deal+", pygame.K_HOME: "start", pygame.K_END: "end",
}
"""Replay keys and where they go."""
