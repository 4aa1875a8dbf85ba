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
    """Writes results to ``path`` as CSV (``.csv``) or JSON Lines (``.jsonl``).

    A sweep's rows start with one column per varied option (``variant_keys``), named after it
    (``option_<key>`` where the name is already a column's).
    """

    def __init__(self, path: Path | str, bots: Sequence[str], variant_keys: Sequence[str] = ()) -> None:
        self.path = Path(path)
        self.columns = tuple(f"option_{k}" if k in COLUMNS else k for k in variant_keys) + COLUMNS
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
            self._csv.writerow(self.columns)

    def rows(self, result: GameResult, variant: Sequence[str] = ()) -> list[tuple[Any, ...]]:
        """Return the long-format rows of one game (``variant``: the varied options' values)."""
        return [
            (*variant, result.game, i + 1, self.bots[i], result.scores[i], result.ranks[i],
             int(result.ranks[i] == 1), result.seed, result.faults[i])
            for i in range(len(result.scores))
        ]

    def write(self, result: GameResult, variant: Sequence[str] = ()) -> None:
        """Append one game's rows (``variant``: the values of the varied options, in column order)."""
        rows = self.rows(result, variant)
        if self._csv:
            self._csv.writerows(rows)
        else:
            for row in rows:
                self.stream.write(json.dumps(dict(zip(self.columns, row, strict=True))) + "\n")

    def close(self) -> None:
        """Close the file."""
        self.stream.close()
