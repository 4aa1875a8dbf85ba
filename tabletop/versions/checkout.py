"""A stored version written out as a game folder, to run its rules as any game folder's are run.

``checkouts/<hash>/<game>/`` holds the version's files but its art (the rules never read images;
packs and the table read art from the blobs): the deck, tables, questions and Python. It is written
through a temporary folder renamed into place, so a kill never leaves half a version, and its files
are checked against the version's hashes before each use in a process, so an edited checkout is
written again rather than run.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from tabletop.engine.guard import shown_path
from tabletop.i18n import _
from tabletop.versions.snapshot import Manifest
from tabletop.versions.store import Store, VersionError, digest_file

_checked: set[Path] = set()
"""Checkouts whose files were checked in this process."""


def manifest_of(store: Store, digest: str) -> Manifest:
    """Return the files of the version with hash ``digest``.

    :raises VersionError: when its manifest is missing or damaged.
    """
    return Manifest.from_bytes(store.get(digest), shown_path(store.blob_path(digest)))


def checkout(store: Store, game: str, digest: str) -> Path:
    """Return a game folder holding version ``digest`` of ``game`` (art left out), writing it when needed.

    :raises VersionError: when the version or one of its files is missing or damaged, or the store
        cannot be written.
    """
    manifest = manifest_of(store, digest)
    files = manifest.code()
    base = store.root / "checkouts" / digest[:24]
    folder = base / game
    if folder in _checked:
        return folder
    if folder.is_dir() and _intact(folder, files):
        _checked.add(folder)
        return folder
    contents = {name: store.get(blob) for name, blob in files.items()}  # every file checked before one is written
    try:
        (store.root / "checkouts").mkdir(parents=True, exist_ok=True)
        temp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=store.root / "checkouts"))
        for name, data in contents.items():
            path = temp / game / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        (temp / game).mkdir(exist_ok=True)
        if base.exists():
            shutil.rmtree(base)  # edited since: written again from the blobs
        os.replace(temp, base)
    except OSError as exc:
        with contextlib.suppress(NameError, OSError):
            shutil.rmtree(temp)
        raise VersionError(_("version store {folder}: cannot write the version out: {problem}").format(
            folder=shown_path(base), problem=exc.strerror or exc)) from None
    _checked.add(folder)
    return folder


def _intact(folder: Path, files: dict[str, str]) -> bool:
    """True when ``folder`` holds exactly ``files`` (names and content), caches aside."""
    try:
        present = {p.relative_to(folder).as_posix() for p in folder.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts}
        if present != set(files):
            return False
        return all(digest_file(folder / name) == blob for name, blob in files.items())
    except OSError:
        return False
