"""Result files: one row per game and seat, as CSV or JSON Lines, byte-identical for the same run."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from tabletop.engine.errors import UserInputError
from tabletop.sim.runner import GameResult

COLUMNS = ("game", "seat", "bot", "score", "rank", "win", "seed", "faults")
"""Columns of the long format: seats are numbered from 1, ``win`` is 1 for rank 1, ``faults``
counts the seat's moves a random legal move replaced (its bot raised, answered illegally or
timed out)."""


class ResultWriter:
    """Writes results to ``path`` as CSV (``.csv``) or JSON Lines (``.jsonl``)."""

    def __init__(self, path: Path | str, bots: Sequence[str]) -> None:
        self.path = Path(path)
        suffix = self.path.suffix.lower()
        if suffix not in (".csv", ".jsonl", ".json"):
            raise UserInputError(f"--out {self.path}: use a .csv or .jsonl file name")
        self.format = "csv" if suffix == ".csv" else "jsonl"
        self.bots = list(bots)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.stream: IO[str] = open(self.path, "w", newline="", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise UserInputError(f"--out {self.path}: cannot write: {exc.strerror}") from None
        self._csv = csv.writer(self.stream, lineterminator="\n") if self.format == "csv" else None
        if self._csv:
            self._csv.writerow(COLUMNS)

    def rows(self, result: GameResult) -> list[tuple[Any, ...]]:
        """Return the long-format rows of one game."""
        return [
            (result.game, i + 1, self.bots[i], result.scores[i], result.ranks[i],
             int(result.ranks[i] == 1), result.seed, result.faults[i])
            for i in range(len(result.scores))
        ]

    def write(self, result: GameResult) -> None:
        """Append one game's rows."""
        rows = self.rows(result)
        if self._csv:
            self._csv.writerows(rows)
        else:
            for row in rows:
                self.stream.write(json.dumps(dict(zip(COLUMNS, row, strict=True))) + "\n")

    def close(self) -> None:
        """Close the file."""
        self.stream.close()
