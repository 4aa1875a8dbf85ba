"""Per-card analytics: what each card's journey (dealt, drawn, bought, played, kept...) has to do with winning.

The unit is a seat in one deal: for each kind of move and each card, the units that made that move
with the card (at least once) are compared with those that did not (deal won = the deal's best
points, or the game's when deals are not scored apart), and with the units that made it with another
card of the same group (its peers: the same cost, suit, type...). The seats of one game depend on each
other (one of them wins), so games are gathered into *batches* of consecutive games that serve as the
clusters of cluster-robust intervals and tests (:func:`~tabletop.sim.inference.stats.contrast`): there are at
most :data:`BATCHES` of them, so a batch's work is done once however many games it holds. Every total
is a whole number per batch, so tallies of chunks played anywhere merge to the same figures in any order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from tabletop.engine.game import Game
from tabletop.sim.inference.stats import Contrast, against_peers, contrast, effect, wilson_interval
from tabletop.sim.percard.cards import Journeys
from tabletop.sim.percard.journeys import CHOSEN, DISCARDED, KEPT, PLAYED, SHED, TAKEN, Counts
from tabletop.sim.percard.peers import peer_groups

BATCHES = 64
"""Clusters the games of a run are gathered into (fewer when there are fewer games)."""
MIN_UNITS = 10
"""Units a card must have made a move in (and not) to be tested at all; rarer ones are only listed."""


def batch_size(games: int) -> int:
    """Return how many consecutive games make one batch in a run of ``games``.

    >>> batch_size(50), batch_size(1000), batch_size(100_000)
    (1, 15, 1562)
    """
    return max(1, games // BATCHES)


@dataclass(frozen=True)
class Watching:
    """What a run watches of the cards: ``by`` is the deck column whose values group cards into peers
    ("" for none), ``batch`` how many consecutive games share a batch."""

    by: str = ""
    batch: int = 1


def watching_for(game: Game, by: str, games: int) -> Watching:
    """Return how to watch the cards of ``games`` games of ``game``, its cards grouped by deck column ``by``
    ("": the first column that groups them).

    :raises UserInputError: when ``by`` names no column of the game's deck.
    """
    column, _groups = peer_groups(game.deck(), by)
    return Watching(column, batch_size(games))


@dataclass
class Seen:
    """One card's (or group's) record for one kind of move: times made, sums of its move numbers and
    rounds, and per batch ``[units that made it, of them won, their points]``."""

    times: int = 0
    moves: int = 0
    rounds: int = 0
    batches: dict[int, list[int]] = field(default_factory=dict)

    def add(self, other: Seen) -> None:
        """Add ``other``'s counts to these."""
        self.times += other.times
        self.moves += other.moves
        self.rounds += other.rounds
        for batch, row in other.batches.items():
            _add_row(self.batches, batch, row)


def _add_row(batches: dict[int, list[int]], batch: int, row: Sequence[int]) -> None:
    mine = batches.get(batch)
    if mine is None:
        batches[batch] = list(row)
    else:
        for i, value in enumerate(row):
            mine[i] += value


