"""Composed faces at the table: made on worker threads, cached on disk by content, reloaded live.

:class:`ComposedFaces` is the part of the art library that draws faces from ``faces.toml`` (and
the text band of an illustration). A face is known by a digest of everything it is made from:
the card's values in the language shown, the faces file, fonts and icons (by size and time), its
art file (by path, size and time), the colour-blind symbol and the pixel size. A face found in the
disk cache shows at once; any other is composed by a worker while the card shows its stand-in (the
last face it had, else its art or generated face). The faces file, the fonts and ``icons/`` are
looked at every tenth of a second: an edit reaches the table within a second. Surfaces are made
on the main thread only.
"""

from __future__ import annotations

import hashlib
import queue
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame
from PIL import Image

from tabletop.engine.cards import Card
from tabletop.formats.faces import FaceSpec
from tabletop.formats.facetext import card_values
from tabletop.i18n import _, language
from tabletop.ui.art.cardface import card_face, card_texts, cut_line, drawn_from
from tabletop.ui.art.compose import BAND, RegionText, cuts
from tabletop.ui.art.diskcache import DiskCache
from tabletop.ui.art.folder_map import Stamp as FileStamp
from tabletop.ui.art.loader import Size, Source
from tabletop.ui.art.readable import FaceLabel, name_region, readable_face
from tabletop.ui.art.setup import ICONS, WAIT, Setup, face_plan, read_setup, stamp
from tabletop.ui.art.sheets import Cell

CHECK_INTERVAL = 0.1
"""Seconds between looks at ``faces.toml``, its fonts and ``icons/``."""
WORKERS = 2
BAND_DIGEST = hashlib.sha1(repr(BAND).encode()).hexdigest()
"""The text band's layout, in the cache key of the faces drawn with it."""
Art = tuple[Source, FileStamp] | None
"""A card's usable art file (or sheet cell) and its stamp, as the library maps it."""


@dataclass(frozen=True)
class _Job:
    card_id: str
    size: Size
    key: str
    values: tuple[tuple[str, str], ...]
    setup: Setup
    spec_is_band: bool
    art: Source | None
    symbol: int | None


