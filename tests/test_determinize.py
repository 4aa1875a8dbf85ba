"""Sampled worlds: every one agrees with what the seat has seen, and they are spread evenly over the rest."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import permutations
from typing import Any

import pytest

from tabletop.engine.cards import Card, parse_cards
from tabletop.engine.game import Game
from tabletop.engine.worlds import DeterminizeError, ImpossibleDeal, Worlds, deal
from tabletop.plugins import registry
from tests.sessions import open_game
from tests.ui.zone_game import ZoneGame


def chi_square_limit(df: int, z: float = 3.719) -> float:
    """Return the chi-square value with ``df`` degrees of freedom exceeded with probability about 1e-4
    (Wilson-Hilferty: the cube root of chi-square/df is nearly normal)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


# -- the constrained dealer ------------------------------------------------------------------------
def test_deal_respects_sizes_and_constraints() -> None:
    rng = random.Random(1)
    pool = parse_cards("AS KS QS AH KH QH AD KD")
    suit = lambda c: c.suit  # noqa: E731
    for _ in range(2000):
        hands = deal(pool, [3, 3, 2], rng, allowed=[{"H", "D"}, None, {"S"}], key=suit)
        assert [len(h) for h in hands] == [3, 3, 2]
        assert sorted(c.id for h in hands for c in h) == sorted(c.id for c in pool)
        assert all(c.suit != "S" for c in hands[0])
        assert all(c.suit == "S" for c in hands[2])


def test_impossible_deals_say_so() -> None:
    with pytest.raises(ImpossibleDeal):
        deal(parse_cards("AS KS QS"), [2, 1], random.Random(1), allowed=[{"H"}, None], key=lambda c: c.suit)
    with pytest.raises(ImpossibleDeal):
        deal(parse_cards("AS KS"), [3], random.Random(1))


def test_constrained_deals_are_uniform_over_every_possible_deal() -> None:
    # Six cards into three places of two; place 0 is void in spades, place 1 in hearts. Every deal
    # that respects that must come up equally often. A dealer that fills one place at a time
    # from the cards it admits fails this by far (chi-square about 1000 against a limit of 50).
    pool = parse_cards("AS KS AH KH AD KD")
    allowed: list[Any] = [{"H", "D"}, {"S", "D"}, None]
    possible = set()
    for order in permutations(pool):
        hands = (frozenset(order[0:2]), frozenset(order[2:4]), frozenset(order[4:6]))
        if all(c.suit in allowed[0] for c in hands[0]) and all(c.suit in allowed[1] for c in hands[1]):
            possible.add(hands)
    rng = random.Random(7)
    samples = 30 * len(possible) * 10
    counts: Counter[tuple[frozenset[Card], ...]] = Counter()
    for _ in range(samples):
        hands = deal(pool, [2, 2, 2], rng, allowed=allowed, key=lambda c: c.suit)
        counts[tuple(frozenset(h) for h in hands)] += 1
    assert set(counts) == possible
    expected = samples / len(possible)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in possible)
    assert chi2 < chi_square_limit(len(possible) - 1), (chi2, len(possible))


# -- worlds of the built-in games -------------------------------------------------------------------
def hidden(game: Game, state: Any, seat: int) -> list[str]:
    """Return the ids of every card ``seat`` cannot see, sorted (the pool a world deals from)."""
    if hasattr(state, "buckets"):
        cards = [c for s, h in enumerate(state.hands) if s != seat for c in h] + state.undealt
    elif hasattr(state, "floors"):
        return sorted(str(v) for v in [v for s, h in enumerate(state.hands) if s != seat for v in h] + state.undealt)
    else:
        cards = [c for s, h in enumerate(state.hands) if s != seat for c in h] + state.deck + state.discards
    return sorted(c.id for c in cards)


def worlds_along_games(name: str, players: int, seeds: range, options: dict[str, Any] | None = None,
                       samples: int = 20):
    """Yield (game, state, seat, world) for ``samples`` worlds at every decision of random games."""
    game = registry.make_game(name, players=players, options=options or {})
    for seed in seeds:
        session = open_game(game, seed=seed, events=False)
        chooser = random.Random(seed)
        while not session.is_over:
            seat = session.to_move
            assert seat is not None
            worlds = session.view(seat).worlds(random.Random(seed))
            rng = random.Random(seed + 1)
            for _ in range(samples):
                yield game, session.state, seat, worlds.sample(rng)
            session.submit(chooser.choice(session.legal_actions()))


