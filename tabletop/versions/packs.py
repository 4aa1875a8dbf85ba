"""``.tabletop`` packs: a version of a game as one zip file (its files, the chosen logs and the versions they
were played with), and unpacking one into a games folder without trusting a byte of it.

A pack holds ``tabletop-pack.json`` (the game, its version, every file's hash, the logs, and the files
of the other versions the logs were played with), the version's files under ``game/``, the logs under
``logs/``, and the other versions' files under ``blobs/`` (by hash). :func:`read_pack` checks the
whole zip before anything is written: it must be a zip, of at most :data:`MAX_ENTRIES` entries, each
a plain file (no link) with a relative name under those folders (no ``..``, no root, no drive), no
entry or total bigger than the limits and no entry compressed more than :data:`MAX_RATIO` to one (a
zip bomb), every file's content matching its hash. Only then does :func:`unpack` write, and only
inside the games folder: a temporary folder there renamed into place, so a failure leaves nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import stat
import tempfile
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.guard import shown_path
from tabletop.i18n import _
from tabletop.versions.checkout import manifest_of
from tabletop.versions.index import GAME_NAME, MAX_NAME, GameVersions, VersionRecord, now
from tabletop.versions.record import changes_since
from tabletop.versions.snapshot import MAX_FILE, MAX_FILES, Manifest, is_safe_name
from tabletop.versions.store import DIGEST, Store, VersionError, digest_bytes

SUFFIX = ".tabletop"
PACK_FORMAT = 1
MANIFEST = "tabletop-pack.json"
MAX_ENTRIES = MAX_FILES + 2_000
"""Entries a pack may hold (a version's files, its logs and other versions' files)."""
MAX_TOTAL = 2_000_000_000
"""Bytes a pack may unpack to in all."""
MAX_RATIO = 200
"""How much an entry may be compressed (a zip bomb is compressed thousands to one)."""
MAX_LOG = 50_000_000
MAX_LOGS = 1_000
_LOG_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.jsonl$")


@dataclass
class Pack:
    """A pack read and checked: its game, its version (and name), the files, the logs, the other versions."""

    path: Path
    game: str
    version: dict[str, str]
    manifest: Manifest
    files: dict[str, bytes]
    logs: dict[str, bytes] = field(default_factory=dict)
    others: dict[str, Manifest] = field(default_factory=dict)
    """The manifests of the versions the logs were played with, by hash."""
    blobs: dict[str, bytes] = field(default_factory=dict)

    @property
    def has_code(self) -> bool:
        """True when the pack holds Python (rules or bots) in any of its versions."""
        return self.manifest.has_code or any(m.has_code for m in self.others.values())


def pack_name(game: str, record: VersionRecord) -> str:
    """Return the file name a pack of ``record`` gets: ``my-game-v3.tabletop``."""
    return f"{game}-{record.id}{SUFFIX}"


def write_pack(store: Store, game: str, record: VersionRecord, out: Path, *,
               logs: Sequence[tuple[Path, str]] = ()) -> Path:
    """Write version ``record`` of ``game`` (its files read from ``store``) and ``logs`` (each a path and the
    hash of the version it was played with, "" for none) as the pack ``out``; return it.

    :raises VersionError: when a file is missing or damaged in the store, or ``out`` cannot be written.
    """
    manifest = manifest_of(store, record.hash)
    others: dict[str, Manifest] = {}
    for _path, version in logs:
        if version and version != record.hash and version not in others:
            others[version] = manifest_of(store, version)
    head = {"format": PACK_FORMAT, "game": game, "version": {"id": record.id, "hash": record.hash,
                                                            "name": record.name},
            "files": manifest.files, "logs": [p.name for p, _v in logs],
            "versions": {h: m.files for h, m in others.items()}, "packed": now()}
    temp = out.with_name(f".{out.name}.tmp")
    try:
        with zipfile.ZipFile(temp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            zf.writestr(MANIFEST, json.dumps(head, ensure_ascii=False, indent=1))
            for name, blob in manifest.files.items():
                zf.writestr(f"game/{name}", store.get(blob))
            extra = {blob for m in others.values() for blob in m.files.values()} - set(manifest.files.values())
            for blob in sorted(extra):
                zf.writestr(f"blobs/{blob}", store.get(blob))
            for path, _version in logs:
                zf.write(path, f"logs/{path.name}")
        os.replace(temp, out)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise VersionError(_("{file}: cannot write the pack: {problem}").format(
            file=shown_path(out), problem=exc.strerror or exc)) from None
    return out


def read_pack(path: Path) -> Pack:
    """Return the pack at ``path``, every entry checked (see the module) before anything is written.

    :raises VersionError: with one line naming the file and what is wrong with it.
    """
    shown = shown_path(path)

    def refuse(problem: str) -> VersionError:
        return VersionError(_("{file}: {problem}; nothing was opened").format(file=shown, problem=problem))

    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, ValueError, EOFError):
        raise refuse(_("not a tabletop pack (not a zip file)")) from None
    except OSError as exc:
        raise VersionError(_("{file}: cannot read it: {problem}").format(file=shown, problem=exc.strerror or exc)) from None
    with zf:
        entries = zf.infolist()
        if len(entries) > MAX_ENTRIES:
            raise refuse(_("{count:,} entries, more than a pack holds ({most:,})").format(
                count=len(entries), most=MAX_ENTRIES))
        total = 0
        for each in entries:
            _check_entry(each, refuse)
            total += each.file_size
        if total > MAX_TOTAL:
            raise refuse(_("it would unpack to {size:,} bytes, more than a pack may ({most:,})").format(
                size=total, most=MAX_TOTAL))
        names = {each.filename: each for each in entries if not each.is_dir()}

        def read(key: str, missing: str) -> bytes:
            info = names.get(key)
            if info is None:
                raise refuse(missing)
            return _read(zf, info, refuse)

        head = _head(read(MANIFEST, _("no {name} in it: not a tabletop pack").format(name=MANIFEST)), refuse)
        manifest = Manifest(head["files"])
        files = {name: _checked(read(f"game/{name}", _("game/{name} is missing").format(name=name)), blob,
                                f"game/{name}", refuse) for name, blob in manifest.files.items()}
        others = {h: Manifest(m) for h, m in head["versions"].items()}
        blobs: dict[str, bytes] = {}
        for other in others.values():
            for name, blob in other.files.items():
                if blob not in blobs and blob not in manifest.files.values():
                    data = read(f"blobs/{blob}", _("blobs/{blob} is missing (a file of {name})").format(
                        blob=blob[:12], name=name))
                    blobs[blob] = _checked(data, blob, f"blobs/{blob}", refuse)
        logs = {}
        for name in head["logs"]:
            if f"logs/{name}" in names and names[f"logs/{name}"].file_size > MAX_LOG:
                raise refuse(_("logs/{name} is bigger than a log may be").format(name=name))
            logs[name] = read(f"logs/{name}", _("logs/{name} is missing").format(name=name))
        expected = {MANIFEST, *(f"game/{n}" for n in files), *(f"blobs/{b}" for b in blobs),
                    *(f"logs/{n}" for n in logs)}
        stray = sorted(set(names) - expected)
        if stray:
            raise refuse(_("{name} belongs to no file of the pack").format(name=repr(stray[0][:80])))
    return Pack(path, head["game"], head["version"], manifest, files, logs, others, blobs)


def _check_entry(info: zipfile.ZipInfo, refuse: Any) -> None:
    name = info.filename
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise refuse(_("{name} is a link: a pack holds files only").format(name=repr(name[:80])))
    bare = name.rstrip("/") if info.is_dir() else name
    if not bare or not is_safe_name(bare) or re.match(r"^[A-Za-z]:", name):
        raise refuse(_("{name} is not a name inside the pack (an absolute name, .. or a drive)").format(
            name=repr(name[:80])))
    if bare != MANIFEST and bare.split("/", 1)[0] not in ("game", "logs", "blobs"):
        raise refuse(_("{name} belongs to no file of the pack").format(name=repr(name[:80])))
    if info.file_size > MAX_FILE:
        raise refuse(_("{name} would unpack to {size:,} bytes, more than a file of a game may").format(
            name=repr(name[:80]), size=info.file_size))
    if info.file_size > 1_000_000 and info.file_size > MAX_RATIO * max(1, info.compress_size):
        raise refuse(_("{name} is compressed {ratio:,} to one: a zip bomb").format(
            name=repr(name[:80]), ratio=info.file_size // max(1, info.compress_size)))


def _read(zf: zipfile.ZipFile, info: zipfile.ZipInfo, refuse: Any) -> bytes:
    """Return an entry's bytes, never more than it declares (a lying size stops the read)."""
    try:
        with zf.open(info) as stream:
            data = stream.read(info.file_size + 1)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as exc:
        raise refuse(_("{name} cannot be read: {problem}").format(name=repr(info.filename[:80]), problem=exc)) from None
    if len(data) > info.file_size:
        raise refuse(_("{name} holds more than it declares").format(name=repr(info.filename[:80])))
    return data


