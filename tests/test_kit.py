"""The game kit: state as a dataclass whose card lists are zones, dealing by zone id with the moves to show,
an emit that is never None in a kit game (and still None for a plain game nobody watches), default
zones for a game that declares none, and a table that says what to declare when even those are missing."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from tabletop import kit
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card, parse_cards, standard_deck
from tabletop.engine.events import ActionTaken, Event
from tabletop.engine.game import Game, GameState
from tabletop.engine.state_zones import places, zones_of
from tabletop.engine.worlds import zone_lists
from tabletop.engine.zones import EVERYONE, FAN, NOBODY, OWNER, STACK, TOP
from tests.sessions import open_game


@dataclass
class SnapState(kit.State):
    draw: list[Card] = kit.pile()
    hands: list[list[Card]] = kit.hands()
    pot: list[Card] = kit.discard_pile(name="discard")
    shown: list[list[Card]] = kit.per_seat("Shown")
    won: list[list[Card]] = kit.per_seat("Won", visibility=NOBODY)
    passes: int = 0
    bids: list[int | None] = kit.seat_values(None)


class Snap(kit.KitGame):
    """Discard a card face up or show one in front of you; the game ends when every hand is empty."""

    name = "snap-test"
    min_players, max_players = 2, 4
    State = SnapState
    deck_file = "no-such-deck.toml"  # no file: the standard 52 cards
    seen_emits: list[Any] = []

    def deal(self, state: SnapState) -> kit.Moves:
        return kit.deal(state, 3)

    def legal_actions(self, state: SnapState) -> list[Action]:
        me = self.mover(state)
        hand = state.hands[me]
        return ([Action("discard", (c,), to="discard") for c in hand] + [Action("show", (c,), to=f"shown:{me}") for c in hand]
                or [Action("pass")])

    def apply(self, state: SnapState, action: Action, emit: kit.Emit) -> None:
        me = self.mover(state)
        self.seen_emits.append(emit)
        moves = kit.move(state, action.cards, kit.hand_id(me), action.to, seat=me) if action.to else ()
        emit(ActionTaken(me, action, moves))
        state.passes += action.kind == "pass"
        state.to_move = None if not any(state.hands) else self.next_seat(me)


def test_a_kit_state_is_a_dataclass_whose_card_lists_are_the_zones() -> None:
    game = Snap(players=3)
    session = open_game(game, seed=4)
    state = session.state
    assert len(state.hands) == 3 and all(len(h) == 3 for h in state.hands) and len(state.draw) == 52 - 9
    assert state.scores == [0, 0, 0] and state.bids == [None] * 3 and state.passes == 0
    zones = {z.id: z for z in game.zones(state)}
    assert [(z.id, z.visibility, z.hint) for z in list(zones.values())[:3]] == [
        ("hand:0", OWNER, FAN), ("hand:1", OWNER, FAN), ("hand:2", OWNER, FAN)]
    assert (zones["draw"].visibility, zones["draw"].hint, zones["discard"].visibility) == (NOBODY, STACK, TOP)
    assert zones["shown:1"].owner == 1 and zones["shown:1"].visibility == EVERYONE and zones["won:2"].visibility == NOBODY
    deal = session.take_events()[0]
    assert deal.kind == "deal_started" and deal.dealer == state.dealer and deal.hand_sizes == (3, 3, 3)
    assert deal.moves[0].dst == "draw" and all(not m.face_up and m.dst.startswith("hand:") for m in deal.moves[1:])
    assert game.badges(state)[state.dealer] == ("dealer",)
    # The seat to move first sits at the dealer's left, as dealt.
    assert state.to_move == (state.dealer + 1) % 3


def test_a_kit_game_always_gets_an_emit_and_a_plain_game_nobody_watches_still_gets_none() -> None:
    Snap.seen_emits.clear()
    session = open_game(Snap(players=2), [None, None], seed=1, events=False)
    session.submit(session.legal_actions()[0])
    assert Snap.seen_emits == [kit.quiet]
    watched = open_game(Snap(players=2), seed=1)
    watched.take_events()
    events = watched.submit(watched.legal_actions()[0])
    assert [e.kind for e in events] == ["action"] and events[0].moves[0].dst == "discard"

    got: list[Any] = []

    class Plain(Game):
        name = "plain-test"

        def setup(self, rng: random.Random, emit: Any) -> GameState:
            got.append(emit)
            state = GameState()
            state.to_move, state.scores = 0, [0, 0]
            return state

        def legal_actions(self, state: GameState) -> list[Action]:
            return [Action("end")]

        def apply(self, state: GameState, action: Action, emit: Any) -> None:
            got.append(emit)
            state.to_move = None

    open_game(Plain(), [None, None], seed=1, events=False).submit(Action("end"))
    assert got == [None, None]


def test_dealing_helpers_move_the_states_own_lists_and_show_only_what_may_be_seen() -> None:
    state = new_snap(players=2)
    state.draw[:] = parse_cards("2S 3S 4S 5S 6S 7S")
    assert kit.deal(state, 2) == (kit.Move("draw", "hand:0", backs=2, seat=0, face_up=False),
                                  kit.Move("draw", "hand:1", backs=2, seat=1, face_up=False))
    # Hands are kept sorted as cards arrive.
    assert [c.id for c in state.hands[0]] == ["5S", "7S"] and [c.id for c in state.hands[1]] == ["4S", "6S"]
    assert kit.draw(state, 1) == (kit.Move("draw", "hand:1", backs=1, seat=1, face_up=False),)
    assert [c.id for c in state.hands[1]] == ["3S", "4S", "6S"]
    seven = state.hands[0][1]
    assert kit.move(state, [seven], "hand:0", "discard", seat=0) == (kit.Move("hand:0", "discard", (seven,), seat=0),)
    # Between two hands the cards travel face down, unless the rules reveal them.
    four = state.hands[1][1]
    assert four.id == "4S"
    assert kit.move(state, [four], "hand:1", "hand:0")[0].backs == 1
    assert kit.move(state, [four], "hand:0", "hand:1", face_up=True)[0].cards == (four,)
    assert kit.refill(state, "shown:0", 2) == (kit.Move("draw", "shown:0", (parse_cards("2S")[0],)),)
    with pytest.raises(ValueError, match="zone hand:0 holds no"):
        kit.move(state, parse_cards("AH"), "hand:0", "discard")
    with pytest.raises(ValueError, match="no zone 'market' in this state"):
        kit.zone_cards(state, "market")
    before = Counter(c.id for p in places(state, 2) for c in p.cards)
    kit.shuffle(state, "hand:0")
    assert Counter(c.id for p in places(state, 2) for c in p.cards) == before
    gathered = kit.gather(state)
    assert sum(m.backs for m in gathered) == sum(before.values()) and not any(p.cards for p in places(state, 2))


def new_snap(players: int) -> SnapState:
    state = kit.State.__new__(SnapState)
    fresh = SnapState()
    vars(state).update(vars(fresh))
    state.rng = random.Random(1)
    state.hands = [[] for _ in range(players)]
    state.shown = [[] for _ in range(players)]
    state.won = [[] for _ in range(players)]
    state.scores = [0] * players
    state.dealer = players - 1
    return state


def test_a_seat_observes_its_own_hand_and_counts_of_the_others() -> None:
    game = Snap(players=3)
    session = open_game(game, seed=2)
    state = session.state
    seen = game.observe(state, 1)
    assert seen["hand"] == tuple(state.hands[1]) and seen["hands"] == (3, tuple(state.hands[1]), 3)
    assert seen["draw"] == len(state.draw) and seen["pot"] == () and seen["passes"] == 0
    assert seen["bids"] == (None, None, None) and "rng" not in seen
    view = session.view(1)
    assert view.hand == tuple(state.hands[1])


def test_observe_hands_gives_the_deal_the_dealer_the_seats_hand_and_every_hands_size() -> None:
    game = Snap(players=3)
    session = open_game(game, seed=2)
    state = session.state
    assert game.observe_hands(state, 2) == {"deal": 1, "dealer": state.dealer, "hand": tuple(state.hands[2]),
                                            "hand_counts": (3, 3, 3)}


def test_kit_templates_and_games_simulate_with_every_seat_a_bot() -> None:
    for seed in range(5):
        session = open_game(Snap(players=4), [_Random(seed), _Random(seed + 1), _Random(seed + 2), _Random(seed + 3)],
                            seed=seed)
        session.run()
        assert session.is_over and sorted(session.ranks())[0] == 1


class _Random:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Action:
        return self.rng.choice(view.legal)


# -- default zones --------------------------------------------------------------------------------
class Bare(Game):
    """A plain game that declares no zones: its state keeps hands, a deck, a market and won piles."""

    name = "bare-test"
    min_players = max_players = 2

    def setup(self, rng: random.Random, emit: Any) -> Any:
        deck = standard_deck()
        state = SimpleNamespace(to_move=0, scores=[0, 0], rng=rng, hands=[deck[:5], deck[5:10]], deck=deck[10:40],
                                market=deck[40:43], discard=deck[43:45], won=[deck[45:47], []], secret=deck[47:],
                                ranks=[1, 2], notes=[["x"], []])
        return state

    def legal_actions(self, state: Any) -> list[Action]:
        return [Action("end")]

    def apply(self, state: Any, action: Action, emit: Any) -> None:
        state.to_move = None


def test_a_game_without_zones_shows_its_hands_and_piles_and_hides_what_it_cannot_place() -> None:
    game = Bare()
    state = open_game(game, seed=1).state
    view = game.table(state, 0)
    shown = {z.id: z for z in view.zones}
    assert list(shown) == ["hand:0", "hand:1", "deck", "market", "discard", "won:0", "won:1", "secret"]
    assert shown["hand:0"].cards == tuple(state.hands[0]) and shown["hand:1"].cards == () and shown["hand:1"].count == 5
    assert shown["deck"].cards == () and shown["deck"].count == 30
    assert shown["market"].cards == tuple(state.market) and shown["discard"].cards == (state.discard[-1],)
    assert shown["won:0"].cards == () and shown["secret"].cards == () and shown["secret"].count == 5
    assert not any(r.label == "No zones" for r in view.info)
    assert [z.id for z in zones_of(state, 2)] == list(shown)


Hand = list[Card]


@dataclass
class AliasState:
    """A plain dataclass state whose hands are written with a name of the game's own."""

    to_move: int | None = 0
    scores: list[int] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)
    pile: list = field(default_factory=list)
    counts: list[int] = field(default_factory=list)


