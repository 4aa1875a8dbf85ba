"""What moves on the table: the director's cues turned into log lines, rising popups and cards flying between zones.

A mixin of :class:`~tabletop.ui.scene.table.TableScene`: a card's flight starts where it was drawn
last frame and ends where its zone places it now; a popup rises from what said it, found again each
frame (the window may change size).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Protocol

from tabletop.engine.events import GameOver, game_over_text
from tabletop.engine.zones import Popup
from tabletop.i18n import _
from tabletop.ui.layout import Rect, TableLayout, centered
from tabletop.ui.scene import choices
from tabletop.ui.scene.anim import Tween
from tabletop.ui.scene.director import Cue, Director
from tabletop.ui.scene.places import CellPlace, Place

POPUP_ROOM = (240, 40)
"""How near (pixels across, down) an older popup must be for a new one to replace it: a short line of
popup text is about this wide and tall."""


@dataclass(frozen=True)
class Floating:
    """A popup text rising from where it was said, between two moments."""

    text: str
    at: tuple[int, int]
    begin: float
    duration: float
    zone: str = ""
    seat: int = -1
    popup: Popup | None = None
    """What said it: where it rises from is found again each frame (the window may change size)."""


class _Scene(Protocol):
    """What the table's motion reads and sets of the table scene."""

    director: Director
    names: list[str]
    log: deque[str]
    log_scroll: int
    now: float
    tweens: list[Tween]
    moving: set[tuple[str, int]]
    floating: list[Floating]
    drawn: dict[tuple[str, int], Rect]
    hits: list[tuple[Rect | CellPlace, choices.Target]]

    @property
    def players(self) -> int: ...

    def layout(self) -> TableLayout: ...

    def places(self) -> dict[str, Place]: ...

    def _animate(self, cue: Cue) -> None: ...

    def _game_over_line(self, over: GameOver, said: str) -> str: ...

    def _popup_point(self, popup: Popup) -> tuple[int, int]: ...


class TableMotion:
    """A table scene's animations: cues applied, cards in flight, popups and the cards they point at."""

    # The scene's own attributes that motion sets (made in TableScene.__init__), typed for the checker.
    floating: list[Floating]
    log_scroll: int

    def _apply(self: _Scene, cues: list[Cue]) -> None:
        for cue in cues:
            if cue.kind == "log":
                self.log.append(_(cue.text) if cue.over is None else self._game_over_line(cue.over, cue.text))
                self.log_scroll = 0
            elif cue.kind == "popup" and cue.popup is not None:
                at = self._popup_point(cue.popup)
                # Newer news at the same spot replaces the older (tricks played faster than their
                # popups fade would stack them into one unreadable blot); popups of one moment all stay.
                self.floating = [f for f in self.floating if f.begin >= self.now
                                 or abs(f.at[0] - at[0]) > POPUP_ROOM[0] or abs(f.at[1] - at[1]) > POPUP_ROOM[1]]
                self.floating.append(Floating(_(cue.popup.text), at, self.now, cue.duration, cue.popup.zone,
                                              cue.popup.seat, cue.popup))
            elif cue.kind == "move" and cue.move is not None:
                self._animate(cue)

    def _game_over_line(self: _Scene, over: GameOver, said: str) -> str:
        """Return the log's "Game over: ... wins" naming the winners as the table does ("Seat 2 (Ann)")."""
        winners = [i for i, rank in enumerate(over.ranks) if rank == 1]
        if not winners or max(winners) >= len(self.names):
            return _(said)
        return _(game_over_text([self.names[i] for i in winners]))

    def _animate(self: _Scene, cue: Cue) -> None:
        move = cue.move
        assert move is not None
        if move.src and move.src == move.dst:
            return  # a reveal in place: the cards simply turn face up
        if cue.duration <= 0 or move.cell:
            return
        lay = self.layout()
        before = self.drawn
        places = self.places()
        src_place = places.get(move.src)
        dst_place = places.get(move.dst)
        fallback = centered(lay.trick_card, lay.trick_area.center)
        zone = self.director.board.zone(move.dst)
        for k, index in enumerate(cue.dst):
            start = before.get((move.src, cue.src[k])) if k < len(cue.src) else None
            if start is None:
                start = src_place.next_slot() if src_place is not None else fallback
            end = dst_place.items[index] if dst_place is not None and index < len(dst_place.items) else (
                dst_place.next_slot() if dst_place is not None else fallback)
            card = zone.items[index].card if zone is not None and index < zone.count else None
            self.tweens.append(Tween(card, start, end, self.now, cue.duration, (move.dst, index)))
            self.moving.add((move.dst, index))
        if not cue.dst and src_place is not None:  # things leaving the table fly to its middle
            for k in cue.src:
                start = before.get((move.src, k)) or src_place.next_slot()
                self.tweens.append(Tween(None, start, fallback, self.now, cue.duration))

    def popup_point(self: _Scene, floating: Floating) -> tuple[int, int]:
        """Return where a popup rises from in the table as it is laid out now."""
        return self._popup_point(floating.popup) if floating.popup is not None else floating.at

    def _popup_point(self: _Scene, popup: Popup) -> tuple[int, int]:
        if popup.cell:
            for shape, target in self.hits:
                if target.cell == popup.cell and target.zone == popup.zone and isinstance(shape, CellPlace):
                    return round(shape.center[0]), round(shape.center[1])
        place = self.places().get(popup.zone)
        zone = self.director.board.zone(popup.zone) if popup.zone else None
        if place is not None and zone is not None and popup.seat >= 0:
            mine = [place.items[i] for i, item in enumerate(zone.items) if item.seat == popup.seat and i < len(place.items)]
            if mine:
                # Over the lower part of the seat's cards: their corners (rank and suit) stay in view.
                left, right = min(r.x for r in mine), max(r.right for r in mine)
                return (left + right) // 2, mine[0].bottom - mine[0].h // 4
        if place is not None:
            return place.region.center
        if 0 <= popup.seat < self.players:
            return self.layout().popup_point(popup.seat)
        return self.layout().trick_area.center

    def marked(self: _Scene) -> set[tuple[str, int]]:
        """Return the (zone, seat) pairs a popup points at now: those cards are outlined (the trick's taker)."""
        return {(f.zone, f.seat) for f in self.floating if f.zone and f.seat >= 0}