@dataclass
class CardTally(Counts):
    """Whole-number totals per batch, mergeable: every unit, every card and group per kind of move, and tricks."""

    groups: dict[str, str] = field(default_factory=dict)
    """Each card id's group of peers ("value 3"); empty when the cards are not grouped."""
    by: str = ""
    totals: dict[int, list[int]] = field(default_factory=dict)
    """Per batch: ``[units, won, points]`` of every seat in every deal."""
    cards: dict[tuple[int, str], Seen] = field(default_factory=dict)
    peers: dict[tuple[int, str], Seen] = field(default_factory=dict)
    """Per kind and group: the units that made the move with any card of the group."""
    areas: dict[str, list[int]] = field(default_factory=dict)
    """Per own-zone label: ``[seat-games, cards, cards squared, winners, winners' cards, winners' squared]``."""

    def add(self, book: Journeys) -> None:
        """Count one batch's journeys."""
        batch, wins = book.batch, book.wins
        points = [p or 0 for p in book.points]
        _add_row(self.totals, batch, (book.units, wins.bit_count(), sum(points)))
        low = min(points, default=0)
        planes = [sum(1 << u for u, p in enumerate(points) if (p - low) >> k & 1)
                  for k in range((max(points, default=0) - low).bit_length())]
        groups = self.groups
        for kind, facts in enumerate(book.facts):
            unions: dict[str, int] = {}
            for card, (mask, times, moves, rounds) in facts.items():
                self._count(self.cards, (kind, card), batch, mask, times, moves, rounds, wins, low, planes)
                group = groups.get(card)
                if group is not None:
                    unions[group] = unions.get(group, 0) | mask
            for group, mask in unions.items():
                self._count(self.peers, (kind, group), batch, mask, 0, 0, 0, wins, low, planes)
        self.add_counts(book)
        for label, sizes in book.areas.items():
            row = self.areas.setdefault(label, [0] * 6)
            for size, won in sizes:
                row[0] += 1
                row[1] += size
                row[2] += size * size
                if won:
                    row[3] += 1
                    row[4] += size
                    row[5] += size * size

    @staticmethod
    def _count(table: dict[tuple[int, str], Seen], key: tuple[int, str], batch: int, mask: int, times: int,
               moves: int, rounds: int, wins: int, low: int, planes: list[int]) -> None:
        seen = table.get(key)
        if seen is None:
            seen = table[key] = Seen()
        seen.times += times
        seen.moves += moves
        seen.rounds += rounds
        units = mask.bit_count()
        pts = low * units
        for k, plane in enumerate(planes):
            pts += (mask & plane).bit_count() << k
        _add_row(seen.batches, batch, (units, (mask & wins).bit_count(), pts))

    def merge(self, other: CardTally) -> None:
        """Add ``other``'s totals to these."""
        self.groups = self.groups or other.groups
        self.by = self.by or other.by
        for batch, row in other.totals.items():
            _add_row(self.totals, batch, row)
        for mine, theirs in ((self.cards, other.cards), (self.peers, other.peers)):
            for key, seen in theirs.items():
                mine.setdefault(key, Seen()).add(seen)
        self.add_counts(other)
        for label, row in other.areas.items():
            _add_row({0: self.areas.setdefault(label, [0] * 6)}, 0, row)

    def kinds(self) -> list[int]:
        """Return the kinds of move seen, the one that best shows a seat's choices first (once every batch is in)."""
        self._settle_shed()
        seen = {kind for kind, _card in self.cards}
        kinds = [kind for kind in CHOSEN if kind in seen]
        if KEPT in kinds and self.laid_out and not self.kept:
            kinds.append(kinds.pop(kinds.index(KEPT)))  # hands the rules laid out at the end: no seat's choice
        return kinds

    def _settle_shed(self) -> None:
        """Count the discards onto a pile everyone sees as plays when no card was played anywhere else (a
        shedding game plays onto its discard pile), else as the discards they are."""
        if not any(kind == SHED for kind, _ in self.cards):
            return
        into = DISCARDED if any(kind == PLAYED for kind, _ in self.cards) else PLAYED
        for table in (self.cards, self.peers):
            for key in [key for key in table if key[0] == SHED]:
                table.setdefault((into, key[1]), Seen()).add(table.pop(key))

    def units(self) -> int:
        """Return every unit (a seat in a deal) counted."""
        return sum(row[0] for row in self.totals.values())


@dataclass(frozen=True)
class CardFigures:
    """One card's figures for one kind of move.

    ``win`` and ``points`` compare the units (a seat in a deal) that made the move with the card
    against those that did not; ``peers`` compares that difference of win rates (``mean_a``) with the
    mean of the same difference for the other cards of its ``group`` (``mean_b``); None when it has no
    group, no tested peer, or too few units to be tested itself.
    """

    card: str
    label: str
    kind: int
    group: str
    times: int
    units: int
    mean_move: float
    mean_round: float
    win: Contrast
    points: Contrast
    peers: Contrast | None
    offered: int = 0

    @property
    def tested(self) -> bool:
        """True when the move was made in, and not made in, enough units to be tested."""
        return self.win.units_a >= MIN_UNITS and self.win.units_b >= MIN_UNITS and self.win.df > 0

    @property
    def take_rate(self) -> float | None:
        """Share of the times it was offered that it was taken (bought, drafted), when it was offered."""
        return min(1.0, self.times / self.offered) if self.kind == TAKEN and self.offered else None


