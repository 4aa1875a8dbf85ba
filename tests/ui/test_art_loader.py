"""Pillow loading: any size fitted undistorted, EXIF upright, every mode, every bad file a message."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from conftest import MakeImage
from PIL import Image

from tabletop.ui.art.loader import CARD_BACKGROUND, Loaded, aspect_problem, fit_box, load_fitted

BOX = (100, 140)
BG = CARD_BACKGROUND


def pixel(loaded: Loaded, x: int, y: int) -> tuple[int, ...]:
    """Return the RGBA pixel at (x, y) of a loaded image."""
    i = (y * loaded.size[0] + x) * 4
    return tuple(loaded.rgba[i:i + 4])


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=False))


def test_card_shaped_image_fills_the_box(make_image: MakeImage) -> None:
    loaded = load_fitted(make_image("a.png", (500, 700), (10, 200, 10)), BOX)
    assert loaded.ok and loaded.size == BOX and len(loaded.rgba) == 100 * 140 * 4
    assert loaded.source_size == (500, 700)
    assert close(pixel(loaded, 50, 70), (10, 200, 10, 255))
    assert close(pixel(loaded, 50, 2), (10, 200, 10, 255))
    assert pixel(loaded, 0, 0)[3] == 0  # rounded corner is transparent


def test_wide_image_is_letterboxed_not_stretched(make_image: MakeImage) -> None:
    # 200x100 with a left half red and right half blue: fitted to 100x50 in the middle.
    path = make_image("wide.png", (200, 100), (255, 0, 0))
    with Image.open(path) as im:
        im = im.copy()
    im.paste((0, 0, 255), (100, 0, 200, 100))
    im.save(path)
    loaded = load_fitted(path, BOX)
    assert close(pixel(loaded, 50, 10), BG)  # band above
    assert close(pixel(loaded, 50, 130), BG)  # band below
    assert close(pixel(loaded, 25, 70), (255, 0, 0, 255))
    assert close(pixel(loaded, 75, 70), (0, 0, 255, 255))
    # The picture spans 50 rows (45..94): aspect kept.
    rows = [y for y in range(BOX[1]) if close(pixel(loaded, 25, y), (255, 0, 0, 255))]
    assert rows[0] in (44, 45, 46) and rows[-1] in (93, 94, 95)


def test_tall_image_is_pillarboxed(make_image: MakeImage) -> None:
    loaded = load_fitted(make_image("tall.png", (100, 400), (0, 0, 0)), BOX)
    assert close(pixel(loaded, 5, 70), BG) and close(pixel(loaded, 94, 70), BG)
    assert close(pixel(loaded, 50, 70), (0, 0, 0, 255))
    cols = [x for x in range(BOX[0]) if close(pixel(loaded, x, 70), (0, 0, 0, 255))]
    assert 33 <= len(cols) <= 37  # 140 * 100/400 = 35 wide


def test_tiny_image_is_scaled_up(make_image: MakeImage) -> None:
    loaded = load_fitted(make_image("tiny.png", (5, 7), (9, 9, 99)), BOX)
    assert close(pixel(loaded, 50, 70), (9, 9, 99, 255))


@pytest.mark.parametrize("stored", [(140, 100), (2800, 2000)])  # the big one is reduced while decoding
def test_exif_rotation_shows_upright(make_image: MakeImage, stored: tuple[int, int]) -> None:
    # Stored landscape (left red, right blue) with orientation 6 ("rotate 90 clockwise to view"):
    # viewed upright it is portrait with red on top.
    path = make_image("rot.jpg", stored, (255, 0, 0))
    with Image.open(path) as im:
        im = im.copy()
    im.paste((0, 0, 255), (stored[0] // 2, 0, *stored))
    exif = Image.Exif()
    exif[0x0112] = 6
    im.save(path, exif=exif, quality=95)
    loaded = load_fitted(path, BOX)
    assert loaded.ok
    assert close(pixel(loaded, 50, 30), (255, 0, 0, 255), 40)
    assert close(pixel(loaded, 50, 110), (0, 0, 255, 255), 40)


def test_transparent_png_sits_on_card_stock(make_image: MakeImage) -> None:
    loaded = load_fitted(make_image("t.png", (50, 70), (0, 0, 0, 0), mode="RGBA"), BOX)
    assert close(pixel(loaded, 50, 70), BG)


def test_palette_png_with_transparency(art_dir: Path) -> None:
    im = Image.new("P", (50, 70), 0)
    im.putpalette([0, 0, 0, 0, 200, 0] + [0] * 762)
    im.paste(1, (0, 0, 25, 70))
    path = art_dir / "p.png"
    im.save(path, transparency=0)
    loaded = load_fitted(path, BOX)
    assert close(pixel(loaded, 20, 70), (0, 200, 0, 255))
    assert close(pixel(loaded, 80, 70), BG)  # transparent index shows the stock


@pytest.mark.parametrize(("mode", "colour", "expect"), [
    ("L", 128, (128, 128, 128, 255)),
    ("LA", (128, 255), (128, 128, 128, 255)),
    ("1", 1, (255, 255, 255, 255)),
    ("I;16", 40000, (156, 156, 156, 255)),  # 16-bit scaled down, not clipped to white
])
def test_modes(make_image: MakeImage, mode: str, colour: object, expect: tuple[int, ...]) -> None:
    loaded = load_fitted(make_image(f"{mode}.png", (50, 70), colour, mode=mode), BOX)
    assert loaded.ok, loaded.error
    assert close(pixel(loaded, 50, 70), expect, 3)


def test_sixteen_bit_gradient_keeps_its_range(art_dir: Path) -> None:
    im = Image.new("I;16", (50, 70), 10000)
    im.paste(Image.new("I;16", (25, 70), 60000), (25, 0))
    path = art_dir / "g16.png"
    im.save(path)
    loaded = load_fitted(path, BOX)
    assert close(pixel(loaded, 10, 70), (39, 39, 39, 255), 3)
    assert close(pixel(loaded, 90, 70), (234, 234, 234, 255), 3)


def test_cmyk_jpeg(make_image: MakeImage) -> None:
    loaded = load_fitted(make_image("c.jpg", (50, 70), (0, 255, 255, 0), mode="CMYK"), BOX)
    assert loaded.ok, loaded.error
    assert close(pixel(loaded, 50, 70), (255, 0, 0, 255), 30)


def test_webp(make_image: MakeImage) -> None:
    loaded = load_fitted(make_image("w.webp", (50, 70), (0, 0, 250), lossless=True), BOX)
    assert close(pixel(loaded, 50, 70), (0, 0, 250, 255))


def test_large_jpeg_uses_draft(make_image: MakeImage) -> None:
    loaded = load_fitted(make_image("big.jpg", (3000, 4200), (20, 120, 220)), BOX)
    assert loaded.ok and loaded.source_size == (3000, 4200)
    assert close(pixel(loaded, 50, 70), (20, 120, 220, 255), 6)


def png_header(width: int, height: int) -> bytes:
    """Return a PNG claiming ``width`` x ``height`` with a few bytes of pixel data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64))


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")  # Pillow warns, we refuse
@pytest.mark.parametrize(("name", "content", "reason"), [
    ("empty.png", b"", "empty file"),
    ("text.png", b"this is not a picture\n", "not an image"),
    ("bomb.png", png_header(100_000, 100_000), "too large"),
    ("nearbomb.png", png_header(10_000, 10_000), "decompression-bomb limit"),
    ("fake.webp", b"RIFF\x00\x00\x00\x00WEBPjunk", "not an image"),
])
def test_bad_files_give_messages(art_dir: Path, name: str, content: bytes, reason: str) -> None:
    path = art_dir / name
    path.write_bytes(content)
    loaded = load_fitted(path, BOX)
    assert not loaded.ok and loaded.rgba == b""
    assert name in loaded.error and reason in loaded.error, loaded.error