def test_trick_taking_worlds_agree_with_the_view_and_respect_voids() -> None:
    voided = 0
    for game, state, seat, world in worlds_along_games("trick-taking", 4, range(6), {"deals": 1}):
        assert world is not state and world.hands is not state.hands
        assert world.hands[seat] == state.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert world.trick == state.trick and world.played == state.played and world.won == state.won
        assert game.observe(world, seat) == game.observe(state, seat)
        assert hidden(game, world, seat) == hidden(game, state, seat)
        for s, voids in enumerate(state.voids):
            assert not any(c.suit in voids for c in world.hands[s]), (s, voids)
            voided += bool(voids) and s != seat
        for s, hand in enumerate(world.hands):  # buckets agree with hands
            assert sorted(id(a.card) for b in world.buckets[s].values() for a in b) == sorted(id(c) for c in hand)
    assert voided > 500  # the property was really exercised


def test_trick_taking_worlds_keep_the_turned_up_card_with_the_dealer() -> None:
    for _game, state, _seat, world in worlds_along_games("trick-taking", 4, range(3), {"deals": 1, "trump": "turnup"}):
        if state.trump_card in state.hands[state.dealer]:
            assert state.trump_card in world.hands[state.dealer]
        assert world.trump == state.trump


def test_trick_taking_worlds_with_undealt_cards_and_jokers() -> None:
    options = {"deals": 1, "hand_size": 8, "trump": "turnup", "jokers": True}
    for game, state, seat, world in worlds_along_games("trick-taking", 3, range(3), options, samples=5):
        assert len(world.undealt) == len(state.undealt)
        if state.undealt:
            assert world.turnup == state.turnup == [state.trump_card] and state.trump_card not in world.undealt
        assert hidden(game, world, seat) == hidden(game, state, seat)
        trump = state.trump
        for s, voids in enumerate(state.voids):
            suits = {trump if c.suit == "*" and trump else c.suit for c in world.hands[s]}
            assert not suits & voids


def test_a_rigged_void_is_never_broken() -> None:
    game = registry.make_game("trick-taking", players=3, options={"deals": 1})
    session = open_game(game, seed=1, events=False)
    game.rig(session.state, ["AH KH 2S 3S", "QH 4S 5S 6S", "2C 3C 4C 5C"], leader=0)  # type: ignore[attr-defined]
    for card in ("AH", "QH", "2C"):  # seat 3 shows it has no hearts
        session.submit(game.play_action(parse_cards(card)[0]))  # type: ignore[attr-defined]
    state = session.state
    assert state.voids[2] == {"H"}
    worlds = session.view(0).worlds(random.Random(3))
    rng = random.Random(4)
    holders: Counter[int] = Counter()
    for _ in range(3000):
        world = worlds.sample(rng)
        kh = [s for s, h in enumerate(world.hands) for c in h if c.id == "KH"]
        assert kh == [0]  # seat 1 holds it itself
        assert not [c for c in world.hands[2] if c.suit == "H"]
        for s in (1, 2):
            for c in world.hands[s]:
                holders[s] += c.suit == "S"
    assert holders[1] > 0 and holders[2] > 0  # the spades really move between the other seats


def test_birdhead_worlds_keep_every_card_at_least_the_highest_discard() -> None:
    floored = 0
    for game, state, seat, world in worlds_along_games("birdhead", 3, range(3), samples=10):
        assert world.hands[seat] == state.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert world.trick == state.trick and world.out == state.out and world.markers == state.markers
        assert hidden(game, world, seat) == hidden(game, state, seat)
        assert all(h == sorted(h, key=lambda c: c.value) for h in world.hands)
        for s, floor in enumerate(state.floors):
            assert all(c.value >= floor for c in world.hands[s])
            floored += bool(floor) and s != seat
    assert floored > 100


