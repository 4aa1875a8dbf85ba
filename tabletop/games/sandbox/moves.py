"""What a person may do at a sandbox table, as legal actions: the moves real cards allow.

The seat to move may move one card from any zone it can reach to any other zone (its own hand's
cards, the top of any pile, any card of a row; never another seat's hand), turn a pile over or a
row's card, shuffle a pile, deal from a pile to every hand, put a whole pile on another, show or
hide its hand, change any seat's counter, pass the turn or end the game. An action names its
card only where the seat sees it; a face-down card is named by its place (the top of a pile, or
``value``: its index in a row), so the list of actions never tells a seat a hidden card. Every
move names the zone it goes ``to``, so dropping the card there chooses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, compress
from operator import not_

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import seat_name
from tabletop.formats.tablefile import CounterSpec, TableSpec
from tabletop.games.sandbox.places import Place
from tabletop.games.sandbox.state import SandboxState
from tabletop.i18n import N_, nN_

MOVE, MOVE_PILE, FLIP, SHUFFLE, DEAL = "move", "move_pile", "flip", "shuffle", "deal"
SHOW, HIDE, PASS, COUNT, END = "show", "hide", "pass", "count", "end"
DEAL_COUNTS = (1, 2, 3, 5)
"""How many cards to each hand a pile offers to deal (with the table's own start deal and "all")."""
ALL = "all"
"""The ``value`` of a deal that deals the whole pile out."""


class TableMoves:
    """The actions of one table (its places, seats and counters), each made once and kept: a table
    offers the same few hundred actions again and again, so a move costs a lookup, not a label.

    What the cards of a place offer is kept in the state (:class:`~tabletop.games.sandbox.state.Offers`)
    until a mechanic changes that place, so listing a seat's actions joins kept tuples."""

    def __init__(self, table: TableSpec, places: tuple[Place, ...], players: int) -> None:
        self.places = places
        self.players = players
        # The log says "Seat 2: Show hand" for whoever moved, a bot included: no "your" in a label.
        # In the default words ("Pass"): actions are interned by what they do, so a label of its own
        # would also relabel a market game's Pass opened after this table in the same window.
        self.passing = (Action(PASS),) if players > 1 else ()
        self.show, self.hide = Action(SHOW, label=N_("Show hand")), Action(HIDE, label=N_("Hide hand"))
        self.end = Action(END, label=N_("End the game"))
        self.counters = tuple(_counters(table.counters, players))
        # What every list starts with: a shown hand may be hidden; a hidden one shown unless it is empty.
        self._shown = (*self.passing, self.hide, self.end, *self.counters)
        self._hidden = (*self.passing, self.show, self.end, *self.counters)
        self._empty = (*self.passing, self.end, *self.counters)
        self._piles = tuple(_PileActions(p, places, table.hand.deal, players) for p in places if p.is_pile)
        self._hands = tuple(p.id for p in places if p.is_hand)
        # The places a seat may move cards out of, in order: every place but the other seats' hands.
        self._sources = tuple(tuple(p for p in places if not p.is_hand or p.owner == seat) for seat in range(players))
        self._made = {p.id: _CardActions(places, p) for p in places}
        self._owners = {p.id: p.owner for p in places if p.owner is not None}
        self._for_bot: tuple[dict[Action, bool], ...] = tuple({} for _ in range(players))

    def legal(self, state: SandboxState, seat: int) -> list[Action]:
        """Return every action ``seat`` may take now."""
        cards, offers = state.cards, state.offers
        if state.revealed[seat]:
            out = list(self._shown)
        else:
            out = list(self._hidden if cards[self._hands[seat]] else self._empty)
        for pile in self._piles:
            out += pile.offered(len(cards[pile.id]))
        for src in self._sources[seat]:
            found = offers.get(src.id)
            if found is None:
                found = offers[src.id] = self._listed(src, cards[src.id], state.down[src.id])
            out += found
        return out

    def for_bot(self, legal: tuple[Action, ...], seat: int) -> tuple[Action, ...]:
        """Return the actions of ``legal`` a bot in ``seat`` is offered: none that ends the game, changes
        another seat's counter, deals to every hand or moves cards out of or into another seat's hand or area."""
        # Each action's answer is worked out once per seat: a table offers the same actions again and again.
        allowed = self._for_bot[seat]
        try:
            return tuple(compress(legal, map(allowed.__getitem__, legal)))
        except KeyError:
            for action in legal:
                if action not in allowed:
                    allowed[action] = self._bot_may(action, seat)
            return tuple(compress(legal, map(allowed.__getitem__, legal)))

    def _bot_may(self, action: Action, seat: int) -> bool:
        owners = self._owners
        return (action.kind not in (END, DEAL) and (action.seat is None or action.seat == seat)
                and owners.get(action.zone or "", seat) == seat and owners.get(action.to or "", seat) == seat)

    def _listed(self, src: Place, cards: list[Card], flags: list[bool]) -> tuple[Action, ...]:
        """Every move of one card out of ``src``, to every other zone (and a row's flips), as its cards lie."""
        if not cards:
            return ()
        made = self._made[src.id]
        if src.is_pile:
            return made[None if flags[-1] else cards[-1]]
        # A hand (its owner sees every card) or a row all face up (the commonest): each card once, copies alike.
        if src.is_hand or not any(flags):
            return tuple(chain.from_iterable(map(made.__getitem__, dict.fromkeys(cards))))
        # A row: each card seen once, then each face-down card by its index.
        seen = dict.fromkeys(compress(cards, map(not_, flags)))
        return tuple(chain(chain.from_iterable(map(made.__getitem__, seen)),
                           chain.from_iterable(map(made.__getitem__, compress(range(len(flags)), flags)))))


class _CardActions(dict[Card | int | None, tuple[Action, ...]]):
    """The actions on each card of one place, made when first asked: by the card seen, by a face-down
    card's index in a row, or None for a pile's hidden top."""

    def __init__(self, places: tuple[Place, ...], src: Place) -> None:
        super().__init__()
        self.places = places
        self.src = src

    def __missing__(self, what: Card | int | None) -> tuple[Action, ...]:
        made = self[what] = tuple(_on_card(self.places, self.src, what))
        return made


class _PileActions:
    """What acts on one pile as a whole: turn it over, shuffle it, put it on another pile, deal from it."""

    def __init__(self, place: Place, places: tuple[Place, ...], deal: int, players: int) -> None:
        self.place = place
        self.id = place.id
        self.deal = deal
        self.players = players
        self.flip = Action(FLIP, zone=place.id, label=N_("Turn {pile} over", pile=place.name))
        self.shuffle = Action(SHUFFLE, zone=place.id, label=N_("Shuffle {pile}", pile=place.name))
        self.onto = tuple(Action(MOVE_PILE, zone=place.id, to=other.id,
                                 label=N_("All of {pile} onto {other}", pile=place.name, other=other.name))
                          for other in places if other.is_pile and other is not place)
        self.deals: dict[int | str, Action] = {}
        self._by_count: dict[int, tuple[Action, ...]] = {}

    def offered(self, count: int) -> tuple[Action, ...]:
        """Return what may be done with the pile when it holds ``count`` cards (worked out once per count)."""
        found = self._by_count.get(count)
        if found is None:
            found = self._by_count[count] = tuple(self._offered(count))
        return found

    def _offered(self, count: int) -> list[Action]:
        if not count:
            return []
        out = [self.flip] + ([self.shuffle, *self.onto] if count > 1 else [])
        each = count // self.players
        out += [self._deal(n) for n in sorted({*DEAL_COUNTS, self.deal} - {0}) if n <= each]
        return out + [self._deal(ALL)] if each else out

    def _deal(self, n: int | str) -> Action:
        action = self.deals.get(n)
        if action is None:
            label = (N_("Deal out all of {pile}", pile=self.place.name) if n == ALL else
                     nN_("Deal {n} card to each hand", "Deal {n} cards to each hand", int(n), n=n))
            action = self.deals[n] = Action(DEAL, zone=self.place.id, value=n, label=label)
        return action


def counter_value(counter: str, step: int) -> str:
    """Return the ``value`` of a counter action: the counter and the change (``points:+5``)."""
    return f"{counter}:{step:+d}"


def _counters(counters: tuple[CounterSpec, ...], players: int) -> Iterator[Action]:
    # Aimed at a seat (a click on its hand or area offers them), so they need no buttons of their own.
    for counter in counters:
        for target in range(players):
            for step in counter.steps:
                for change in (step, -step):
                    yield Action(COUNT, value=counter_value(counter.id, change), seat=target,
                                 label=N_("{counter} {change:+d} for {seat}", counter=counter.label, change=change,
                                          seat=seat_name(target)))


def _on_card(places: tuple[Place, ...], src: Place, what: Card | int | None) -> Iterator[Action]:
    """Yield a row card's flip, then its move to every other zone."""
    card = what if isinstance(what, Card) else None
    index = what if isinstance(what, int) else None
    if card is not None and not src.is_hand and not src.is_pile:
        yield Action(FLIP, (card,), zone=src.id, label=N_("Turn {card} face down", card=card.label))
    if index is not None:
        yield Action(FLIP, zone=src.id, value=index, label=N_("Turn up card {n} of {row}", n=index + 1, row=src.name))
    cards = (card,) if card is not None else ()
    for dst in places:
        if dst is not src:
            yield Action(MOVE, cards, index, _move_label(src, dst, cards, index), zone=src.id, to=dst.id)


def _move_label(src: Place, dst: Place, cards: tuple[Card, ...], index: int | None) -> str:
    # Said the same whoever moves (an action's label is fixed by its fields): no "your" or "me".
    if cards:
        if src.is_hand:
            return N_("{card} to {zone}", card=cards[0].label, zone=dst.name)
        return N_("{card} from {src} to {dst}", card=cards[0].label, src=src.name, dst=dst.name)
    if index is not None:
        return N_("Face-down card {n} of {src} to {dst}", n=index + 1, src=src.name, dst=dst.name)
    return N_("Top card of {src} to {dst}", src=src.name, dst=dst.name)
