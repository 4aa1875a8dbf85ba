"""Card art by content hash: the files a host's table uses, and the joiner's store of them.

The host offers the files its art folder maps to cards (card images, sheet images with their
TOML, the back) as a manifest of file name -> SHA-256 digest; a joiner fetches the digests it has
not stored yet, checks each file against its digest, keeps it under the digest, and lays the
files out in a folder of its own under the same names, which its art library reads like any art
folder (so sprite sheets, alternative names and hot reload work as they do locally). A file
changed on the host is a new digest under the same name: the joiner fetches it and replaces the
name, and its library's watcher shows it.

>>> is_safe_name("AS.png"), is_safe_name("../x.png"), is_safe_name(".hidden.png"), is_safe_name("run.sh")
(True, False, False, False)
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
import threading
from collections.abc import Callable, Mapping
from pathlib import Path

from tabletop.net.protocol import ART_FILE_LIMIT

ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".toml")
"""The kinds of file that travel: images and sprite sheets' TOML."""
Manifest = dict[str, str]
"""File name -> SHA-256 digest (hex)."""


def is_safe_name(name: str) -> bool:
    """True for a plain file name of an art kind, safe to create in a folder (no path, no dot file)."""
    return (isinstance(name, str) and 0 < len(name) <= 160 and not name.startswith(".")
            and re.fullmatch(r"[^/\\:\x00-\x1f\x7f]+", name) is not None and name.lower().endswith(ART_SUFFIXES))


def digest_of(data: bytes) -> str:
    """Return the SHA-256 digest of ``data`` in hex."""
    return hashlib.sha256(data).hexdigest()


class ArtShare:
    """The host's side: which files travel (``files()``: name -> path, asked again on :meth:`refresh`),
    with their digests, worked out again only for files whose size or time changed."""

    def __init__(self, files: Callable[[], Mapping[str, Path]]) -> None:
        self._files = files
        self._lock = threading.Lock()
        self._hashed: dict[Path, tuple[tuple[int, int], str]] = {}
        self._manifest: Manifest = {}
        self._paths: dict[str, Path] = {}
        self.refresh()

    def manifest(self) -> Manifest:
        """Return the files offered now: name -> digest."""
        with self._lock:
            return dict(self._manifest)

    def path(self, digest: str) -> Path | None:
        """Return the file offered under ``digest``, or None when no file offered now has it."""
        with self._lock:
            return self._paths.get(digest)

    def refresh(self) -> dict[str, str | None]:
        """Look at the files again; return what changed (name -> new digest, None when gone)."""
        try:
            listed = dict(self._files())
        except OSError:
            listed = {}
        manifest: Manifest = {}
        paths: dict[str, Path] = {}
        for name, path in listed.items():
            if not is_safe_name(name):
                continue
            digest = self._digest(path)
            if digest is not None:
                manifest[name] = digest
                paths[digest] = path
        with self._lock:
            old, self._manifest, self._paths = self._manifest, manifest, paths
        changes: dict[str, str | None] = {n: d for n, d in manifest.items() if old.get(n) != d}
        changes.update({n: None for n in old if n not in manifest})
        return changes

    def _digest(self, path: Path) -> str | None:
        try:
            st = path.stat()
            stamp = (st.st_size, st.st_mtime_ns)
            known = self._hashed.get(path)
            if known is not None and known[0] == stamp:
                return known[1]
            if st.st_size > ART_FILE_LIMIT:
                return None
            digest = digest_of(path.read_bytes())
        except OSError:
            return None
        self._hashed[path] = (stamp, digest)
        return digest


class ArtStore:
    """The joiner's side: files kept under their digest in ``root``, laid out by name in a folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files = root / "files"
        self.error: str | None = None

    def has(self, digest: str) -> bool:
        """True when the file with ``digest`` is stored."""
        return (self.files / digest).is_file()

    def put(self, digest: str, data: bytes) -> bool:
        """Store ``data`` under ``digest`` if it is the file with that digest; return whether it was."""
        if digest_of(data) != digest:
            return False
        try:
            self.files.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.files, suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, self.files / digest)
        except OSError as exc:
            self.error = f"cannot store card art in {self.files}: {exc.strerror or exc}"
            return False
        return True

    def lay_out(self, folder: Path, manifest: Mapping[str, str | None], *, complete: bool = True) -> list[str]:
        """Put each stored file of ``manifest`` into ``folder`` under its name (a name mapped to None,
        and with ``complete`` any name not in the manifest, is removed); return the digests still missing."""
        missing: list[str] = []
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.error = f"cannot make the art folder {folder}: {exc.strerror or exc}"
            return []
        for name, digest in manifest.items():
            if not is_safe_name(name):
                continue
            target = folder / name
            if digest is None:
                with contextlib.suppress(OSError):
                    target.unlink()
                continue
            if not self.has(digest):
                if digest not in missing:
                    missing.append(digest)
                continue
            if _same_file(target, self.files / digest):
                continue
            self._link(self.files / digest, target)
        if complete:
            for path in folder.iterdir() if folder.is_dir() else ():
                if path.name not in manifest and path.is_file() and path.name.lower().endswith(ART_SUFFIXES):
                    with contextlib.suppress(OSError):
                        path.unlink()
        return missing

    def _link(self, source: Path, target: Path) -> None:
        """Make ``target`` the stored ``source`` in one step (a link, else a copy), so a library
        scanning the folder never reads half a file."""
        tmp = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            try:
                os.link(source, tmp)
            except OSError:
                tmp.write_bytes(source.read_bytes())
            os.replace(tmp, target)
        except OSError as exc:
            self.error = f"cannot write {target}: {exc.strerror or exc}"
            with contextlib.suppress(OSError):
                tmp.unlink()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
