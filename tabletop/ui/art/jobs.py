"""The art library's background work: a job to load one card's file at some sizes, its result, a header check.

Workers run :func:`fetch` (the disk cache, else one decode for every size asked); the watcher runs
:func:`check_file` on new and changed files. No pygame here: results are bytes, made into surfaces
on the main thread.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from tabletop.i18n import _
from tabletop.ui.art.diskcache import DiskCache
from tabletop.ui.art.folder_map import Key, Stamp
from tabletop.ui.art.loader import Loaded, Size, Source, load_sizes, probe, source_file, source_name


@dataclass(frozen=True)
class Job:
    """Load the file of card ``key`` (``path`` as of ``stamp``) fitted to each of ``sizes``."""

    key: Key
    sizes: tuple[Size, ...]
    path: Source
    stamp: Stamp
    check_cache: bool
    """Look in the disk cache first (else decode, and cache what is decoded)."""
    verify: bool = False
    """A background check that a new or changed file decodes, not a load a card on screen asked for."""


@dataclass(frozen=True)
class Done:
    """One size of a :class:`Job`, loaded (or its error), and whether it came from the disk cache."""

    job: Job
    loaded: Loaded
    from_cache: bool

    @property
    def size(self) -> Size:
        """Return the size this result is for."""
        return self.loaded.size


@dataclass(frozen=True)
class Checked:
    """The header check of one version of a card's file: its picture size, or why it is unreadable."""

    key: Key
    path: Source
    stamp: Stamp
    source_size: Size
    error: str | None


def check_file(key: Key, path: Source, stamp: Stamp) -> Checked:
    """Return the header check of ``path`` (the file of ``key`` as of ``stamp``); decodes no pixels."""
    source_size, error = probe(path)
    return Checked(key, path, stamp, source_size, error)


def fetch(job: Job, disk: DiskCache) -> list[Done]:
    """Return ``job``'s fitted images from the disk cache, else decoded from its file once (and cached)."""
    try:
        stat = os.stat(source_file(job.path))
    except OSError:
        gone = _("{file}: file vanished").format(file=source_name(job.path))
        return [Done(job, Loaded(job.path, size, error=gone), False) for size in job.sizes]
    done: list[Done] = []
    missing: list[Size] = []
    for size in job.sizes:
        hit = disk.get(job.path, stat, size) if job.check_cache else None
        if hit is not None:
            done.append(Done(job, hit, True))
        else:
            missing.append(size)
    if missing:
        for loaded in load_sizes(job.path, missing):
            disk.put(loaded, stat)
            done.append(Done(job, loaded, False))
    return done
