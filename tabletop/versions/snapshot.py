"""A game folder read as a version: which files it holds and the hash of each, as a manifest.

Every file of the folder is part of its version (the deck, ``table.toml``, scenarios, ``feedback.toml``,
``faces.toml``, the rules' Python files, the art) except what is not the designer's work: hidden
files and folders (``.git``, ``.DS_Store``), Python's caches, a ``logs`` folder at the top (logs
unpacked from a pack) and files over :data:`MAX_FILE` bytes. A file's hash is kept with its size and
time (``seen.json``), so reading a folder in which nothing changed hashes nothing: that is what makes
recording the version on every play cost a few milliseconds.

>>> Manifest({"deck.toml": "ab" * 32}).hash == Manifest.from_bytes(Manifest({"deck.toml": "ab" * 32}).to_bytes(), "x").hash
True
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from tabletop.engine.guard import shown_path
from tabletop.i18n import _
from tabletop.versions.store import (
    DIGEST,
    Store,
    VersionError,
    digest_bytes,
    digest_file,
    write_atomic,
)

MAX_FILE = 100_000_000
"""Bytes a file may hold to be part of a version (a video left in a game folder is not)."""
MAX_FILES = 20_000
"""Files a version may hold."""
SKIPPED_DIRS = frozenset({"__pycache__", "logs"})
"""Folders at any depth (``__pycache__``) or at the top (``logs``) that are not part of a version."""
SKIPPED_SUFFIXES = (".pyc", ".pyo")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp")
"""Art: kept by hash like every file, but not written out to run a version's rules."""
RACY = 2_000_000_000
"""Nanoseconds: a file changed this recently is hashed again next time (its time may not show a second edit)."""


@dataclass(frozen=True)
class Manifest:
    """A version's files: each path inside the game folder (with ``/``) and the SHA-256 of its content."""

    files: dict[str, str]

    def to_bytes(self) -> bytes:
        """Return the manifest as canonical JSON (the same files give the same bytes, hence the same hash)."""
        return json.dumps({"files": dict(sorted(self.files.items()))}, sort_keys=True,
                          separators=(",", ":")).encode("utf-8")

    @property
    def hash(self) -> str:
        """The version's hash: the SHA-256 of the manifest's bytes."""
        return digest_bytes(self.to_bytes())

    @classmethod
    def from_bytes(cls, data: bytes, source: str) -> Manifest:
        """Return the manifest ``data`` holds (``source`` names it in a message).

        :raises VersionError: when it is not one (a damaged store or a hostile pack).
        """
        try:
            raw = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise VersionError(_("{source}: not a version's list of files (damaged?)").format(source=source)) from None
        files = raw.get("files") if isinstance(raw, dict) else None
        if not isinstance(files, dict) or len(files) > MAX_FILES or not all(
                isinstance(k, str) and is_safe_name(k) and isinstance(v, str) and DIGEST.match(v)
                for k, v in files.items()):
            raise VersionError(_("{source}: not a version's list of files (damaged?)").format(source=source))
        return cls(dict(files))

    def code(self) -> dict[str, str]:
        """Return the files that are not art (rules, deck, tables, questions): what running the version needs."""
        return {k: v for k, v in self.files.items() if not k.lower().endswith(IMAGE_SUFFIXES)}

    @property
    def has_code(self) -> bool:
        """True when the version holds Python (rules or bots), not only data."""
        return any(k.endswith(".py") for k in self.files)


def is_safe_name(name: str) -> bool:
    """True when ``name`` is a relative path inside a folder: no ``..``, no root, no drive, no backslash.

    >>> [is_safe_name(n) for n in ("deck.toml", "art/a.png", "../x", "/etc/passwd", "C:/x", "a\\\\b", "a//b")]
    [True, True, False, False, False, False, False]
    """
    if not name or len(name) > 400 or "\\" in name or "\x00" in name or ":" in name:
        return False
    parts = PurePosixPath(name).parts
    return (not name.startswith("/") and all(p not in ("", ".", "..") for p in parts)
            and "/".join(parts) == name)


