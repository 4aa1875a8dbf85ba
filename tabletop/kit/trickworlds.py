"""A trick game's state copied, sampled for a seat, arranged from a scenario or rigged by a test.

The kit's :class:`~tabletop.kit.trickgame.TrickGame` hands these jobs here: a copy shares the cards
and actions (immutable values) and copies every list; a world for a search bot deals the cards a
seat cannot see anew, the other hands keeping their counts and getting none of a suit they did not
follow, a turned-up card staying where everyone saw it; a scenario's cards are swapped into the
hands and piles, the turned-up card choosing trump with it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tabletop.engine.arrange import Scenario, arrange_state, bind, place_cards
from tabletop.engine.cards import JOKER, Card, as_cards, parse_suit
from tabletop.engine.worlds import copy_state, deal, default_determinize
from tabletop.engine.zones import hand_id
from tabletop.kit.tricks import TURNUP
from tabletop.kit.trickstate import OVER, UNDEALT, TrickState, TrickTables


class TrickGame(Protocol):
    """What these need of a trick game (:class:`tabletop.kit.trickgame.TrickGame`)."""

    players: int
    tables: TrickTables
    positions: Mapping[Card, int]

    def fill_hands(self, state: TrickState, hands: Sequence[Sequence[int]]) -> None: ...
    def index_hands(self, state: TrickState) -> None: ...
    def zones(self, state: Any) -> Any: ...
    def deck(self) -> list[Card]: ...


def clone(game: TrickGame, state: TrickState, rng: random.Random | None) -> TrickState:
    """Return an independent copy of ``state``, drawing from ``rng`` (else a copy of its generator)."""
    if type(state) is not TrickState:  # a subclass's state may hold more: copy it all
        return copy_state(state, rng)
    # Made by its constructor, field by field: a state whose attributes were copied into its __dict__ would
    # read them several times slower ever after (searches play thousands of moves on each copy).
    return TrickState(
        to_move=state.to_move, dealer=state.dealer, deals=state.deals, scores=state.scores[:],
        deal_points=state.deal_points[:], hands=[h[:] for h in state.hands], trick=state.trick[:],
        won=[w[:] for w in state.won], turnup=state.turnup[:], undealt=state.undealt[:], phase=state.phase,
        leader=state.leader, led=state.led, trump=state.trump, trump_card=state.trump_card, trick_no=state.trick_no,
        tricks_won=state.tricks_won[:], bids=state.bids[:], played=state.played[:], last_trick=state.last_trick,
        voids=[set(v) for v in state.voids],
        plays=None if state.plays is None else [p[:] for p in state.plays],
        buckets=None if state.buckets is None else [{suit: b[:] for suit, b in bk.items()} for bk in state.buckets],
    )._with_rng(rng if rng is not None else copy.deepcopy(state.rng))


def pinned_turnup(game: TrickGame, state: TrickState, seat: int) -> Card | None:
    """Return the turned-up card when all know it lies in the dealer's hand but ``seat`` cannot see it (the
    deck dealt out, until the dealer plays it)."""
    card = state.trump_card
    if card is None or game.tables.leaves_undealt or state.dealer == seat or card not in state.hands[state.dealer]:
        return None
    return card


def determinize(game: TrickGame, state: TrickState, seat: int, rng: random.Random) -> TrickState:
    """Return a world for ``seat``: the cards it cannot see dealt anew within what play has shown."""
    if state.phase == OVER:
        return clone(game, state, rng)
    if type(state) is not TrickState:  # a subclass's state may keep cards elsewhere: the zones say what is hidden
        return default_determinize(game, state, seat, rng)
    n = game.players
    others = [s for s in range(n) if s != seat]
    pinned = pinned_turnup(game, state, seat)
    pool: list[Card] = []
    sizes: list[int] = []
    for s in others:
        cards = list(state.hands[s])
        if pinned is not None and s == state.dealer:
            cards.remove(pinned)
        pool += cards
        sizes.append(len(cards))
    pool += state.undealt
    sizes.append(len(state.undealt))
    trump, voids, suits = state.trump, state.voids, game.tables.suits
    allowed: list[set[str | None] | None] = [
        ({c for c in suits if c not in voids[s]} if voids[s] else None) for s in others]
    allowed.append(None)

    def suit_of(card: Card) -> str | None:
        return trump if card.suit == JOKER and trump is not None else card.suit

    dealt = deal(pool, sizes, rng, allowed=allowed, key=suit_of)
    world = clone(game, state, rng)
    pos = game.positions
    hands: list[list[int]] = []
    for s in range(n):
        cards = state.hands[s] if s == seat else dealt[s if s < seat else s - 1]
        if s != seat and pinned is not None and s == state.dealer:
            cards.append(pinned)
        hands.append(sorted(pos[c] for c in cards))
    world.undealt = dealt[-1]
    game.fill_hands(world, hands)
    return world


def arrange(game: TrickGame, state: TrickState, scenario: Scenario) -> None:
    """Place a scenario's cards in the hands and piles; a turned-up card changes the trump with it; the
    scenario's first seat leads (the seat before it deals)."""
    if type(state) is not TrickState:
        arrange_state(game, state, scenario)
        game.index_hands(state)
        return
    hands = [list(h) for h in state.hands]
    lists: dict[str, list[Card]] = {hand_id(s): hand for s, hand in enumerate(hands)}
    on_top = bool(state.turnup) and game.tables.leaves_undealt
    turnup = state.turnup[:] if on_top else []
    lists[UNDEALT], lists[TURNUP] = state.undealt[:], turnup
    wanted = [(zone.id, cards, line) for zone, cards, line in bind(game, scenario, game.zones(state))]
    place_cards({k: v for k, v in lists.items() if v or k != TURNUP}, {UNDEALT}, wanted, scenario)
    state.undealt = lists[UNDEALT]
    if scenario.first is not None:
        state.dealer = (scenario.first - 1) % game.players
    dealer = hands[state.dealer]
    if on_top or (state.trump_card is not None and state.trump_card not in dealer):
        shown = turnup[0] if on_top else dealer[-1]  # the turned-up card left the dealer's hand
        state.trump_card, state.trump, state.turnup = shown, None if shown.suit == JOKER else shown.suit, [shown]
    state.hands = hands
    game.index_hands(state)
    if scenario.first is not None:
        state.leader = state.to_move = scenario.first


def rig(game: TrickGame, state: TrickState, hands: Sequence[str | Sequence[Card]], *, leader: int | None = None,
        trump: str | None = None) -> None:
    """Replace the current deal's hands (notation per seat); play restarts with ``leader`` leading.

    :raises ValueError: for bad notation, a card not in the deck or a wrong number of hands.
    """
    n = game.players
    if len(hands) != n:
        raise ValueError(f"rig needs {n} hands, got {len(hands)}")
    if trump is not None:
        state.trump = parse_suit(trump)
    cards = [as_cards(h) for h in hands]
    unknown = [c.id for h in cards for c in h if c not in game.positions]
    if unknown:
        raise ValueError(f"rig: {', '.join(unknown)} not in this game's deck")
    state.trick, state.led, state.played = [], None, []
    state.tricks_won = [0] * n
    state.won = [[] for _ in range(n)]
    state.voids = [set() for _ in range(n)]
    state.hands = cards
    game.index_hands(state)
    if leader is not None:
        state.leader = state.to_move = leader


__all__ = ["arrange", "clone", "determinize", "pinned_turnup", "rig"]
