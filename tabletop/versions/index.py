"""A game's versions in the store: ``v1``, ``v2``... in order of first use, their names, and every use.

``games/<game>/versions.json`` lists the versions (id, hash, name, when first used, the options the
game declared, what changed since the version before), rewritten whole through a temporary file
under a lock; ``games/<game>/uses.jsonl`` gets one line per use (a game played or hosted, a
simulation, a check), appended, so listing 200 versions used by 5,000 games reads two small files
and no log.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from tabletop.engine.guard import short, shown_path
from tabletop.i18n import _
from tabletop.versions.store import DIGEST, Store, VersionError, write_atomic

VERSION_ID = re.compile(r"^v[1-9][0-9]{0,6}$")
"""A version's short id: ``v`` and its number."""
GAME_NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
"""A game's name, as the registry spells it (the folder of its versions is named so)."""
MAX_NAME = 80
"""Characters a version's name may hold."""
KINDS = ("play", "host", "simulate", "check", "open")
"""What a use of a version was."""


@dataclass
class VersionRecord:
    """One version of a game: its short id, its hash, the name it was given, and what is known of it."""

    id: str
    hash: str
    name: str = ""
    first: str = ""
    """When it was first used (ISO 8601, UTC)."""
    options: list[dict[str, Any]] = field(default_factory=list)
    """The options the game declared at this version (name, default, allowed)."""
    changes: dict[str, Any] | None = None
    """What changed since the version before (:func:`tabletop.versions.changes.summary`), once worked out."""

    @property
    def short(self) -> str:
        """The hash's first 12 digits, as listings show it."""
        return self.hash[:12]

    @property
    def number(self) -> int:
        """The version's number (3 for ``v3``)."""
        return int(self.id[1:])

    def ref(self) -> dict[str, str]:
        """Return what a log's header says of the version it was played with."""
        return {"id": self.id, "hash": self.hash}

    def label(self) -> str:
        """Return how messages name it: ``v3 "cheaper reds"`` or ``v3``."""
        return f'{self.id} "{self.name}"' if self.name else self.id


@dataclass
class Uses:
    """How a version was used: first and last use, games with a person at the table, simulated games, others."""

    first: str = ""
    last: str = ""
    playtests: int = 0
    simulated: int = 0
    other: int = 0

    def add(self, when: str, kind: str, games: int, playtests: int) -> None:
        """Count one use line."""
        self.first = min(self.first, when) if self.first else when
        self.last = max(self.last, when)
        self.playtests += playtests
        if kind == "simulate":
            self.simulated += games
        else:
            self.other += games - playtests