def _checked(data: bytes, blob: str, name: str, refuse: Any) -> bytes:
    if digest_bytes(data) != blob:
        raise refuse(_("{name} does not match its hash (damaged or edited)").format(name=name))
    return data


def _head(data: bytes, refuse: Any) -> dict[str, Any]:
    """Return the pack's ``tabletop-pack.json``, every field checked."""
    try:
        head = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise refuse(_("{name} is not JSON").format(name=MANIFEST)) from None
    if not isinstance(head, dict) or head.get("format") != PACK_FORMAT:
        raise refuse(_("{name}: not a pack this tabletop reads (format {format})").format(
            name=MANIFEST, format=repr(head.get("format") if isinstance(head, dict) else None)))
    game, version = head.get("game"), head.get("version")
    if not isinstance(game, str) or not GAME_NAME.match(game):
        raise refuse(_("{name}: the game's name {game} is not one").format(name=MANIFEST, game=repr(str(game)[:60])))
    if not (isinstance(version, dict) and isinstance(version.get("id"), str) and re.fullmatch(r"v\d{1,7}", version["id"])
            and isinstance(version.get("hash"), str) and DIGEST.match(version["hash"])
            and isinstance(version.get("name", ""), str) and len(version.get("name", "")) <= MAX_NAME):
        raise refuse(_("{name}: the version is not one").format(name=MANIFEST))
    try:
        manifest = Manifest.from_bytes(json.dumps({"files": head.get("files")}).encode("utf-8"), MANIFEST)
        others = {h: Manifest.from_bytes(json.dumps({"files": m}).encode("utf-8"), MANIFEST).files
                  for h, m in (head.get("versions") or {}).items()}
    except (VersionError, AttributeError, TypeError):
        raise refuse(_("{name}: the list of files is not one").format(name=MANIFEST)) from None
    if manifest.hash != version["hash"] or any(Manifest(m).hash != h for h, m in others.items()):
        raise refuse(_("{name}: the files do not make the version it names (edited?)").format(name=MANIFEST))
    logs = head.get("logs") or []
    if not isinstance(logs, list) or len(logs) > MAX_LOGS or not all(isinstance(n, str) and _LOG_NAME.match(n)
                                                                   for n in logs) or len(set(logs)) != len(logs):
        raise refuse(_("{name}: the logs are not a list of .jsonl names").format(name=MANIFEST))
    return {"game": game, "version": {"id": version["id"], "hash": version["hash"], "name": version.get("name", "")},
            "files": manifest.files, "versions": others, "logs": logs}


