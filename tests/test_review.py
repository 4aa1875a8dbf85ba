"""``tabletop review`` and ``tabletop notes`` over playtest logs: think and waiting time, the slowest decisions, notes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabletop.bots.ismcts import Budget
from tabletop.cli import main
from tabletop.engine.arrange import Scenario
from tabletop.formats.log import GameLog
from tabletop.formats.playtest import append_note, read_playtest
from tabletop.formats.scenario import parse_scenario
from tabletop.plugins import registry
from tabletop.sim.playtests import review_logs
from tests.sessions import open_game

SEATS = ["human", "random", "random", "random"]


def playtest(path: Path, *, seed: int, thinks: list[float], notes: dict[int, str] | None = None,
             fair: bool = False, scenario: Scenario | None = None) -> list[tuple[int, int]]:
    """Log a trick-taking deal: the person at seat 1 thinks ``thinks[k]`` seconds over its k-th move, each bot
    move takes a second; return (move, seat) of every move."""
    clock = [1000.0]
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    log = GameLog.create(path, game=game, seat_names=SEATS, seed=seed, fair=fair, clock=lambda: clock[0],
                         scenario=scenario)
    session = open_game(game, SEATS, seed=seed, log=log, scenario=scenario)
    moves, mine = [], 0
    while not session.is_over:
        if (notes or {}).get(session.moves):
            log.note(session.moves, session.to_move, (notes or {})[session.moves])
        seat = session.to_move
        moves.append((session.moves, seat))
        if session.waiting_for_human:
            clock[0] += thinks[mine % len(thinks)]
            session.submit(session.legal_actions()[0], seconds=thinks[mine % len(thinks)])
            mine += 1
        else:
            clock[0] += 1.0
            session.advance(max_moves=1)
    if not fair:
        log.closed("finished", session.moves)
    log.close()
    return moves


def test_the_review_names_think_time_waiting_time_and_the_slowest_decisions(tmp_path: Path) -> None:
    a, b = tmp_path / "tuesday.jsonl", tmp_path / "friday.jsonl"
    moves_a = playtest(a, seed=3, thinks=[2.0, 5.0, 41.5], notes={12: "ここは迷った | close call"})
    playtest(b, seed=4, thinks=[1.0, 3.0])
    review = review_logs([a, b], budget=None)
    mine = [d for d in review.decisions if d.seat == 0]
    assert len(mine) == 26 and {d.seconds for d in mine} == {2.0, 5.0, 41.5, 1.0, 3.0}
    slowest = review.slowest(3)
    assert [d.seconds for d in slowest] == [41.5, 41.5, 41.5] and all(d.log == a for d in slowest)
    assert slowest[0].label.startswith("Play ") and slowest[0].kind == "play"
    # Seat 1 waits a second for each bot move between two of its own turns.
    turns = [n for n, seat in moves_a if seat == 0]
    expected = [float(j - i - 1) for i, j in zip(turns, turns[1:], strict=False)]
    assert review.games[0].waiting[0] == expected
    bots = review.games[0].waiting[1]
    assert all(w >= 0 for w in bots) and sum(bots) > sum(expected), "the bots wait for the person's thinking"
    assert review.games[0].minutes == pytest.approx(read_playtest(a).ended_at / 60)
    assert [(n.n, n.text) for n, _after in review.games[0].notes] == [(12, "ここは迷った | close call")]


def test_the_review_page_links_the_slowest_moves_and_lists_every_note(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "tuesday.jsonl", tmp_path / "friday.jsonl"
    playtest(a, seed=3, thinks=[2.0, 5.0, 41.5], notes={12: "ここは迷った"})
    playtest(b, seed=4, thinks=[1.0, 3.0], notes={30: "lead trumps?"})
    append_note(b, 40, 2, "written in the replay viewer")
    out = tmp_path / "report"
    assert main(["review", str(a), str(b), "--out", str(out), "--search", "40"]) == 0
    said = capsys.readouterr().out
    assert "2 logs" in said and "the slowest decision: 41.5 s, seat 1" in said
    page = (out / "review.html").read_text(encoding="utf-8")
    slow = re.search(r"<tr><td>41\.5</td>.*?tabletop replay (\S+) --window --at (\d+)</code>", page)
    assert slow is not None and slow.group(1).endswith("tuesday.jsonl")
    first = min((d for d in review_logs([a]).decisions if d.seconds == 41.5), key=lambda d: d.n)
    assert int(slow.group(2)) == first.n, "the slowest decision's link opens the replay at its move"
    for text in ("ここは迷った", "lead trumps?", "written in the replay viewer", "Waiting time per seat",
                 "decisions searched", "only one sensible option", "minutes"):
        assert text in page
    for chart in ("think-by-seat.png", "think-by-kind.png", "waiting-by-seat.png", "game-minutes.png"):
        assert (out / chart).stat().st_size > 1000 and f"src='{chart}'" in page


def test_search_verdicts_judge_each_persons_choice_against_the_bots(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    playtest(path, seed=5, thinks=[1.0])
    review = review_logs([path], budget=Budget(iterations=60))
    verdicts = review.verdicts
    assert len(verdicts) == 13 and all(v.seat == 0 for v in verdicts)
    for v in verdicts:
        if v.options == 1:
            assert v.one_sensible and not v.clearly_worse
        elif v.clearly_worse:
            assert v.best_rate - v.chosen_rate >= 0.1 - 1e-9
    assert review_logs([path], budget=Budget(iterations=60)).verdicts == verdicts, "the same search, the same verdicts"


def test_a_game_started_from_a_scenario_is_judged_from_that_start(tmp_path: Path) -> None:
    """The search replays the person's choices from the scenario's position, not from a plain deal (where
    the first choice would not be legal and the review stopped with a traceback)."""
    path = tmp_path / "aces.jsonl"
    aces = parse_scenario('first = 1\n[seat.1]\nhand = ["AS", "AH", "AD", "AC"]\n', "aces.toml")
    playtest(path, seed=6, thinks=[1.0], scenario=aces)
    review = review_logs([path], budget=Budget(iterations=20))
    assert len(review.verdicts) == 13 and review.verdicts[0].n == 0 and review.verdicts[0].seat == 0
    assert main(["review", str(path), "--out", str(tmp_path / "report"), "--search", "20"]) == 0


def test_notes_and_replay_at_a_move_of_a_game_from_a_scenario_tell_its_positions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "aces.jsonl"
    aces = parse_scenario('first = 1\n[seat.1]\nhand = ["AS", "AH", "AD", "AC"]\n', "aces.toml")
    playtest(path, seed=6, thinks=[1.0], notes={5: "all four aces"}, scenario=aces)
    capsys.readouterr()
    assert main(["replay", str(path), "--at", "5"]) == 0
    assert "move 5: after Seat " in capsys.readouterr().out
    assert main(["notes", str(path)]) == 0
    assert "all four aces" in capsys.readouterr().out


def test_notes_export_as_markdown_with_move_seat_and_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, fair = tmp_path / "a.jsonl", tmp_path / "fair.jsonl"
    playtest(a, seed=3, thinks=[1.0], notes={0: "the deal looks lopsided", 12: "ここは迷った | close\ncall"})
    playtest(fair, seed=7, thinks=[1.0], notes={5: "still sealed"}, fair=True)
    lines = fair.read_text().splitlines()
    fair.write_text("\n".join(line for line in lines if '"type":"end"' not in line) + "\n")  # killed: no seed
    assert main(["notes", str(a), str(fair)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# Notes") and "| Move | To move | Position | Note |" in text
    row = next(line for line in text.splitlines() if line.startswith("| 12 |"))
    assert "Seat 1" in row or "Seat " in row
    assert "after Seat" in row and "scores" in row and "ここは迷った \\| close<br>call" in row
    assert "| 0 |" in text and "before the first move" in text
    assert "still sealed" in text and "not replayed" in text, "a log that cannot be replayed still lists its notes"
    out = tmp_path / "notes.md"
    assert main(["notes", str(a), "--out", str(out)]) == 0 and "ここは迷った" in out.read_text(encoding="utf-8")


def test_a_bad_log_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type":"header","game":"trick-taking","players":4,"seed":1}\n{"type":"note","n":"x"}\n')
    for command in (["notes", str(bad)], ["review", str(bad), "--out", str(tmp_path / "r"), "--search", "0"]):
        assert main(command) == 2
        err = capsys.readouterr().err.strip()
        assert "bad.jsonl:2" in err and len(err.splitlines()) == 1


def test_replay_at_a_move_says_the_position_and_refuses_one_past_the_end(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    playtest(path, seed=3, thinks=[1.0])
    assert main(["replay", str(path), "--at", "9"]) == 0
    assert "move 9: after Seat" in capsys.readouterr().out
    assert main(["replay", str(path), "--at", "53"]) == 2
    assert "--at 53: " in capsys.readouterr().err


def test_a_resumed_games_copied_moves_are_left_to_its_parent(tmp_path: Path) -> None:
    parent = tmp_path / "p.jsonl"
    playtest(parent, seed=3, thinks=[9.0])
    lines = [json.loads(line) for line in parent.read_text().splitlines()]
    child = tmp_path / "c.jsonl"
    with child.open("w") as out:
        lines[0]["parent"] = {"log": str(parent), "move": 20}
        for record in lines:
            if record["type"] == "action" and record["n"] < 20:
                record = {k: v for k, v in record.items() if k not in ("at", "think")} | {"copied": True}
            out.write(json.dumps(record) + "\n")
    review = review_logs([parent, child], budget=None)
    assert sum(d.log == child for d in review.decisions) == sum(d.log == parent and d.n >= 20 for d in review.decisions)
    assert review.games[1].parent == {"log": str(parent), "move": 20}


def test_one_log_is_one_log_not_one_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.jsonl"
    playtest(path, seed=3, thinks=[2.0])
    assert main(["review", str(path), "--out", str(tmp_path / "report"), "--search", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 log, ") and "timed decisions, 0 notes; report:" in out, out
    assert "1 logs" not in out
