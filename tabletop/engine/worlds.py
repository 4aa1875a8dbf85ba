"""Sampled worlds: whole states consistent with what one seat has seen, for search bots.

A seat sees its own hand, the public cards and the counts of everything else. A *world* (a
determinization) is a full copy of the state in which the cards that seat cannot see are dealt
anew at random, consistent with everything play has revealed: the hidden places keep their
counts, a seat that did not follow a suit gets none of it, a card seen going somewhere stays
there. Search bots (:mod:`tabletop.bots.ismcts`) play on worlds, never on the real state.

Games take part through two hooks of :class:`~tabletop.engine.game.Game`: ``clone_state`` (an
independent copy; deep copy by default) and ``determinize(state, seat, rng)``. The default
:func:`default_determinize` works from the zones alone: every card in a zone the seat may not
see goes into one pool, and the pool is dealt back into those zones, written into the state's
own lists of cards. A game whose rules reveal more (voids, discards of the lowest cards) or
whose hidden cards are not kept as plain lists overrides ``determinize`` and uses :func:`deal`,
which deals uniformly at random among the deals that respect per-place constraints.

>>> import random
>>> hands = deal(list("aabbcc"), [2, 2, 2], random.Random(1), allowed=[None, {"a", "b"}, {"c"}])
>>> sorted(hands[2])
['c', 'c']
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Collection, Hashable, Sequence
from typing import Any, TypeVar

from tabletop.engine.cards import Card, hand_order, sort_key
from tabletop.engine.errors import TabletopError
from tabletop.engine.rng import shuffled
from tabletop.engine.state_zones import places as state_places
from tabletop.engine.zones import TOP, Zone

T = TypeVar("T")


class DeterminizeError(TabletopError):
    """A game's hidden cards cannot be sampled (no zones, or a world that does not match the view)."""


class ImpossibleDeal(DeterminizeError):
    """No deal of the hidden cards respects the constraints (the state contradicts what was seen)."""


# -- dealing under constraints -------------------------------------------------------------------
def deal(pool: Sequence[T], sizes: Sequence[int], rng: random.Random, *,
         allowed: Sequence[Collection[Hashable] | None] | None = None,
         key: Callable[[T], Hashable] | None = None) -> list[list[T]]:
    """Return ``pool`` dealt into places of ``sizes``, uniformly among the deals that respect ``allowed``.

    ``allowed[i]`` is the set of classes place ``i`` may receive (None: any); a card's class is
    ``key(card)`` (default the card itself). Every deal of the (distinguishable) cards that
    respects the constraints is equally likely: the split of each constrained class between the
    places is drawn from exact counts, not by trial and error.

    :raises ImpossibleDeal: when the sizes do not add up or no deal respects the constraints.
    """
    if sum(sizes) != len(pool) or any(s < 0 for s in sizes):
        raise ImpossibleDeal(f"{len(pool)} hidden cards cannot fill places of {list(sizes)}")
    if allowed is None or all(a is None for a in allowed):
        return _cut(shuffled(list(pool), rng), sizes)
    if len(allowed) != len(sizes):
        raise ValueError(f"{len(allowed)} constraints for {len(sizes)} places")
    classify = key or _identity
    by_class: dict[Hashable, list[T]] = {}
    for card in pool:
        by_class.setdefault(classify(card), []).append(card)
    classes = tuple(by_class)
    admits = tuple(None if a is None else frozenset(c for c in classes if c in a) for a in allowed)
    signature = (classes, tuple(len(by_class[c]) for c in classes), tuple(sizes), admits)
    # A search deals the same hidden cards under the same constraints thousands of times: the
    # counting is done once per signature.
    plan = _PLANS.get(signature)
    if plan is None:
        if len(_PLANS) >= 256:
            _PLANS.clear()
        plan = _PLANS[signature] = _Plan(classes, signature[1], sizes, admits)
    return plan.sample(by_class, rng)


def _identity(card: Any) -> Any:
    return card


_PLANS: dict[tuple[Any, ...], _Plan] = {}


def _cut(cards: list[T], sizes: Sequence[int]) -> list[list[T]]:
    out, start = [], 0
    for size in sizes:
        out.append(cards[start:start + size])
        start += size
    return out


