"""Same game, options, seed and bots: the same game in the simulator, a plain session and a replayed log."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.cli import main
from tabletop.plugins import registry
from tabletop.plugins.replays import replay
from tests.sessions import open_game

BOTS = ["greedy", "random", "random", "greedy"]


def test_simulated_games_are_the_same_games_when_played_again_from_their_seed(tmp_path: Path) -> None:
    out, logs = tmp_path / "rows.jsonl", tmp_path / "logs"
    assert main(["simulate", "trick-taking", "--games", "6", "--seed", "11", "--bots", ",".join(BOTS),
                 "--set", "deals=2", "--out", str(out), "--logs", str(logs), "--quiet"]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    files = sorted(logs.glob("*.jsonl"))
    assert len(files) == 6
    game = registry.make_game("trick-taking", players=4, options={"deals": 2})
    for number, path in enumerate(files, start=1):
        scores = [r["score"] for r in rows if r["game"] == number]
        seed = next(r["seed"] for r in rows if r["game"] == number)
        assert f"seed{seed}" in path.name
        session = open_game(game, BOTS, seed=seed)
        session.run()
        assert session.scores() == scores, f"game {number} (seed {seed}) went another way"
        assert replay(path).session.scores() == scores
