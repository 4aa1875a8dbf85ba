"""Text in a region of a card face: fonts, fitting (shrink, then wrap, then name the cut) and drawing, with Pillow.

Fitting is done once, in millimetres, from widths measured at a reference size, so the lines a card
gets are the same at every size it is drawn (the table, the zoom, a sheet, the PDF at 300 dpi).
A text is drawn at the largest size of its region's range at which it fits: on its own lines if
they are short enough, else wrapped; so a title in a region one line tall shrinks, and rules text
wraps. When even the smallest size does not fit, it is drawn at that size with what does not fit
cut, and the cut is reported as a :class:`Cut` (never silently).
Characters a region's font lacks come from the bundled Noto Sans CJK JP, then Noto Emoji, scaled
to the same em: Japanese is as large as Latin text. Bold and italic are the font's own files when
``[fonts]`` names them (``NAME-bold``), else drawn heavier and slanted. No pygame here: this runs
on worker threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from PIL import __version__ as PIL_VERSION

from tabletop.formats.facetext import Span, parse_markup
from tabletop.ui.fonts.fontfiles import BUNDLED
from tabletop.ui.fonts.linebreak import tokens

REF = 100.0
"""The em size in pixels text is measured at; widths at other sizes are scaled from it."""
ICON_EM = 0.9
"""An inline icon's height as a share of the em (the height of a capital with its descender)."""
SLANT = 0.2
"""How far synthesized italic leans (horizontal shift per unit of height)."""
HEAVY = 0.035
"""The stroke, as a share of the em, that draws a synthesized bold."""
ICON_MARK = "\ue000"
"""Stands for one icon in the text being broken into lines (a private-use character)."""

Colour = tuple[int, int, int, int]


@dataclass(frozen=True)
class Faces:
    """The font files of one region: regular, and bold and italic where the designer gave them."""

    regular: Path
    bold: Path | None = None
    italic: Path | None = None

    def file(self, bold: bool, italic: bool) -> tuple[Path, bool, bool]:
        """Return the file for a style, and whether bold and italic must still be synthesized."""
        if bold and self.bold is not None:
            return self.bold, False, italic
        if italic and not bold and self.italic is not None:
            return self.italic, False, False
        return self.regular, bold, italic


SANS = Faces(BUNDLED[0])
"""The bundled Noto Sans CJK JP subset: Latin, kana and kanji in one font."""


@dataclass(frozen=True)
class Run:
    """Part of a line in one style (or one icon): where it starts and how wide it is, in mm."""

    text: str
    x: float
    width: float
    bold: bool = False
    italic: bool = False
    icon: str = ""


@dataclass(frozen=True)
class Cut:
    """What of a region's text does not fit even at its smallest size."""

    lines_shown: int
    lines: int
    characters: int
    """Characters not drawn (those on lines below the region, and those cut from a too-long line)."""


@dataclass(frozen=True)
class Setting:
    """A text fitted into a box: its lines of runs, the em and line step in mm, and what was cut."""

    lines: tuple[tuple[Run, ...], ...]
    widths: tuple[float, ...]
    em: float
    step: float
    cut: Cut | None = None


class _Fonts(threading.local):
    """Pillow fonts by (file, pixel size), one set per thread (a FreeType face is not shared)."""

    def __init__(self) -> None:
        self.by_size: dict[tuple[Path, float], ImageFont.FreeTypeFont] = {}
        self.missing: dict[Path, tuple[tuple[float, float, float, float], bytes]] = {}
        self.covers: dict[tuple[Path, str], bool] = {}


_FONTS = _Fonts()
_WIDTHS: dict[tuple[Path, str, bool, bool], float] = {}
_LOCK = threading.Lock()


