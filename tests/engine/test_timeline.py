"""Undo and seeking: snapshots put a game back exactly; undone games log and replay to the same end."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.actions import Action
from tabletop.engine.session import Session
from tabletop.engine.timeline import Timeline, seen_cards
from tabletop.formats.log import GameLog
from tabletop.plugins import registry
from tabletop.plugins.replays import replay
from tests.sessions import open_game

GAMES = [("trick-taking", 4, {"deals": 1}), ("trick-taking", 3, {"deals": 1, "scoring": "bid", "trump": "turnup"}),
         ("draw-poker", 3, {"deals": 2}), ("birdhead", 3, {})]
SEATS = ["human", "random", "random", "random"]


def live(path: Path, name: str, players: int, options: dict[str, Any], seed: int,
         *, watch: tuple[int, ...] = ()) -> tuple[Session, Timeline, GameLog]:
    """A game with a human in seat 1 and random bots, logged, followed by a timeline."""
    game = registry.make_game(name, players=players, options=options)
    names = SEATS[:players]
    log = GameLog.create(path, game=game, seat_names=names, seed=seed)
    session = open_game(game, names, seed=seed, log=log)
    return session, Timeline(session, watch=watch), log


def play(session: Session, pick: random.Random, until: int | None = None,
         script: list[Action] | None = None) -> list[Action]:
    """Play on (bots by themselves, the human by ``script`` first, then ``pick``); return the human's moves."""
    chosen: list[Action] = []
    script = list(script or [])
    while not session.is_over and (until is None or session.moves < until):
        session.advance(max_moves=1 if until is not None else None)
        if session.waiting_for_human and (until is None or session.moves < until):
            legal = session.legal_actions()
            action = script.pop(0) if script else legal[pick.randrange(len(legal))]
            session.submit(action)
            chosen.append(action)
    return chosen


def actions_of(path: Path) -> list[dict[str, Any]]:
    """Return the action and undo lines of a log, without when they were made and how long they took."""
    lines = [r for r in map(json.loads, path.read_text().splitlines()) if r["type"] in ("action", "undo")]
    return [{k: v for k, v in r.items() if k not in ("at", "think")} for r in lines]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 10_000), back=st.floats(0, 1))
def test_undo_then_the_same_decisions_give_the_same_game_and_log(tmp_path: Path, case: Any, seed: int,
                                                                 back: float) -> None:
    name, players, options = case
    first = tmp_path / f"first-{seed}.jsonl"
    first.unlink(missing_ok=True)  # hypothesis may try the same seed again (a log is never written over)
    session, timeline, log = live(first, name, players, options, seed)
    mine = play(session, random.Random(seed))
    log.close()
    end_state = session.game.snapshot(session.state)
    moves = actions_of(first)

    again = tmp_path / f"again-{seed}.jsonl"
    again.unlink(missing_ok=True)
    session, timeline, log = live(again, name, players, options, seed)
    play(session, random.Random(seed))
    undo_to = timeline.decisions()[int(back * (len(timeline.decisions()) - 1))]
    timeline.rewind(undo_to)
    kept = sum(1 for step in timeline.steps if step.seat == 0)
    play(session, random.Random(0), script=mine[kept:])
    log.close()
    assert session.game.snapshot(session.state) == end_state
    records = actions_of(again)
    undo = next(i for i, r in enumerate(records) if r["type"] == "undo")
    assert records[undo] == {"type": "undo", "to": undo_to}
    assert records[undo + 1:] == moves[undo_to:], "after the undo, the log repeats the same moves"
    result = replay(again)
    assert result.undos == 1 and result.complete
    assert session.game.snapshot(result.session.state) == end_state


def test_undo_to_a_bots_decision_lets_it_decide_the_same_again(tmp_path: Path) -> None:
    session, timeline, log = live(tmp_path / "g.jsonl", "trick-taking", 4, {"deals": 1}, 5)
    play(session, random.Random(1), until=30)
    target = next(p for p in reversed(timeline.decisions()) if timeline.steps[p].seat != 0)
    was = timeline.steps[target].action
    timeline.rewind(target)
    session.advance(max_moves=1)
    assert timeline.steps[target].action is was and session.moves == target + 1
    log.close()


def test_an_undone_game_can_go_another_way_and_still_replays(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    session, timeline, log = live(path, "trick-taking", 4, {"deals": 1}, 8)
    play(session, random.Random(2), until=20)
    for _ in range(3):
        target = timeline.last_move_of(0)
        assert target is not None
        timeline.rewind(target)
        play(session, random.Random(target), until=target + 6)
    play(session, random.Random(9))
    log.close()
    end = session.game.snapshot(session.state)
    result = replay(path)
    assert result.undos == 3 and session.game.snapshot(result.session.state) == end


@settings(max_examples=8, deadline=None)
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 10_000), data=st.data())
def test_seeking_anywhere_equals_replaying_from_the_start(case: Any, seed: int, data: st.DataObject) -> None:
    name, players, options = case
    game = registry.make_game(name, players=players, options=options)
    played = open_game(game, ["random"] * players, seed=seed)
    line: list[Action] = []
    played.on_move = lambda i, s, a, f, e: line.append(a)
    played.run()
    timeline = Timeline(open_game(game, None, seed=seed), every=7)
    for action in line:
        timeline.session.submit(action)
    for position in data.draw(st.lists(st.integers(0, len(line)), min_size=1, max_size=6)):
        timeline.seek(position)
        fresh = open_game(game, None, seed=seed, events=False)
        for action in line[:position]:
            fresh.submit(action)
        assert timeline.position == position
        assert game.snapshot(timeline.session.state) == game.snapshot(fresh.state)


def test_seeking_keeps_the_moves_after_and_the_marks(tmp_path: Path) -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 2})
    timeline = Timeline(open_game(game, ["random"] * 4, seed=3), every=16)
    timeline.session.run()
    end = timeline.end
    assert timeline.marks("trick") == list(range(4, end + 1, 4))
    assert timeline.marks("deal") == [52, 104]
    timeline.seek(10)
    assert timeline.end == end and timeline.position == 10
    timeline.seek(end)
    assert timeline.session.is_over
    with pytest.raises(ValueError, match="outside"):
        timeline.seek(end + 1)


def test_fair_undo_is_refused_exactly_when_new_cards_were_shown(tmp_path: Path) -> None:
    checked = {True: 0, False: 0}
    for seed in range(6):
        session, timeline, log = live(tmp_path / f"f{seed}.jsonl", "trick-taking", 4,
                                     {"deals": 2, "scoring": "bid"}, seed, watch=(0,))
        pick = random.Random(seed)
        seen_at = {0: set(seen_cards(session.table(0)))}
        while not session.is_over:
            if not session.waiting_for_human:
                events = session.advance(max_moves=1)
                seen_at[session.moves] = set(seen_cards(session.table(0), events))
                continue
            target, reason = timeline.fair_undo(0)
            mine = timeline.last_move_of(0)
            if mine is not None:
                # The oracle: a card seat 1 saw (on the table, or flying by) since its move but never before.
                before = set().union(*(seen_at[p] for p in range(mine + 1)))
                since = set().union(*(seen_at[p] for p in range(mine + 1, session.moves + 1)))
                revealed = bool(since - before)
                assert (target is None) == revealed, reason
                assert target is None or target == mine
                checked[revealed] += 1
            legal = session.legal_actions()
            events = session.submit(legal[pick.randrange(len(legal))])
            seen_at[session.moves] = set(seen_cards(session.table(0), events))
        log.close()
    assert checked[True] and checked[False], checked
