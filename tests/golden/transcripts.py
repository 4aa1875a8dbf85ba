"""Golden transcripts: whole seeded games of every built-in game, which must reproduce exactly.

A transcript is every action's label and the final scores of a game with random bots in every
seat. When a rule or the randomness changes on purpose, regenerate them and review the diff:

    python tests/golden/transcripts.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop.engine.session import open_session
from tabletop.plugins import registry

FOLDER = Path(__file__).parent
CASES = [
    ("trick-taking", 4, {"deals": 2}, 7),
    ("trick-taking", 5, {"trump": "turnup", "scoring": "bid", "deals": 1}, 8),
    ("trick-taking", 3, {"scoring": "hearts", "jokers": True, "deals": 1}, 9),
    ("birdhead", 4, {}, 7),
    ("draw-poker", 3, {"deals": 2}, 7),
    ("draw-poker", 1, {"deals": 1}, 8),
    ("euler-getter", 2, {}, 7),
    ("euler-getter", 2, {"board": "hexagon-28"}, 8),
]


class Transcript:
    """Collects what a game log would: the seat and label of every action."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def action(self, index: int, seat: int, action: Any, note: str | None = None, seconds: float | None = None) -> None:
        self.lines.append(f"{index} seat{seat + 1} {action.label}" + (f" ({note})" if note else ""))

    def end(self, scores: Any, ranks: Any) -> None:
        self.lines.append(f"end scores={list(scores)} ranks={list(ranks)}")


def transcript(game_name: str, players: int, options: dict[str, Any], seed: int) -> list[str]:
    """Return the transcript of one seeded game with random bots."""
    game = registry.make_game(game_name, players=players, options=options)
    record = Transcript()
    open_session(game, registry.seat_makers(["random"] * players, game), seed=seed, log=record).run()
    return record.lines


def path_for(case: tuple[str, int, dict[str, Any], int]) -> Path:
    """Return the file holding one case's transcript."""
    name, players, options, seed = case
    opts = "-".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    return FOLDER / f"{name}-{players}p-{opts}-seed{seed}.json"


def main() -> None:
    """Write every transcript anew."""
    for case in CASES:
        path_for(case).write_text(json.dumps(transcript(*case), indent=0) + "\n", encoding="utf-8")
        print(f"wrote {path_for(case).name}")


if __name__ == "__main__":
    main()
