"""Scenarios: a game started from a position, with named cards placed in its zones and a chosen first seat.

A :class:`Scenario` (read from a TOML file by :mod:`tabletop.formats.scenario`) says which cards go
where: a seat's hand, the top of a pile (in order: the first named is the top card), a row. The
game is set up as usual, with its own random deal; then each named card is swapped into place with
a card of its zone, so everything not named stays dealt at random and every zone keeps its size.

The default (:func:`arrange_state`, what :meth:`Game.arrange <tabletop.engine.game.Game.arrange>`
does) works from the zones alone: each zone's cards are found as one list in the state, the very
list the game plays from, and the swaps are made there. A game whose cards are not kept that way
(the built-in trick game keeps hands as play actions in suit buckets) overrides ``arrange`` and may
use :func:`place_cards` on lists of its own. Either way :func:`check_arranged` then reads the zones
again: a placement that does not hold is an error naming what the game must define.

Every mistake is one line naming the file and the line: a card named twice, a card not in the deck,
a zone the game does not have, more cards than a zone holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.cards import Card, parse_card
from tabletop.engine.errors import UserInputError
from tabletop.engine.worlds import sorted_by, zone_lists
from tabletop.engine.zones import EVERYONE, FAN, STACK, TOP, Move, Zone
from tabletop.i18n import N_


class ScenarioError(UserInputError):
    """A scenario cannot be set up: one line naming the file, the line and what to change."""


@dataclass(frozen=True)
class Placement:
    """Cards named for one zone: ``zone`` is its id (``hand:0``, ``draw``), ``cards`` the card ids as written
    (a pile's top card first), ``line`` where the file names them."""

    zone: str
    cards: tuple[str, ...]
    line: int = 0


@dataclass(frozen=True)
class Scenario:
    """Where named cards start and who moves first (``first``: a seat from 0, or None for the game's own)."""

    source: str
    placements: tuple[Placement, ...] = ()
    first: int | None = None
    first_line: int = 0
    name: str = ""

    @property
    def title(self) -> str:
        """The scenario's name, else its file's."""
        return self.name or self.source.replace("\\", "/").rsplit("/", 1)[-1]

    def where(self, line: int) -> str:
        """Return ``file:line`` (or the file alone) for a message."""
        return f"{self.source}:{line}" if line else self.source

    def to_json(self) -> dict[str, Any]:
        """Return the scenario as JSON-able data (a log's header keeps it, to replay the game)."""
        data: dict[str, Any] = {"source": self.source, "placements": [[p.zone, list(p.cards), p.line]
                                                                      for p in self.placements]}
        if self.first is not None:
            data["first"] = [self.first, self.first_line]
        if self.name:
            data["name"] = self.name
        return data

    @classmethod
    def from_json(cls, data: Any) -> Scenario:
        """Return the scenario written by :meth:`to_json`.

        :raises ValueError: when the data is not one.
        """
        try:
            placements = tuple(Placement(str(zone), tuple(str(c) for c in cards), int(line))
                               for zone, cards, line in data["placements"])
            first, first_line = data.get("first") or (None, 0)
            return cls(str(data["source"]), placements, None if first is None else int(first), int(first_line),
                       str(data.get("name", "")))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not a scenario: {str(data)[:80]}") from exc


# -- the default: cards swapped into place in the state's own lists ------------------------------------
def arrange_state(game: Any, state: Any, scenario: Scenario) -> None:
    """Place ``scenario``'s cards in ``state`` through its zones, and give the first move to its first seat.

    :raises ScenarioError: for a card not in the deck or named too often, a zone the game does not have
        or that holds fewer cards, or a zone whose cards the state does not keep as one list.
    """
    zones = [z for z in game.zones(state)]
    wanted = bind(game, scenario, zones)
    lists = zone_lists(game, state, zones)
    stacks = {z.id for z in zones if z.hint == STACK}
    fans = {z.id for z in zones if z.hint == FAN}
    order = {card: i for i, card in reversed(list(enumerate(game.deck())))}
    keys = {zone_id: sorted_by(lists[zone_id], order) for zone_id in fans if zone_id in lists}
    place_cards(lists, stacks, [(z.id, cards, line) for z, cards, line in wanted], scenario)
    for zone_id, key in keys.items():
        if key is not None:
            lists[zone_id].sort(key=key)
    if scenario.first is not None:
        state.to_move = scenario.first


def bind(game: Any, scenario: Scenario, zones: Sequence[Zone]) -> list[tuple[Zone, list[Card], int]]:
    """Return each placement's zone and cards (the game's own card objects), checked against the game.

    :raises ScenarioError: naming the file and line of a card not in the deck, a card named more often
        than the deck holds it, a zone the game does not have, or more cards than the zone holds now.
    """
    deck = game.deck()
    by_id: dict[str, Card] = {}
    for card in deck:
        by_id.setdefault(card.id, card)
    copies = Counter(card.id for card in deck)
    named: dict[str, list[int]] = {}
    known = {z.id: z for z in zones}
    out = []
    if scenario.first is not None and not 0 <= scenario.first < game.players:
        raise ScenarioError(N_("{where}: first: seat {seat}, but {game} is played by {n} seats here",
                               where=scenario.where(scenario.first_line), seat=scenario.first + 1, game=game.name,
                               n=game.players))
    for placement in scenario.placements:
        where = scenario.where(placement.line)
        zone = known.get(placement.zone)
        _, sep, seat = placement.zone.rpartition(":")
        if zone is None and sep and seat.isdigit() and int(seat) >= game.players:
            raise ScenarioError(N_("{where}: [seat.{seat}]: seat {seat}, but {game} is played by {n} seats here",
                                   where=where, seat=int(seat) + 1, game=game.name, n=game.players))
        if zone is None:
            raise ScenarioError(N_("{where}: {zone}: {game} has no such zone here (its zones: {zones})", where=where,
                                   zone=zone_name(placement.zone), game=game.name, zones=zone_names(zones)))
        cards = []
        for token in placement.cards:
            card = find_card(token, by_id)
            if card is None:
                raise ScenarioError(N_("{where}: card {card} is not in the deck of {game} (its cards are called"
                                       " {examples}...)", where=where, card=repr(token), game=game.name,
                                       examples=", ".join(list(by_id)[:4])))
            lines = named.setdefault(card.id, [])
            lines.append(placement.line)
            if len(lines) > copies[card.id]:
                also = ", ".join(str(n) for n in lines[:-1])
                raise ScenarioError(N_("{where}: card {card} is named again (also on line {lines}), but the deck holds"
                                       " {copies}", where=where, card=repr(card.id), lines=also, copies=copies[card.id]))
            cards.append(card)
        if len(cards) > zone.count:
            raise ScenarioError(N_("{where}: {zone} holds {count} cards at the start; the scenario names {named}",
                                   where=where, zone=zone_name(zone.id), count=zone.count, named=len(cards)))
        out.append((zone, cards, placement.line))
    return out


def find_card(token: str, by_id: dict[str, Card]) -> Card | None:
    """Return the deck's card written ``token``: its id (any case), or a standard card's notation (``10h``, ``TH``)."""
    if token in by_id:
        return by_id[token]
    folded = {card_id.casefold(): card for card_id, card in by_id.items()}
    if token.casefold() in folded:
        return folded[token.casefold()]
    try:
        card = parse_card(token)
    except ValueError:
        return None
    return by_id.get(card.id)


def place_cards(lists: dict[str, list[Card]], stacks: set[str], wanted: Sequence[tuple[str, Sequence[Card], int]],
                scenario: Scenario) -> None:
    """Swap each wanted card into its zone's list: a stack's top (its end) first, else its first places.

    ``lists`` holds every zone's list of cards by zone id; a card placed is never moved again.

    :raises ScenarioError: for a zone not in ``lists``, or a named card in none of them.
    """
    pinned: set[tuple[int, int]] = set()
    for zone_id, cards, line in wanted:
        target = lists.get(zone_id)
        if target is None:
            raise ScenarioError(N_("{where}: {zone}: this game does not keep the zone's cards as one list, so a"
                                   " scenario cannot place them there; the game must define arrange(state, scenario)",
                                   where=scenario.where(line), zone=zone_name(zone_id)))
        slots = [len(target) - 1 - i for i in range(len(cards))] if zone_id in stacks else list(range(len(cards)))
        sources: list[list[Card]] = [target, *lists.values()]  # from its own zone first: fewer cards move
        for slot, card in zip(slots, cards, strict=True):
            found = next(((lst, i) for lst in sources for i, c in enumerate(lst)
                          if c is card and (id(lst), i) not in pinned), None)
            if found is None:
                raise ScenarioError(N_("{where}: card {card} is not in any zone a scenario can reach at the start",
                                       where=scenario.where(line), card=repr(card.id)))
            source, index = found
            target[slot], source[index] = source[index], target[slot]
            pinned.add((id(target), slot))


def check_arranged(game: Any, state: Any, scenario: Scenario) -> None:
    """Read the zones again: each placement must hold and the first seat be to move.

    :raises ScenarioError: naming the zone that does not hold and what the game must define.
    """
    zones = {z.id: z for z in game.zones(state)}
    for zone, cards, line in bind(game, scenario, list(zones.values())):
        held = zones[zone.id].cards
        ok = (tuple(reversed(held[len(held) - len(cards):])) == tuple(cards) if zone.hint == STACK
              else not Counter(cards) - Counter(held))
        if not ok:
            raise ScenarioError(N_("{where}: {zone} does not hold the cards named once {game} has placed them: its"
                                   " zones are not read from the lists it plays with; the game must define"
                                   " arrange(state, scenario)", where=scenario.where(line), zone=zone_name(zone.id),
                                   game=game.name))
    if scenario.first is not None and state.to_move != scenario.first:
        raise ScenarioError(N_("{where}: first: seat {seat} is not to move once {game} has placed the cards; the game"
                               " must define arrange(state, scenario)", where=scenario.where(scenario.first_line),
                               seat=scenario.first + 1, game=game.name))


def dealt_moves(zones: Sequence[Zone]) -> tuple[Move, ...]:
    """Return the deal the table shows for a scenario's start: every zone filled from the box, face down
    unless everyone sees it (a pile showing its top card shows only that)."""
    moves: list[Move] = []
    for zone in zones:
        cards = zone.cards
        if not cards or len(cards) != zone.count:
            continue
        if zone.visibility == EVERYONE:
            moves.append(Move("", zone.id, cards))
        elif zone.visibility == TOP:
            if len(cards) > 1:
                moves.append(Move("", zone.id, backs=len(cards) - 1, face_up=False))
            moves.append(Move("", zone.id, cards[-1:]))
        else:
            moves.append(Move("", zone.id, backs=len(cards), face_up=False))
    return tuple(moves)


# -- names ------------------------------------------------------------------------------------------------
def zone_name(zone_id: str) -> str:
    """Return a zone as a scenario file names it: ``[seat.2] hand`` for ``hand:1``, ``[table] draw`` for ``draw``."""
    name, sep, seat = zone_id.rpartition(":")
    if sep and seat.isdigit():
        return f"[seat.{int(seat) + 1}] {name}"
    return f"[table] {zone_id}"


def zone_names(zones: Sequence[Zone]) -> str:
    """Return the zones a scenario may name, as it names them: "[seat.N] hand, won; [table] draw, trick"."""
    seat_zones: dict[str, None] = {}
    table: dict[str, None] = {}
    for zone in zones:
        name, sep, seat = zone.id.rpartition(":")
        if sep and seat.isdigit():
            seat_zones[name] = None
        else:
            table[zone.id] = None
    parts = []
    if seat_zones:
        parts.append("[seat.N] " + ", ".join(seat_zones))
    if table:
        parts.append("[table] " + ", ".join(table))
    return "; ".join(parts) or "none"
