"""Fonts for text in any script: pygame's own font, then the system's, then bundled fallbacks.

pygame's default font has Latin, Greek and Cyrillic but no Japanese, Chinese, Korean or emoji, so
:class:`FontChain` keeps a list of fonts and draws each character the first font has in it, and
each run of the others in the first font that has them (Latin text inside a Japanese line keeps
the look of every other line). The chain is: ``$TABLETOP_FONT`` if set, pygame's default font, the system's
fonts for Japanese, Chinese and Korean (found through fontconfig, or in the usual Windows and
macOS font folders), then the two fonts shipped in this folder (see ``OFL.txt``): a subset of
Noto Sans CJK JP (Latin, kana, the JIS, GB2312 and KS X 1001 character sets) and Noto Emoji.

Every size of the chain is a :class:`ChainFont`, used like a ``pygame.font.Font`` (``render``,
``size``, ``get_height``, ``get_linesize``) and measuring like the default font, so layouts do
not move when a string needs another script: fallback fonts are scaled to the default font's
line height and drawn on its baseline.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame
import pygame.freetype

from tabletop.ui.fonts.fontfiles import BUNDLED, FOLDER
from tabletop.ui.fonts.system import system_fonts

__all__ = ["BUNDLED", "FOLDER", "ChainFont", "FontChain", "default_chain", "font"]

ENV_FONT = "TABLETOP_FONT"
"""Environment variable naming a font file tried before every other."""
ENV_SYSTEM = "TABLETOP_SYSTEM_FONTS"
"""Set to ``0`` to skip the system's fonts (as on a machine that has none for these scripts)."""

FontFile = Path | None
"""A font file; None is pygame's default font."""
Colour = tuple[int, int, int] | tuple[int, int, int, int] | pygame.Color


class FontChain:
    """An ordered list of font files; each string is drawn in the first that has its characters."""

    def __init__(self, files: Sequence[FontFile], *,
                 more: Callable[[], Sequence[FontFile]] | None = None) -> None:
        self.files = list(dict.fromkeys(files))
        self._more = more  # looked up once, the first time the first font lacks a character
        self._fonts: dict[tuple[int, int], pygame.font.Font] = {}
        self._sized: dict[int, ChainFont] = {}
        self._probes: dict[int, pygame.freetype.Font | None] = {}
        self._covered: dict[int, dict[str, bool]] = {}
        self._scale: dict[int, float] = {}
        self._shift: dict[int, float] = {}

    def at(self, px: int) -> ChainFont:
        """Return the chain at point size ``px`` (like ``pygame.font.Font(None, px)``)."""
        px = max(1, int(px))
        sized = self._sized.get(px)
        if sized is None:
            sized = self._sized[px] = ChainFont(self, px)
        return sized

    def covers(self, index: int, ch: str) -> bool:
        """Return True when font ``index`` of the chain has a glyph for ``ch`` (not its empty box)."""
        known = self._covered.setdefault(index, {})
        hit = known.get(ch)
        if hit is None:
            probe = self._probe(index)
            hit = known[ch] = probe is not None and probe.get_metrics(ch)[0] is not None
        return hit

    def runs(self, text: str) -> list[tuple[int, str]]:
        """Return ``text`` as (font index, characters) runs: what the first font has in it, the rest in the
        first font that has it."""
        if all(self.covers(0, ch) for ch in text):
            return [(0, text)] if text else []
        if self._more is not None:
            more, self._more = self._more, None
            # Before the bundled fonts: the system's fonts have more characters.
            at = self.files.index(None) + 1 if None in self.files else len(self.files)
            self.files[at:at] = [f for f in more() if f not in self.files]
            self._covered = {0: self._covered.get(0, {})}
            self._probes = {0: self._probes[0]} if 0 in self._probes else {}
            self._scale, self._shift, self._fonts, self._sized = {}, {}, {}, {}
        runs: list[tuple[int, str]] = []
        for ch in text:
            # What the first font has stays in it, so "Seat 2: " and "from" in a line naming 竜の騎士 are
            # the size and weight of every other line (drawn whole in a Japanese font, a line's Latin
            # came out smaller and thinner than the line above it). Other characters stay in the
            # run's font while it has them; a character no font has stays in it too.
            if self.covers(0, ch):
                index = 0
            elif runs and runs[-1][0] and self.covers(runs[-1][0], ch):
                index = runs[-1][0]
            else:
                index = next((i for i in range(len(self.files)) if self.covers(i, ch)),
                             runs[-1][0] if runs else 0)
            if runs and runs[-1][0] == index:
                runs[-1] = (index, runs[-1][1] + ch)
            else:
                runs.append((index, ch))
        return runs

    def font(self, index: int, px: int) -> pygame.font.Font:
        """Return font ``index`` at the point size that gives it the default font's line height at ``px``."""
        key = (index, px)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            if not self._fonts:
                # Fonts die with pygame.quit() (the table quits between games): forget them then.
                pygame.register_quit(self._forget)
            size = max(1, round(px * self._scale_of(index)))
            try:
                font = pygame.font.Font(self.files[index], size)
            except (OSError, RuntimeError, pygame.error):  # an unreadable file: the default font instead
                font = pygame.font.Font(None, px)
            self._fonts[key] = font
        return font

    def _scale_of(self, index: int) -> float:
        self._measure(index)
        return self._scale[index]

    def shift(self, index: int, px: int) -> int:
        """Return how many pixels below the default font's baseline font ``index``'s baseline lies at ``px``."""
        self._measure(index)
        return round(self._shift[index] * px)

    def _measure(self, index: int) -> None:
        """Size font ``index`` so its characters are as tall as the default font's, and place them alike.

        Matching line heights instead (each font's ascent plus descent) drew Japanese at two thirds of
        the Latin text's height: CJK fonts reserve much more room above and below their glyphs
        (Noto Sans CJK's line is 1.45 em, pygame's default font's 1.0), so at the 12 px floor kanji
        came out 7 to 9 px tall. Now the ink of a full-height character of the font (国, else Hg)
        spans the ink of "Hg" in the default font: the same height, on the same middle.
        """
        if index in self._scale:
            return
        scale, shift = 1.0, 0.0
        if index and self.files[index] is not None:
            try:
                base = pygame.font.Font(None, 100)
                top, bottom = _ink(base, "Hg")
                probe = pygame.font.Font(self.files[index], 100)
                sample = next((s for s in ("\u56fd", "Hg", "\U0001f600") if all(self.covers(index, c) for c in s)), "Hg")
                f_top, f_bottom = _ink(probe, sample)
                scale = (bottom - top) / max(1, f_bottom - f_top)
                sized = pygame.font.Font(self.files[index], max(1, round(100 * scale)))
                f_top, f_bottom = _ink(sized, sample)
                drawn_at = base.get_ascent() - sized.get_ascent()  # where the run is blitted (see render)
                shift = ((top + bottom) / 2 - (drawn_at + (f_top + f_bottom) / 2)) / 100
            except (OSError, RuntimeError, pygame.error):
                scale, shift = 1.0, 0.0
        self._scale[index] = scale
        self._shift[index] = shift

    def _probe(self, index: int) -> pygame.freetype.Font | None:
        if index not in self._probes:
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            try:
                self._probes[index] = pygame.freetype.Font(self.files[index], 16)
            except (OSError, RuntimeError, pygame.error):
                self._probes[index] = None  # unreadable: it covers nothing
        return self._probes[index]

    def _forget(self) -> None:
        self._fonts.clear()
        self._sized.clear()
        self._probes.clear()