def test_a_dataclass_states_cards_are_found_whatever_name_their_type_is_written_with() -> None:
    deck = standard_deck()
    state = AliasState(to_move=0, scores=[0, 0], hands=[deck[:3], deck[3:5]], pile=deck[5:9], counts=[1, 2])
    assert [(p.zone_id, len(p.cards)) for p in places(state, 2)] == [("hand:0", 3), ("hand:1", 2), ("pile", 4)]


def test_a_game_whose_cards_are_nowhere_to_find_says_what_to_declare() -> None:
    class Hidden(Bare):
        def setup(self, rng: random.Random, emit: Any) -> Any:
            return SimpleNamespace(to_move=0, scores=[0, 0], rng=rng, cards={0: standard_deck()[:3]})

    view = Hidden().table(open_game(Hidden(), seed=1).state, 0)
    assert view.zones == ()
    (row,) = [r for r in view.info if r.label == "No zones"]
    assert row.text == "keep cards in lists or define zones(state)"
    assert view.status == "bare-test shows no cards: define zones(state) (see the side panel)"


def test_every_kit_export_is_documented_and_importable() -> None:
    for name in kit.__all__:
        value = getattr(kit, name)
        if callable(value) and getattr(value, "__module__", "").startswith("tabletop.kit"):
            assert value.__doc__, name


