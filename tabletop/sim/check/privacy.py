"""What one seat sees, and worlds that differ from the real game only in what that seat cannot see.

A seat sees its *sight*: its table view (zones as it may see them, side-panel rows, status line,
scores, badges), its observation and, on its turn, its legal actions; and of every move, what the
table shows it of that move's events (log lines, cards flying face up or face down, popups). A
game keeps its secrets when none of that changes between the real game and a *world* in which
the cards the seat cannot see lie elsewhere: cards passed face down, the other hands, the order
of a face-down pile. A difference is a leak, and :func:`difference` says where it is.

A seat's sight is compared only across worlds in which everything the rules told everyone is the
same (:func:`same_told`): the zones as that seat may see them (how many cards each holds, the cards
face up, its own hand), whose turn it is, the scores, the cards shown where they lie
(``kit.reveal``), and what the rules recorded in the state and show to everyone. A move whose outcome depends on hidden
cards (an ask answered "go fish", a guess that knocks a seat out, hands counted at the end) tells
everyone something: a world where it came out otherwise is not the same game to anyone, and no
leak. What a view shows of hidden cards beyond that (a log line, a side-panel row, an observation)
still differs between worlds that agree on all of it: a leak.

Worlds come from the game's own ``determinize`` hook. :func:`swap_for` turns one into a renaming
of the hidden cards, so the whole state (records the zones do not show included) can be renamed
with :func:`~tabletop.engine.snapshot.renamed` and a move played again in it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import DealScored, Event, GameOver, InfoChanged, is_face_down_action
from tabletop.engine.game import Game, to_plain
from tabletop.engine.guard import short
from tabletop.engine.zones import TOP, Move, TableView, Zone, shows


@dataclass(frozen=True)
class Sight:
    """Everything one seat may see now: its table view, its observation (as plain data) and, on its
    turn, its legal actions (as JSON)."""

    table: TableView
    observation: Any
    legal: tuple[Any, ...]


def sight(game: Game, state: Any, seat: int) -> Sight:
    """Return what ``seat`` sees of ``state`` (a negative seat: a spectator, with no observation)."""
    table = game.table(state, seat)
    if seat < 0:
        return Sight(table, None, ())
    legal = tuple(a.to_json() for a in game.legal_actions(state)) if state.to_move == seat else ()
    return Sight(table, to_plain(game.observe(state, seat)), legal)


def who(seat: int) -> str:
    """Return how messages name a seat ("seat 2", or "a spectator")."""
    return f"seat {seat + 1}" if seat >= 0 else "a spectator"


def difference(real: Sight, world: Sight, seat: int) -> str | None:
    """Return what ``seat`` sees differently in a world (None when nothing differs): the first zone,
    side-panel row, status, score, badge, observation entry or legal action that differs."""
    if real == world:
        return None
    a, b = real.table, world.table
    name = who(seat)
    if [z.id for z in a.zones] != [z.id for z in b.zones]:
        return f"{name}'s table has zones {[z.id for z in a.zones]} here and {[z.id for z in b.zones]} in the world"
    for za, zb in zip(a.zones, b.zones, strict=True):
        if za != zb:
            return (f"{name} sees zone {za.id!r} as {_zone_text(za)} here and as {_zone_text(zb)} in the world"
                    if za.items != zb.items else f"zone {za.id!r} is declared differently in the world")
    if a.info != b.info:
        rows_a, rows_b = {r.label: r for r in a.info}, {r.label: r for r in b.info}
        for label in [*rows_a, *(x for x in rows_b if x not in rows_a)]:
            if rows_a.get(label) != rows_b.get(label):
                return (f"{name}'s side-panel row {label!r} reads {_row_text(rows_a.get(label))} here and"
                        f" {_row_text(rows_b.get(label))} in the world")
    for part in ("status", "scores", "badges", "to_move"):
        mine, theirs = getattr(a, part), getattr(b, part)
        if mine != theirs:
            return f"{name}'s {part.replace('_', ' ')} reads {_short(mine)} here and {_short(theirs)} in the world"
    if real.observation != world.observation:
        ours, other = real.observation, world.observation
        if isinstance(ours, dict) and isinstance(other, dict):
            for key in [*ours, *(k for k in other if k not in ours)]:
                if ours.get(key) != other.get(key):
                    return (f"{name}'s observation {key!r} is {_short(ours.get(key))} here and"
                            f" {_short(other.get(key))} in the world")
        return f"{name}'s observation is {_short(ours)} here and {_short(other)} in the world"
    if real.legal != world.legal:
        return f"{name}'s legal actions are {_short(real.legal)} here and {_short(world.legal)} in the world"
    return f"{name}'s table view differs in the world"


# -- what a seat sees of a move -------------------------------------------------------------------
def seen_events(events: Sequence[Event], seat: int, zones: Mapping[str, Zone]) -> list[tuple[Any, ...]]:
    """Return what the table shows ``seat`` of ``events`` (``zones``: the declared zones by id), event by event."""
    return [seen_event(event, seat, zones) for event in events]


def seen_event(event: Event, seat: int, zones: Mapping[str, Zone]) -> tuple[Any, ...]:
    """Return what the table shows ``seat`` of one event: its log line, its moves as seen, its popups,
    its pause and the rows or totals it puts on screen (see :mod:`tabletop.ui.scene.director`)."""
    moves = tuple(event.moves)
    if is_face_down_action(event, moves) and event.seat != seat:
        # The table's log names only the kind of such an action and how many cards it moved.
        count = len(getattr(event.action, "cards", ())) or sum(m.backs or len(m.cards) for m in moves if m.src != m.dst)
        line: Any = ("face down", event.seat, getattr(event.action, "kind", ""), count)
    else:
        line = str(event.label)
    shown: Any = ()
    if isinstance(event, InfoChanged):
        shown = event.rows
    elif isinstance(event, DealScored):
        shown = event.totals
    elif isinstance(event, GameOver):
        shown = (event.scores, event.ranks)
    return (line, tuple(seen_move(m, seat, zones) for m in moves), tuple(event.popups), event.pause, shown)


def seen_move(move: Move, seat: int, zones: Mapping[str, Zone]) -> tuple[Any, ...]:
    """Return what ``seat`` sees of one move: where from, where to, the faces it sees land, how many
    things moved, who moved them (the table's :class:`~tabletop.ui.scene.board.Board` shows just this)."""
    if move.cell:
        return (move.src, move.dst, move.cell, move.seat)
    count = len(move.cards) or move.backs
    if move.src and move.src == move.dst:
        return (move.src, move.dst, move.cards, count, move.seat, move.note)  # turned face up for all
    # The tables' own rule (engine.zones.shows): a face-up move off the table shows its cards there too.
    open_ = shows(move, zones.get(move.dst), seat)
    return (move.src, move.dst, move.cards if open_ else (), count, move.seat, move.note)


def event_difference(real: Sequence[tuple[Any, ...]], world: Sequence[tuple[Any, ...]], labels: Sequence[str],
                     seat: int) -> str | None:
    """Return how the seen events of one move differ in a world (``labels``: the real events' labels), or None."""
    if list(real) == list(world):
        return None
    parts = ("log line", "moves", "popups", "pause", "rows")
    for i, (a, b) in enumerate(zip(real, world, strict=False)):
        for part, x, y in zip(parts, a, b, strict=True):
            if x != y:
                return (f"{who(seat)} is shown the {part} of event {labels[i]!r} as {_short(x)} here and as"
                        f" {_short(y)} in the world")
    return f"{who(seat)} is shown {len(real)} events here and {len(world)} in the world"


# -- what everyone is told ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Told:
    """What the rules have told a seat of a state: the zones as that seat may see them (what everyone
    sees, its own hidden cards, how many cards lie in every place), whose turn it is and the scores
    (the rules' own numbers, on the table for everyone)."""

    zones: tuple[Zone, ...]
    to_move: int | None
    scores: tuple[Any, ...]


def told(game: Game, state: Any, seat: int) -> Told:
    """Return what ``seat`` is told of ``state`` by the zones, the turn and the scores (see :class:`Told`)."""
    return Told(tuple(z.seen_by(seat) for z in game.zones(state)), state.to_move, tuple(game.scores(state)))


def revealed(events: Sequence[Event]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Return the cards ``events`` show every seat where they lie (a reveal: ``kit.reveal``), zone by zone."""
    return tuple((m.src, m.cards) for e in events for m in e.moves if m.src and m.src == m.dst and m.face_up
                 and m.cards)


def same_told(game: Game, seat: int, real: Any, world: Any, told_real: Told, public_real: Sight,
              real_events: Sequence[Event], world_events: Sequence[Event]) -> bool:
    """True when a move played in a world told ``seat`` and everyone what it told in the real game
    (``told_real`` and ``public_real``, the spectator's sight: those of ``real``), so the seat's sight
    must be the same there.

    Besides :class:`Told` and the cards revealed, the state itself with every card's name left out
    (:func:`blind`) must be alike, unless where it differs no spectator sees it (a record of hidden
    cards kept for the rules alone).
    """
    if told(game, world, seat) != told_real or revealed(real_events) != revealed(world_events):
        return False
    return blind(real) == blind(world) or sight(game, world, -1) == public_real


def blind(value: Any, _seen: frozenset[int] = frozenset()) -> Any:
    """Return ``value`` (a state) as plain data with every card's name left out: what stays is how many
    cards lie where and everything else the state records (counts, flags, scores, whose turn)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Card):
        return "?"
    if isinstance(value, random.Random):
        return "rng"
    if isinstance(value, Action):
        return ("action", value.kind, len(value.cards), value.zone, value.to, value.seat, value.cell)
    if id(value) in _seen:
        return "..."
    seen = _seen | {id(value)}
    if isinstance(value, dict):
        return tuple(sorted(((repr(blind(k, seen)), blind(v, seen)) for k, v in value.items()), key=repr))
    if isinstance(value, list | tuple):
        return tuple(blind(v, seen) for v in value)
    if isinstance(value, set | frozenset):
        return tuple(sorted((blind(v, seen) for v in value), key=repr))
    slots = [s for cls in type(value).__mro__ for s in _slots(cls) if s not in ("__weakref__", "__dict__")]
    fields = {s: getattr(value, s) for s in slots if hasattr(value, s)} | getattr(value, "__dict__", {})
    if fields:
        return (type(value).__name__, tuple((k, blind(v, seen)) for k, v in sorted(fields.items())))
    return repr(value)


def _slots(cls: type) -> tuple[str, ...]:
    names = cls.__dict__.get("__slots__", ())
    return (names,) if isinstance(names, str) else tuple(names)


# -- worlds as renamings ---------------------------------------------------------------------------
def swap_for(real: Sequence[Zone], world: Sequence[Zone], seat: int, known: Collection[Card]) -> dict[Card, Card] | None:
    """Return the renaming of hidden cards that turns ``real`` zones into ``world``'s, for ``seat``.

    Cards in ``known`` (everything the seat has seen) keep their names: a card the world moved
    from or to a known card's place is renamed along the world's chain to the next unknown one.
    Returns None when no renaming does it (the zones differ in shape, or a card occurs in two
    hidden places that the world fills differently); an empty renaming when nothing hidden moved.
    """
    if [(z.id, z.count) for z in real] != [(z.id, z.count) for z in world]:
        return None
    forward: dict[Card, Card] = {}
    backward: dict[Card, Card] = {}
    for zr, zw in zip(real, world, strict=True):
        if zr.visible_to(seat) or zr.visibility == TOP:
            continue
        for ir, iw in zip(zr.items, zw.items, strict=True):
            cr, cw = ir.card, iw.card
            if cr is None or cw is None:
                if cr is not cw:
                    return None
                continue
            if forward.setdefault(cr, cw) is not cw or backward.setdefault(cw, cr) is not cr:
                return None
    if set(forward) != set(backward):
        return None
    swap: dict[Card, Card] = {}
    for card, new in forward.items():
        if card in known:
            continue
        while new in known:
            new = forward[new]
        if new is not card:
            swap[card] = new
    return swap


def shuffled_swap(zones: Sequence[Zone], seat: int, known: Collection[Card], rng: random.Random) -> dict[Card, Card]:
    """Return a renaming of hidden cards drawn at random, for a deck with copies of a card (where a world
    cannot be turned into a renaming, :func:`swap_for`).

    A card is renamed only when the seat has never seen it and every copy of it lies hidden from the
    seat; it takes the name of another such card with as many copies, so every zone keeps its count
    of each. (Unlike a world of the game's own, it may break what play has shown: a seat that could
    not follow a colour getting that colour. Views rarely show that; a check compares them anyway.)
    """
    everywhere: Counter[Card] = Counter()
    hidden: Counter[Card] = Counter()
    for zone in zones:
        everywhere.update(zone.cards)
        if not (zone.visible_to(seat) or zone.visibility == TOP):
            hidden.update(zone.cards)
    by_copies: dict[int, list[Card]] = {}
    for card, n in hidden.items():
        if card not in known and everywhere[card] == n:
            by_copies.setdefault(n, []).append(card)
    swap: dict[Card, Card] = {}
    for group in by_copies.values():
        names = group[:]
        rng.shuffle(names)
        swap.update((a, b) for a, b in zip(group, names, strict=True) if a is not b)
    return swap


def _zone_text(zone: Zone) -> str:
    things = ["?" if i.thing is None else str(getattr(i.thing, "label", "") or getattr(i.thing, "id", "?"))
              for i in zone.items]
    return short("[" + " ".join(things) + "]", 80)


def _row_text(row: Any) -> str:
    if row is None:
        return "nothing"
    return _short(row.text if not row.per_seat else " / ".join(row.per_seat))


def _short(value: Any) -> str:
    return short(repr(value), 80)