class _Plan:
    """Uniform constrained deals: places with the same constraint form a group; the classes some
    group refuses are split between groups by exact counting, the rest fill what is left."""

    def __init__(self, classes: Sequence[Hashable], counts: Sequence[int], sizes: Sequence[int],
                 admits: Sequence[frozenset[Hashable] | None]) -> None:
        # A class is constrained when some place refuses it; places that admit the same
        # constrained classes are interchangeable and dealt as one group.
        constrained = [c for c in classes if any(a is not None and c not in a for a in admits)]
        groups: dict[tuple[bool, ...], list[int]] = {}
        for i, a in enumerate(admits):
            mask = tuple(a is None or c in a for c in constrained)
            groups.setdefault(mask, []).append(i)
        count_of = dict(zip(classes, counts, strict=True))
        self.sizes = list(sizes)
        self.groups = list(groups.values())
        self.masks = list(groups)
        self.caps = tuple(sum(sizes[i] for i in places) for places in self.groups)
        self.constrained = constrained
        self.counts = [count_of[c] for c in constrained]
        self.free_classes = [c for c in classes if c not in constrained]
        self.free_count = sum(count_of[c] for c in self.free_classes)
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._choices: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[float]]] = {}
        if self._count(0, self.caps) == 0:
            raise ImpossibleDeal("no deal of the hidden cards fits what has been seen")

    def _splits(self, j: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to split class ``j``'s count between the groups that admit it, within ``caps``."""
        count = self.counts[j]
        open_groups = [g for g, mask in enumerate(self.masks) if mask[j]]
        out: list[tuple[int, ...]] = []
        split = [0] * len(caps)

        def place(k: int, left: int) -> None:
            if k == len(open_groups) - 1:
                g = open_groups[k]
                if left <= caps[g]:
                    split[g] = left
                    out.append(tuple(split))
                    split[g] = 0
                return
            g = open_groups[k]
            for n in range(min(left, caps[g]) + 1):
                split[g] = n
                place(k + 1, left - n)
            split[g] = 0

        if open_groups:
            place(0, count)
        elif count == 0:
            out.append(tuple(split))
        return out

    def _count(self, j: int, caps: tuple[int, ...]) -> int:
        """Return how many card-level deals fill ``caps`` with classes ``j..`` and the free cards."""
        memo = self._ways.get((j, caps))
        if memo is not None:
            return memo
        if j == len(self.constrained):
            # The free cards fill what is left, any card anywhere: a multinomial.
            total = math.factorial(self.free_count)
            for c in caps:
                total //= math.factorial(c)
            ways = total if sum(caps) == self.free_count else 0
        else:
            count = math.factorial(self.counts[j])
            ways = 0
            for split in self._splits(j, caps):
                rest = self._count(j + 1, tuple(c - n for c, n in zip(caps, split, strict=True)))
                if rest:
                    ways += count // math.prod(math.factorial(n) for n in split) * rest
        self._ways[(j, caps)] = ways
        return ways

    def _choose(self, j: int, caps: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        memo = self._choices.get((j, caps))
        if memo is None:
            count = math.factorial(self.counts[j])
            options: list[tuple[int, ...]] = []
            weights: list[int] = []
            for split in self._splits(j, caps):
                rest = self._count(j + 1, tuple(c - n for c, n in zip(caps, split, strict=True)))
                if rest:
                    options.append(split)
                    weights.append(count // math.prod(math.factorial(n) for n in split) * rest)
            memo = self._choices[(j, caps)] = (options, _cumulative(weights))
        splits, cumulative = memo
        target = rng.random() * cumulative[-1]
        for split, edge in zip(splits, cumulative, strict=True):
            if target < edge:
                return split
        return splits[-1]

    def sample(self, by_class: dict[Hashable, list[Any]], rng: random.Random) -> list[list[Any]]:
        """Return one deal of the cards (``by_class``: the pool by class), a list per place."""
        caps = self.caps
        into: list[list[Any]] = [[] for _ in self.groups]
        for j, cls in enumerate(self.constrained):
            split = self._choose(j, caps, rng)
            mixed = shuffled(by_class[cls], rng)
            start = 0
            for g, n in enumerate(split):
                into[g] += mixed[start:start + n]
                start += n
            caps = tuple(c - n for c, n in zip(caps, split, strict=True))
        free = shuffled([card for cls in self.free_classes for card in by_class[cls]], rng)
        start = 0
        for g, n in enumerate(caps):
            into[g] += free[start:start + n]
            start += n
        out: list[list[Any]] = [[] for _ in self.sizes]
        for places, cards in zip(self.groups, into, strict=True):
            parts = _cut(shuffled(cards, rng), [self.sizes[i] for i in places])
            for i, part in zip(places, parts, strict=True):
                out[i] = part
        return out


def _cumulative(weights: Sequence[int]) -> list[float]:
    total = sum(weights)
    out, running = [], 0
    for w in weights:
        running += w
        out.append(running / total)
    return out


# -- copying states ------------------------------------------------------------------------------
def copy_state(state: Any, rng: random.Random | None = None) -> Any:
    """Return a deep copy of ``state`` whose ``rng`` is ``rng`` (the original's is not copied then).

    Cards and actions are immutable values and are shared, not copied.
    """
    memo: dict[int, Any] = {}
    original = getattr(state, "rng", None)
    if rng is not None and original is not None:
        memo[id(original)] = rng
    return copy.deepcopy(state, memo)


# -- the default: hidden zones dealt anew ----------------------------------------------------------
def is_known_to(zone: Zone, seat: int) -> bool:
    """True when ``seat`` knows every card of ``zone``: it sees them, or (a discard pile showing its
    top card) saw each one face up as it arrived."""
    return zone.visible_to(seat) or zone.visibility == TOP


def default_determinize(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """Return a copy of ``state`` with the cards of every zone ``seat`` may not see dealt anew.

    Works from the zones alone: the pool is every card in those zones; each zone gets back as many
    as it held. The new cards are written into the copy's own lists (the list of cards in the state
    that holds exactly a zone's cards, found by looking through the state's attributes), sorted
    again where the old list was sorted in deck order.

    :raises DeterminizeError: when the game declares no zones, or a hidden zone's cards are not
        kept as one plain list in the state (then the game must define ``determinize`` itself).
    """
    zones = list(game.zones(state))
    world = game.clone_state(state, rng)
    if not zones:
        if game.players > 1:
            raise DeterminizeError(
                f"game {game.name!r} declares no zones, so a bot cannot tell which cards are hidden:"
                " define zones(state) or determinize(state, seat, rng)")
        return world
    hidden = [z for z in zones if z.items and not is_known_to(z, seat) and z.cards]
    if not hidden:
        return world
    pool = [card for z in hidden for card in z.cards]
    lists = zone_lists(game, world, zones)
    targets: list[list[Card]] = []
    for zone in hidden:
        if len(zone.cards) != len(zone.items):
            raise DeterminizeError(
                f"game {game.name!r}: zone {zone.id!r} mixes cards and pieces; define determinize(state, seat, rng)")
        if zone.id not in lists:
            raise DeterminizeError(
                f"game {game.name!r}: the cards of zone {zone.id!r} are not kept as one list in the state,"
                " so they cannot be dealt anew; define determinize(state, seat, rng)")
        targets.append(lists[zone.id])
    order = _deck_order(game)
    for target, cards in zip(targets, deal(pool, [len(t) for t in targets], rng), strict=True):
        keyed = sorted_by(target, order)
        if keyed is not None:
            cards.sort(key=keyed)
        target[:] = cards
    return world


def zone_lists(game: Any, state: Any, zones: Sequence[Zone]) -> dict[str, list[Card]]:
    """Return the state's own list of cards holding each zone's cards (for the zones that have one).

    A zone read off the state (:mod:`tabletop.engine.state_zones`: a kit game's fields, a state's
    ``hands`` and piles) is its attribute's list, found by the zone's id. Any other zone is a list
    among the state's attributes holding exactly its cards; every zone claims one, the seen ones
    too, in their order: with copies of a card two zones may hold the same cards (one Blue 1
    each), and a hidden zone must not take the list of a seat's own hand.
    """
    by_id = {place.zone_id: place.cards for place in state_places(state, game.players)}
    found: dict[str, list[Card]] = {}
    for zone in zones:
        own = by_id.get(zone.id)
        if own is not None and len(own) == zone.count == len(zone.cards) and _same(own, zone.cards):
            found[zone.id] = own
    lists = _card_lists(state)
    for zone in zones:
        if zone.id in found or not zone.cards or len(zone.cards) != zone.count:
            continue
        match = _list_of(zone, lists, list(found.values()))
        if match is not None:
            found[zone.id] = match
    return found


def _same(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return all(x is y for x, y in zip(a, b, strict=True))


def _list_of(zone: Zone, lists: list[tuple[list[Card], int | None]], taken: list[list[Card]]) -> list[Card] | None:
    """Return the state's list holding exactly ``zone``'s cards (not one in ``taken``): where several do,
    the one at the zone owner's place in a list of lists (``hands[seat]``), else the first."""
    cards = zone.cards
    found = [(lst, index) for lst, index in lists
             if len(lst) == len(cards) and _same(lst, cards) and not any(lst is t for t in taken)]
    return next((lst for lst, index in found if index is not None and index == zone.owner),
                found[0][0] if found else None)


def _card_lists(state: Any) -> list[tuple[list[Card], int | None]]:
    """Return the lists of cards the state holds (its attributes, and lists inside them one level down),
    each with its place in the list of lists it is in (None for an attribute)."""
    found: list[tuple[list[Card], int | None]] = []

    def consider(value: Any, depth: int, index: int | None = None) -> None:
        if isinstance(value, list) and value and all(isinstance(c, Card) for c in value):
            found.append((value, index))
        elif depth and isinstance(value, (list, tuple)):
            for i, inner in enumerate(value):
                consider(inner, depth - 1, i)
        elif depth and isinstance(value, dict):
            for inner in value.values():
                consider(inner, depth - 1)

    for value in _attributes(state):
        consider(value, 1)
    return found


def _attributes(state: Any) -> list[Any]:
    values = list(vars(state).values()) if hasattr(state, "__dict__") else []
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(state, name):
                values.append(getattr(state, name))
    return values


def _deck_order(game: Any) -> dict[Card, int]:
    order: dict[Card, int] = {}
    for i, card in enumerate(game.deck()):
        order.setdefault(card, i)
    return order


def sorted_by(cards: Sequence[Card], order: dict[Card, int]) -> Callable[[Card], Any] | None:
    """Return the key ``cards`` are sorted by (deck order, suit then rank, or a kit hand's order), or None if none."""
    if len(cards) < 2:
        return None
    keys: list[Callable[[Card], Any]] = [lambda c: order.get(c, len(order)), sort_key, hand_order]
    for key in keys:
        values = [key(c) for c in cards]
        if all(a <= b for a, b in zip(values, values[1:], strict=False)):
            return key
    return None


# -- what a search bot holds ----------------------------------------------------------------------
class Worlds:
    """Samples of the state as it may be, for one seat: :meth:`sample` returns a fresh world each time.

    It keeps no secret: on creation it draws one world and from then on deals from that, never from
    the real state. The first world is checked against the seat's view (same observation, same
    table), so a game whose ``determinize`` hook moves what the seat has seen fails at once.

    :raises DeterminizeError: when the game cannot be sampled, or its hook breaks the view.
    """

    def __init__(self, game: Any, state: Any, seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rollout_rng = random.Random(rng.getrandbits(64))
        base = game.determinize(state, seat, rng)
        _check_world(game, state, base, seat)
        if hasattr(base, "rng"):
            base.rng = self.rollout_rng  # a copy of the real generator would foretell later deals
        self._base = base

    def sample(self, rng: random.Random) -> Any:
        """Return a new world: the hidden cards dealt anew; future chance draws from ``rollout_rng``."""
        world = self.game.determinize(self._base, self.seat, rng)
        if hasattr(world, "rng"):
            world.rng = self.rollout_rng
        return world


def _check_world(game: Any, state: Any, world: Any, seat: int) -> None:
    if world is state:
        raise DeterminizeError(f"game {game.name!r}: determinize returned the real state, not a copy")
    seen, sampled = game.observe(state, seat), game.observe(world, seat)
    if repr(seen) != repr(sampled):
        raise DeterminizeError(
            f"game {game.name!r}: a sampled world does not look the same to seat {seat + 1}"
            " (observe differs): its determinize hook moves cards the seat has seen")
    if game.table(state, seat) != game.table(world, seat):
        raise DeterminizeError(
            f"game {game.name!r}: a sampled world does not look the same to seat {seat + 1}"
            " (the table differs): its determinize hook moves cards the seat has seen")