def test_events_of_a_kit_game_are_plain_events() -> None:
    session = open_game(Snap(players=2), seed=3)
    events: list[Event] = session.take_events()
    while not session.is_over:
        events += session.submit(session.legal_actions()[0])
    assert events[-1].kind == "game_over" and all(isinstance(e, Event) for e in events)


def test_two_hands_holding_the_same_copies_are_told_apart_when_worlds_are_sampled() -> None:
    cod = parse_cards("AS")[0]

    class Copies(Bare):
        def setup(self, rng: random.Random, emit: Any) -> Any:
            return SimpleNamespace(to_move=0, scores=[0, 0], rng=rng, hands=[[cod], [cod], ], draw=parse_cards("KH QH"))

    game = Copies()
    state = open_game(game, seed=1).state
    lists = zone_lists(game, state, game.zones(state))
    assert lists["hand:0"] is state.hands[0] and lists["hand:1"] is state.hands[1] and lists["draw"] is state.draw
    for seed in range(20):
        world = game.determinize(state, 0, random.Random(seed))
        assert world.hands[0] == [cod], "a seat's own hand is never dealt anew"
        assert Counter(c.id for c in world.hands[1] + world.draw) == Counter(["AS", "KH", "QH"])


def test_a_card_kept_outside_the_zones_is_not_observed() -> None:
    @dataclass
    class Secret(SnapState):
        set_aside: Card | None = None
        aside: list[Card] = field(default_factory=list)

    class SecretSnap(Snap):
        State = Secret

        def deal(self, state: Any) -> kit.Moves:
            state.set_aside = state.draw.pop()
            state.aside = [state.draw.pop()]
            return super().deal(state)

    game = SecretSnap(players=2)
    state = open_game(game, seed=1).state
    seen = game.observe(state, 0)
    assert "set_aside" not in seen and seen["aside"] == 1 and seen["passes"] == 0  # a list of cards: a hidden pile
    assert state.set_aside not in {c for v in seen.values() if isinstance(v, tuple) for c in v if isinstance(c, Card)}