class ComposedFaces:
    """Faces composed from ``faces.toml`` beside ``deck_file`` (and illustrations' text bands)."""

    def __init__(self, deck_file: Path | None, cards: Sequence[Card], disk: DiskCache, *, background: bool = True,
                 lang: str | None = None) -> None:
        self.folder = deck_file.parent if deck_file is not None else None
        self.lang = lang
        """The language of the faces (None: the interface's)."""
        self._symbols = False
        self._cards = list(dict.fromkeys(cards))
        self._disk = disk
        self._background = background
        self.setup = read_setup(self.folder, self._cards)
        self._stamp = self._watch_stamp()
        self._checked = time.monotonic()
        self._seen = (self.lang or language(), self._symbols, self.setup.digest)
        self.generation = 0
        """Increases when the language, the symbols or the files change: every face is made again."""
        # Per card and size: (card, art, art's shape known, generation) it was made for, and the face.
        self._ready: dict[tuple[str, Size], tuple[Card, Art, bool, int, pygame.Surface]] = {}
        self._keys: dict[tuple[str, Size], tuple[Card, Art, bool, int, str | None, _Job | None]] = {}
        # Per card and size: the composed face, the floor and the language it was made readable for, and the result.
        self._readable: dict[tuple[str, Size], tuple[pygame.Surface, int, str, pygame.Surface, FaceLabel | None]] = {}
        self._pending: set[str] = set()
        self._failed: dict[str, str] = {}
        self._cut_lines: list[str] | None = None
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._results: queue.SimpleQueue[tuple[_Job, bytes | str]] = queue.SimpleQueue()
        self._cuts: queue.SimpleQueue[tuple[int, list[str]]] = queue.SimpleQueue()
        self._round = 0
        self._threads: list[threading.Thread] = []
        self.changed = 0
        """Increases whenever a composed face arrives or the files change."""

    # -- the table's side (main thread) -------------------------------------------------------------
    def face(self, card: Card, size: Size, art: Art, shape: Size | None) -> pygame.Surface | None:
        """Return ``card``'s composed face at ``size`` if it has one and it is ready (or an older one of it
        while the new one is made); None to draw the card as the library otherwise does."""
        slot = (card.id, size)
        shaped = shape is not None and art is not None
        ready = self._ready.get(slot)
        # Every frame asks for every card: compared field by field, nothing built on the way.
        if (ready is not None and ready[0] is card and ready[1] is art and ready[2] is shaped
                and ready[3] == self.generation):
            return ready[4]
        known = self._keys.get(slot)
        if (known is None or known[0] is not card or known[1] is not art or known[2] is not shaped
                or known[3] != self.generation):
            job = self._job(card, size, art, shape, self._seen[0])
            known = self._keys[slot] = (card, art, shaped, self.generation, job.key if job else None, job)
        key, job = known[4], known[5]
        if key is None or job is None:
            return None
        rgba = self._disk.load(key, job.size)
        if rgba is not None:
            surface = _surface(rgba, job.size)
            self._ready[slot] = (card, art, shaped, self.generation, surface)
            return surface
        if key not in self._pending and key not in self._failed:
            self._pending.add(key)
            if self._background:
                self._start()
                self._jobs.put(job)
            else:
                self._accept(job, self._make(job))
                found = self._ready.get(slot)
                return found[4] if found is not None else None
        return ready[4] if ready is not None else None

    def table_face(self, card: Card, size: Size, art: Art, shape: Size | None,
                   floor: int) -> tuple[pygame.Surface, FaceLabel | None] | None:
        """Return ``card``'s composed face as the table shows it at ``size`` (its name band where the name would
        be under ``floor`` px, see :mod:`.readable`) and where its name lies; None as :meth:`face` says None."""
        face = self.face(card, size, art, shape)
        if face is None:
            return None
        slot = (card.id, size)
        lang = self._seen[0]
        kept = self._readable.get(slot)
        if kept is not None and kept[0] is face and kept[1] == floor and kept[2] == lang:
            return kept[3], kept[4]
        job = self._job(card, size, art, shape, lang)
        region = None
        if job is not None:
            spec, values = drawn_from(job.setup, dict(job.values), band=job.spec_is_band)
            region = name_region(spec, values, job.setup.kit)
        shown, label = readable_face(face, region, floor) if region is not None else (face, None)
        self._readable[slot] = (face, floor, lang, shown, label)
        return shown, label

    def image(self, card: Card, size: Size, art: Art, shape: Size | None, *, rounded: bool = False,
              text: bool = True) -> Image.Image | None:
        """Return ``card``'s composed face as a picture now (for sheets and PDFs), or None when it has none."""
        job = self._job(card, size, art, shape, self.current_language())
        if job is None:
            return None
        return card_face(job.setup, dict(job.values), size, art=job.art, band=job.spec_is_band, symbol=job.symbol,
                         rounded=rounded, text=text)[0]

    def texts(self, card: Card, art: Art, shape: Size | None) -> tuple[FaceSpec, list[RegionText]] | None:
        """Return the layouts ``card`` is composed from and its texts as fitted there, or None if it is not composed."""
        job = self._job(card, (1, 1), art, shape, self.current_language())
        if job is None:
            return None
        return card_texts(job.setup, dict(job.values), band=job.spec_is_band)

    @property
    def icons(self) -> dict[str, Image.Image]:
        """Return the icons by name, as read from ``icons/``."""
        return dict(self.setup.kit.icons)

    def plans(self, card: Card, art: Art, shape: Size | None) -> bool:
        """Return True when ``card`` is drawn from a layout (its faces file's, or the text band)."""
        return self._job(card, (1, 1), art, shape, self.current_language()) is not None

    def forget(self, size: Size) -> None:
        """Drop the faces kept at ``size`` (no longer drawn: a window resized)."""
        for slot in [slot for slot in self._ready if slot[1] == size]:
            del self._ready[slot]
        for slot in [slot for slot in self._keys if slot[1] == size]:
            del self._keys[slot]
        for slot in [slot for slot in self._readable if slot[1] == size]:
            del self._readable[slot]

    @property
    def is_busy(self) -> bool:
        """True while some face asked for is still being composed (its card shows a stand-in)."""
        return bool(self._pending)

    def current_language(self) -> str:
        """Return the language the faces are shown in (the interface's as of the last :meth:`poll`)."""
        return self._seen[0]

    @property
    def symbols(self) -> bool:
        """True when faces show the colour-blind symbol of each card's colour group."""
        return self._symbols

    @symbols.setter
    def symbols(self, on: bool) -> None:
        self._symbols = on
        self._renew()

    def _renew(self) -> bool:
        """Start a new generation of faces if the language, the symbols or the files changed; True if so."""
        seen = (self.lang or language(), self._symbols, self.setup.digest)
        if seen == self._seen:
            return False
        self._seen = seen
        self.generation += 1
        self.changed += 1
        return True

    def poll(self) -> bool:
        """Take finished faces and look at the files (every :data:`CHECK_INTERVAL`); True if a face may look different."""
        before = self.changed
        self._renew()
        while True:
            try:
                round_, lines = self._cuts.get_nowait()
            except queue.Empty:
                break
            if round_ == self._round and lines:
                self._cut_lines = lines
                self.changed += 1
        while True:
            try:
                job, rgba = self._results.get_nowait()
            except queue.Empty:
                break
            self._accept(job, rgba)
        now = time.monotonic()
        if now - self._checked >= CHECK_INTERVAL:
            self._checked = now
            current = self._watch_stamp()
            if current != self._stamp:
                self._stamp = current
                self.reload()
        return self.changed != before

    def reload(self, cards: Sequence[Card] | None = None) -> None:
        """Read the faces file, fonts and icons again (and take ``cards`` as the deck's cards now)."""
        if cards is not None:
            self._cards = list(dict.fromkeys(cards))
        self.setup = read_setup(self.folder, self._cards)
        self._keys.clear()
        self._cut_lines = None
        self._round += 1  # a fitting still under way is for the files or cards as they were
        self.changed += 1
        self._renew()

    def problems(self) -> list[str]:
        """Return the faces' problems: the files' own, then every card whose text does not fit."""
        if self._cut_lines is None and self._background:
            # Fitting every card's text takes a while on a big deck: a thread does it, the table goes on.
            self._cut_lines = []
            round_ = self._round
            threading.Thread(target=lambda: self._cuts.put((round_, self.cut_lines())), name="face-fit",
                             daemon=True).start()
        elif self._cut_lines is None:
            self._cut_lines = self.cut_lines()
        return [*self.setup.problems, *self._cut_lines, *dict.fromkeys(self._failed.values())]

    def cut_lines(self) -> list[str]:
        """Return a line for each region of each card (in the language shown) whose text does not fit."""
        spec = self.setup.spec
        if spec is None:
            return []
        lang = self.current_language()
        lines = []
        for card in self._cards:
            for cut in cuts(spec, card_values(card, lang), self.setup.kit):
                lines.append(cut_line(spec.source, card.id, cut))
        return lines

    def close(self) -> None:
        """Stop the workers."""
        for _thread in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            thread.join(timeout=1)
        self._threads = []

    # -- inside ---------------------------------------------------------------------------------
    def _watch_stamp(self) -> object:
        if self.folder is None:
            return None
        return stamp(self.setup.watched or (self.folder / "faces.toml",), [self.folder / ICONS])

    def _job(self, card: Card, size: Size, art: Art, shape: Size | None, lang: str) -> _Job | None:
        size = (max(1, int(size[0])), max(1, int(size[1])))
        values = card_values(card, lang)
        plan = face_plan(self.setup, values, has_art=art is not None, shape=shape)
        if plan is None or plan == WAIT:
            return None
        band = plan is BAND
        symbol = self.setup.group_of(values) if self._symbols else None
        source = art[0] if art is not None else None
        where = None
        if art is not None:
            where = (str(art[0]) if not isinstance(art[0], Cell) else f"{art[0].sheet}|{art[0].index}", art[1])
        items = tuple(sorted(values.items()))
        key = hashlib.sha1(repr((self.setup.digest, BAND_DIGEST if band else "", items, where, symbol, size)).encode()
                           ).hexdigest()
        return _Job(card.id, size, key, items, self.setup, band, source, symbol)

    def _start(self) -> None:
        if self._threads:
            return
        self._threads = [threading.Thread(target=self._work, name=f"face-maker-{i}", daemon=True)
                         for i in range(WORKERS)]
        for thread in self._threads:
            thread.start()

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            self._results.put((job, self._make(job)))

    def _make(self, job: _Job) -> bytes | str:
        """Return the face's RGBA bytes (stored in the disk cache), or why it could not be drawn."""
        try:
            image = card_face(job.setup, dict(job.values), job.size, art=job.art, band=job.spec_is_band,
                              symbol=job.symbol)[0]
        except Exception as exc:  # never take the table down: the card keeps its generated face
            return f"{type(exc).__name__}: {exc}"
        rgba = image.tobytes()
        self._disk.store(job.key, job.size, rgba)
        return rgba

    def _accept(self, job: _Job, rgba: bytes | str) -> None:
        self._pending.discard(job.key)
        if isinstance(rgba, str):
            # Not tried again until the card or the files change (a new key): no retry every frame.
            self._failed[job.key] = _("card {card}: its face could not be drawn ({problem}); it shows its generated"
                                      " face").format(card=job.card_id, problem=rgba)
            self.changed += 1
            return
        slot = (job.card_id, job.size)
        known = self._keys.get(slot)
        if known is None or known[4] != job.key:
            return  # the card changed meanwhile (a newer face is on its way)
        self._ready[slot] = (*known[:4], _surface(rgba, job.size))
        self.changed += 1


def _surface(rgba: bytes, size: Size) -> pygame.Surface:
    surface = pygame.image.frombytes(rgba, size, "RGBA")
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
