"""Decode one art file (or a sprite sheet's cell) with Pillow into RGBA bytes fitted into a card-shaped box.

Memory stays bounded with pictures of any size: JPEGs decode at a reduced scale, other formats are
reduced right after decoding, and big decodes wait for each other (:class:`DecodeGate`). Runs on
worker threads: no pygame here. Every failure a user's file can cause becomes a
:class:`Loaded` with an ``error`` naming the file and what to do; nothing raises.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from tabletop.i18n import _
from tabletop.ui.art.sheets import Cell

CARD_BACKGROUND = (252, 251, 247, 255)
"""The card stock colour behind transparent art and in letterbox bands (RGBA)."""

READ_FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP")
# Only plain raster formats: Pillow's EPS/PS plugins would run Ghostscript on a user's file.

CARD_ASPECT = 5 / 7
"""Card width / height (the common 2.5 x 3.5 in card)."""

ODD_ASPECT = 0.25
"""How far (as a fraction) an image's aspect may differ from the card's before it is reported."""

Size = tuple[int, int]
Source = Path | Cell
"""Where a card's picture is: an image file, or one cell of a sprite sheet."""


@dataclass(frozen=True)
class Loaded:
    """The result of loading one file: RGBA bytes of ``size``, or an ``error`` message."""

    path: Source
    size: Size
    rgba: bytes = b""
    source_size: Size = (0, 0)
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the file gave a picture."""
        return self.error is None


def corner_radius(size: Size) -> int:
    """Return the corner radius in pixels of a card of ``size`` (shared with generated faces)."""
    return max(2, min(size) // 14)


def fit_box(source: Size, box: Size) -> Size:
    """Return the largest size with ``source``'s aspect that fits in ``box`` (at least 1x1).

    >>> fit_box((1000, 500), (250, 350)), fit_box((500, 700), (250, 350))
    ((250, 125), (250, 350))
    """
    scale = min(box[0] / source[0], box[1] / source[1])
    return max(1, round(source[0] * scale)), max(1, round(source[1] * scale))


def aspect_problem(source: Size, card_aspect: float) -> str | None:
    """Return a note when ``source`` is far from the card's width/height ``card_aspect``, else None."""
    if source[0] <= 0 or source[1] <= 0:
        return None
    aspect = source[0] / source[1]
    if abs(aspect / card_aspect - 1) <= ODD_ASPECT:
        return None
    return _("is {width}x{height} (aspect {aspect:.2f}, cards are {card:.2f}): shown with bands;"
             " crop it to 5:7 to fill the card").format(width=source[0], height=source[1], aspect=aspect,
                                                         card=card_aspect)


def load_fitted(source: Source, box: Size, *, background: tuple[int, int, int, int] = CARD_BACKGROUND,
                rounded: bool = True) -> Loaded:
    """Return ``source``'s picture (a file, or a sheet's cell) fitted into ``box`` on the card background."""
    return load_sizes(source, [box], background=background, rounded=rounded)[0]


def load_sizes(source: Source, boxes: Sequence[Size], *,
               background: tuple[int, int, int, int] = CARD_BACKGROUND, rounded: bool = True) -> list[Loaded]:
    """Return ``source``'s picture fitted into each of ``boxes``, decoding it once; or the error why not."""
    try:
        return _load(source, list(boxes), background, rounded)
    except Exception as exc:  # a user's file must never take the table down
        return [Loaded(source, box, error=_cannot_read(source_file(source), exc)) for box in boxes]


def probe(source: Source) -> tuple[Size, str | None]:
    """Return ``source``'s picture size (a sheet cell's size) read from its header alone, or (0, 0) and why not.

    Finds empty files, non-images and over-large dimensions without decoding a pixel. Bad pixel
    data behind a good header (a truncated file) is only found by :func:`load_fitted`: Pillow's
    ``verify()`` would read the whole file for PNG only (a no-op for JPEG and WebP) and rejects
    PNGs that decode and show fine, such as ones missing the final IEND chunk.
    """
    path = source_file(source)
    try:
        opened = _open(path)
    except Exception as exc:  # same guarantee as load_fitted: never raise for a user's file
        return (0, 0), _cannot_read(path, exc)
    if isinstance(opened, str):
        return (0, 0), f"{path.name}: {opened}"
    with opened:
        size = shown_size(opened)
        return (source.size(size) if isinstance(source, Cell) else size), None


