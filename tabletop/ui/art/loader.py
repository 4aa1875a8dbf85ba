"""Decode one art file with Pillow into RGBA bytes fitted, undistorted, into a card-shaped box.

Runs on worker threads: no pygame here. Every failure a user's file can cause becomes a
:class:`Loaded` with an ``error`` naming the file and what to do; nothing raises.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageOps

CARD_BACKGROUND = (252, 251, 247, 255)
"""The card stock colour behind transparent art and in letterbox bands (RGBA)."""

READ_FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP")
# Only plain raster formats: Pillow's EPS/PS plugins would run Ghostscript on a user's file.

ODD_ASPECT = 0.25
"""How far (as a fraction) an image's aspect may differ from the card's before it is reported."""

Size = tuple[int, int]


@dataclass(frozen=True)
class Loaded:
    """The result of loading one file: RGBA bytes of ``size``, or an ``error`` message."""

    path: Path
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
    return (f"is {source[0]}x{source[1]} (aspect {aspect:.2f}, cards are {card_aspect:.2f}):"
            " shown with bands; crop it to 5:7 to fill the card")


def load_fitted(path: Path, box: Size, *, background: tuple[int, int, int, int] = CARD_BACKGROUND,
                rounded: bool = True) -> Loaded:
    """Return ``path``'s picture fitted into ``box`` on the card background, or the error why not."""
    try:
        return _load(path, box, background, rounded)
    except Exception as exc:  # a user's file must never take the table down
        return Loaded(path, box, error=_cannot_read(path, exc))


def probe(path: Path) -> tuple[Size, str | None]:
    """Return ``path``'s picture size read from its header alone, or (0, 0) and the error why not.

    Finds empty files, non-images and over-large dimensions without decoding a pixel. Bad pixel
    data behind a good header (a truncated file) is only found by :func:`load_fitted`: Pillow's
    ``verify()`` would read the whole file for PNG only (a no-op for JPEG and WebP) and rejects
    PNGs that decode and show fine, such as ones missing the final IEND chunk.
    """
    try:
        opened = _open(path)
    except Exception as exc:  # same guarantee as load_fitted: never raise for a user's file
        return (0, 0), _cannot_read(path, exc)
    if isinstance(opened, str):
        return (0, 0), f"{path.name}: {opened}"
    with opened:
        return shown_size(opened), None


def shown_size(image: Image.Image) -> Size:
    """Return the size ``image`` shows at once its EXIF orientation is applied (a sideways phone photo is tall)."""
    w, h = image.size
    try:
        turned = image.getexif().get(0x0112) in (5, 6, 7, 8)  # orientations that swap the sides
    except Exception:  # broken EXIF: the picture shows as stored
        turned = False
    return (h, w) if turned else (w, h)


def _cannot_read(path: Path, exc: Exception) -> str:
    return f"{path.name}: cannot read it ({type(exc).__name__}: {exc})"


def _open(path: Path) -> Image.Image | str:
    """Return ``path`` opened (header read, no pixels decoded yet), or the reason it cannot be."""
    try:
        if os.stat(path).st_size == 0:
            return "empty file (0 bytes); save the image again"
        image = Image.open(path, formats=READ_FORMATS)
    except FileNotFoundError:
        return "file vanished while loading"
    except Image.UnidentifiedImageError:
        return "not an image Pillow can read (use PNG, JPEG or WebP)"
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        return f"too large to open safely ({exc}); scale it down"
    width, height = image.size
    if Image.MAX_IMAGE_PIXELS is not None and width * height > Image.MAX_IMAGE_PIXELS:
        # Between 1x and 2x the limit Pillow only warns; refuse it too rather than stall.
        image.close()
        return (f"{width}x{height} pixels is beyond the decompression-bomb limit"
                f" of {Image.MAX_IMAGE_PIXELS} pixels; scale it down")
    return image


def _load(path: Path, box: Size, background: tuple[int, int, int, int], rounded: bool) -> Loaded:
    def fail(reason: str) -> Loaded:
        return Loaded(path, box, error=f"{path.name}: {reason}")

    opened = _open(path)
    if isinstance(opened, str):
        return fail(opened)
    with opened as image:
        source = shown_size(image)
        # Let the JPEG decoder scale by 1/2..1/8 while decoding; both box sides stay covered
        # whatever EXIF rotation follows.
        side = max(box)
        image.draft(None, (side, side))
        try:
            image.load()
        except (OSError, SyntaxError, ValueError, EOFError) as exc:
            reason = "file is truncated" if "truncated" in str(exc) else str(exc)
            return fail(f"broken image data ({reason}); save the image again")
        picture = _plain_mode(_upright(image))
    return Loaded(path, box, _compose(picture, box, background, rounded).tobytes(), source)


def _upright(image: Image.Image) -> Image.Image:
    try:
        return ImageOps.exif_transpose(image) or image
    except Exception:  # broken EXIF: show the picture as stored rather than not at all
        return image


def _plain_mode(image: Image.Image) -> Image.Image:
    """Return ``image`` as L, LA, RGB or RGBA, scaling 16-bit and float pixels instead of clipping."""
    mode = image.mode
    if mode in ("L", "LA", "RGB", "RGBA"):
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
        picture = picture.resize(inner, Image.Resampling.LANCZOS, reducing_gap=3.0)
    card = Image.new("RGBA", box, background)
    card.alpha_composite(picture.convert("RGBA"), ((box[0] - inner[0]) // 2, (box[1] - inner[1]) // 2))
    if rounded:
        mask = Image.new("L", box, 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, box[0] - 1, box[1] - 1),
                                               radius=corner_radius(box), fill=255)
        card.putalpha(mask)
    return card