def folder_files(folder: Path) -> Iterator[tuple[str, Path, os.stat_result]]:
    """Yield ``(name, path, stat)`` for every file of a game folder that is part of its version, sorted by name.

    :raises VersionError: when the folder cannot be read or holds more than :data:`MAX_FILES` files.
    """
    found: list[tuple[str, Path, os.stat_result]] = []

    def fail(exc: OSError) -> None:
        raise VersionError(_("{folder}: cannot read it to record its version: {problem}").format(
            folder=shown_path(exc.filename or folder), problem=exc.strerror or exc))

    for top, dirs, names in os.walk(folder, onerror=fail):
        here = Path(top)
        at_top = here == folder
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__"
                         and not (at_top and d in SKIPPED_DIRS))
        for name in names:
            if name.startswith(".") or name.endswith(SKIPPED_SUFFIXES):
                continue
            path = here / name
            try:
                info = path.stat()  # a link to a file counts as the file it names
            except OSError:
                continue  # a dangling link is no file of the game
            if not _is_regular(info) or info.st_size > MAX_FILE:
                continue
            rel = path.relative_to(folder).as_posix()
            try:
                rel.encode("utf-8")
            except UnicodeEncodeError:  # a name the system cannot spell in UTF-8 cannot travel in a pack
                continue
            if not is_safe_name(rel):  # a name no other system could unpack ("a:b")
                continue
            found.append((rel, path, info))
            if len(found) > MAX_FILES:
                raise VersionError(_("{folder} holds more than {count:,} files: a game folder's version keeps at most"
                                     " that many").format(folder=shown_path(folder), count=MAX_FILES))
    found.sort(key=lambda item: item[0])
    yield from found


def _is_regular(info: os.stat_result) -> bool:
    import stat

    return stat.S_ISREG(info.st_mode)


def read_folder(folder: Path, seen_path: Path, store: Store | None = None) -> Manifest:
    """Return the manifest of a game folder, hashing only the files whose size or time changed since
    ``seen_path`` (the hashes seen last) was written; with a ``store``, keep each file there too.

    :raises VersionError: when a file cannot be read or kept.
    """
    seen = _load_seen(seen_path)
    fresh: dict[str, list[Any]] = {}
    files: dict[str, str] = {}
    now = time.time_ns()
    changed = False
    for rel, path, info in folder_files(folder):
        key = [info.st_size, info.st_mtime_ns, info.st_ino]
        old = seen.get(rel)
        if old is not None and old[:3] == key:
            digest = old[3]
        else:
            try:
                digest = digest_file(path)
            except OSError as exc:
                raise VersionError(_("{file}: cannot read it to record its version: {problem}").format(
                    file=shown_path(path), problem=exc.strerror or exc)) from None
            changed = True
        if store is not None:
            store.put_file(path, digest)
        files[rel] = digest
        if now - info.st_mtime_ns > RACY:
            fresh[rel] = [*key, digest]
        else:
            changed = True  # hashed again next time: a second edit within the same tick would not show
    if changed or fresh.keys() != seen.keys():
        _save_seen(seen_path, fresh)
    return Manifest(files)


def _load_seen(path: Path) -> dict[str, list[Any]]:
    try:
        raw = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}  # no cache (or a damaged one): every file is hashed, nothing else is lost
    if not isinstance(raw, dict):
        return {}
    return {k: v for k, v in raw.items() if isinstance(v, list) and len(v) == 4 and isinstance(v[3], str)
            and DIGEST.match(v[3])}


def _save_seen(path: Path, seen: dict[str, list[Any]]) -> None:
    with contextlib.suppress(VersionError):  # only a cache: the next recording hashes the files again
        write_atomic(path, json.dumps(seen, separators=(",", ":")).encode("utf-8"))