def source_file(source: Source) -> Path:
    """Return the file ``source`` is read from (a cell's sheet image)."""
    return source.sheet if isinstance(source, Cell) else source


def source_name(source: Source) -> str:
    """Return how messages name ``source``: its file name, with the cell for a sheet's cell."""
    return source.name if isinstance(source, Cell) else source.name


def shown_size(image: Image.Image) -> Size:
    """Return the size ``image`` shows at once its EXIF orientation is applied (a sideways phone photo is tall)."""
    w, h = image.size
    return (h, w) if _orientation(image) in (5, 6, 7, 8) else (w, h)  # orientations that swap the sides


def _cannot_read(path: Path, exc: Exception) -> str:
    return _("{file}: cannot read it ({error})").format(file=path.name, error=f"{type(exc).__name__}: {exc}")


def _open(path: Path) -> Image.Image | str:
    """Return ``path`` opened (header read, no pixels decoded yet), or the reason it cannot be."""
    try:
        if os.stat(path).st_size == 0:
            return _("empty file (0 bytes); save the image again")
        image = Image.open(path, formats=READ_FORMATS)
    except FileNotFoundError:
        return _("file vanished while loading")
    except Image.UnidentifiedImageError:
        return _("not an image Pillow can read (use PNG, JPEG or WebP)")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        return _("too large to open safely ({error}); scale it down").format(error=exc)
    width, height = image.size
    if Image.MAX_IMAGE_PIXELS is not None and width * height > Image.MAX_IMAGE_PIXELS:
        # Between 1x and 2x the limit Pillow only warns; refuse it too rather than stall.
        image.close()
        return _("{width}x{height} pixels is beyond the decompression-bomb limit of {limit} pixels;"
                 " scale it down").format(width=width, height=height, limit=Image.MAX_IMAGE_PIXELS)
    return image


class DecodeGate:
    """Lets decodes run at once only while their full-size pixels stay under a budget.

    A PNG is decoded at full size before it can be reduced: six 6000x8400 pictures decoded by
    four threads at once would hold 600 MB. Big pictures therefore decode one at a time (one
    larger than the whole budget still goes, alone), small ones side by side.
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._used = 0
        self._cond = threading.Condition()

    @contextmanager
    def hold(self, pixels: int) -> Iterator[None]:
        """Wait until ``pixels`` fit in the budget (or nothing else decodes), hold them while inside."""
        with self._cond:
            while self._used and self._used + pixels > self.budget:
                self._cond.wait()
            self._used += pixels
        try:
            yield
        finally:
            with self._cond:
                self._used -= pixels
                self._cond.notify_all()


DECODE_BUDGET = 24_000_000
"""Pixels decoded at once by all threads together (about 100 MB as RGBA)."""
GATE = DecodeGate(DECODE_BUDGET)
REDUCING_GAP = 2
"""A picture is reduced by whole factors while it stays this many times the wanted size; then resampled."""


class _SheetMemo:
    """The last sheet image decoded (reduced), so the cells of one sheet cost one decode."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.key: tuple[Path, int, int] | None = None
        self.factor = 0
        self.image: Image.Image | None = None
        self.full: Size = (0, 0)


_SHEETS = _SheetMemo()


def _load(source: Source, boxes: list[Size], background: tuple[int, int, int, int],
          rounded: bool) -> list[Loaded]:
    decoded = load_picture(source, boxes)
    if isinstance(decoded, str):
        return [Loaded(source, box, error=f"{source_name(source)}: {decoded}") for box in boxes]
    picture, shown = decoded
    return [Loaded(source, box, _compose(picture, box, background, rounded).tobytes(), shown) for box in boxes]