@dataclass
class Tally:
    """A mutable record a designer might keep per seat."""

    count: int = 0


@dataclass
class RecordState(kit.State):
    draw: list[Card] = kit.pile()
    hands: list[list[Card]] = kit.hands()
    tallies: list[Tally] = field(default_factory=list)
    current: list[Card] = field(default_factory=list)
    seen: dict[int, list[Card]] = field(default_factory=dict)


def test_a_copied_kit_state_shares_nothing_that_changes_and_keeps_a_list_two_fields_hold_as_one() -> None:
    deck = standard_deck()
    state = RecordState(to_move=0, scores=[0, 0], draw=deck[10:], hands=[deck[:5], deck[5:10]],
                        tallies=[Tally(), Tally()], seen={0: deck[:2]})
    state.rng = random.Random(3)
    state.current = state.hands[1]  # "the hand being played from", the same list as seat 1's hand
    copy = Snap().clone_state(state, random.Random(9))
    copy.tallies[0].count += 1
    copy.hands[1].pop()
    copy.seen[0].append(deck[20])
    copy.draw.clear()
    assert state.tallies[0].count == 0 and len(state.hands[1]) == 5 and len(state.seen[0]) == 2 and state.draw
    assert copy.current is copy.hands[1] and len(copy.current) == 4
    assert copy.hands[0] == state.hands[0] and copy.hands[0] is not state.hands[0]
    assert copy.rng.random() == random.Random(9).random()
