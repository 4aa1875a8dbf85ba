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


def legal(table: TableSpec, places: tuple[Place, ...], state: SandboxState, seat: int, players: int) -> list[Action]:
    """Return every action ``seat`` may take now."""
    out = list(_buttons(places, state, seat, players))
    out += _counters(table.counters, players)
    for place in places:
        if place.is_pile:
            out += _pile_actions(place, places, state, table.hand.deal, players)
    for place in places:
        out += _moves_from(place, places, state, seat)
    return out


def counter_value(counter: str, step: int) -> str:
    """Return the ``value`` of a counter action: the counter and the change (``points:+5``)."""
    return f"{counter}:{step:+d}"


def _buttons(places: tuple[Place, ...], state: SandboxState, seat: int, players: int) -> Iterator[Action]:
    if players > 1:
        yield Action(PASS, label=N_("End your turn"))
    mine = next(p for p in places if p.is_hand and p.owner == seat)
    if state.revealed[seat]:
        yield Action(HIDE, label=N_("Hide your hand"))
    elif state.cards[mine.id]:
        yield Action(SHOW, label=N_("Show your hand"))
    yield Action(END, label=N_("End the game"))


def _counters(counters: tuple[CounterSpec, ...], players: int) -> Iterator[Action]:
    # Aimed at a seat (a click on its hand or area offers them), so they need no buttons of their own.
    for counter in counters:
        for target in range(players):
            for step in counter.steps:
                for change in (step, -step):
                    yield Action(COUNT, value=counter_value(counter.id, change), seat=target,
                                 label=N_("{counter} {change:+d} for {seat}", counter=counter.label, change=change,
                                          seat=seat_name(target)))


def _pile_actions(pile: Place, places: tuple[Place, ...], state: SandboxState, deal: int,
                  players: int) -> Iterator[Action]:
    cards = state.cards[pile.id]
    if not cards:
        return
    yield Action(FLIP, zone=pile.id, label=N_("Turn {pile} over", pile=pile.name))
    if len(cards) > 1:
        yield Action(SHUFFLE, zone=pile.id, label=N_("Shuffle {pile}", pile=pile.name))
        for other in places:
            if other.is_pile and other is not pile:
                yield Action(MOVE_PILE, zone=pile.id, to=other.id,
                             label=N_("All of {pile} onto {other}", pile=pile.name, other=other.name))
    each = len(cards) // players
    for n in sorted({*DEAL_COUNTS, deal} - {0}):
        if n <= each:
            yield Action(DEAL, zone=pile.id, value=n,
                         label=nN_("Deal {n} card to each hand", "Deal {n} cards to each hand", n, n=n))
    if each:
        yield Action(DEAL, zone=pile.id, value=ALL, label=N_("Deal out all of {pile}", pile=pile.name))


def _moves_from(src: Place, places: tuple[Place, ...], state: SandboxState, seat: int) -> Iterator[Action]:
    """Every move of one card out of ``src`` that ``seat`` can make, to every other zone."""
    cards = state.cards[src.id]
    if not cards or (src.is_hand and src.owner != seat):
        return
    flags = state.faces(src.id)
    if src.is_hand:
        for card in dict.fromkeys(cards):
            yield from _to_each(places, src, (card,), None)
        return
    if src.is_pile:
        yield from _to_each(places, src, () if flags[-1] else (cards[-1],), None)
        return
    for card in dict.fromkeys(c for c, down in zip(cards, flags, strict=True) if not down):
        yield Action(FLIP, (card,), zone=src.id, label=N_("Turn {card} face down", card=card.label))
        yield from _to_each(places, src, (card,), None)
    for index, down in enumerate(flags):
        if down:
            yield Action(FLIP, zone=src.id, value=index,
                         label=N_("Turn up card {n} of {row}", n=index + 1, row=src.name))
            yield from _to_each(places, src, (), index)


def _to_each(places: tuple[Place, ...], src: Place, cards: tuple[Card, ...], index: int | None) -> Iterator[Action]:
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