class ChainFont:
    """One size of a :class:`FontChain`, used like a ``pygame.font.Font``."""

    def __init__(self, chain: FontChain, px: int) -> None:
        self.chain = chain
        self.px = px
        self._base = chain.font(0, px)
        self._line: int | None = None

    def render(self, text: str, antialias: bool, color: Colour,
               background: Colour | None = None) -> pygame.Surface:
        """Return ``text`` drawn in ``color``; each run in the first font of the chain that has it."""
        runs = self.chain.runs(text)
        if len(runs) <= 1 and (not runs or runs[0][0] == 0):
            return self._base.render(text, antialias, color, background)
        parts = [(self.chain.font(index, self.px), run) for index, run in runs]
        rendered = [(font, font.render(run, antialias, color)) for font, run in parts]
        width = sum(surface.get_width() for _, surface in rendered)
        # As tall as the default font draws a line (its render is a little taller than get_height()).
        out = pygame.Surface((max(1, width), self._tall()), pygame.SRCALPHA)
        if background is not None:
            out.fill(background)
        x = 0
        ascent = self._base.get_ascent()
        for (index, _run), (font, surface) in zip(runs, rendered, strict=True):
            # On the default font's baseline, moved so the run's characters sit where its letters do.
            out.blit(surface, (x, ascent - font.get_ascent() + self.chain.shift(index, self.px)))
            x += surface.get_width()
        return out

    def _tall(self) -> int:
        if self._line is None:
            self._line = max(self.get_height(), self._base.render("Hg", True, (0, 0, 0)).get_height())
        return self._line

    def size(self, text: str) -> tuple[int, int]:
        """Return the width and height ``text`` takes when rendered."""
        runs = self.chain.runs(text)
        if len(runs) <= 1 and (not runs or runs[0][0] == 0):
            return self._base.size(text)
        return sum(self.chain.font(index, self.px).size(run)[0] for index, run in runs), self.get_height()

    def get_height(self) -> int:
        """Return the height of a line of text (the default font's)."""
        return self._base.get_height()

    def get_linesize(self) -> int:
        """Return the distance between two lines (the default font's)."""
        return self._base.get_linesize()

    def get_ascent(self) -> int:
        """Return the height above the baseline (the default font's)."""
        return self._base.get_ascent()


_DEFAULT: FontChain | None = None


def default_chain() -> FontChain:
    """Return the shared chain: ``$TABLETOP_FONT``, the default font, the system's, the bundled ones.

    The system's fonts are looked up the first time a string needs a character the default font
    lacks, so English text never waits for the lookup.
    """
    global _DEFAULT
    if _DEFAULT is None:
        files: list[FontFile] = []
        override = os.environ.get(ENV_FONT)
        if override and Path(override).is_file():
            files.append(Path(override))
        files.append(None)
        files.extend(path for path in BUNDLED if path.is_file())
        use_system = os.environ.get(ENV_SYSTEM, "1") != "0"
        _DEFAULT = FontChain(files, more=system_fonts if use_system else None)
    return _DEFAULT


def reset_default_chain() -> None:
    """Forget the shared chain, so the next use reads the environment again (tests, settings)."""
    global _DEFAULT
    _DEFAULT = None


def _ink(font: pygame.font.Font, text: str) -> tuple[int, int]:
    """Return the top and bottom row of ``text``'s ink as ``font`` renders it (0: the line's top)."""
    box = font.render(text, True, (0, 0, 0)).get_bounding_rect()
    return box.top, box.bottom


def font(px: int) -> ChainFont:
    """Return the shared chain at point size ``px``."""
    return default_chain().at(max(6, px))
