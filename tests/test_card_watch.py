"""Card journeys: what the watch learns of every card from the zones alone, checked against what really happened.

Each test plays real games through :class:`CardWatch` and compares its facts (dealt, drawn, bought,
played, discarded, won, kept) with the actions taken and the zones' contents, for built-in games, the
market template made with ``tabletop new`` and a game written here that the watch has never seen.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import kit
from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import ActionTaken, DealStarted
from tabletop.engine.game import Emit, Game, GameState
from tabletop.engine.rng import derive_seed, shuffled
from tabletop.engine.session import Session
from tabletop.engine.zones import EVERYONE, FAN, NOBODY, ROW, STACK, Move, Zone, items
from tabletop.kit import N_
from tabletop.plugins import discovery as plugins
from tabletop.plugins.registry import game_class, make_game, make_seats
from tabletop.scaffold import create_game
from tabletop.sim.percard.cards import CardWatch, Journeys
from tabletop.sim.percard.cardstats import CardTally, Seen
from tabletop.sim.percard.journeys import (
    DEALT,
    DISCARDED,
    DRAWN,
    KEPT,
    PASSED,
    PLAYED,
    SHED,
    TAKEN,
    WON,
)
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry"]


def _play(game: Game, seed: int, bots: list[str] | None = None) -> tuple[Journeys, Session, CardWatch, list[Any]]:
    """Play one game through a watch; return its journeys, the session, the watch and every (seat, action)."""
    watch = CardWatch(game)
    watch.begin(1)
    seats = make_seats(bots or ["random"] * game.players, game, seed)
    session = open_game(watch, seats, seed=seed, events=False)  # type: ignore[arg-type]
    actions: list[Any] = []
    session.on_move = lambda _i, seat, action, _forced, _events: actions.append((seat, action))
    session.run()
    watch.end(session.scores(), session.ranks())
    return watch.take(), session, watch, actions


def _bits(mask: int) -> list[int]:
    return [u for u in range(mask.bit_length()) if mask >> u & 1]


def _per_unit(book: Journeys, kind: int) -> dict[int, Counter[str]]:
    """Return, per unit, the cards (with times) it made ``kind`` of move with."""
    out: dict[int, Counter[str]] = {}
    for card, (mask, _times, _moves, _rounds) in book.facts[kind].items():
        for unit in _bits(mask):
            out.setdefault(unit, Counter())[card] += 1
    return out


def test_trick_taking_journeys_follow_the_deal_the_plays_and_the_tricks() -> None:
    game = make_game("trick-taking", players=3, options={"deals": "2", "scoring": "tricks"})
    book, session, watch, _actions = _play(game, derive_seed(5, "game", 1))
    assert (watch.deals, watch.tricks, book.units) == (2, 34, 6)
    dealt, played, won = (_per_unit(book, k) for k in (DEALT, PLAYED, WON))
    for deal in range(2):
        units = [deal * 3 + seat for seat in range(3)]
        cards = [card for u in units for card in dealt[u]]
        assert len(cards) == len(set(cards)) == 51  # one card stays undealt; no card dealt twice in a deal
        for u in units:
            assert dealt[u] == played[u]  # a seat plays exactly the cards it was dealt
            assert sum(won.get(u, Counter()).values()) == 3 * book.points[u]  # 3 cards a trick, a point a trick
        assert sum(book.points[u] or 0 for u in units) == 17
    assert [sum(book.points[d * 3 + s] or 0 for d in range(2)) for s in range(3)] == session.scores()
    assert sum(book.played.values()) == 102 and sum(book.took.values()) == 34


def test_the_same_game_with_and_without_the_watch() -> None:
    seed = derive_seed(8, "game", 3)
    game = make_game("birdhead", players=4)
    seats = make_seats(["random"] * 4, game, seed)
    plain = open_game(game, seats, seed=seed, events=False)
    plain.run()
    book, watched, _watch, _actions = _play(game, seed)
    assert (watched.scores(), watched.moves) == (plain.scores(), plain.moves)
    assert book.facts[DEALT] and book.facts[PLAYED]


@pytest.mark.parametrize(("name", "bots"), [("trick-taking", ["greedy"] * 4), ("birdhead", ["shedder"] * 3)])
def test_bots_that_read_facts_play_their_own_moves_while_cards_are_watched(name: str, bots: list[str]) -> None:
    # --report watches the cards through a wrapper game: the bots must still read their views, not fall back.
    seed = derive_seed(8, "game", 4)
    game = make_game(name, players=len(bots))
    plain = open_game(game, bots, seed=seed, events=False)
    plain.run()
    _book, watched, _watch, _actions = _play(game, seed, bots)
    assert watched.faults == [] and plain.faults == []
    assert (watched.scores(), watched.moves) == (plain.scores(), plain.moves)


@pytest.mark.parametrize("seed", range(4))
def test_draw_poker_names_the_cards_discarded_and_drawn_face_down(seed: int) -> None:
    game = make_game("draw-poker", players=3, options={"deals": "1"})
    book, _session, watch, _actions = _play(game, seed)
    assert watch.tricks == 1 and book.contest == "showdown"
    dealt, discarded, drawn, kept = (_per_unit(book, k) for k in (DEALT, DISCARDED, DRAWN, KEPT))
    for seat in range(3):
        hand = dealt[seat]
        assert sum(hand.values()) == 5
        assert not discarded.get(seat, Counter()) - hand  # only cards it held
        assert not drawn.get(seat, Counter()) & hand  # new cards only
        # What it showed is what it kept: the deal, less its discards, plus its draws.
        assert kept[seat] == hand - discarded.get(seat, Counter()) + drawn.get(seat, Counter())


# -- the market template, as a designer makes it --------------------------------------------------
NAME = "watched-market"


@pytest.fixture(scope="module")
def market_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("games")
    create_game(NAME, folder, template="market")
    return folder


@pytest.fixture
def market(market_dir: Path, clean_registry: None) -> Iterator[type]:
    plugins.discover(market_dir)
    yield game_class(NAME)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_market_journeys_match_the_actions_taken(market: type, seed: int, players: int) -> None:
    game = market(players=players)
    book, session, watch, actions = _play(game, seed)
    kinds = Counter(action.kind for _seat, action in actions)
    times = {k: sum(entry[1] for entry in book.facts[k].values()) for k in (DEALT, DRAWN, TAKEN, PLAYED, DISCARDED, SHED)}
    assert times[DEALT] == players * game.options.hand
    assert times[TAKEN] == kinds["buy"]
    assert times[DRAWN] == kinds["draw"]
    assert times[DISCARDED] + times[SHED] == kinds["pay"]  # onto the face-up pile: the tally calls them discards
    assert times[PLAYED] == sum(len(a.cards) for _s, a in actions if a.kind == "meld")
    bought = {(seat, action.cards[0].id) for seat, action in actions if action.kind == "buy"}
    taken = _per_unit(book, TAKEN)
    assert {(u, card) for u, cards in taken.items() for card in cards} == bought  # who bought what
    tableaux = {z.owner: Counter(c.id for c in z.cards) for z in game.zones(session.state) if z.id.startswith("tableau")}
    kept = _per_unit(book, KEPT)
    assert {seat: kept.get(seat, Counter()) for seat in range(players)} == {
        seat: Counter(dict.fromkeys(tableaux[seat], 1)) for seat in range(players)}
    assert sum(book.offered.values()) >= game.options.market
    assert book.areas["Tableau"] == [(sum(tableaux[s].values()), int(session.ranks()[s] == 1)) for s in range(players)]
    assert watch.deals == 1 and book.units == players


# -- a game the watch has never seen: no "hand" observation, a zone that appears mid-game -----------
class Relay(Game):
    """Seats draw face down into their hands, pass a card to the left, or lay one in a row that appears later."""

    name = "relay-test"
    min_players = max_players = 2
    CARDS = [Card(f"r{i}", value=i % 3, suit="x") for i in range(12)]

    def deck(self) -> list[Card]:
        return list(self.CARDS)

    def setup(self, rng: random.Random, emit: Emit) -> Any:
        state = GameState()
        state.rng, state.to_move, state.scores = rng, 0, [0, 0]
        state.pile = shuffled(self.CARDS, rng)  # type: ignore[attr-defined]
        state.hands = [[state.pile.pop(), state.pile.pop()] for _ in range(2)]  # type: ignore[attr-defined]
        state.row = []  # type: ignore[attr-defined]
        state.turns = 10  # type: ignore[attr-defined]
        if emit is not None:
            emit(DealStarted(1, 0, (2, 2)))
        return state

    def legal_actions(self, state: Any) -> list[Action]:
        hand = state.hands[state.to_move]
        return ([Action("draw")] if state.pile else []) + [Action("pass", (c,)) for c in hand] + [
            Action("lay", (c,)) for c in hand] or [Action("wait")]

    def apply(self, state: Any, action: Action, emit: Emit) -> None:
        seat = state.to_move
        moved: tuple[Move, ...] = ()
        if action.kind == "draw":
            state.hands[seat].append(state.pile.pop())
            state.hands[seat].sort(key=lambda c: c.id)
            moved = (Move("pile", f"hand:{seat}", backs=1, seat=seat, face_up=False),)
        elif action.kind == "pass":
            state.hands[seat].remove(action.cards[0])
            state.hands[1 - seat].append(action.cards[0])
            moved = (Move(f"hand:{seat}", f"hand:{1 - seat}", backs=1, seat=seat, face_up=False),)
        elif action.kind == "lay":
            state.hands[seat].remove(action.cards[0])
            state.row.append(action.cards[0])
            moved = (Move(f"hand:{seat}", "row", action.cards, seat=seat),)
        if emit is not None:
            emit(ActionTaken(seat, action, moved))
        state.turns -= 1
        state.to_move = 1 - seat if state.turns else None
        if state.to_move is None:
            state.scores = [len(h) for h in state.hands]

    def zones(self, state: Any) -> list[Zone]:
        zones = [Zone("pile", hint=STACK, visibility=NOBODY, items=items(state.pile)),
                 *(Zone(f"hand:{s}", owner=s, hint=FAN, visibility=EVERYONE, items=items(state.hands[s], s))
                   for s in range(2))]
        if state.row:
            zones.append(Zone("row", hint=ROW, items=items(state.row)))
        return zones


@pytest.mark.parametrize("seed", range(8))
def test_a_game_without_a_hand_observation_and_with_a_late_zone(seed: int) -> None:
    game = Relay()
    book, _session, _watch, actions = _play(game, seed)
    dealt, drawn, played = (_per_unit(book, k) for k in (DEALT, DRAWN, PLAYED))
    assert sum(sum(c.values()) for c in dealt.values()) == 4
    assert sum(e[1] for e in book.facts[DRAWN].values()) == sum(a.kind == "draw" for _s, a in actions)
    laid = {(seat, a.cards[0].id) for seat, a in actions if a.kind == "lay"}
    assert {(u, c) for u, cards in played.items() for c in cards} == laid
    passes = sum(a.kind == "pass" for _s, a in actions)
    assert sum(e[1] for e in book.facts[PASSED].values()) == passes  # passed on face down: learnt from the hands


def test_a_batch_and_a_tally_add_their_shared_counts_the_same_way() -> None:
    from tabletop.sim.percard.cards import Journeys
    from tabletop.sim.percard.cardstats import CardTally
    from tabletop.sim.percard.journeys import Counts

    book = Journeys(0, offered={"QH": 2}, played={"QH": 1, "2C": 3}, took={"2C": 1}, tricks=4, contest="trick",
                    kept=1, laid_out=2)
    counts = Counts(played={"QH": 5}, contest="showdown", kept=3)
    counts.add_counts(book)
    assert (counts.offered, counts.played, counts.took) == ({"QH": 2}, {"QH": 6, "2C": 3}, {"2C": 1})
    assert (counts.tricks, counts.contest, counts.kept, counts.laid_out) == (4, "showdown", 4, 2)
    tally = CardTally(played={"QH": 5}, contest="showdown", kept=3)
    tally.add(book)
    merged = CardTally()
    merged.merge(tally)
    for totals in (tally, merged):
        assert {name: getattr(totals, name) for name in vars(counts)} == vars(counts)


def test_card_tallies_are_the_same_however_the_games_are_split() -> None:
    from tabletop.sim.percard.cardstats import CardTally, Watching
    from tabletop.sim.run.runner import SimConfig, Task, play_task

    config = SimConfig(game="trick-taking", players=4, bots=("random",) * 4, seed=3, games=9,
                       options={"deals": "2"})
    watching = Watching("rank", 2)  # batches of two games: a chunk ends mid-batch below
    whole = play_task(Task(0, config, 1, 10, watching)).cards
    parts = [play_task(Task(0, config, start, stop, watching)).cards for start, stop in ((1, 4), (4, 8), (8, 10))]
    merged = CardTally()
    for part in reversed(parts):
        assert part is not None
        merged.merge(part)
    assert whole is not None
    assert all(isinstance(card, str) for _kind, card in whole.cards)
    assert (merged.totals, merged.cards, merged.peers, merged.played, merged.took) == (
        whole.totals, whole.cards, whole.peers, whole.played, whole.took)
    assert sum(seen.times for (kind, _c), seen in whole.cards.items() if kind == DEALT) == 9 * 2 * 52
    assert {group for _kind, group in whole.peers} == {f"rank {r}" for r in ("2", "3", "4", "5", "6", "7", "8", "9",
                                                                            "10", "J", "Q", "K", "A")}


JOURNEYS = """
import json
from tabletop.sim.percard.cardstats import Watching
from tabletop.sim.run.runner import SimConfig, Task, play_task
out = {}
for name, players, options in (("trick-taking", 4, {"deals": "2", "trump": "turnup"}), ("draw-poker", 3, {}),
                               ("birdhead", 4, {})):
    config = SimConfig(game=name, players=players, bots=("random",) * players, seed=5, games=6, options=options)
    tally = play_task(Task(0, config, 1, 7, Watching("", 2))).cards
    out[name] = sorted([kind, card, seen.times, seen.moves, seen.rounds, sorted(seen.batches.items())]
                       for (kind, card), seen in tally.cards.items())