def load_picture(source: Source, boxes: Sequence[Size]) -> tuple[Image.Image, Size] | str:
    """Return ``source``'s picture upright in L, LA, RGB or RGBA, reduced no further than ``boxes`` need, with
    the size it shows at full scale; or the reason it cannot be read.

    :raises OSError: only from a file that changes while it is read (callers guard, as :func:`load_sizes` does).
    """
    boxes = list(boxes)
    if isinstance(source, Cell):
        decoded = _decode_sheet(source, boxes)
        if isinstance(decoded, str):
            return decoded
        sheet, full = decoded
        # The cell, cut from the (maybe reduced) sheet: scale the full-size box into it.
        left, top, right, bottom = source.box(full)
        sx, sy = sheet.size[0] / full[0], sheet.size[1] / full[1]
        picture = sheet.crop((round(left * sx), round(top * sy), round(right * sx), round(bottom * sy)))
        return picture, source.size(full)
    opened = _open(source)
    if isinstance(opened, str):
        return opened
    with opened as image:
        shown = shown_size(image)
        turn = _orientation(image)
        decoded_image = _decode(image, _factor(shown, boxes))
        if isinstance(decoded_image, str):
            return decoded_image
        return _plain_mode(_upright(decoded_image, turn)), shown


def _factor(shown: Size, boxes: list[Size]) -> int:
    """Return the whole factor a picture showing ``shown`` may be reduced by and still fill every box well."""
    need = max(fit_box(shown, box)[0] / shown[0] for box in boxes)  # fit_box keeps the aspect
    return max(1, int(1 / (need * REDUCING_GAP)))


