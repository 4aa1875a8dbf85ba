"""Recording a game folder's version: its files kept in the store, the version listed (a new one gets
the next id and what changed since the one before), and each use counted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.versions.changes import compare
from tabletop.versions.checkout import manifest_of
from tabletop.versions.index import GameVersions, VersionRecord
from tabletop.versions.snapshot import Manifest, read_folder
from tabletop.versions.store import Store, VersionError


def record_version(store: Store, game: str, folder: Path, *, options: list[dict[str, Any]]) -> VersionRecord:
    """Return the version ``folder`` holds now, keeping its files and listing it when it is new.

    ``options`` are the options the game declares (name, default, allowed), kept with a new version.

    :raises VersionError: when a file cannot be read, or the store read or written.
    """
    versions = GameVersions(store, game)
    manifest = read_folder(folder, versions.seen_path, store)
    digest = manifest.hash
    found = versions.by_hash(digest)
    if found is not None:
        return found
    store.put(manifest.to_bytes())
    with versions.locked():
        records = versions.load()
        found = next((r for r in records if r.hash == digest), None)
        if found is not None:  # another table recorded it meanwhile
            return found
        previous = records[-1] if records else None
        return versions.add(digest, options=options, changes=changes_since(store, previous, manifest, options))


def changes_since(store: Store, previous: VersionRecord | None, manifest: Manifest,
                  options: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Return the summary of what changed from ``previous`` (None: the first version) to ``manifest``,
    or None when a file it needs is missing from the store (the listing says "?" then)."""
    try:
        before = manifest_of(store, previous.hash) if previous is not None else None
        return compare(store, before, manifest, options_a=previous.options if previous else None,
                       options_b=options).summary()
    except VersionError:
        return None


def folder_hash(game: str, folder: Path, store: Store) -> str:
    """Return the hash of the version ``folder`` holds now, keeping nothing (to tell whether a log's
    version is today's files).

    :raises VersionError: when a file cannot be read.
    """
    return read_folder(folder, GameVersions(store, game).seen_path).hash