print(json.dumps(out))
"""


def test_the_compiled_watch_learns_what_the_pure_python_one_does() -> None:
    import json
    import os
    import subprocess
    import sys

    runs = []
    for pure in ("0", "1"):
        env = {**os.environ, "TABLETOP_PURE_PYTHON": pure}
        done = subprocess.run([sys.executable, "-c", JOURNEYS], env=env, capture_output=True, text=True, timeout=HANG)
        assert done.returncode == 0, done.stderr
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
    assert all(runs[0].values())


# -- a shedding game: cards are played onto the discard pile, every hand is laid out at the end --------
@dataclass
class EightsState(kit.State):
    draw: list[Card] = kit.pile()
    discard: list[Card] = kit.discard_pile()
    hands: list[list[Card]] = kit.hands()
    shown: list[list[Card]] = kit.per_seat(N_("Left in hand"))


class Eights(kit.KitGame):
    """Play a card of the suit or rank on top of the discard pile, or draw; the hands are laid out at the end."""

    name, title, summary = "watched-eights", "Eights", N_("Shed your hand onto the discard pile.")
    min_players, max_players, default_players = 2, 4, 3
    State = EightsState
    turn_order = kit.LEFT

    def deal(self, state: EightsState) -> kit.Moves:
        return kit.deal(state, 5) + kit.move(state, [state.draw[-1]], kit.DRAW, kit.DISCARD)

    def _plays(self, state: EightsState, seat: int) -> list[Action]:
        top = state.discard[-1]
        return [Action("play", (c,)) for c in state.hands[seat] if c.suit == top.suit or c.rank == top.rank]

    def legal_actions(self, state: EightsState) -> list[Action]:
        me = self.mover(state)
        return self._plays(state, me) or ([kit.draw_action(me)] if state.draw else [kit.PASS])

    def apply(self, state: EightsState, action: Action, emit: kit.Emit) -> None:
        me = self.mover(state)
        moves: kit.Moves = ()
        if action.kind == "play":
            moves = kit.move(state, list(action.cards), kit.hand_id(me), kit.DISCARD, seat=me)
        elif action.kind == "draw":
            moves = kit.draw(state, me)
        emit(kit.ActionTaken(me, action, moves))

    def is_game_over(self, state: EightsState) -> bool:
        return not all(state.hands) or not state.draw and not any(self._plays(state, s) for s in self.seats)

    def end_game(self, state: EightsState, emit: kit.Emit) -> None:
        """Lay every hand out face up, as the rules count it: no seat plays those cards."""
        moves: kit.Moves = ()
        for seat in self.seats:
            state.scores[seat] = -len(state.hands[seat])
            moves += kit.move(state, list(state.hands[seat]), kit.hand_id(seat), f"shown:{seat}", seat=seat)
        emit(kit.Moved(moves))
        super().end_game(state, emit)


def _tally(game: Game, seeds: range) -> tuple[CardTally, list[Any]]:
    tally, actions = CardTally(), []
    for seed in seeds:
        book, _session, _watch, played = _play(game, seed)
        tally.add(book)
        actions += played
    return tally, actions


def test_a_shedding_games_report_leads_with_the_cards_played_onto_the_discard_pile() -> None:
    tally, actions = _tally(Eights(players=3), range(6))
    kinds = tally.kinds()
    assert kinds[0] == PLAYED and DISCARDED not in kinds
    played = sum(seen.times for (kind, _card), seen in tally.cards.items() if kind == PLAYED)
    assert played == sum(1 for _seat, action in actions if action.kind == "play") > 0  # the plays, not the hands shown
    assert kinds[-1] == KEPT  # the hands laid out at the end were nobody's choice: they never lead


def test_draw_poker_leads_with_its_discards_not_the_hands_shown() -> None:
    tally, _actions = _tally(make_game("draw-poker", players=3, options={"deals": "1"}), range(4))
    kinds = tally.kinds()
    assert kinds[0] == DISCARDED and PLAYED not in kinds and kinds[-1] == KEPT


def test_a_market_still_discards_its_payments() -> None:
    """A game that plays cards elsewhere (melds on a tableau) keeps its discards onto the face-up pile as discards."""
    tally = CardTally()
    tally.cards[(PLAYED, "a")], tally.cards[(SHED, "b")] = Seen(times=1), Seen(times=2)
    assert tally.kinds() == [PLAYED, DISCARDED] and tally.cards[(DISCARDED, "b")].times == 2