def test_poker_worlds_keep_own_discards_and_the_counts() -> None:
    for game, state, seat, world in worlds_along_games("draw-poker", 5, range(8), samples=20):
        assert world.hands[seat] == state.hands[seat]
        mine = set(map(id, state.discarded[seat]))
        assert not any(id(c) in mine for s, h in enumerate(world.hands) if s != seat for c in h)
        assert not any(id(c) in mine for c in world.deck if c in state.discards)
        assert len(world.deck) == len(state.deck) and len(world.discards) == len(state.discards)
        assert world.drawn == state.drawn
        assert hidden(game, world, seat) == hidden(game, state, seat)


def test_worlds_foretell_no_later_deal() -> None:
    # A world's generator is the bot's own: a copy of the game's would replay the next deal.
    game = registry.make_game("draw-poker", players=2, options={"deals": 3})
    session = open_game(game, seed=5, events=False)
    worlds = session.view(session.to_move).worlds(random.Random(1))
    world = worlds.sample(random.Random(2))
    assert world.rng is not session.state.rng
    assert world.rng.getstate() != session.state.rng.getstate()


# -- the default hook: zones alone ----------------------------------------------------------------
def test_the_default_deals_hidden_zones_anew_and_keeps_the_rest() -> None:
    game = ZoneGame(players=2)
    session = open_game(game, seed=3, events=False)
    rng = random.Random(1)
    for _ in range(5):
        session.submit(next(a for a in session.legal_actions() if a.kind in ("draw", "discard")))
    state = session.state
    seat = state.to_move
    worlds = session.view(seat).worlds(random.Random(2))
    other = 1 - seat
    seen_in_other: Counter[str] = Counter()
    for _ in range(500):
        world = worlds.sample(rng)
        assert world.hands[seat] == state.hands[seat]
        assert world.market == state.market and world.discard == state.discard
        assert world.tableaus == state.tableaus and world.cells == state.cells
        assert len(world.hands[other]) == len(state.hands[other]) and len(world.draw) == len(state.draw)
        assert sorted(c.id for c in world.hands[other] + world.draw) == sorted(
            c.id for c in state.hands[other] + state.draw)
        seen_in_other.update(c.id for c in world.hands[other])
    assert len(seen_in_other) == len(state.hands[other]) + len(state.draw)


@pytest.mark.parametrize("reverse", [False, True])
def test_the_default_keeps_the_seats_own_hand_when_another_holds_the_same_cards(reverse: bool) -> None:
    # With copies of a card, two hands may hold the same cards: the hidden one must not be dealt into
    # the list of the seat's own hand (whatever order the zones are declared in).
    class Copies(ZoneGame):
        name = "copies"

        def zones(self, state: Any) -> list[Any]:
            zones = list(super().zones(state))
            return zones[::-1] if reverse else zones

    game = Copies(players=2)
    session = open_game(game, seed=3, events=False)
    state = session.state
    state.hands[0][:] = state.hands[1][:] = parse_cards("AS AS")
    state.draw[:] = parse_cards("KD QD JD 10D")
    for seat in (0, 1):
        for k in range(20):
            world = game.determinize(state, seat, random.Random(k))
            assert world.hands[seat] == state.hands[seat]
            assert sorted(c.id for c in world.hands[1 - seat] + world.draw) == sorted(
                c.id for c in state.hands[1 - seat] + state.draw)


def test_a_game_without_zones_cannot_be_sampled() -> None:
    class Hidden(ZoneGame):
        name = "no-zones"

        def zones(self, state: Any) -> list[Any]:
            return []

    session = open_game(Hidden(players=2), seed=1, events=False)
    with pytest.raises(DeterminizeError, match="declares no zones"):
        session.view(0).worlds(random.Random(1))


def test_a_hook_that_moves_seen_cards_is_caught() -> None:
    class Leaky(ZoneGame):
        name = "leaky"

        def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
            world = self.clone_state(state, rng)
            world.market.reverse()
            return world

    session = open_game(Leaky(players=2), seed=1, events=False)
    with pytest.raises(DeterminizeError, match="does not look the same"):
        Worlds(session.game, session.state, 0, random.Random(1))


@pytest.mark.parametrize("name", [e.name for e in registry.game_entries() if e.is_builtin])
def test_every_builtin_game_can_be_sampled(name: str) -> None:
    for _game, state, seat, world in worlds_along_games(name, registry.game_class(name).min_players, range(1), samples=2):
        assert world.to_move == state.to_move == seat
