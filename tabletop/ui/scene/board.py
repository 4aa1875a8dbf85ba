"""What the table shows right now: one seat's table view, kept in step with animated moves (no pygame).

The engine runs ahead of the screen. The board starts from a :class:`~tabletop.engine.zones.TableView`
and is then changed move by move (cards leave one zone and join another, a cell is coloured, a
hand is shown), so the picture never jumps ahead of the animation; it is refreshed from a fresh
view whenever the screen has caught up. It knows zones, never games.

What it shows is bounded whatever a game puts in its zones: a zone shows its newest :data:`SHOWN`
items (a pile's top among them) and counts the rest (:attr:`Board.more`), a board its first
:data:`CELLS` cells, so laying out and drawing a frame costs the same for a million items as for
a few hundred.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.engine.cards import Card
from tabletop.engine.zones import InfoRow, Item, Move, TableView, Zone

SHOWN = 200
"""The most items of one zone the table lays out and draws: a fan of 200 cards already overlaps to a
few pixels each at 1920 wide; beyond that a count says how many more there are."""
CELLS = 1024
"""The most cells of one board the table draws (a 32 x 32 grid); the cells after them are counted."""


class Board:
    """The displayed zones, scores, info rows and status line, for one seat's eyes (None: all).

    ``seat`` is the seat at the bottom (whose hand is "the hand"); ``eyes`` whose view it shows:
    the seat by default, None for every hand open, a negative number for a spectator's.
    """

    def __init__(self, players: int, seat: int | None, *, eyes: int | None | str = "seat") -> None:
        self.players = players
        self.seat = seat
        self.eyes: int | None = seat if eyes == "seat" else eyes  # type: ignore[assignment]
        self.decls: dict[str, Zone] = {}
        self.items: dict[str, list[Item]] = {}
        self.cells: dict[str, dict[str, int | None]] = {}
        self.scores: list[int] = [0] * players
        self.info: tuple[InfoRow, ...] = ()
        self.badges: tuple[tuple[str, ...], ...] = ()
        self.status = ""
        self.to_move: int | None = None
        self.lower_is_better = False
        self.more: dict[str, int] = {}
        """Per zone, how many of its items (or cells) are left out of what is shown."""
        self.version = 0
        self._zones: tuple[int, tuple[Zone, ...]] = (-1, ())

    def refresh(self, view: TableView) -> None:
        """Take every zone and value from a fresh ``view`` (each zone bounded: see :data:`SHOWN`).

        A view that was bounded already (a spectator's feed) may say in ``more`` what it left out.
        """
        self.more = dict(getattr(view, "more", ()))
        self.decls = {}
        for zone in view.zones:
            shown, left = bounded(zone)
            self.decls[zone.id] = shown
            if left:
                self.more[zone.id] = self.more.get(zone.id, 0) + left
        self.items = {z.id: list(z.items) for z in self.decls.values()}
        self.cells = {z.id: {c.id: c.seat for c in z.cells} for z in self.decls.values() if z.cells}
        self.scores = list(view.scores) or [0] * self.players
        self.info, self.badges = view.info, view.badges
        self.status, self.to_move = view.status, view.to_move
        self.lower_is_better = view.lower_is_better
        self.version += 1

    def zones(self) -> tuple[Zone, ...]:
        """Return the zones as displayed now (declarations with the current items and cells)."""
        if self._zones[0] != self.version:
            out = []
            for zid, decl in self.decls.items():
                cells = decl.cells
                if zid in self.cells:
                    cells = tuple(replace(c, seat=self.cells[zid].get(c.id)) for c in cells)
                out.append(replace(decl, items=tuple(self.items.get(zid, ())), cells=cells))
            self._zones = (self.version, tuple(out))
        return self._zones[1]

    def zone(self, zone_id: str) -> Zone | None:
        """Return one displayed zone, or None."""
        for zone in self.zones():
            if zone.id == zone_id:
                return zone
        return None

    def hand(self) -> Zone | None:
        """Return the viewing seat's hand as displayed, or None."""
        for zone in self.zones():
            if zone.is_hand_of(self.seat):
                return zone
        return None

    def hand_counts(self) -> list[int]:
        """Return how many cards each seat's hand (fan) holds as displayed."""
        counts = [0] * self.players
        for zone in self.zones():
            if zone.hint == "fan" and zone.owner is not None and 0 <= zone.owner < self.players:
                counts[zone.owner] = zone.count
        return counts

    def apply(self, move: Move) -> tuple[list[int], list[int]]:
        """Carry out ``move`` on the displayed zones.

        Return where the moved things were in ``src`` and where they are now in ``dst`` (indices).
        """
        self.version += 1
        self.to_move = None
        if move.cell:
            self.cells.setdefault(move.dst, {})[move.cell] = move.seat if move.seat >= 0 else None
            return [], []
        if move.src and move.src == move.dst:
            shown = self._show(move)
            return shown, shown
        where, taken = self._take(move)
        dst = self.items.setdefault(move.dst, []) if move.dst else None
        if dst is None:
            return where, []
        decl = self.decls.get(move.dst)
        visible = decl is None or decl.visible_to(self.eyes) or (decl.visibility == "top")
        start = len(dst)
        if move.cards:
            for card, old in zip(move.cards, taken + [None] * len(move.cards), strict=False):
                note = move.note or (old.note if old is not None and old.note else "")
                dst.append(Item(card if visible and move.face_up else None, move.seat, note))
        else:
            dst.extend(Item(None, move.seat, move.note) for _ in range(min(move.backs, SHOWN + 1)))
            if move.backs > SHOWN + 1:  # more backs than are ever drawn: counted, never made
                self.more[move.dst] = self.more.get(move.dst, 0) + move.backs - SHOWN - 1
        if decl is not None and decl.visibility == "top" and len(dst) > 1:
            # Only the top of such a pile is seen: the cards under it turn face down.
            dst[:-1] = [Item(None, i.seat, i.note) for i in dst[:-1]]
        if len(dst) > SHOWN:  # the oldest make room for the newest, and are counted
            left = len(dst) - SHOWN
            del dst[:left]
            self.more[move.dst] = self.more.get(move.dst, 0) + left
            start -= left
        return where, list(range(max(0, start), len(dst)))

    def count(self, zone_id: str) -> int:
        """Return how many items the zone holds, those left out of what is shown included."""
        return len(self.items.get(zone_id, ())) + self.more.get(zone_id, 0)

    def set_scores(self, totals: tuple[int, ...]) -> None:
        """Show the running totals of a scored deal."""
        self.scores = list(totals)

    def set_info(self, rows: tuple[InfoRow, ...]) -> None:
        """Show the side panel's rows as a game said they stand mid-move."""
        self.info = rows

    # -- internals -----------------------------------------------------------------------------
    def _take(self, move: Move) -> tuple[list[int], list[Item | None]]:
        """Remove the moved things from ``src`` (the same cards where seen, else hidden items);
        return where each was and what it was."""
        src = self.items.get(move.src)
        if src is None:
            return [], []
        where: list[int] = []
        taken: list[Item | None] = []
        for card in (*move.cards, *[None] * min(move.backs, len(src))):
            index = _find(src, card)
            if index is None:
                continue
            where.append(index)
            taken.append(src.pop(index))
        return where, taken

    def _show(self, move: Move) -> list[int]:
        """Turn the zone's items face up as the move's cards (a reveal in place)."""
        items = self.items.setdefault(move.src, [])
        shown = [Item(c, move.seat, "shown") for c in move.cards]
        hidden = [i for i, item in enumerate(items) if item.thing is None or not isinstance(item.thing, Card)]
        if len(shown) >= len(items) or len(hidden) < len(shown):
            self.items[move.src] = shown
            return list(range(len(shown)))
        for i, item in zip(hidden, shown, strict=False):
            items[i] = item
        return hidden[:len(shown)]


def bounded(zone: Zone) -> tuple[Zone, int]:
    """Return ``zone`` with at most its newest :data:`SHOWN` items and its first :data:`CELLS` cells
    (its layout cut to as many places, naming only those), and how many items and cells it left out."""
    items, cells, layout = zone.items, zone.cells, zone.layout
    if len(items) <= SHOWN and len(cells) <= CELLS and len(layout) <= CELLS and sum(map(len, layout)) <= CELLS:
        return zone, 0
    left = max(0, len(items) - SHOWN) + max(0, len(cells) - CELLS)
    cells = cells[:CELLS]
    kept = {c.id for c in cells}
    rows: list[tuple[str | None, ...]] = []
    room = CELLS  # places drawn: a layout naming one cell a million times is cut like a million cells
    for line in layout:
        if room <= 0:
            break
        line = tuple(n if n in kept else None for n in line[:room])
        room -= max(1, len(line))
        if any(n is not None for n in line):
            rows.append(line)
    return replace(zone, items=items[-SHOWN:], cells=cells, layout=tuple(rows)), left


def _find(items: list[Item], card: Card | None) -> int | None:
    """Return the index of ``card``'s item (else a hidden one, else the last one) in ``items``."""
    if not items:
        return None
    if card is not None:
        for i, item in enumerate(items):
            if item.thing is card:
                return i
    for i in range(len(items) - 1, -1, -1):
        if items[i].thing is None:
            return i
    return len(items) - 1