def _columns(tally: CardTally, seen: Seen, reference: dict[int, list[int]]) -> tuple[list[int], ...]:
    batches = sorted(reference)
    rows = [seen.batches.get(b, (0, 0, 0)) for b in batches]
    refs = [reference[b] for b in batches]
    return ([r[1] for r in rows], [r[0] for r in rows], [r[1] for r in refs], [r[0] for r in refs],
            [r[2] for r in rows], [r[2] for r in refs])


def card_figures(tally: CardTally, labels: dict[str, str], kind: int, *, level: float = 0.95) -> list[CardFigures]:
    """Return every card's figures for ``kind`` of move, in the order of ``labels`` (the deck), then by id.

    A card's ``peers`` compares its effect (the win rate of the seats that made the move with it, less the
    others') with the mean effect of the other cards of its group that were tested: every card's effect is
    measured the same way, so the cards of a group that nobody can tell apart differ by luck alone.
    Intervals are at ``level`` (95% by default; pass a wider one for many cards at once).
    """
    order = list(labels) + sorted({card for k, card in tally.cards if k == kind} - set(labels))
    out = []
    effects: dict[str, tuple[float, list[float]]] = {}
    columns: dict[str, tuple[list[int], ...]] = {}
    for card in order:
        seen = tally.cards.get((kind, card))
        if seen is None:
            continue
        won, units, won_all, units_all, pts, pts_all = _columns(tally, seen, tally.totals)
        win = contrast(won, units, won_all, units_all, level=level)
        points = contrast(pts, units, pts_all, units_all, level=level)
        if win is None or points is None:
            continue
        if win.units_a >= MIN_UNITS and win.units_b >= MIN_UNITS:
            measured = effect(won, units, won_all, units_all)
            if measured is not None:
                effects[card] = measured
                columns[card] = (won, units, won_all, units_all)
        out.append(CardFigures(card, labels.get(card, card), kind, tally.groups.get(card, ""), seen.times, sum(units),
                               seen.moves / max(1, seen.times), seen.rounds / max(1, seen.times), win, points, None,
                               tally.offered.get(card, 0)))
    members: dict[str, list[str]] = {}
    for f in out:
        if f.group and f.card in effects:
            members.setdefault(f.group, []).append(f.card)
    counted = {f.card: f.units for f in out}
    compared = []
    for f in out:
        peers = [c for c in members.get(f.group, ()) if c != f.card]
        if f.card not in effects or not peers:
            compared.append(f)
            continue
        usual = sum(effects[c][0] for c in peers) / len(peers)
        null = effect(*columns[f.card], shift=usual)
        compared.append(replace(f, peers=against_peers(effects[f.card], [effects[c] for c in peers],
                                                       (f.units, sum(counted[c] for c in peers)),
                                                       null=null[1] if null else None, level=level)))
    return compared


@dataclass(frozen=True)
class GroupFigures:
    """One group's figures for one kind of move: the units that moved any of its cards against the rest."""

    group: str
    kind: int
    units: int
    win: Contrast
    points: Contrast


def group_figures(tally: CardTally, kind: int, *, level: float = 0.95) -> list[GroupFigures]:
    """Return each group's figures for ``kind`` of move, by group name."""
    out = []
    for (k, group), seen in sorted(tally.peers.items()):
        if k != kind:
            continue
        won, units, won_all, units_all, pts, pts_all = _columns(tally, seen, tally.totals)
        win = contrast(won, units, won_all, units_all, level=level)
        points = contrast(pts, units, pts_all, units_all, level=level)
        if win is not None and points is not None:
            out.append(GroupFigures(group, kind, sum(units), win, points))
    return out


@dataclass(frozen=True)
class TrickFigures:
    """How often a card took the trick (or showdown) it was in, with its 95% Wilson interval."""

    card: str
    label: str
    played: int
    took: int
    interval: tuple[float, float]

    @property
    def rate(self) -> float:
        """Share of its tricks it took."""
        return self.took / self.played if self.played else 0.0


def trick_figures(tally: CardTally, labels: dict[str, str]) -> list[TrickFigures]:
    """Return every played card's tricks taken, in deck order."""
    order = list(labels) + sorted(set(tally.played) - set(labels))
    return [TrickFigures(card, labels.get(card, card), tally.played[card], tally.took.get(card, 0),
                         wilson_interval(tally.took.get(card, 0), tally.played[card]))
            for card in order if card in tally.played]
