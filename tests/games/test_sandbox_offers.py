"""The sandbox's kept moves: what each zone offers is remembered in the state until a mechanic changes it.

Every list of legal actions (and a bot's share of it) must be the one a freshly built table lists
for a fresh copy of the cards: after each mechanic, on a clone changed apart from its original, on a
world dealt anew, after a scenario, and on a copy whose hidden cards a checker renamed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.arrange import Placement, Scenario
from tabletop.engine.snapshot import copy_state, renamed
from tabletop.games.sandbox import SandboxGame
from tabletop.games.sandbox import moves as sandbox_moves
from tabletop.games.sandbox.state import (
    SandboxState,
    put,
    put_all,
    shuffle,
    take,
    take_all,
    take_card,
    turn_card,
    turn_over,
)
from tests.games.test_sandbox import games_dir, harbour
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry", "games_dir"]


def fresh_copy(state: SandboxState) -> SandboxState:
    """Return the same table built anew: new lists, nothing remembered."""
    copy = SandboxState(state.rng, {z: list(c) for z, c in state.cards.items()},
                        {c: list(v) for c, v in state.counters.items()}, len(state.revealed))
    copy.down = {z: list(f) for z, f in state.down.items()}
    copy.revealed, copy.to_move = list(state.revealed), state.to_move
    return copy


def bot_share(game: SandboxGame, legal: tuple[Action, ...], seat: int) -> tuple[Action, ...]:
    """What a bot in ``seat`` is offered, worked out here action by action (the rule, not the memo)."""
    owners = {p.id: p.owner for p in game.places if p.owner is not None}
    return tuple(a for a in legal if a.kind not in ("end", "deal") and a.seat in (None, seat)
                 and owners.get(a.zone or "", seat) == seat and owners.get(a.to or "", seat) == seat)


def assert_fresh(game: SandboxGame, state: SandboxState, what: str) -> None:
    """Every seat's legal actions and bot share, as kept, equal a fresh table's on a fresh copy of the cards."""
    fresh = sandbox_moves.TableMoves(game.table_spec, game.places, game.players)
    again = fresh_copy(state)
    for seat in range(game.players):
        kept = tuple(game._moves.legal(state, seat))
        assert kept == tuple(fresh.legal(again, seat)), f"seat {seat + 1} after {what}: a zone's moves are stale"
        assert game._moves.for_bot(kept, seat) == bot_share(game, kept, seat), f"seat {seat + 1}'s bot share"


def mechanics(state: SandboxState, rng: random.Random) -> list[tuple[str, Callable[[], object]]]:
    """Each mechanic once, on zones chosen by ``rng`` (those it can act on now)."""
    full = [z for z, cards in state.cards.items() if cards]
    src, dst = rng.choice(full), rng.choice(list(state.cards))
    card = rng.choice(state.cards[src])
    index = rng.randrange(len(state.cards[src]))
    return [
        ("take", lambda: put(state, dst, take(state, src), down=rng.random() < 0.5)),
        ("take_card", lambda: put(state, dst, take_card(state, src, card), down=False)),
        ("take_all", lambda: put_all(state, dst, take_all(state, src), down=rng.random() < 0.5)),
        ("turn_card", lambda: turn_card(state, src, index, down=not state.down[src][index])),
        ("turn_over", lambda: turn_over(state, src)),
        ("shuffle", lambda: shuffle(state, src, down=rng.random() < 0.5)),
    ]


def test_every_mechanic_forgets_what_its_zones_offered(games_dir: Path) -> None:
    game = harbour(games_dir, 3)
    state = open_game(game, [None] * 3, seed=11).state
    rng = random.Random(11)
    for step in range(300):
        assert_fresh(game, state, f"step {step}")  # every zone's moves are kept now
        name, change = rng.choice(mechanics(state, rng))
        change()
        assert_fresh(game, state, f"{name} (step {step})")


def test_a_clone_changed_apart_from_its_original_keeps_its_own_moves(games_dir: Path) -> None:
    game = harbour(games_dir, 3)
    state = open_game(game, [None] * 3, seed=5).state
    rng = random.Random(5)
    for step in range(60):
        assert_fresh(game, state, f"step {step}")
        clone = game.clone_state(state, random.Random(step))
        assert clone.offers == state.offers, "a clone keeps what its zones offer"
        for one in (state, clone):
            name, change = rng.choice(mechanics(one, rng))
            change()
        assert_fresh(game, state, f"the original changed apart from its clone (step {step})")
        assert_fresh(game, clone, f"the clone changed apart from its original (step {step})")
        state = clone if step % 2 else state


def test_played_moves_worlds_and_a_scenario_list_fresh_moves(games_dir: Path) -> None:
    game = harbour(games_dir, 3)
    session = open_game(game, [None] * 3, seed=8)
    rng = random.Random(8)
    kinds: set[str] = set()
    for step in range(400):
        state = session.state
        assert_fresh(game, state, f"move {step}")
        if step % 5 == 0:
            world = game.determinize(state, state.to_move, random.Random(step))
            assert_fresh(game, world, f"a world dealt anew (move {step})")
        legal = [a for a in session.legal_actions() if a.kind != "end"]
        # Every kind of move comes up: the rarer ones (a flip, a whole pile) are chosen more often.
        rare = [a for a in legal if a.kind not in ("move", "count")]
        action = rng.choice(rare if rare and rng.random() < 0.5 else legal)
        kinds.add(action.kind)
        session.submit(action)
    assert kinds >= {"move", "move_pile", "deal", "shuffle", "flip", "show", "hide", "pass", "count"}, kinds
    hand = session.state.cards["hand:0"]
    game.legal_actions(session.state)
    assert hand, "the scenario below swaps a card into a hand that holds some"
    wanted = next(c for c in game.deck() if c not in hand)
    game.arrange(session.state, Scenario("test.toml", (Placement("hand:0", (wanted.id,)),)))
    assert_fresh(game, session.state, "a scenario")


def test_a_copy_remembers_nothing_that_could_name_other_cards(games_dir: Path) -> None:
    game = harbour(games_dir, 2)
    state = open_game(game, [None, None], seed=3).state
    for seat in range(2):
        game._moves.legal(state, seat)
    assert state.offers and not copy_state(state).offers, "an undo snapshot lists its moves anew"
    # A checker's world with another seat's hand renamed: kept moves would name (and relabel) the old cards.
    theirs, ours = state.cards["hand:1"], state.cards["hand:0"]
    spare = [c for c in game.deck() if c not in theirs and c not in ours and c.id != theirs[0].id]
    labels = {a: a.label for a in game._moves.legal(state, 1)}
    world = renamed(state, {theirs[0]: spare[0]})
    assert not world.offers
    assert_fresh(game, world, "renaming a hidden card")
    assert {a: a.label for a in game._moves.legal(state, 1)} == labels, "no action was relabelled"


def test_a_snapshot_is_the_same_whatever_was_listed(games_dir: Path) -> None:
    # Undo, replays and the checker compare snapshots: the kept moves are no part of the table.
    game = harbour(games_dir, 3)
    state = open_game(game, [None] * 3, seed=2).state
    before = game.snapshot(state)
    for seat in range(3):
        game._moves.legal(state, seat)
    assert game.snapshot(state) == before


@pytest.mark.parametrize("players", [2, 4])
def test_bots_get_their_share_of_every_list(games_dir: Path, players: int) -> None:
    game = harbour(games_dir, players)
    session = open_game(game, [None] * players, seed=players)
    rng = random.Random(players)
    for _ in range(150):
        legal, seat = session.legal_actions(), session.to_move
        assert seat is not None
        assert game.bot_actions(session.state, legal) == bot_share(game, legal, seat)
        shown = [a for a in legal if a.kind != "end"]
        session.submit(rng.choice(shown))