def _decode(image: Image.Image, factor: int) -> Image.Image | str:
    """Return ``image``'s pixels reduced by ``factor`` (decoded at that scale where the format can), or why not."""
    w, h = image.size
    picture: Image.Image = image
    if factor > 1:
        # JPEG decodes at 1/2..1/8 scale directly; the rest is reduced right after decoding.
        image.draft(None, (max(1, w // factor), max(1, h // factor)))
    try:
        with GATE.hold(w * h):
            image.load()
            if picture.mode in ("P", "PA", "1") or "transparency" in picture.info:
                picture = _plain_mode(picture)  # palette indices must not be averaged
            scale = max(1, min(picture.size[0] * factor // w, picture.size[1] * factor // h))
            if scale > 1 and picture.mode in _REDUCIBLE:
                picture = picture.reduce(scale)  # frees the full-size pixels before anything else
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        reason = _("file is truncated") if "truncated" in str(exc) else str(exc)
        return _("broken image data ({reason}); save the image again").format(reason=reason)
    finally:
        if w * h >= TRIM_PIXELS:
            if picture is not image:
                image.close()  # drop the full-size pixels now...
            release_memory()  # ...and hand their memory back
    return picture


TRIM_PIXELS = 4_000_000
"""After decoding a picture this big, freed memory is handed back to the system at once."""
_trim: Any = None


def release_memory() -> None:
    """Hand freed memory back to the system (glibc only; elsewhere big blocks go back by themselves).

    glibc keeps what a thread freed in that thread's arena, so four workers that each decoded one
    6000x8400 picture would go on holding 800 MB they no longer use.
    """
    global _trim
    if _trim is None:
        _trim = False
        if sys.platform.startswith("linux"):
            try:
                _trim = ctypes.CDLL(None).malloc_trim
            except (OSError, AttributeError):  # not glibc (musl): nothing to trim
                _trim = False
    if _trim:
        _trim(0)


_REDUCIBLE = frozenset({"L", "LA", "La", "RGB", "RGBA", "RGBa", "RGBX", "CMYK", "I", "F", "I;16"})


def _decode_sheet(cell: Cell, boxes: list[Size]) -> tuple[Image.Image, Size] | str:
    """Return ``cell``'s sheet decoded (reduced as far as ``boxes`` allow) and its full size, or why not."""
    path = cell.sheet
    try:
        st = os.stat(path)
    except OSError:
        return _("file vanished while loading")
    key = (path, st.st_size, st.st_mtime_ns)
    with _SHEETS.lock:  # one thread decodes a sheet; the others then cut their cells from it
        opened = _open(path)
        if isinstance(opened, str):
            return opened
        with opened as image:
            full = shown_size(image)
            cell_size = cell.size(full)
            if cell_size[0] <= 0 or cell_size[1] <= 0:
                return _("a {columns}x{rows} grid leaves no pixels for a cell: check columns and rows").format(
                    columns=cell.columns, rows=cell.rows)
            factor = _factor(cell_size, boxes)
            if _SHEETS.key == key and _SHEETS.image is not None and _SHEETS.factor <= factor:
                return _SHEETS.image, _SHEETS.full
            _SHEETS.image = None  # let the old sheet go before decoding the new one
            turn = _orientation(image)
            decoded = _decode(image, factor)
            if isinstance(decoded, str):
                _SHEETS.key = None
                return decoded
            picture = _plain_mode(_upright(decoded, turn))
        _SHEETS.key, _SHEETS.factor, _SHEETS.image, _SHEETS.full = key, factor, picture, full
        return picture, full


_TURNS = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
          5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
          8: Image.Transpose.ROTATE_90}
"""How to stand a picture upright for each EXIF orientation (what ``ImageOps.exif_transpose`` does)."""


def _orientation(image: Image.Image) -> int:
    """Return ``image``'s EXIF orientation (1: as stored), read before decoding: reduced copies lose it."""
    if image.format == "PNG" and "exif" not in image.info:
        # Pillow would decode the whole picture to look for EXIF after the pixel data: a 6000x8400
        # PNG's header check would cost 200 MB and a second. EXIF in PNGs sits before the pixels.
        return 1
    try:
        value = image.getexif().get(0x0112, 1)
    except Exception:  # broken EXIF: show the picture as stored rather than not at all
        return 1
    return value if isinstance(value, int) else 1


def _upright(image: Image.Image, orientation: int) -> Image.Image:
    turn = _TURNS.get(orientation)
    return image.transpose(turn) if turn is not None else image


def _plain_mode(image: Image.Image) -> Image.Image:
    """Return ``image`` as L, LA, RGB or RGBA, scaling 16-bit and float pixels instead of clipping."""
    mode = image.mode
    if mode in ("L", "LA", "RGB", "RGBA") and "transparency" not in image.info:
        return image
    if mode.startswith("I;16"):
        return image.convert("I").point(lambda v: v * (1 / 256)).convert("L")
    if mode in ("I", "F"):
        low, high = image.getextrema()  # two numbers for a one-band I or F image
        span = (high - low) or 1  # type: ignore[operator]
        return image.point(lambda v: (v - low) * (255 / span)).convert("L")
    if mode in ("P", "PA", "1") or "transparency" in image.info:
        # Palette transparency must become alpha before any resampling mixes indices.
        return image.convert("RGBA" if mode == "PA" or "transparency" in image.info else "RGB")
    return image.convert("RGB")  # CMYK, YCbCr, LAB, HSV...


def _compose(picture: Image.Image, box: Size, background: tuple[int, int, int, int],
             rounded: bool) -> Image.Image:
    inner = fit_box(picture.size, box)
    if inner != picture.size:
        # Resize before converting to RGBA (a quarter less data for RGB), and let reducing_gap
        # shrink by whole factors first: fast on big images, same look.
        picture = picture.resize(inner, Image.Resampling.LANCZOS, reducing_gap=float(REDUCING_GAP))
    card = Image.new("RGBA", box, background)
    card.alpha_composite(picture.convert("RGBA"), ((box[0] - inner[0]) // 2, (box[1] - inner[1]) // 2))
    if rounded:
        mask = Image.new("L", box, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, box[0] - 1, box[1] - 1),
                                               radius=corner_radius(box), fill=255)
        card.putalpha(mask)
    return card