def font_at(path: Path, px: float) -> ImageFont.FreeTypeFont:
    """Return ``path`` at ``px`` pixels a em (quarter pixels kept), loaded once per thread.

    :raises OSError: when the file is no font Pillow can read.
    """
    size = max(1.0, round(px * 4) / 4)
    key = (path, size)
    found = _FONTS.by_size.get(key)
    if found is None:
        if len(_FONTS.by_size) > 256:
            _FONTS.by_size.clear()
        found = _FONTS.by_size[key] = ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
    return found


def covers(path: Path, ch: str) -> bool:
    """Return True when the font ``path`` draws ``ch`` (not its missing-glyph box)."""
    key = (path, ch)
    hit = _FONTS.covers.get(key)
    if hit is None:
        font = font_at(path, 24)
        blank = _FONTS.missing.get(path)
        if blank is None:
            mask = font.getmask("\U0010fffd")
            blank = _FONTS.missing[path] = (font.getbbox("\U0010fffd"), bytes(mask))
        hit = ch.isspace() or (font.getbbox(ch), bytes(font.getmask(ch))) != blank
        _FONTS.covers[key] = hit
    return hit


def chain_for(faces: Faces, bold: bool, italic: bool) -> tuple[Path, ...]:
    """Return the files tried in order for a style: the region's, then the bundled CJK and emoji fonts."""
    first = faces.file(bold, italic)[0]
    return tuple(dict.fromkeys((first, *BUNDLED)))


def split_fonts(text: str, chain: Sequence[Path]) -> list[tuple[Path, str]]:
    """Return ``text`` as (font file, characters) runs, each in the first font of ``chain`` that has them."""
    runs: list[tuple[Path, str]] = []
    for ch in text:
        if runs and covers(runs[-1][0], ch):
            path = runs[-1][0]
        else:
            path = next((p for p in chain if covers(p, ch)), chain[0])
        if runs and runs[-1][0] == path:
            runs[-1] = (path, runs[-1][1] + ch)
        else:
            runs.append((path, ch))
    return runs


def width_em(text: str, faces: Faces, bold: bool, italic: bool) -> float:
    """Return how wide ``text`` is in ems in a style (synthesized bold is a little wider)."""
    path, heavy, slant = faces.file(bold, italic)
    key = (path, text, heavy, slant)
    found = _WIDTHS.get(key)
    if found is None:
        total = sum(font_at(p, REF).getlength(part) for p, part in split_fonts(text, chain_for(faces, bold, italic)))
        found = total / REF + (2 * HEAVY if heavy and text.strip() else 0) + (0.1 if slant and text.strip() else 0)
        with _LOCK:
            if len(_WIDTHS) > 200_000:
                _WIDTHS.clear()
            _WIDTHS[key] = found
    return found


@dataclass(frozen=True)
class _Piece:
    """A unit of a line: styled text or an icon, with its width in ems."""

    text: str
    width: float
    bold: bool
    italic: bool
    icon: str


