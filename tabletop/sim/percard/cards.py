"""Every card's journey through the zones, learnt while games play, for any game that declares zones.

This is the simulator's one reader of the engine's event API for per-card analytics, kept narrow
so that it alone changes when the events do. It reads:

- every event's ``moves`` (:class:`~tabletop.engine.zones.Move`: which cards went from which zone
  to which), each counted by :mod:`tabletop.sim.percard.journeys` from the zones' declarations alone;
- ``DealStarted`` (a deal begins: its moves into hands are the deal) and ``DealScored`` (its
  ``points`` per seat; a deal without them counts the game's final scores and ranks);
- ``TrickWon`` (:mod:`tabletop.kit.tricks`) and a ``showdown`` event (``hands``, ``winners``):
  which cards took a trick or a pot.

A move seen face down (``backs``: a draw into a hand) names no card; the watch learns which cards
they were from the hand afterwards, through the game's own ``hand`` observation when it agrees with
the zones (checked on the first game), else through the zones. It keeps the contents of the seats'
own zones from the moves, so it reads the zones themselves only when something does not add up.

Facts are gathered per *batch* of consecutive games (:class:`Journeys`): the unit of analysis is a
seat in one deal, numbered across the batch, so each card's units are one bit mask per batch and the
tally (:mod:`tabletop.sim.percard.cardstats`) does its work once a batch, not once a game.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.events import ActionTaken, DealScored, DealStarted, Event, Moved
from tabletop.engine.game import Emit, Game
from tabletop.engine.zones import NOBODY, Move, Zone
from tabletop.kit.tricks import TrickWon
from tabletop.sim.percard.held import Held, carry, counts, minus, take
from tabletop.sim.percard.journeys import (
    DISCARDED,
    HAND,
    KEPT,
    OFFERED,
    OWN_AREA,
    OWN_PILE,
    PILE,
    PLAYED,
    SHED,
    Counts,
    classify,
    owners,
    role_of,
)

SHOWDOWN = "showdown"
"""The ``kind`` of an event showing every hand (``hands``) and who won (``winners``)."""
HAND_KEY = "hand"
"""The observation entry most games give a seat's own hand (read instead of every zone when it agrees)."""


@dataclass
class Journeys(Counts):
    """What the watch learnt from the games of one batch, as whole numbers that add up across batches.

    Units are (seat, deal) pairs numbered from 0 across the batch's games; ``wins`` has a bit set for
    each unit whose seat won its deal (or the game, when the deal was not scored on its own) and
    ``points`` holds each unit's points. ``facts[kind][card id]`` is ``[units that did it (a bit
    mask), times, sum of move numbers, sum of rounds]``.
    """

    batch: int
    units: int = 0
    wins: int = 0
    points: list[int | None] = field(default_factory=list)
    facts: list[dict[str, list[int]]] = field(default_factory=lambda: [{} for _ in range(SHED + 1)])
    """Per kind (and :data:`~tabletop.sim.percard.journeys.SHED`, discards onto a pile every seat sees, which the
    tally counts as plays in a game that plays cards nowhere else)."""
    areas: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """Per own-zone label ("Tableau"): (cards it held at the game's end, 1 if its seat won) per seat and game."""

    def __bool__(self) -> bool:
        return self.units > 0


@dataclass
class _Pending:
    """A face-down move whose cards are not known yet: how it counts, when it was made, and how many are unnamed."""

    plan: Plan
    move: Move
    at: int
    round: int
    bits: list[int]
    left: int


class _Declared:
    """The zones a game declares, as the watch needs them: roles, owners, labels, which hold kept cards."""

    def __init__(self, zones: Sequence[Zone], players: int) -> None:
        self.roles = {z.id: role_of(z) for z in zones}
        self.owner = {zone: seat for zone, seat in owners(zones).items() if seat < players}
        self.labels = {z.id: str(z.label or z.id.split(":")[0]) for z in zones}
        self.tracked = [z.id for z in zones if z.id in self.owner]
        self.areas = [z.id for z in zones if z.id in self.owner and self.roles[z.id] in (OWN_AREA, OWN_PILE)]
        self.hands = {zone: seat for zone, seat in self.owner.items() if self.roles[zone] == HAND}
        self.shown_piles = {z.id for z in zones if self.roles[z.id] == PILE and z.visibility != NOBODY}


Plan = tuple[int, int, Held | None, Held | None, Any]
"""What to do with a move between two zones: its kind and seat (:data:`~tabletop.sim.percard.journeys.Rule`), the
contents kept of the zone it leaves and of the one it reaches (None: not kept), and where its facts go."""


