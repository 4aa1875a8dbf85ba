"""Reading game logs: one line at a time, every field checked, a problem reported with its file and line."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tabletop.engine.errors import LogError
from tabletop.engine.guard import short, shown_path
from tabletop.i18n import _

MAX_LINE = 1 << 20
"""Bytes a log line may hold (a real one holds well under a kilobyte)."""


MAX_PLAYERS = 100


SEED_RANGE = (-(2**63), 2**63 - 1)


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def read_records(path: Path | str, *, allow_cut: bool = False) -> list[tuple[int, dict[str, Any]]]:
    """Return ``(line number, record)`` for every line of a log.

    ``allow_cut`` skips a last line cut off in the middle (a game killed while writing, or a log
    still being written) instead of refusing the log.

    :raises LogError: naming the file and line of anything that is not a log record.
    """
    return list(iter_records(path, cut=[] if allow_cut else None))


def iter_records(path: Path | str, *, cut: list[int] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line number, record)`` for every line of a log, reading one line at a time.

    Given a ``cut`` list, a last line cut off mid-record (a full disk, a kill) ends the records
    quietly, its number appended to ``cut``, instead of raising.

    :raises LogError: naming the file and line of anything that is not a log record.
    """
    shown = shown_path(path)
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed below, also when the caller stops early
    except OSError as exc:
        raise LogError(_("{file}: cannot read the log: {problem}").format(file=shown, problem=exc.strerror or exc)) from None
    any_record = False
    with stream:
        number = 0
        while True:
            try:
                raw = stream.readline(MAX_LINE + 1)
            except OSError as exc:
                raise LogError(_("{file}: cannot read the log: {problem}").format(
                    file=shown, problem=exc.strerror or exc)) from None
            if not raw:
                break
            number += 1
            if len(raw) > MAX_LINE:
                raise LogError(f"{shown}:{number}: the line is longer than {MAX_LINE >> 20} MiB: not a tabletop log")
            try:
                record = parse_line(raw)
            except LogError as exc:
                if not raw.endswith(b"\n"):  # only the very last line can lack its newline
                    if cut is not None and any_record:
                        cut.append(number)
                        break
                    raise LogError(f"{shown}:{number}: {_('the log is truncated (the last line is cut off)')};"
                                   " replay --partial replays it up to there") from None
                raise LogError(f"{shown}:{number}: {exc}") from None
            if record is None:
                continue
            any_record = True
            yield number, record
    if not any_record:
        raise LogError(_("{file}: the log is empty").format(file=shown))


def parse_line(raw: bytes) -> dict[str, Any] | None:
    """Return the record on one line (None for a blank line).

    :raises LogError: saying what is wrong with the line (without its place).
    """
    try:
        line = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LogError("the line is not UTF-8 text") from None
    if not line.strip():
        return None
    try:
        record = json.loads(line, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise LogError(f"{_('the line is not valid JSON')}: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise LogError("the line is nested too deeply to be a log record") from None
    except ValueError as exc:  # a number of thousands of digits, Infinity, NaN, 1e999
        raise LogError(f"the line is not a log record: {short(str(exc), 100)}") from None
    if not isinstance(record, dict) or not isinstance(record.get("type"), str):
        raise LogError("not a log record (expected a JSON object with a 'type')")
    if _SURROGATE.search(line):
        try:
            json.dumps(record, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise LogError("the line holds a lone surrogate escape (\\ud800-\\udfff), which is not text") from None
    return record


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a log holds")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {short(text, 40)} is out of range")
    return value


def _is_seed(value: Any) -> bool:
    return type(value) is int and SEED_RANGE[0] <= value <= SEED_RANGE[1]


def check_header(shown: str, number: int, record: dict[str, Any]) -> None:
    """Check every field of a log's header.

    :raises LogError: naming the file, the line and the field.
    """
    where = f"{shown}:{number}: header"
    if record.get("type") != "header":
        raise LogError(_("{file}:{line}: the first line must be the header (is the file a tabletop log?)").format(
            file=shown, line=number))
    for key in ("game", "players", "seed"):
        if key not in record:
            raise LogError(_("{file}:{line}: the header lacks {key}").format(file=shown, line=number, key=repr(key)))
    game, players, seed = record["game"], record["players"], record["seed"]
    if not isinstance(game, str) or not game or len(game) > 100:
        raise LogError(f"{where}: game must be a game's name, not {short(repr(game), 60)}")
    if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
        raise LogError(f"{where}: players must be a whole number from 1 to {MAX_PLAYERS}, not {short(repr(players), 60)}")
    if seed is not None and not _is_seed(seed):
        raise LogError(f"{where}: seed must be a whole number of at most 19 digits, not {short(repr(seed), 40)}")
    options = record.get("options") or {}
    if not isinstance(options, dict) or not all(
            v is None or isinstance(v, str | int | float | bool) for v in options.values()):
        raise LogError(f"{where}: options must be an object of plain values, not {short(repr(options), 60)}")
    seats = record.get("seats") or []
    if not isinstance(seats, list) or not all(isinstance(n, str) for n in seats):
        raise LogError(f"{where}: seats must be a list of names, not {short(repr(seats), 60)}")
    version = record.get("version")
    if version is not None and not (isinstance(version, dict) and isinstance(version.get("id"), str)
                                    and re.fullmatch(r"v[1-9][0-9]{0,6}", version["id"])
                                    and isinstance(version.get("hash"), str)
                                    and re.fullmatch(r"[0-9a-f]{64}", version["hash"])):
        raise LogError(f"{where}: version must name a version's id and hash, not {short(repr(version), 60)}")


def logged_seed(path: Path) -> int | None:
    """Return a fair game's seed from its ``end`` or ``seed`` line (a first pass, one line at a time)."""
    for _line, record in iter_records(path, cut=[]):
        if record.get("type") in ("end", "seed") and _is_seed(record.get("seed")):
            return int(record["seed"])
    return None


def is_sealed(path: Path) -> bool:
    """True when ``path`` is the log of a fair game whose seed is not written yet (its moves cannot be read).

    :raises LogError: naming the file when it cannot be read or is not a log.
    """
    for _line, header in iter_records(path, cut=[]):
        return bool(header.get("fair")) and logged_seed(path) is None
    return False
