"""On-disk cache of fitted card images, so the next launch shows all art at once without decoding.

Entries are keyed by (file path, file size, mtime, target size, format version) and hold raw
RGBA bytes: reading one is a single file read, no PNG decode. Any cache trouble (read-only home,
full disk, a corrupt entry) only means a miss.
"""

from __future__ import annotations

import hashlib
import os
import struct
import tempfile
from pathlib import Path

from tabletop.i18n import _
from tabletop.ui.art.loader import Loaded, Size, Source
from tabletop.ui.art.sheets import Cell

ENV_VAR = "TABLETOP_CACHE_DIR"
"""Environment variable overriding where the cache lives."""
LIMIT_BYTES = 1 << 30
"""When the cache grows past this (1 GiB), the least recently written entries go first."""

_MAGIC = b"TTART3"  # 3: source sizes as shown after EXIF rotation
_HEADER = struct.Struct("<6sHHII")  # magic, width, height, source width, source height


def default_cache_dir() -> Path:
    """Return ``$TABLETOP_CACHE_DIR``, else ``$XDG_CACHE_HOME/tabletop/art``, else ``~/.cache/tabletop/art``."""
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "tabletop" / "art"


class DiskCache:
    """Fitted images on disk under ``folder``; safe to use from several threads."""

    def __init__(self, folder: Path, *, limit: int = LIMIT_BYTES) -> None:
        self.folder = folder
        self.error: str | None = None
        self.prune(limit)

    def prune(self, limit: int) -> int:
        """Delete the oldest entries until the cache holds at most 80% of ``limit`` bytes; return how many."""
        try:
            entries = [(e.stat().st_mtime, e.stat().st_size, Path(e.path))
                       for e in os.scandir(self.folder) if e.name.endswith((".rgba", ".tmp"))]
        except OSError:  # no cache yet, or unreadable: nothing to prune
            return 0
        total = sum(size for _, size, _ in entries)
        if total <= limit:
            return 0
        removed = 0
        for _when, size, path in sorted(entries):
            if total <= limit * 0.8:
                break
            try:
                path.unlink()
            except OSError:
                continue
            total -= size
            removed += 1
        return removed

    def entry(self, path: Source, stat: os.stat_result, size: Size) -> Path:
        """Return the cache file for ``path`` (a file or a sheet's cell) in the state ``stat`` fitted to ``size``."""
        if isinstance(path, Cell):
            where = f"{path.sheet.resolve()}|cell {path.index} of {path.columns}x{path.rows}"
        else:
            where = str(path.resolve())
        key = f"{_MAGIC!r}|{where}|{stat.st_size}|{stat.st_mtime_ns}|{size[0]}x{size[1]}"
        return self.folder / f"{hashlib.sha1(key.encode()).hexdigest()}.rgba"

    def get(self, path: Source, stat: os.stat_result, size: Size) -> Loaded | None:
        """Return the cached fitted image, or None on a miss (or an unreadable entry)."""
        found = _read(self.entry(path, stat, size), size)
        return Loaded(path, size, found[0], found[1]) if found is not None else None

    def put(self, loaded: Loaded, stat: os.stat_result) -> None:
        """Store a successfully loaded image; a failure is only noted in ``error`` (art still shows)."""
        if loaded.ok:
            self._write(self.entry(loaded.path, stat, loaded.size), loaded.size, loaded.source_size, loaded.rgba)

    def keyed(self, key: str, size: Size) -> Path:
        """Return the cache file of a picture known by the digest ``key`` of what it is made from (a composed face)."""
        return self.folder / f"{hashlib.sha1(f'{_MAGIC!r}|{key}|{size[0]}x{size[1]}'.encode()).hexdigest()}.rgba"

    def load(self, key: str, size: Size) -> bytes | None:
        """Return the RGBA bytes stored under ``key`` at ``size``, or None on a miss."""
        found = _read(self.keyed(key, size), size)
        return found[0] if found is not None else None

    def store(self, key: str, size: Size, rgba: bytes) -> None:
        """Store RGBA bytes under ``key`` at ``size`` (a failure only noted in ``error``)."""
        self._write(self.keyed(key, size), size, (0, 0), rgba)

    def _write(self, target: Path, size: Size, source_size: Size, rgba: bytes) -> None:
        header = _HEADER.pack(_MAGIC, *size, *source_size)
        tmp: str | None = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # Write then rename, so a reader (or a crash) never sees half an entry.
            fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                out.write(header)
                out.write(rgba)
            os.replace(tmp, target)
        except OSError as exc:
            self.error = _("art cache {folder} not writable ({problem}); art will load slower").format(
                folder=self.folder, problem=exc)
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)


def _read(entry: Path, size: Size) -> tuple[bytes, Size] | None:
    """Return the pixels of a cache entry of ``size`` and its source's size, or None (missing, cut, another format)."""
    try:
        data = entry.read_bytes()
        magic, width, height, src_w, src_h = _HEADER.unpack_from(data)
    except (OSError, struct.error):
        return None
    pixels = data[_HEADER.size:]
    if magic != _MAGIC or (width, height) != size or len(pixels) != width * height * 4:
        return None
    return pixels, (src_w, src_h)