def test_truncated_png(make_image: MakeImage) -> None:
    path = make_image("cut.png", (300, 420), (1, 2, 3), compress_level=0)
    path.write_bytes(path.read_bytes()[:5000])
    loaded = load_fitted(path, BOX)
    assert not loaded.ok and "cut.png" in loaded.error and "truncated" in loaded.error


def test_missing_file(art_dir: Path) -> None:
    loaded = load_fitted(art_dir / "gone.png", BOX)
    assert not loaded.ok and "gone.png" in loaded.error


def test_geometry_helpers() -> None:
    assert fit_box((1000, 1000), (100, 140)) == (100, 100)
    assert aspect_problem((500, 700), 5 / 7) is None
    assert aspect_problem((1000, 500), 5 / 7) is not None


def test_aspect_is_judged_as_shown_after_exif_rotation(tmp_path) -> None:
    from PIL import Image

    from tabletop.ui.art.library import CARD_ASPECT
    from tabletop.ui.art.loader import aspect_problem, probe

    path = tmp_path / "AS.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # stored sideways (700 wide, 500 high), shown upright (500 x 700)
    Image.new("RGB", (700, 500), (10, 20, 30)).save(path, exif=exif.tobytes())
    size, error = probe(path)
    assert error is None and size == (500, 700)
    assert aspect_problem(size, CARD_ASPECT) is None