def fit(text: str, box: tuple[float, float], sizes: tuple[float, float], faces: Faces, *,
        line_height: float = 1.15, icon_aspect: Callable[[str], float] = lambda name: 1.0) -> Setting:
    """Return ``text`` (with markup) set in a ``box`` (width, height in mm) at font sizes ``sizes`` (mm a em)."""
    low, high = sizes
    if not text.strip():
        return Setting((), (), high, high * line_height, None)
    spans = parse_markup(text)
    paragraphs = _paragraphs(spans, faces, icon_aspect)
    steps = _sizes(low, high)
    for em in steps:  # largest first: each paragraph on its line, else wrapped
        if all(_width(p) * em <= box[0] + 1e-6 for p in paragraphs) and len(paragraphs) * em * line_height <= box[1] + 1e-6:
            return _setting([list(p) for p in paragraphs], em, line_height, None)
        lines = _wrap(paragraphs, box[0] / em, faces)
        if len(lines) * em * line_height <= box[1] + 1e-6:
            return _setting(lines, em, line_height, None)
    em = low
    lines = _wrap(paragraphs, box[0] / em, faces)
    room = max(0, int((box[1] + 1e-6) // (em * line_height)))
    shown, hidden = lines[:room], lines[room:]
    chars = sum(len(piece.text.strip()) or (1 if piece.icon else 0) for line in hidden for piece in line)
    chars += sum(_overhang(line, box[0] / em) for line in shown)
    # Only blank lines below the region: nothing is lost.
    return _setting(shown, em, line_height, Cut(len(shown), len(lines), chars) if chars else None)


def _sizes(low: float, high: float) -> list[float]:
    """Return the sizes tried from ``high`` down to ``low`` (in steps of about 4%)."""
    sizes = [high]
    while sizes[-1] * 0.96 > low:
        sizes.append(sizes[-1] * 0.96)
    if sizes[-1] != low:
        sizes.append(low)
    return sizes


def _paragraphs(spans: list[Span], faces: Faces, icon_aspect: Callable[[str], float]) -> list[list[_Piece]]:
    """Return the text as paragraphs of unbreakable pieces (words, wide characters, spaces, icons)."""
    flat = ""
    styles: list[tuple[bool, bool, str]] = []
    for span in spans:
        if span.icon:
            flat += ICON_MARK
            styles.append((span.bold, span.italic, span.icon))
        else:
            flat += span.text
            styles += [(span.bold, span.italic, "")] * len(span.text)
    paragraphs: list[list[_Piece]] = []
    at = 0
    for paragraph in flat.split("\n"):
        pieces: list[_Piece] = []
        for token in tokens(paragraph):
            pieces += _pieces(token, styles[at:at + len(token)], faces, icon_aspect)
            at += len(token)
        at += 1  # the newline
        paragraphs.append(pieces)
    return paragraphs


def _pieces(token: str, styles: list[tuple[bool, bool, str]], faces: Faces,
            icon_aspect: Callable[[str], float]) -> list[_Piece]:
    """Return one token as pieces of one style each; the pieces of a token stay on one line."""
    pieces: list[_Piece] = []
    for ch, (bold, italic, icon) in zip(token, styles, strict=True):
        if icon:
            pieces.append(_Piece("", ICON_EM * icon_aspect(icon) + 0.06, bold, italic, icon))
        elif pieces and not pieces[-1].icon and (pieces[-1].bold, pieces[-1].italic) == (bold, italic):
            last = pieces[-1]
            pieces[-1] = _Piece(last.text + ch, 0.0, bold, italic, "")
        else:
            pieces.append(_Piece(ch, 0.0, bold, italic, ""))
    out = [p if p.icon else _Piece(p.text, width_em(p.text, faces, p.bold, p.italic), p.bold, p.italic, "")
           for p in pieces]
    # Pieces of one token are glued: the first carries how many follow it, so a line never splits them.
    return [_Piece(p.text, p.width, p.bold, p.italic, p.icon) for p in out] if len(out) == 1 else _glued(out)


def _glued(pieces: list[_Piece]) -> list[_Piece]:
    return [_Glue(p.text, p.width, p.bold, p.italic, p.icon, len(pieces) - i - 1) for i, p in enumerate(pieces)]


@dataclass(frozen=True)
class _Glue(_Piece):
    """A piece followed by ``after`` more of the same token."""

    after: int = 0


def _width(pieces: Sequence[_Piece]) -> float:
    return sum(p.width for p in pieces)


def _words(pieces: list[_Piece]) -> list[list[_Piece]]:
    """Return ``pieces`` grouped into the tokens they came from."""
    words: list[list[_Piece]] = []
    i = 0
    while i < len(pieces):
        piece = pieces[i]
        n = piece.after + 1 if isinstance(piece, _Glue) else 1
        words.append(pieces[i:i + n])
        i += n
    return words


def _wrap(paragraphs: list[list[_Piece]], width: float, faces: Faces) -> list[list[_Piece]]:
    """Return the paragraphs broken into lines at most ``width`` ems wide (a word wider than that split)."""
    lines: list[list[_Piece]] = []
    for paragraph in paragraphs:
        line: list[_Piece] = []
        for word in _words(paragraph):
            if all(p.text.isspace() for p in word):
                if line:
                    line += word
                continue
            if line and _width(line) + _width(word) > width + 1e-9:
                lines.append(_trimmed(line))
                line = []
            if _width(word) > width:
                line, done = _split_word(line + word, width, faces)
                lines += done
            else:
                line += word
        lines.append(_trimmed(line))
    return lines


def _split_word(pieces: list[_Piece], width: float, faces: Faces) -> tuple[list[_Piece], list[list[_Piece]]]:
    """Return a too-wide word as whole lines and the rest, broken between characters (never cut)."""
    done: list[list[_Piece]] = []
    line: list[_Piece] = []
    for piece in pieces:
        chars = [piece] if piece.icon else [_Piece(ch, width_em(ch, faces, piece.bold, piece.italic), piece.bold,
                                                   piece.italic, "") for ch in piece.text]
        for one in chars:
            if line and _width(line) + one.width > width:
                done.append(line)
                line = []
            line.append(one)
    return line, done


def _trimmed(line: list[_Piece]) -> list[_Piece]:
    while line and line[-1].text.isspace():
        line = line[:-1]
    return line


def _overhang(line: list[_Piece], width: float) -> int:
    return 0 if _width(line) <= width + 1e-6 else 1


def _setting(lines: list[list[_Piece]], em: float, line_height: float, cut: Cut | None) -> Setting:
    set_lines: list[tuple[Run, ...]] = []
    widths: list[float] = []
    for line in lines:
        runs: list[Run] = []
        x = 0.0
        for piece in line:
            width = piece.width * em
            last = runs[-1] if runs else None
            if (last is not None and not piece.icon and not last.icon
                    and (last.bold, last.italic) == (piece.bold, piece.italic)):
                runs[-1] = Run(last.text + piece.text, last.x, last.width + width, piece.bold, piece.italic)
            else:
                runs.append(Run(piece.text, x, width, piece.bold, piece.italic, piece.icon))
            x += width
        set_lines.append(tuple(runs))
        widths.append(x)
    return Setting(tuple(set_lines), tuple(widths), em, em * line_height, cut)


def draw_setting(image: Image.Image, setting: Setting, box: tuple[float, float, float, float], scale: float, *,
                 faces: Faces, colour: Colour, align: str = "left", valign: str = "top",
                 icons: Mapping[str, Image.Image] | None = None) -> None:
    """Draw ``setting`` into ``box`` (x, y, w, h in mm) on ``image`` at ``scale`` pixels a mm."""
    em_px = setting.em * scale
    if em_px < 1:
        return
    draw = ImageDraw.Draw(image)
    for runs, left, baseline in placed_lines(setting, box, faces, align, valign):
        for run in runs:
            x = (left + run.x) * scale
            if run.icon:
                picture = (icons or {}).get(run.icon)
                if picture is not None:
                    _draw_icon(image, picture, x, baseline * scale, em_px)
                continue
            _draw_text(image, draw, run, x, baseline * scale, em_px, faces, colour)


def placed_lines(setting: Setting, box: tuple[float, float, float, float], faces: Faces, align: str,
                 valign: str) -> list[tuple[tuple[Run, ...], float, float]]:
    """Return each line of ``setting`` in ``box`` (mm) with its left edge and baseline in mm (the last line of a
    cut text ending in an ellipsis): where the picture and the PDF both put it."""
    x0, y0, w, h = box
    total = len(setting.lines) * setting.step
    top = y0 + {"top": 0.0, "middle": (h - total) / 2, "bottom": h - total}[valign]
    middle = baseline_below_middle(faces.regular)
    placed = []
    for n, (runs, width) in enumerate(zip(setting.lines, setting.widths, strict=True)):
        left = x0 + {"left": 0.0, "center": (w - width) / 2, "right": w - width}[align]
        baseline = top + n * setting.step + setting.step / 2 + middle * setting.em
        if n == len(setting.lines) - 1 and setting.cut is not None:
            runs = with_ellipsis(runs)
        placed.append((runs, left, baseline))
    return placed


def with_ellipsis(runs: tuple[Run, ...]) -> tuple[Run, ...]:
    """Return the last line of a cut text ending in an ellipsis (an icon at its end is left as it is)."""
    if not runs or runs[-1].icon:
        return runs
    last = runs[-1]
    return (*runs[:-1], Run(last.text.rstrip() + "\u2026", last.x, last.width, last.bold, last.italic))


def baseline_below_middle(path: Path) -> float:
    """Return, in ems, how far below a line's middle its baseline lies (the middle of "Hg" on the middle)."""
    bbox = font_at(path, REF).getbbox("Hg", anchor="ls")
    return -(bbox[1] + bbox[3]) / 2 / REF


def _draw_text(image: Image.Image, draw: ImageDraw.ImageDraw, run: Run, x: float, baseline: float, em_px: float,
               faces: Faces, colour: Colour) -> None:
    path, heavy, slant = faces.file(run.bold, run.italic)
    stroke = HEAVY * em_px if heavy else 0.0
    if not slant:
        _text_parts(draw, run.text, x, baseline, em_px, faces, run, colour, stroke)
        return
    pad = int(em_px) + 2
    width = int(draw_width(run.text, em_px, faces, run) + 2 * pad)
    mask = Image.new("L", (max(1, width), int(em_px * 2) + 2 * pad), 0)
    _text_parts(ImageDraw.Draw(mask), run.text, pad, pad + em_px * 1.2, em_px, faces, run, 255, stroke)
    base = pad + em_px * 1.2
    slanted = mask.transform(mask.size, Image.Transform.AFFINE, (1, SLANT, -SLANT * base, 0, 1, 0),
                             Image.Resampling.BILINEAR)
    ink = Image.new("RGBA", mask.size, colour)
    image.paste(ink, (round(x - pad), round(baseline - base)), slanted)


def draw_width(text: str, em_px: float, faces: Faces, run: Run) -> float:
    """Return how wide ``text`` is drawn at ``em_px`` pixels a em in ``run``'s style."""
    return width_em(text, faces, run.bold, run.italic) * em_px


def _text_parts(draw: ImageDraw.ImageDraw, text: str, x: float, baseline: float, em_px: float, faces: Faces,
                run: Run, colour: Colour | int, stroke: float) -> None:
    for path, part in split_fonts(text, chain_for(faces, run.bold, run.italic)):
        font = font_at(path, em_px)
        kwargs: dict[str, object] = {}
        if stroke > 0.05:
            kwargs = {"stroke_width": _stroke(stroke), "stroke_fill": colour}
        draw.text((x + (stroke if stroke > 0.05 else 0), baseline), part, font=font, fill=colour, anchor="ls",
                  **kwargs)  # type: ignore[arg-type]
        x += font.getlength(part)


def _stroke(width: float) -> float:
    """Return a stroke width Pillow takes: fractions since Pillow 11.1, whole pixels before."""
    return width if _FRACTIONS else max(1, round(width))


_FRACTIONS = tuple(int(part) for part in PIL_VERSION.split(".")[:2]) >= (11, 1)


def _draw_icon(image: Image.Image, picture: Image.Image, x: float, baseline: float, em_px: float) -> None:
    height = max(1, round(ICON_EM * em_px))
    width = max(1, round(picture.width * height / max(1, picture.height)))
    scaled = picture.resize((width, height), Image.Resampling.LANCZOS)
    top = baseline - height * 0.86  # sits on the baseline as a capital does, its foot a little below
    image.paste(scaled, (round(x + 0.03 * em_px), round(top)), scaled)
