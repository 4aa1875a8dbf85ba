"""The version store: every file of every version kept once, named by the SHA-256 of its content.

The store lives beside the games, in ``<games folder>/.versions`` (``$TABLETOP_VERSIONS`` puts it
elsewhere): it travels with the games and their logs when the folder is copied, backed up or
packed, and it survives the designer editing, renaming or deleting a game's files, or the whole game
folder. Nothing in it is ever changed in place: a blob is written once under its hash (through a
temporary file, so a kill leaves no half file under a real name) and read back only after its
content is checked against its name, so a damaged or missing file is reported, never used::

    .versions/blobs/3f/3fa9...      a file's content (a card image, a deck, a rules module)
    .versions/games/<game>/         the game's list of versions and its uses (:mod:`~tabletop.versions.index`)
    .versions/checkouts/<hash>/     a stored version written out to run its rules (:mod:`~tabletop.versions.checkout`)
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
from pathlib import Path

from tabletop.engine import folders
from tabletop.engine.errors import UserInputError
from tabletop.engine.guard import shown_path
from tabletop.i18n import _

STORE_ENV = "TABLETOP_VERSIONS"
"""Environment variable: the folder of the version store (default ``<games folder>/.versions``)."""
STORE_NAME = ".versions"
"""The store's folder inside the games folder (hidden: discovery skips names starting with a dot)."""
DIGEST = re.compile(r"^[0-9a-f]{64}$")
"""A blob's name: the SHA-256 of its content, in lowercase hex."""
CHUNK = 1 << 20


class VersionError(UserInputError):
    """The version store cannot give what was asked: a damaged or missing file, an unknown version."""


def store_dir(games_dir: Path | None = None) -> Path:
    """Return the folder of the version store: ``$TABLETOP_VERSIONS``, else ``.versions`` in the games folder."""
    env = os.environ.get(STORE_ENV)
    if env:
        return Path(env)
    return (games_dir if games_dir is not None else folders.games_dir()) / STORE_NAME


def digest_bytes(data: bytes) -> str:
    """Return the SHA-256 of ``data`` in hex (a blob's name)."""
    return hashlib.sha256(data).hexdigest()


def digest_file(path: Path) -> str:
    """Return the SHA-256 of the file at ``path`` in hex, read in pieces.

    :raises OSError: when it cannot be read.
    """
    h = hashlib.sha256()
    with open(path, "rb") as stream:
        while block := stream.read(CHUNK):
            h.update(block)
    return h.hexdigest()


class Store:
    """The blobs of one version store (see the module)."""

    def __init__(self, root: Path) -> None:
        self.root = root.absolute()  # the same store whatever the working folder becomes

    def blob_path(self, digest: str) -> Path:
        """Return where the blob named ``digest`` lives."""
        return self.root / "blobs" / digest[:2] / digest

    def has(self, digest: str) -> bool:
        """True when the blob named ``digest`` is in the store (its content is checked when read)."""
        return self.blob_path(digest).is_file()

    def put(self, data: bytes) -> str:
        """Keep ``data`` (once: a blob already there is not written again); return its name.

        :raises VersionError: naming the store when it cannot be written.
        """
        digest = digest_bytes(data)
        if not self.has(digest):
            self._write(digest, data)
        return digest

    def put_file(self, path: Path, digest: str) -> None:
        """Keep the file at ``path``, whose content hashes to ``digest``, unless the store has it already.

        :raises VersionError: when it cannot be read or written, or changed while it was being kept.
        """
        if self.has(digest):
            return
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise VersionError(_("{file}: cannot read it to keep it in the version store: {problem}").format(
                file=shown_path(path), problem=exc.strerror or exc)) from None
        if digest_bytes(data) != digest:
            raise VersionError(_("{file} changed while its version was being recorded: play again to record it").format(
                file=shown_path(path)))
        self._write(digest, data)

    def get(self, digest: str) -> bytes:
        """Return the content of the blob named ``digest``, checked against its name.

        :raises VersionError: naming the file when it is missing, unreadable or damaged.
        """
        path = self.blob_path(digest)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise VersionError(_("version store {file}: the file is missing; restore the store ({root}) from a"
                                 " copy, or play on with today's files").format(
                file=shown_path(path), root=shown_path(self.root))) from None
        except OSError as exc:
            raise VersionError(_("version store {file}: cannot read it: {problem}").format(
                file=shown_path(path), problem=exc.strerror or exc)) from None
        if digest_bytes(data) != digest:
            raise VersionError(_("version store {file}: the file is damaged (its content does not match its name);"
                                 " restore the store ({root}) from a copy").format(
                file=shown_path(path), root=shown_path(self.root)))
        return data

    def _write(self, digest: str, data: bytes) -> None:
        path = self.blob_path(digest)
        write_atomic(path, data, read_only=True)


def write_atomic(path: Path, data: bytes, *, read_only: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, so a reader never sees half of it.

    :raises VersionError: naming the path when it cannot be written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    except OSError as exc:
        raise VersionError(_("version store {file}: cannot write it: {problem}").format(
            file=shown_path(path), problem=exc.strerror or exc)) from None
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        if read_only:
            os.chmod(temp, 0o444)  # a blob is never edited: its name is its content
        os.replace(temp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise VersionError(_("version store {file}: cannot write it: {problem}").format(
            file=shown_path(path), problem=exc.strerror or exc)) from None