class CardWatch:
    """A game that also records every card's journey; hand it to a Session in place of the game.

    Every attribute but ``setup`` and ``apply`` is the wrapped game's, so bots, views and the
    session see the game itself. The game always reports its events to the watch, whether or not the
    session listens. Call :meth:`begin` with each game's number before its session is made and
    :meth:`end` with its result after; :meth:`take` returns the batch gathered so far.
    """

    def __init__(self, game: Game, batch_size: int = 1) -> None:
        self._game = game
        self._players = game.players
        self._batch_size = max(1, batch_size)
        self._book = Journeys(-1)
        self._declared: _Declared | None = None
        self._plans: dict[tuple[str, str], Plan] = {}
        self._dealing_plans: dict[tuple[str, str], Plan] = {}
        self._rules_plans: dict[tuple[str, str], Plan] = {}
        """How moves count that the rules make outside any seat's action (a hand laid out at the end)."""
        self._laid: set[str] = set()
        """A seat's own zones that, this deal, were empty when the rules laid a hand's cards in them."""
        self._hand_key = False
        self._state: Any = None
        self._held: dict[str, Held] = {}
        self._pending: list[_Pending] = []
        self._early: list[tuple[Move, bool]] = []
        self._dirty = False
        self._setting_up = False
        self._bits: list[int] = []
        self._base = 0
        self._first_unit = 0
        self._scored = True
        self._kept_seen = True
        self._move = self._turn = self._round = 0
        self._mover: int | None = None
        self._hear_event = self._hear  # made once: a bound method made on every move costs a little each time
        self.deals = 0
        """Deals of the game being played (or just played)."""
        self.tricks = 0
        """Tricks or showdowns of the game being played."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copying and pickling ask before the wrapped game is there
            raise AttributeError(name)
        return getattr(self._game, name)

    def __deepcopy__(self, memo: dict[int, Any]) -> CardWatch:
        """Return a watch of a copy of the game (a bot's own rules), with nothing recorded."""
        return CardWatch(copy.deepcopy(self._game, memo), self._batch_size)

    # -- the runner's side --------------------------------------------------------------------
    def begin(self, number: int) -> Journeys | None:
        """Start game ``number`` (from 1); return the finished batch when this game starts a new one."""
        batch = (number - 1) // self._batch_size
        done = None
        if batch != self._book.batch:
            done = self.take() if self._book else None
            self._book = Journeys(batch)
        self.deals = self.tricks = 0
        return done

    def end(self, scores: Sequence[int], ranks: Sequence[int]) -> None:
        """Close the game just played with its final ``scores`` and ``ranks``: its unscored deals count them."""
        self._resolve()
        if not self._kept_seen:
            self._keep()
        book, players = self._book, self._players
        for unit in range(self._first_unit, book.units):
            if book.points[unit] is None:
                seat = (unit - self._first_unit) % players
                book.points[unit] = scores[seat]
                if ranks[seat] == 1:
                    book.wins |= 1 << unit
        declared = self._declared
        if declared is not None:
            for zone_id in declared.areas:
                seat = declared.owner[zone_id]
                book.areas.setdefault(declared.labels[zone_id], []).append(
                    (sum(self._held[zone_id].values()), int(ranks[seat] == 1)))

    def take(self) -> Journeys:
        """Return the batch gathered so far (its cards by id) and start an empty one in its place."""
        book, self._book = self._book, Journeys(self._book.batch)
        self._forget_plans()
        book.facts = [_by_id(facts, _or_sum) for facts in book.facts]
        book.offered, book.played, book.took = (_by_id(counts, _add) for counts in (book.offered, book.played, book.took))
        return book

    # -- the session's side -------------------------------------------------------------------
    def setup(self, rng: random.Random, emit: Emit) -> Any:
        """Set up a game through the wrapped one, recording its deal."""
        self._state = None
        for held in self._held.values():
            held.clear()
        self._pending = []
        self._first_unit = self._book.units
        self._new_deal()
        self._setting_up = True
        try:
            state = self._game.setup(rng, self._listener(emit))
        finally:
            self._setting_up = False
        self._state = state
        if self._declared is None:  # the first game: its setup's moves wait until the zones are known
            self._declare(list(self._game.zones(state)))
            self._hand_key = self._check_hand_key(state)
            early, self._early = self._early, []
            for move, dealing in early:
                self._setting_up = dealing
                self._hear(Moved((move,)))
            self._setting_up = False
        self._resolve()
        return state

    def apply(self, state: Any, action: Any, emit: Emit) -> None:
        """Apply an action through the wrapped game, recording every card it moved."""
        seat = state.to_move
        if seat != self._mover:
            self._mover = seat
            self._turn += 1
            self._round = (self._turn - 1) // self._players + 1
        self._move += 1
        self._game.apply(state, action, self._hear_event if emit is None else self._listener(emit))
        if self._pending:
            if self._dirty or len(self._pending) > 1 or not self._one_draw():
                self._resolve()
        elif self._dirty:
            self._resolve()

    # -- what the events say --------------------------------------------------------------------
    def _listener(self, emit: Emit) -> Emit:
        def listen(event: Event) -> None:
            self._hear(event)
            if emit is not None:
                emit(event)
        return listen

    def _hear(self, event: Event) -> None:
        """Count every card the event moved (the one loop all of them go through: kept lean), then what else it says."""
        kind = type(event)
        laid: list[str] = []
        if kind is ActionTaken:  # most events, one per move: only its moves to read
            moves, plans = event.moved, self._plans  # type: ignore[attr-defined]
        elif kind is DealStarted:
            if self._scored or self._move or self._turn:
                if not self._kept_seen:
                    self._keep()
                self._new_deal()
            moves, plans = event.moves, self._dealing_plans
        elif self._setting_up:
            moves, plans = event.moves, self._dealing_plans
        else:
            moves, plans = event.moves, self._rules_plans
            laid = self._laid_out(moves)
        for move in moves:
            plan = plans.get((move.src, move.dst))
            if plan is None:
                plan = self._plan(move, plans)
                if plan is None:
                    continue
            cards = move.cards
            if not cards:
                if move.backs:
                    self._backs(plan, move)
                continue
            _kind, _seat, mine, theirs, facts = plan
            for card in carry(cards, mine, theirs):
                self._unseen(mine, card)  # type: ignore[arg-type]  # only a zone kept can miss a card
            if facts is not None:
                self._record(plan, cards, move.seat, self._move, self._round, self._bits)
        if kind is ActionTaken:
            return
        self._laid.update(laid)
        if kind is DealScored:
            self._score(event.points)  # type: ignore[attr-defined]
        elif isinstance(event, TrickWon):
            plays = event.plays
            taker = len(plays) - 1
            while taker >= 0 and plays[taker][0] != event.seat:
                taker -= 1
            self._contest([cards for _, cards in plays], (taker,) if taker >= 0 else (), "trick")
        elif event.kind == SHOWDOWN:
            self._contest(list(getattr(event, "hands", ())), tuple(getattr(event, "winners", ())), SHOWDOWN)

    def _laid_out(self, moves: Sequence[Move]) -> list[str]:
        """Return the seats' own zones, empty until now, that the rules (no seat's action) lay a hand into."""
        declared = self._declared
        if declared is None:
            return []
        return [move.dst for move in moves if declared.roles.get(move.src) == HAND and move.dst in declared.owner
                and move.dst != move.src and declared.roles[move.dst] in (OWN_AREA, OWN_PILE)
                and not self._held.get(move.dst)]

    def _backs(self, plan: Plan, move: Move) -> None:
        """A face-down move: all of a seat's zone is known at once; other cards are named once the move is over."""
        kind, _seat, mine, theirs, _facts = plan
        if kind < 0 and mine is None and theirs is None:
            return
        if mine is None or move.backs != sum(mine.values()):
            self._pending.append(_Pending(plan, move, self._move, self._round, self._bits, move.backs))
            return
        cards = [card for card, copies in mine.items() for _ in range(copies)]
        carry(cards, mine, theirs)
        self._record(plan, cards, move.seat, self._move, self._round, self._bits)

    def _unseen(self, zone: Held, card: Card) -> None:
        """A card left a seat's zone that the watch did not know it held: one that a face-down move brought there
        in this same move (a draw, then a showdown): it is that move's card. Anything else: read the zones."""
        for pending in self._pending:
            if pending.left and self._held.get(pending.move.dst) is zone:
                pending.left -= 1
                self._record(pending.plan, (card,), pending.move.seat, pending.at, pending.round, pending.bits)
                if not pending.left:
                    self._pending.remove(pending)
                return
        self._dirty = True

    def _record(self, plan: Plan, ids: Sequence[Card], mover: int, at: int, rnd: int, bits: list[int]) -> None:
        """Record the facts of a move whose cards were learnt some other way than from the move itself."""
        kind, seat, _mine, _theirs, facts = plan
        if facts is None:
            return
        if kind == OFFERED:
            for card in ids:
                facts[card] = facts.get(card, 0) + 1
            return
        if seat < 0:
            seat = mover
            if seat < 0 or seat >= self._players:
                return
        bit = bits[seat]
        for card in ids:
            entry = facts.get(card)
            if entry is None:
                facts[card] = [bit, 1, at, rnd]
            else:
                entry[0] |= bit
                entry[1] += 1
                entry[2] += at
                entry[3] += rnd

    def _plan(self, move: Move, plans: dict[tuple[str, str], Plan]) -> Plan | None:
        """Return (and remember) how moves between these two zones count; None before the zones are known."""
        declared = self._declared
        if declared is None:  # the first game's setup: its moves wait until the zones are known
            self._early.append((move, plans is self._dealing_plans))
            return None
        src, dst = move.src, move.dst
        if (src and src not in declared.roles) or (dst and dst not in declared.roles):
            try:  # a zone the game did not declare before: read the zones again
                declared = self._declare(list(self._game.zones(self._state)))
            except Exception:  # noqa: BLE001 - a state caught halfway through a move: make do without
                self._dirty = True
                return (-1, -1, None, None, None)
            if (src and src not in declared.roles) or (dst and dst not in declared.roles):
                plans[(src, dst)] = (-1, -1, None, None, None)  # moved off the declared table
                return plans[(src, dst)]
        kind, seat = classify(declared.roles, declared.owner, src, dst, plans is self._dealing_plans)
        if kind == PLAYED and plans is self._rules_plans:
            kind = -1  # the rules laid a hand out (shown at the end): nobody played those cards
        facts: Any = None
        if kind == OFFERED:
            facts = self._book.offered
        elif kind == DISCARDED and dst in declared.shown_piles:
            facts = self._book.facts[SHED]  # onto a pile everyone sees: a shedding game's play, the tally decides
        elif kind >= 0:
            facts = self._book.facts[kind]
        plan = (kind, seat, self._held.get(src), self._held.get(dst), facts)
        plans[(src, dst)] = plan
        return plan

    def _forget_plans(self) -> None:
        """Plans point at the batch's facts and the zones' kept contents: make them anew when those change."""
        self._plans.clear()
        self._dealing_plans.clear()
        self._rules_plans.clear()

    def _declare(self, zones: Sequence[Zone]) -> _Declared:
        self._declared = declared = _Declared(zones, self._players)
        self._held = {zone: self._held.get(zone, {}) for zone in declared.tracked}
        self._forget_plans()
        return declared

    # -- deals ------------------------------------------------------------------------------------
    def _new_deal(self) -> None:
        book = self._book
        self._base = base = book.units
        book.units += self._players
        book.points.extend([None] * self._players)
        self._bits = [1 << (base + seat) for seat in range(self._players)]
        self._scored = False
        self._kept_seen = False
        self._laid.clear()
        self._move = self._turn = self._round = 0
        self._mover = None
        self.deals += 1

    def _score(self, points: Sequence[int]) -> None:
        if not self._kept_seen:
            self._resolve()  # the move that ended the deal may have drawn face down: what lies where, first
            self._keep()
        lower = self._game.lower_is_better
        best = min(points) if lower else max(points)
        book = self._book
        for seat, pts in enumerate(points[:self._players]):
            book.points[self._base + seat] = pts
            if pts == best:
                book.wins |= self._bits[seat]
        self._scored = True

    def _keep(self) -> None:
        """Record the cards lying in each seat's own areas and piles as kept by that seat."""
        self._kept_seen = True
        declared = self._declared
        if declared is None:
            return
        facts = self._book.facts[KEPT]
        # Every hand laid out at the end (a showdown): its zones hold what the rules put there, no seat's choice.
        laid = self._laid if not any(self._held[zone] for zone in declared.hands) else set()
        for zone_id in declared.areas:
            cards = self._held[zone_id]
            if cards:
                if zone_id in laid:
                    self._book.laid_out += 1
                else:
                    self._book.kept += 1
                self._record((KEPT, declared.owner[zone_id], None, None, facts), list(cards), -1, self._move,
                             self._round, self._bits)

    def _contest(self, plays: Sequence[Sequence[Any]], takers: tuple[int, ...], kind: str) -> None:
        book = self._book
        book.tricks += 1
        book.contest = kind
        self.tricks += 1
        played, took = book.played, book.took
        for cards in plays:
            for card in cards:
                played[card] = played.get(card, 0) + 1
        for taker in takers:
            for card in plays[taker]:
                took[card] = took.get(card, 0) + 1

    # -- face-down moves and the zones' contents ----------------------------------------------------
    def _check_hand_key(self, state: Any) -> bool:
        """True when the game's ``hand`` observation holds exactly the cards of every seat's hand zone."""
        declared = self._declared
        assert declared is not None
        zones = [z for z in self._game.zones(state) if z.id in declared.hands]
        if not zones or not any(z.items for z in zones):
            return False
        try:
            return all(Counter(c.id for c in self._game.observe_key(state, declared.hands[z.id], HAND_KEY))
                       == Counter(c.id for c in z.cards) for z in zones)
        except Exception:  # noqa: BLE001 - a game without the entry (or any trouble reading it) uses its zones
            return False

    def _resolve(self) -> None:
        """Name the cards of face-down moves from the zones they left or reached; set the contents right."""
        if self._state is None or self._declared is None:
            return
        if self._dirty:
            self._dirty = False
            zones = list(self._game.zones(self._state))
            if any(z.id not in self._declared.roles for z in zones):
                self._declare(zones)
            self._settle({z.id: counts(z.cards) for z in zones if z.id in self._held})
        elif self._pending:
            self._settle(self._read({self._seen_at(p.move) for p in self._pending} - {""}))

    def _one_draw(self) -> bool:
        """Name the cards of one face-down move into a hand from a shared pile (a draw) by reading that hand alone,
        the commonest face-down move (:meth:`_resolve` does the rest); False when it is not that."""
        pending = self._pending[0]
        move = pending.move
        seat = self._declared.hands.get(move.dst) if self._hand_key and self._declared else None
        if seat is None or move.src in self._held:
            return False
        try:
            cards = self._game.observe_key(self._state, seat, HAND_KEY)
        except Exception:  # noqa: BLE001 - fall back on the zones, which every game declares
            self._hand_key = False
            return False
        mine = self._held[move.dst]
        now: Held = {}
        for card in cards:
            now[card] = now.get(card, 0) + 1
        arrived = [card for card, n in now.items() for _ in range(n - mine.get(card, 0))]
        mine.clear()
        mine.update(now)
        self._pending = []
        self._record(pending.plan, arrived[:pending.left], move.seat, pending.at, pending.round, pending.bits)
        return True

    def _seen_at(self, move: Move) -> str:
        """Return the zone whose contents tell a face-down move's cards: a hand it left or reached, else a seat's
        zone, else "" (a move between shared piles: its cards are not needed)."""
        hands, held = self._declared.hands if self._declared else {}, self._held
        for zone in (move.src, move.dst):
            if zone in hands:
                return zone
        return move.src if move.src in held else move.dst if move.dst in held else ""

    def _read(self, wanted: set[str]) -> dict[str, Held]:
        declared = self._declared
        assert declared is not None
        hands = declared.hands
        if self._hand_key and all(zone in hands for zone in wanted):
            try:
                return {zone: counts(self._game.observe_key(self._state, hands[zone], HAND_KEY)) for zone in wanted}
            except Exception:  # noqa: BLE001 - fall back on the zones, which every game declares
                self._hand_key = False
        return {z.id: counts(z.cards) for z in self._game.zones(self._state) if z.id in wanted}

    def _settle(self, actual: dict[str, Held]) -> None:
        """Give each pending face-down move its cards from what its zone (``actual``, as it is now) gained or lost
        since the watch last knew it; carry them out of (or into) its other zone; keep ``actual``."""
        held = self._held
        arrived = {zone: minus(cards, held[zone]) for zone, cards in actual.items()}
        left = {zone: minus(held[zone], cards) for zone, cards in actual.items()}
        for p in self._pending:
            src, dst = p.move.src, p.move.dst
            if left.get(src):
                named = take(left[src], p.left)
                carry(named, None, held.get(dst) if dst not in actual else None)
            elif dst in arrived:
                named = take(arrived[dst], p.left)
                if carry(named, held.get(src) if src not in actual else None, None):
                    self._dirty = True
            else:
                continue
            self._record(p.plan, named, p.move.seat, p.at, p.round, p.bits)
        self._pending = []
        for zone, cards in actual.items():
            held[zone].clear()
            held[zone].update(cards)


def _by_id(table: dict[Any, Any], join: Any) -> dict[str, Any]:
    """Return ``table`` keyed by card id (two cards of one id, which a game should not have, are joined)."""
    out: dict[str, Any] = {}
    for card, value in table.items():
        key = card.id
        out[key] = value if key not in out else join(out[key], value)
    return out


def _add(a: int, b: int) -> int:
    return a + b


def _or_sum(a: list[int], b: list[int]) -> list[int]:
    return [a[0] | b[0], *(x + y for x, y in zip(a[1:], b[1:], strict=True))]
