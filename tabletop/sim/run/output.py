"""Result files: one row per game and seat, as CSV or JSON Lines, byte-identical for the same run.

The file only ever holds whole games. A run that stops early (Ctrl-C, SIGTERM, a full disk) or
skips games cuts the file back to its last whole game and writes a *sidecar*, ``<file>.partial``,
saying how many games the file holds and why the rest are missing: the rows stay clean for any
CSV reader, and a script can test for the sidecar. A complete run removes a stale sidecar.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.engine.errors import TabletopError, UserInputError
from tabletop.engine.guard import shown_path
from tabletop.i18n import _
from tabletop.sim.run.runner import GameResult

COLUMNS = ("game", "seat", "bot", "score", "rank", "win", "seed", "faults")
"""Columns of the long format: seats are numbered from 1, ``win`` is 1 for rank 1, ``faults``
counts the seat's moves a random legal move replaced (its bot raised, answered illegally or
timed out)."""
FLUSH_BYTES = 1 << 16
"""Rows are written in batches of about this many bytes (each batch whole games)."""
PARTIAL_SUFFIX = ".partial"


class OutputError(TabletopError):
    """The result file cannot be written (full disk, removed folder...); what it holds is whole games."""


class ResultWriter:
    """Writes results to ``path`` as CSV (``.csv``) or JSON Lines (``.jsonl``), whole games only.

    A sweep's rows start with one column per varied option (``variant_keys``), named after it
    (``option_<key>`` where the name is already a column's).

    :raises UserInputError: naming the path when it cannot be written (checked before any game).
    """

    def __init__(self, path: Path | str, bots: Sequence[str], variant_keys: Sequence[str] = ()) -> None:
        self.path = Path(path)
        self.shown = shown_path(self.path)
        self.columns = tuple(f"option_{k}" if k in COLUMNS else k for k in variant_keys) + COLUMNS
        suffix = self.path.suffix.lower()
        if suffix not in (".csv", ".jsonl", ".json"):
            raise UserInputError(_("--out {file}: use a .csv or .jsonl file name").format(file=self.shown))
        self.format = "csv" if suffix == ".csv" else "jsonl"
        self.bots = list(bots)
        self.games = 0
        self._pending: list[bytes] = []  # one item per game
        self._pending_bytes = 0
        self._size = 0
        if self.path.is_dir():
            raise UserInputError(f"--out {self.shown}: is a folder; give a file name such as {self.shown}/results.csv")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = open(self.path, "wb", buffering=0)  # noqa: SIM115 - closed by close()/abort()
        except OSError as exc:
            raise UserInputError(_("--out {file}: cannot write: {problem}").format(
                file=self.shown, problem=exc.strerror or exc)) from None
        self.regular = self.path.is_file()
        head = b""
        if self.format == "csv":
            head = self._csv_line(self.columns)
        try:
            # The header, or for JSON Lines an empty write, shows a full disk before any game runs.
            self._write_all(head)
            if self.regular and head:
                os.fsync(self._file.fileno())
        except OSError as exc:
            self._file.close()
            raise UserInputError(_("--out {file}: cannot write: {problem}").format(
                file=self.shown, problem=_reason(exc))) from None
        self._size = len(head)
        self._remove_sidecar()

    @property
    def sidecar(self) -> Path:
        """The file that marks a partial result: ``<file>.partial``."""
        return self.path.with_name(self.path.name + PARTIAL_SUFFIX)

    def _remove_sidecar(self) -> None:
        with contextlib.suppress(OSError):
            self.sidecar.unlink()

    @staticmethod
    def _csv_line(row: Sequence[Any]) -> bytes:
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerow(row)
        return buffer.getvalue().encode("utf-8")

    def rows(self, result: GameResult, variant: Sequence[str] = ()) -> list[tuple[Any, ...]]:
        """Return the long-format rows of one game (``variant``: the varied options' values)."""
        return [
            (*variant, result.game, i + 1, self.bots[i], result.scores[i], result.ranks[i],
             int(result.ranks[i] == 1), result.seed, result.faults[i])
            for i in range(len(result.scores))
        ]

    def write(self, result: GameResult, variant: Sequence[str] = ()) -> None:
        """Add one game's rows (``variant``: the varied options' values), written with the next batch.

        :raises OutputError: when the file cannot take them (it still holds whole games).
        """
        rows = self.rows(result, variant)
        if self.format == "csv":
            data = b"".join(self._csv_line(row) for row in rows)
        else:
            data = "".join(json.dumps(dict(zip(self.columns, row, strict=True))) + "\n"
                           for row in rows).encode("utf-8")
        self._pending.append(data)
        self._pending_bytes += len(data)
        if self._pending_bytes >= FLUSH_BYTES:
            self.flush()

    def flush(self) -> None:
        """Write the games added so far.

        :raises OutputError: when the file cannot take them (it still holds whole games).
        """
        if not self._pending:
            return
        data = b"".join(self._pending)
        try:
            self._write_all(data)
        except OSError as exc:
            raise OutputError(f"--out {self.shown}: cannot write: {_reason(exc)}") from None
        # Only now do these games count: an interrupt before this line cuts them off again.
        self._size += len(data)
        self.games += len(self._pending)
        self._pending.clear()
        self._pending_bytes = 0

    def _write_all(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = self._file.write(view)
            if not written:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            view = view[written:]

    def close(self) -> None:
        """Write what is left and close the file.

        :raises OutputError: when the last games cannot be written (the file is cut back to whole games).
        """
        try:
            self.flush()
        finally:
            self._cut()
            self._file.close()

    def finish_partial(self, why: str, *, asked: int, missing: Sequence[str] = ()) -> str:
        """Cut the file back to whole games, write the sidecar and return one line saying so.

        ``why`` says what stopped the run; ``missing`` describes games that were skipped.
        """
        with contextlib.suppress(OutputError):  # a full disk: the file keeps the games written before
            self.flush()
        self._cut()
        self._file.close()
        text = (f"{self.shown} holds {self.games} of the {asked} games asked for, whole games only: {why}\n"
                + "".join(f"{line}\n" for line in missing))
        note = ""
        if self.regular:
            try:
                self.sidecar.write_text(text, encoding="utf-8", errors="backslashreplace")
                note = f" (see {shown_path(self.sidecar)})"
            except OSError as exc:
                note = f" (and {shown_path(self.sidecar)} could not be written: {_reason(exc)})"
        return f"partial results: {self.shown} holds {self.games} of {asked} games, whole games only{note}"

    def _cut(self) -> None:
        if not self.regular:
            return
        # Closed already, or a file that cannot be cut: it holds whole games up to its last write.
        with contextlib.suppress(OSError, ValueError):
            os.ftruncate(self._file.fileno(), self._size)


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    if exc.errno == errno.EFBIG:
        return "the file grew past the largest size this disk or account allows"
    return exc.strerror or str(exc)
