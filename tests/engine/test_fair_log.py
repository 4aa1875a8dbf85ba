"""Fair games' logs: no seed and no readable action until the game ends or is left; then they replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tabletop.engine.errors import LogError
from tabletop.engine.session import Session
from tabletop.formats.log import GameLog, default_log_path
from tabletop.plugins import registry
from tabletop.plugins.replays import replay
from tests.sessions import open_game

SEED = 734_519_882_013


def fair_game(path: Path, *, moves: int | None = None) -> tuple[Session, GameLog]:
    game = registry.make_game("draw-poker", players=3, options={"deals": 2})
    names = ["human", "random", "random"]
    log = GameLog.create(path, game=game, seat_names=names, seed=SEED, fair=True, game_id="g-abc123")
    session = open_game(game, names, seed=SEED, log=log)
    pick = random.Random(1)
    while not session.is_over and (moves is None or session.moves < moves):
        session.advance()
        if session.waiting_for_human:
            legal = session.legal_actions()
            session.submit(legal[pick.randrange(len(legal))])
    return session, log


def test_a_fair_log_holds_no_seed_and_no_action_until_the_end(tmp_path: Path) -> None:
    path = tmp_path / "fair.jsonl"
    session, log = fair_game(path, moves=4)
    text = path.read_text()
    assert str(SEED) not in text
    records = [json.loads(line) for line in text.splitlines()]
    assert records[0]["seed"] is None and records[0]["fair"] and records[0]["game_id"] == "g-abc123"
    actions = [r for r in records if r["type"] == "action"]
    assert actions and all("action" not in r and "sealed" in r for r in actions)
    assert "Discard" not in text and "discard" not in text
    with pytest.raises(LogError, match="never finished or left"):
        replay(path, allow_incomplete=True)
    assert replay(path, allow_incomplete=True, seed=SEED).actions == 4, "a spectator handed the seed can follow"
    log.reveal()
    assert replay(path, allow_incomplete=True).session.moves == 4, "left: the seed is written, the log replays"
    log.close()


def test_a_finished_fair_game_writes_its_seed_and_replays_to_the_same_end(tmp_path: Path) -> None:
    path = tmp_path / "fair.jsonl"
    session, log = fair_game(path)
    log.close()
    end = json.loads(path.read_text().splitlines()[-1])
    assert end["type"] == "end" and end["seed"] == SEED
    result = replay(path)
    assert result.complete and result.session.scores() == session.scores()


def test_an_edited_sealed_line_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "fair.jsonl"
    fair_game(path)[1].close()
    lines = path.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"sealed"' in line)
    record = json.loads(lines[i])
    record["sealed"] = "00" + record["sealed"][2:]
    lines[i] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogError, match=rf":{i + 1}: .*(sealed|illegal)"):
        replay(path)


def test_a_fair_log_is_named_by_its_game_id_not_its_seed() -> None:
    assert str(SEED) not in default_log_path("draw-poker", "g-abc123").name
    assert "seed5" in default_log_path("draw-poker", 5).name


def test_a_sealed_lines_length_says_nothing_about_the_cards_in_it(tmp_path: Path) -> None:
    # Face-down poker discards: with the text's length showing through, a line with two tens among five
    # discards was longer than one with none. Every sealed line is as long as every other.
    path = tmp_path / "fair.jsonl"
    session, log = fair_game(path)
    log.close()
    sealed = [json.loads(line)["sealed"] for line in path.read_text().splitlines()
              if json.loads(line)["type"] == "action"]
    assert len(sealed) >= 6 and len({len(s) for s in sealed}) == 1, sorted({len(s) for s in sealed})
