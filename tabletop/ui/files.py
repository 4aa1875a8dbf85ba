"""Writing output files whole or not at all: screenshots, contact sheets, TTS sheets, PDFs, videos.

:func:`write_whole` writes to a temporary file beside the target, flushes it to the disk, checks it
(an image is decoded again, a PDF's end is looked for), and only then gives it the target's name.
A full disk, a size limit or an image library that stops writing without saying so ends in
:class:`WriteFailed` naming the file, and no cut file is left where the user expects a whole one.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Callable
from pathlib import Path

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _


class WriteFailed(TabletopError):
    """An output file could not be written whole; the message names it and why."""


def write_whole(path: Path, write: Callable[[Path], object], *, check: Callable[[Path], None] | None = None) -> Path:
    """Write ``path`` by calling ``write(temporary)``, check what was written, then rename it; return ``path``.

    ``check`` raises (anything) when the written file is not whole; by the file's suffix an image or
    a PDF is checked when none is given.

    :raises WriteFailed: naming ``path`` and the reason; nothing is left at ``path`` or beside it.
    """
    # The same suffix: writers that pick the format by the file name (pygame, PyAV) see the real one.
    temporary = path.with_name(f".{path.stem}.{os.getpid()}.part{path.suffix}")
    check = check or _CHECKS.get(path.suffix.lower())
    try:
        write(temporary)
        with open(temporary, "rb+") as f:
            os.fsync(f.fileno())
        if temporary.stat().st_size == 0:
            raise ValueError("nothing was written")
        if check is not None:
            check(temporary)
        os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            temporary.unlink()
        if isinstance(exc, KeyboardInterrupt | SystemExit):
            raise
        raise WriteFailed(_("{file}: could not be written whole ({problem})").format(
            file=path, problem=reason(exc))) from None
    return path


def reason(exc: BaseException) -> str:
    """Return a few words on why a write failed ("the disk is full")."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return _("the disk is full")
    if isinstance(exc, OSError) and exc.errno == errno.EFBIG:
        return _("the file is larger than this system allows")
    if isinstance(exc, OSError) and exc.errno == errno.EISDIR:
        return _("it is a folder")
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return f"{type(exc).__name__}: {exc}"[:160]


def _check_image(path: Path) -> None:
    from PIL import Image

    with Image.open(path) as image:
        image.load()  # decodes every byte: a cut PNG or JPEG fails here


def _check_pdf(path: Path) -> None:
    with open(path, "rb") as f:
        f.seek(max(0, path.stat().st_size - 1024))
        if b"%%EOF" not in f.read():
            raise ValueError("the PDF ends before its end")


_CHECKS: dict[str, Callable[[Path], None]] = {".png": _check_image, ".jpg": _check_image, ".jpeg": _check_image,
                                               ".gif": _check_image, ".pdf": _check_pdf}