def now() -> str:
    """Return the time now as the store writes it (ISO 8601, UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameVersions:
    """The versions of one game in a store (see the module)."""

    def __init__(self, store: Store, game: str) -> None:
        if not GAME_NAME.match(game):
            raise VersionError(_("{game} is not a game name the version store keeps").format(game=short(repr(game), 60)))
        self.store = store
        self.game = game
        self.folder = store.root / "games" / game
        self.list_path = self.folder / "versions.json"
        self.uses_path = self.folder / "uses.jsonl"
        self.seen_path = self.folder / "seen.json"

    # -- reading ----------------------------------------------------------------------------------
    def load(self) -> list[VersionRecord]:
        """Return the game's versions, ``v1`` first (none when it has never been recorded).

        :raises VersionError: naming the file when it is damaged.
        """
        try:
            data = self.list_path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise VersionError(_("version store {file}: cannot read it: {problem}").format(
                file=shown_path(self.list_path), problem=exc.strerror or exc)) from None
        try:
            raw = json.loads(data)
            records = [_record(item) for item in raw["versions"]]
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            raise VersionError(_("version store {file}: the file is damaged; restore it from a copy of the store"
                                 " (nothing was written over it)").format(file=shown_path(self.list_path))) from None
        if [r.id for r in records] != [f"v{i}" for i in range(1, len(records) + 1)]:
            raise VersionError(_("version store {file}: the file is damaged; restore it from a copy of the store"
                                 " (nothing was written over it)").format(file=shown_path(self.list_path)))
        return records

    def by_hash(self, digest: str) -> VersionRecord | None:
        """Return the version with this hash, or None."""
        return next((r for r in self.load() if r.hash == digest), None)

    def find(self, ref: str) -> VersionRecord:
        """Return the version ``ref`` names: its id (``v3``), its name, or the start of its hash (6 digits or more).

        :raises VersionError: for a name no version has (listing the versions), or a hash prefix of several.
        """
        records = self.load()
        text = ref.strip()
        for r in records:
            if text in (r.id, r.name) and text:
                return r
        if re.fullmatch(r"[0-9a-f]{6,64}", text.lower()):
            hits = [r for r in records if r.hash.startswith(text.lower())]
            if len(hits) == 1:
                return hits[0]
            if hits:
                raise VersionError(_("{ref} starts the hash of {versions}: give more digits").format(
                    ref=repr(ref), versions=", ".join(r.id for r in hits)))
        known = ", ".join(r.label() for r in records[-12:]) or _("none yet: play it once to record one")
        raise VersionError(_("{game} has no version {ref}; its versions: {known}").format(
            game=self.game, ref=short(repr(ref), 60), known=known))

    def uses(self) -> dict[str, Uses]:
        """Return each version's uses, by id (a damaged line is skipped: uses are counts, not history)."""
        out: dict[str, Uses] = {}
        try:
            stream = open(self.uses_path, "rb")  # noqa: SIM115 - closed by the with below
        except OSError:
            return out
        with stream:
            for raw in stream:
                try:
                    line = json.loads(raw)
                    out.setdefault(line["v"], Uses()).add(str(line["at"]), str(line["kind"]), int(line["games"]),
                                                          int(line.get("playtests", 0)))
                except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
                    continue
        return out

    # -- writing ----------------------------------------------------------------------------------
    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the game's lock (two tables recording at once must not both become ``v4``)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            stream = open(self.folder / "lock", "a+b")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise VersionError(_("version store {folder}: cannot write it: {problem}").format(
                folder=shown_path(self.folder), problem=exc.strerror or exc)) from None
        try:
            _lock(stream)
            yield
        finally:
            stream.close()  # closing releases the lock

    def add(self, digest: str, *, options: list[dict[str, Any]], changes: dict[str, Any] | None,
            first: str | None = None) -> VersionRecord:
        """Add the version with this hash (the caller holds the lock and has stored its manifest); return it."""
        records = self.load()
        found = next((r for r in records if r.hash == digest), None)
        if found is not None:
            return found
        record = VersionRecord(f"v{len(records) + 1}", digest, first=first or now(), options=options, changes=changes)
        self._save([*records, record])
        return record

    def set_changes(self, version: str, changes: dict[str, Any]) -> None:
        """Keep what changed in ``version`` since the one before, worked out after it was added."""
        with self.locked():
            records = self.load()
            for r in records:
                if r.id == version:
                    r.changes = changes
            self._save(records)

    def rename(self, ref: str, name: str) -> VersionRecord:
        """Give the version ``ref`` names the name ``name``; return it.

        :raises VersionError: for an unknown version, or a name that is empty, too long, another
            version's, or looks like an id or a hash.
        """
        name = name.strip()
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise VersionError(_("version name {name}: write 1 to {most} printable characters").format(
                name=short(repr(name), 60), most=MAX_NAME))
        if VERSION_ID.match(name) or re.fullmatch(r"[0-9a-f]{6,64}", name):
            raise VersionError(_("version name {name} reads like a version's id or hash: choose words").format(
                name=repr(name)))
        with self.locked():
            record = self.find(ref)
            records = self.load()
            clash = next((r for r in records if r.name == name and r.id != record.id), None)
            if clash is not None:
                raise VersionError(_("{game} {other} is named {name} already: choose another name, or rename {other}"
                                     " first").format(game=self.game, other=clash.id, name=repr(name)))
            for r in records:
                if r.id == record.id:
                    r.name = name
                    record = r
            self._save(records)
        return record

    def use(self, record: VersionRecord, kind: str, *, games: int = 1, playtests: int = 0) -> None:
        """Append one use of ``record`` (``games`` played, ``playtests`` of them with a person at the table)."""
        line = json.dumps({"v": record.id, "at": now(), "kind": kind, "games": games, "playtests": playtests},
                          separators=(",", ":")) + "\n"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.uses_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            try:
                os.write(fd, line.encode("utf-8"))  # one write of one short line: never interleaved
            finally:
                os.close(fd)
        except OSError as exc:
            raise VersionError(_("version store {file}: cannot write it: {problem}").format(
                file=shown_path(self.uses_path), problem=exc.strerror or exc)) from None

    def _save(self, records: list[VersionRecord]) -> None:
        data = {"game": self.game, "versions": [asdict(r) for r in records]}
        write_atomic(self.list_path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))


def _record(item: Any) -> VersionRecord:
    if not isinstance(item, dict):
        raise TypeError("not a version")
    record = VersionRecord(id=str(item["id"]), hash=str(item["hash"]), name=str(item.get("name") or ""),
                           first=str(item.get("first") or ""), options=list(item.get("options") or []),
                           changes=item.get("changes") if isinstance(item.get("changes"), dict) else None)
    if not VERSION_ID.match(record.id) or not DIGEST.match(record.hash):
        raise ValueError("not a version")
    return record


def _lock(stream: Any) -> None:
    try:
        import fcntl
    except ImportError:  # Windows: msvcrt locks a byte range
        import msvcrt

        stream.seek(0)
        with contextlib.suppress(OSError):
            msvcrt.locking(stream.fileno(), msvcrt.LK_LOCK, 1)  # type: ignore[attr-defined]
        return
    fcntl.flock(stream.fileno(), fcntl.LOCK_EX)


def known_games(store: Store) -> list[str]:
    """Return the games the store holds versions of, sorted."""
    try:
        return sorted(p.name for p in (store.root / "games").iterdir() if (p / "versions.json").is_file())
    except OSError:
        return []