def unpack(pack: Pack, games_dir: Path, store: Store, *, replace: bool = False) -> Path:
    """Write the checked ``pack`` into ``games_dir/<game>`` (with its logs in ``logs/``) and its versions into
    ``store``; return the game's folder. An existing folder is replaced only with ``replace`` (its files stay
    in the store as a version of their own, so nothing is lost).

    :raises VersionError: when the folder exists, or the games folder or the store cannot be written.
    """
    folder = games_dir / pack.game
    if (folder.exists() or folder.is_symlink()) and not replace:
        raise VersionError(_("{folder} exists already: open the pack with --replace to replace it (its files are"
                             " kept in the version store first), or rename that folder").format(
            folder=shown_path(folder)))
    _keep(store, pack)
    try:
        games_dir.mkdir(parents=True, exist_ok=True)
        temp = Path(tempfile.mkdtemp(prefix=".open-", dir=games_dir))
    except OSError as exc:
        raise VersionError(_("{folder}: cannot write it: {problem}").format(
            folder=shown_path(games_dir), problem=exc.strerror or exc)) from None
    try:
        for name, data in pack.files.items():
            target = temp / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        for name, data in pack.logs.items():
            (temp / "logs").mkdir(exist_ok=True)
            (temp / "logs" / name).write_bytes(data)
        if folder.is_symlink() or folder.is_file():
            folder.unlink()
        elif folder.exists():
            old = Path(tempfile.mkdtemp(prefix=".replaced-", dir=games_dir))
            os.replace(folder, old / pack.game)
            shutil.rmtree(old)
        os.replace(temp, folder)
    except OSError as exc:
        shutil.rmtree(temp, ignore_errors=True)
        raise VersionError(_("{folder}: cannot write it: {problem}").format(
            folder=shown_path(folder), problem=exc.strerror or exc)) from None
    return folder


def _keep(store: Store, pack: Pack) -> None:
    """Put the pack's versions into the store: their files, their manifests, and each in the game's list."""
    for data in [*pack.files.values(), *pack.blobs.values()]:
        store.put(data)
    versions = GameVersions(store, pack.game)
    with versions.locked():
        for manifest in [*pack.others.values(), pack.manifest]:
            store.put(manifest.to_bytes())
            records = versions.load()
            if not any(r.hash == manifest.hash for r in records):
                previous = records[-1] if records else None
                versions.add(manifest.hash, options=[], changes=changes_since(store, previous, manifest, []))
    name = pack.version.get("name", "")
    record = versions.by_hash(pack.manifest.hash)
    if name and record is not None and not record.name:
        with contextlib.suppress(VersionError):  # a name taken here already: the version keeps its id only
            versions.rename(record.id, name)
