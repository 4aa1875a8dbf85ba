"""The kit's declared turns, deals and end, and its trick play: what a game no longer writes in ``apply``.

A game that declares ``turn_order`` says only what an action does; the kit moves the turn on (``AGAIN``
and a returned seat included), scores a deal when ``is_deal_over`` says so, deals again (a deal over at
once scored at once) and ends the game between deals. ``kit.TrickGame`` plays tricks with must-follow
and trumps as options, and keeps the plays it offers right however the cards move.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from tabletop import kit
from tabletop.engine.cards import Card, parse_cards
from tabletop.engine.state_zones import places
from tests.sessions import open_game


@dataclass
class CountState(kit.State):
    draw: list[Card] = kit.pile()
    hands: list[list[Card]] = kit.hands()
    kept: list[list[Card]] = kit.per_seat("Kept", keep=True)
    gone: list[Card] = kit.record()
    taps: list[int] = kit.seat_values(0)


class Count(kit.KitGame):
    """Each deal, every seat taps until it has tapped twice (a tap on a red card counts double and goes
    again); the seat that tapped most keeps a card; three deals."""

    name = "count-test"
    min_players, max_players = 3, 3
    State = CountState
    turn_order = kit.LEFT
    deck_file = "no-such-deck.toml"
    log: list[tuple[int, int, str]] = []

    def deal(self, state: CountState) -> kit.Moves:
        state.taps = [0] * self.players
        return kit.deal_packets(state, 2)

    def legal_actions(self, state: CountState) -> list[kit.Action]:
        return [kit.Action("tap", (card,)) for card in state.hands[self.mover(state)]]

    def apply(self, state: CountState, action: kit.Action, emit: kit.Emit) -> Any:
        me = self.mover(state)
        self.log.append((state.deals, me, action.cards[0].id))
        kit.move(state, action.cards, kit.hand_id(me), kit.hand_id(me))  # as good as nothing
        state.hands[me].remove(action.cards[0])
        state.gone.append(action.cards[0])
        state.taps[me] += 1
        return kit.AGAIN if action.cards[0].suit in "HD" and state.hands[me] else None

    def next_turn(self, state: CountState, seat: int) -> int:
        return next(s for s in [*self.others(seat), seat] if state.hands[s])  # a seat with no card is passed over

    def is_deal_over(self, state: CountState) -> bool:
        return not any(state.hands)

    def score_deal(self, state: CountState) -> list[int]:
        most = max(range(3), key=lambda seat: state.taps[seat])
        return [1 if seat == most else 0 for seat in range(3)]

    def is_game_over(self, state: CountState) -> bool:
        return state.deals >= 3


def test_a_declared_turn_order_moves_the_turn_and_again_keeps_it() -> None:
    Count.log.clear()
    session = open_game(Count(players=3), seed=2)
    state = session.state
    first = state.to_move
    assert first == (state.dealer + 1) % 3, "the seat after the dealer moves first"
    hand = list(state.hands[first])
    session.submit(session.legal_actions()[0])
    red = hand[0].suit in "HD"
    assert session.to_move == (first if red else (first + 1) % 3), "a red tap goes again, else the turn passes"


def test_deals_are_scored_dealt_again_and_the_game_ends_between_deals() -> None:
    Count.log.clear()
    game = Count(players=3)
    session = open_game(game, seed=5)
    chooser = random.Random(1)
    dealers = []
    while not session.is_over:
        dealers.append(session.state.dealer)
        session.submit(chooser.choice(session.legal_actions()))
    state = session.state
    assert state.deals == 3 and len(state.deal_points) == 3, "three deals, each scored"
    assert [sum(points) for points in state.deal_points] == [1, 1, 1] and sum(state.scores) == 3
    deal_of = {d for d, _, _ in Count.log}
    assert deal_of == {1, 2, 3}, "every deal was played to its end before the game ended"
    assert len(dict.fromkeys(dealers)) == 3, "the deal passed on each time"
    assert state.gone and not any(p.zone_id == "gone" for p in places(state, 3)), "a record is no zone"


class LastWord(Count):
    """A game whose end_game says a last word and leaves out the super() call: the game still ends."""

    def end_game(self, state: CountState, emit: kit.Emit) -> None:
        emit(kit.Moved((), "the end"))


@pytest.mark.parametrize("deals", [True, False])
def test_a_games_own_end_game_without_super_still_ends_the_game(deals: bool) -> None:
    cls = LastWord if deals else type("OneDeal", (LastWord,), {"is_deal_over": kit.KitGame.is_deal_over,
                                                               "is_game_over": lambda self, s: not any(s.hands)})
    session = open_game(cls(players=3), seed=5)
    chooser = random.Random(1)
    for _ in range(100):
        if session.is_over:
            break
        session.submit(chooser.choice(session.legal_actions()))
    assert session.is_over and session.to_move is None


def test_a_kept_zone_stays_from_deal_to_deal_and_out_of_the_shuffled_deck() -> None:
    game = Count(players=3)
    state = open_game(game, seed=3).state
    state.kept[0].append(state.hands[0][0])
    kept = state.kept[0][0]
    game.next_deal(state, kit.quiet)
    assert state.kept[0] == [kept], "a new deal does not gather a kept zone"
    assert Counter(game.deal_cards(state))[kept] == Counter(game.cards)[kept] - 1


def test_packets_are_cut_from_the_pile_seat_by_seat() -> None:
    holder = _Holder(draw=parse_cards("2S 3S 4S 5S 6S"), hands=[[], []], scores=[0, 0])
    moves = kit.deal_packets(holder, 2)
    assert holder.hands == [parse_cards("2S 3S"), parse_cards("4S 5S")] and holder.draw == parse_cards("6S")
    assert [(m.src, m.dst, m.backs) for m in moves] == [("draw", "hand:0", 2), ("draw", "hand:1", 2)]


@dataclass
class _Holder:
    draw: list[Card]
    hands: list[list[Card]]
    scores: list[int]


def test_status_none_shows_the_default_line() -> None:
    class Quiet(Count):
        name = "quiet-test"
        prompt = kit.N_("Tap a card")

        def status(self, state: CountState, seat: int) -> str | None:
            return None

    session = open_game(Quiet(players=3), seed=1)
    me = session.to_move
    assert me is not None
    assert session.table(me).status == "Tap a card"
    assert session.table((me + 1) % 3).status == f"Waiting for Seat {me + 1}"


# -- trick play ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class NoFollow:
    """Options of a trick game without must-follow, spades trumps."""

    must_follow: bool = kit.option(False)
    trump: str = kit.option("S", choices=("none", "S", "H", "D", "C", "turnup"))


class Free(kit.TrickGame):
    name, title, summary = "free-test", "Free", "Any card, any time."
    Options = NoFollow


def test_must_follow_off_offers_any_card_and_trumps_still_win() -> None:
    game = Free(players=3)
    session = open_game(game, seed=4)
    game.rig(session.state, ["2H 3C", "AH 4D", "2S 5D"], leader=0)
    session.submit(game.play_action(parse_cards("2H")[0]))
    assert {a.card.id for a in session.legal_actions()} == {"AH", "4D"}, "no need to follow"
    session.submit(game.play_action(parse_cards("4D")[0]))
    events = session.submit(game.play_action(parse_cards("2S")[0]))
    assert [e.seat for e in events if e.kind == "trick_won"] == [2], "the only trump takes it"
    assert session.state.voids == [set(), set(), set()], "not following says nothing without must-follow"


class Passing(kit.TrickGame):
    """Before the first lead of a deal, each seat passes a card to its left (a hearts-like pass)."""

    name, title, summary = "passing-test", "Passing", "Pass a card left, then play tricks."

    def legal_actions(self, state: kit.TrickState) -> Any:
        if state.phase == "pass":
            return [kit.Action("pass-card", (c,)) for c in state.hands[self.mover(state)]]
        return super().legal_actions(state)

    def start_deal(self, state: kit.TrickState, emit: kit.Emit) -> None:
        super().start_deal(state, emit)
        state.phase = "pass"

    def apply(self, state: kit.TrickState, action: kit.Action, emit: kit.Emit) -> Any:
        if state.phase != "pass":
            return super().apply(state, action, emit)
        me = self.mover(state)
        kit.move(state, action.cards, kit.hand_id(me), kit.hand_id(self.next_seat(me)))
        state.to_move = self.next_seat(me)
        if state.to_move == state.leader:
            state.phase = "play"
        return None


def test_cards_moved_by_the_kit_s_helpers_are_played_from_their_new_hands() -> None:
    game = Passing(players=4, options={"deals": 1})
    session = open_game(game, seed=9)
    chooser = random.Random(3)
    while not session.is_over:
        state = session.state
        if state.phase == "play":
            hand = state.hands[state.to_move]
            offered = [a.card for a in session.legal_actions()]
            led = [c for c in hand if state.trick and c.suit == state.led]
            assert sorted(c.id for c in offered) == sorted(c.id for c in (led or hand)), "plays follow the hand"
        session.submit(chooser.choice(session.legal_actions()))
    assert sum(session.scores()) == 13 and session.state.phase == "over"


def test_the_trick_tables_are_what_the_rules_compute_with_and_read_only() -> None:
    game = Free(players=3)
    tables = game.trick_tables()
    assert len(tables.deck) == 52 and tables.hand_size == 17 and tables.leaves_undealt
    assert tables.fixed_trump == "S" and [a.card for a in tables.plays] == list(tables.deck)
    with pytest.raises(TypeError):
        tables.strength[tables.deck[0]] = 99  # type: ignore[index]
