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


MOVES_KEPT = 8192
"""How many contents of a place a table remembers the moves of (then forgets them all at once)."""


class TableMoves:
    """The actions of one table (its places, seats and counters), each made once and kept: a table
    offers the same few hundred actions again and again, so a move costs a lookup, not a label."""

    def __init__(self, table: TableSpec, places: tuple[Place, ...], players: int) -> None:
        self.places = places
        self.players = players
        self.deal = table.hand.deal
        # The log says "Seat 2: Show hand" for whoever moved, a bot included: no "your" in a label.
        # In the default words ("Pass"): actions are interned by what they do, so a label of its own
        # would also relabel a market game's Pass opened after this table in the same window.
        self.passing = (Action(PASS),) if players > 1 else ()
        self.show, self.hide = Action(SHOW, label=N_("Show hand")), Action(HIDE, label=N_("Hide hand"))
        self.end = Action(END, label=N_("End the game"))
        self.counters = tuple(_counters(table.counters, players))
        self._piles = {p.id: _PileActions(p, places) for p in places if p.is_pile}
        self._made: dict[tuple[str, Card | int | None], tuple[Action, ...]] = {}
        self._from: dict[tuple[str, tuple[Card, ...], tuple[bool, ...]], tuple[Action, ...]] = {}
        self._owners = {p.id: p.owner for p in places if p.owner is not None}

    def legal(self, state: SandboxState, seat: int) -> list[Action]:
        """Return every action ``seat`` may take now."""
        out = [*self.passing, self.hide if state.revealed[seat] else self.show, self.end, *self.counters]
        if not state.revealed[seat] and not state.cards[f"hand:{seat}"]:
            out.remove(self.show)
        for pile in self._piles.values():
            out += pile.offered(len(state.cards[pile.place.id]), self.deal, self.players)
        for place in self.places:
            out += self._moves_from(place, state, seat)
        return out

    def for_bot(self, legal: tuple[Action, ...], seat: int) -> tuple[Action, ...]:
        """Return the actions of ``legal`` a bot in ``seat`` is offered: none that ends the game, changes
        another seat's counter, deals to every hand or moves cards out of or into another seat's hand or area."""
        owners = self._owners
        return tuple(a for a in legal if a.kind not in (END, DEAL) and (a.seat is None or a.seat == seat)
                     and owners.get(a.zone or "", seat) == seat and owners.get(a.to or "", seat) == seat)

    def _moves_from(self, src: Place, state: SandboxState, seat: int) -> tuple[Action, ...]:
        """Every move of one card out of ``src`` that ``seat`` can make, to every other zone (and a row's flips)."""
        cards = state.cards[src.id]
        if not cards or (src.is_hand and src.owner != seat):
            return ()
        flags = state.faces(src.id)
        # Worked out once per content of the place: most places are as they were before the last move.
        key = (src.id, tuple(cards), tuple(flags))
        found = self._from.get(key)
        if found is None:
            if len(self._from) >= MOVES_KEPT:
                self._from.clear()
            found = self._from[key] = tuple(self._listed(src, cards, flags))
        return found

    def _listed(self, src: Place, cards: list[Card], flags: list[bool]) -> list[Action]:
        if src.is_hand:
            return [a for card in dict.fromkeys(cards) for a in self._made_for(src, card)]
        if src.is_pile:
            return list(self._made_for(src, None if flags[-1] else cards[-1]))
        out = [a for card in dict.fromkeys(c for c, down in zip(cards, flags, strict=True) if not down)
               for a in self._made_for(src, card)]
        return out + [a for index, down in enumerate(flags) if down for a in self._made_for(src, index)]

    def _made_for(self, src: Place, what: Card | int | None) -> tuple[Action, ...]:
        """Return the actions on one card of ``src`` (a card seen, a face-down card's index, a pile's hidden top)."""
        key = (src.id, what)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = tuple(_on_card(self.places, src, what))
        return made


class _PileActions:
    """What acts on one pile as a whole: turn it over, shuffle it, put it on another pile, deal from it."""

    def __init__(self, place: Place, places: tuple[Place, ...]) -> None:
        self.place = place
        self.flip = Action(FLIP, zone=place.id, label=N_("Turn {pile} over", pile=place.name))
        self.shuffle = Action(SHUFFLE, zone=place.id, label=N_("Shuffle {pile}", pile=place.name))
        self.onto = tuple(Action(MOVE_PILE, zone=place.id, to=other.id,
                                 label=N_("All of {pile} onto {other}", pile=place.name, other=other.name))
                          for other in places if other.is_pile and other is not place)
        self.deals: dict[int | str, Action] = {}

    def offered(self, count: int, deal: int, players: int) -> list[Action]:
        """Return what may be done with the pile when it holds ``count`` cards."""
        if not count:
            return []
        out = [self.flip] + ([self.shuffle, *self.onto] if count > 1 else [])
        each = count // players
        out += [self._deal(n) for n in sorted({*DEAL_COUNTS, deal} - {0}) if n <= each]
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
