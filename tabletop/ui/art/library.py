"""The art library the table draws from: card art from a folder, generated faces for the rest.

Art comes from image files named by card id, and from sprite sheets (an image with a TOML beside
it describing its grid, :mod:`tabletop.ui.art.sheets`); ``folder`` may also be one sheet image.

Threads: the folder is scanned and files are decoded on background threads; every pygame
surface is made on the caller's (main) thread in :meth:`ArtLibrary.face`, :meth:`ArtLibrary.back`
and :meth:`ArtLibrary.poll`. Until a file is decoded its card shows the generated face, so the first
frame never waits for art; a warm disk cache is read at once instead. The sizes a frame asks for
are sent to the workers together by the next :meth:`ArtLibrary.poll`, so a file is decoded once for
all of them. The watcher (without threads: the scan) also reads the header of every new or changed
card file, and every such file is then decoded once in the background (after the cards on screen),
so unreadable and truncated files are reported before their cards are ever drawn.
"""

from __future__ import annotations

import itertools
import os
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import pygame
from PIL import Image

from tabletop.engine.cards import Card
from tabletop.engine.guard import short_path
from tabletop.formats.faces import FaceSpec
from tabletop.formats.facetext import card_values, localized
from tabletop.i18n import _
from tabletop.ui.art.announce import Announcements
from tabletop.ui.art.carddata import DeckWatch
from tabletop.ui.art.compose import RegionText
from tabletop.ui.art.composed import ComposedFaces
from tabletop.ui.art.diskcache import DiskCache, default_cache_dir
from tabletop.ui.art.faces import draw_back, draw_face, draw_group_symbol
from tabletop.ui.art.folder_map import (
    Key,
    Sheet,
    Stamp,
    art_place,
    card_label,
    map_folder,
    missing_spec_message,
    scan_art,
)
from tabletop.ui.art.jobs import Checked, Done, Job, check_file, fetch
from tabletop.ui.art.loader import (
    CARD_ASPECT,
    Size,
    Source,
    aspect_problem,
    source_file,
    source_name,
)
from tabletop.ui.art.names import BACK, match_file, name_index
from tabletop.ui.art.readable import FaceLabel
from tabletop.ui.art.sheets import Cell, sheet_images, spec_name

__all__ = ["CARD_ASPECT", "ArtLibrary"]

SCAN_INTERVAL = 0.1
"""Seconds between looks at the art folder (hot reload shows changes well within a second)."""
VERIFY_SIZE = (120, 168)
"""Size a new or changed file is decoded at when no card size is in use yet, to find broken data."""
SHOWN, VERIFY, STOP = 0, 1, -1
"""Job priorities: cards being drawn first, then checks of files nobody draws yet; stop before all."""

MAX_SIZES = 8
"""Distinct card sizes kept in memory; older ones (a window being resized) are dropped."""



class ArtLibrary:
    """Card faces and backs at any size; never raises for bad art, reports it instead."""

    def __init__(self, cards: Sequence[Card], folder: Path | str | None, *, deck_name: str = "standard",
                 cache_dir: Path | None = None, background: bool = True, deck_file: Path | None = None,
                 lang: str | None = None) -> None:
        self.cards = list(dict.fromkeys(cards))
        self.deck = DeckWatch(deck_file)
        """The deck file, watched: edited card values reach the generated faces (see :mod:`.carddata`)."""
        self.folder, self.only = art_place(folder)
        """The folder scanned, and the one sheet image to read there when ``folder`` names an image file."""
        self.deck_name = deck_name
        self.version = 0
        """Increases whenever any face or back may look different: re-blit when it changes."""
        self.stats = {"decoded": 0, "cached": 0, "failed": 0}
        """How art arrived so far: decoded from files, read from the disk cache, or failed."""
        self._by_id = {card.id: card for card in self.cards}
        self._index = name_index(self._by_id)
        self._disk = DiskCache(cache_dir or default_cache_dir())
        self._background = background
        self._faces = ComposedFaces(deck_file, self.cards, self._disk, background=background, lang=lang)
        """Faces from ``faces.toml`` beside the deck, and illustrations' text bands (see :mod:`.composed`)."""
        self._shapes: dict[Key, Size] = {}  # the picture size of each card's art, once its header is read
        self._drawn_as = self._faces.generation

        self._table: dict[str, Stamp] | None = None  # the folder as last scanned
        self._files: dict[Key, tuple[Source, Stamp]] = {}  # the file (or sheet cell) each card uses now
        self._duplicates: list[str] = []
        self._unused: list[str] = []
        self._sheets: dict[str, Sheet] = {}  # sheet image name -> its grid as last read
        self._card_ids = [card.id for card in self.cards]
        self._wanted: dict[Key, set[Size]] = {}  # sizes asked for since the last poll()
        self._unchecked: dict[Key, int] = {}  # new or changed files not decoded yet -> polls seen
        self._seq = itertools.count()
        self._errors: dict[Key, str] = {}
        self._aspects: dict[Key, str] = {}

        # Per card: current art by exact size, and old or rescaled art shown while the exact one loads.
        self._art: dict[Key, dict[Size, pygame.Surface]] = {}
        self._stale: dict[Key, dict[Size, pygame.Surface]] = {}
        self._generated: dict[tuple[Key, Size], pygame.Surface] = {}
        self._pending: set[tuple[Key, Size]] = set()
        self._sizes: OrderedDict[Size, None] = OrderedDict()

        self._problems: list[str] = []
        self._brief: dict[str, str] = {}
        """A problem line as the table's log says it, where that is shorter (no list of card ids)."""
        self._problems_version = -1
        self._said = Announcements()
        self._whole: set[Key] = set()  # cards whose file as it is now was read in full (decoded, or checked unthreaded)
        self._last_scan = time.monotonic()

        self._jobs: queue.PriorityQueue[tuple[int, int, Job | None]] = queue.PriorityQueue()
        self._results: queue.SimpleQueue[list[Done] | Checked | dict[str, Stamp] | None] = queue.SimpleQueue()
        self._apply_scan(self._scan())
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        if background:
            workers = max(1, min(4, os.cpu_count() or 2))
            self._threads = [threading.Thread(target=self._work, name=f"art-loader-{i}", daemon=True)
                             for i in range(workers)]
            self._threads.append(threading.Thread(target=self._watch, args=(self._table,),
                                                  name="art-watcher", daemon=True))
            for thread in self._threads:
                thread.start()

    # -- what the table calls every frame ------------------------------------------------------
    def face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """Return the face of ``card`` scaled to ``size`` (a generated face when there is no art, drawn from
        the card's values as the deck file has them now)."""
        now = self.deck.shown.get(card.id, card)
        if self._faces.generation != self._drawn_as:
            self._drawn_as = self._faces.generation
            self._generated.clear()  # generated faces say the names in the language shown, with the symbols
        key = card.id
        composed = self._faces.face(now, size, self._files.get(key) if key not in self._errors else None,
                                    self._shapes.get(key))
        if composed is not None:
            self._use_size(size)
            return composed
        return self._surface(key, localized(now, self._faces.current_language()), size)

    def table_face(self, card: Card, size: tuple[int, int], floor: int) -> tuple[pygame.Surface, FaceLabel | None]:
        """Return the face of ``card`` as the table shows it at ``size`` where text is at least ``floor`` px (a
        composed face too small to read gets a readable name band, see :mod:`.readable`), and where its name
        lies (None: not a composed face)."""
        now = self.deck.shown.get(card.id, card)
        shown = self._faces.table_face(now, size, self._usable(card.id), self._shapes.get(card.id), floor)
        if shown is None:
            return self.face(card, size), None
        self._use_size(size)
        return shown

    @property
    def symbols(self) -> bool:
        """True when faces show the colour-blind symbol of their colour group."""
        return self._faces.symbols

    @symbols.setter
    def symbols(self, on: bool) -> None:
        self._faces.symbols = on
        self.version += 1

    def composed_image(self, card: Card, size: Size, *, text: bool = True) -> Image.Image | None:
        """Return ``card``'s composed face as a square-cornered picture now (sheets, PDFs), or None if it has none."""
        now = self.deck.shown.get(card.id, card)
        return self._faces.image(now, size, self._usable(card.id), self._shapes.get(card.id), text=text)

    def face_texts(self, card: Card) -> tuple[FaceSpec, list[RegionText]] | None:
        """Return the layouts ``card`` is composed from and its texts as fitted there (None: not composed)."""
        now = self.deck.shown.get(card.id, card)
        return self._faces.texts(now, self._usable(card.id), self._shapes.get(card.id))

    @property
    def icons(self) -> dict[str, Image.Image]:
        """Return the inline icons of the composed faces, by name."""
        return self._faces.icons

    def composes(self, card: Card) -> bool:
        """Return True when ``card`` is drawn from a layout (``faces.toml``, or its illustration's text band)."""
        return self._faces.plans(card, self._usable(card.id), self._shapes.get(card.id))

    def _usable(self, key: Key) -> tuple[Source, Stamp] | None:
        entry = self._files.get(key)
        return entry if entry is not None and key not in self._errors else None

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """Return the card back scaled to ``size``."""
        return self._surface(BACK, None, size)

    def poll(self) -> bool:
        """Check for added/changed/removed files, finished background loads and edited card values; True if
        anything drawn may look different."""
        before = self.version
        edited = self.deck.poll()
        if edited:
            for slot in [slot for slot in self._generated if slot[0] in edited]:
                del self._generated[slot]
            self._faces.reload([self.deck.shown.get(card.id, card) for card in self.cards])
            self.version += 1
        if self._faces.poll():
            self.version += 1
        if self._background:
            while True:
                try:
                    result = self._results.get_nowait()
                except queue.Empty:
                    break
                if isinstance(result, list):
                    for done in result:
                        self._accept(done)
                elif isinstance(result, Checked):
                    self._accept_check(result)
                else:
                    self._apply_scan(result)
            self._send_jobs()
        elif time.monotonic() - self._last_scan >= SCAN_INTERVAL:
            self.refresh()
        return self.version != before

    def refresh(self) -> bool:
        """Scan the folder now (not waiting for the next interval); True if art changed."""
        before = self.version
        self._last_scan = time.monotonic()
        self._apply_scan(self._scan())
        return self.version != before

    @property
    def is_loading(self) -> bool:
        """True while some requested image is still being decoded or composed (its card shows a stand-in)."""
        return bool(self._pending) or self._faces.is_busy

    # -- diagnostics ---------------------------------------------------------------------------
    def status(self, card: Card | None) -> str:
        """Return "art", "loading", "error" or "generated" for ``card`` (None: the back)."""
        key = BACK if card is None else card.id
        if key not in self._files:
            return "generated"
        if key in self._errors:
            return "error"
        if self._art.get(key) or (card is not None and self.composes(card)):
            return "art"
        return "loading"

    def path_for(self, card: Card | None) -> Path | None:
        """Return the file that is ``card``'s art (None: the back's; a sheet for a cell), or None when it has none."""
        entry = self._files.get(BACK if card is None else card.id)
        return source_file(entry[0]) if entry else None

    def art_source(self, card: Card | None) -> Source | None:
        """Return the file or sheet cell that is ``card``'s usable art (None: the back's), or None."""
        key = BACK if card is None else card.id
        entry = self._files.get(key)
        return entry[0] if entry is not None and key not in self._errors else None

    def source_label(self, card: Card | None) -> str | None:
        """Return where ``card``'s art is, for people: a path, or a sheet's path and cell; None without art."""
        entry = self._files.get(BACK if card is None else card.id)
        if entry is None:
            return None
        source = entry[0]
        return f"{source.sheet.parent / source.name}" if isinstance(source, Cell) else str(source)

    def problems(self) -> list[str]:
        """Return every current diagnostic line (missing art, unknown files, unreadable files...)."""
        if self._problems_version != self.version:
            self._problems = self._diagnose()
            self._problems_version = self.version
        return list(self._problems)

    def take_notices(self) -> list[str]:
        """Return what changed in the deck file since the last call (cards shown anew, a deck to restart with)."""
        return self.deck.notices()

    def use_cards(self, cards: Sequence[Card]) -> None:
        """Draw ``cards`` from now on (a new game, whose deck may have changed): art is matched to them again
        and the deck file's values as they are now become the ones played."""
        self.cards = list(dict.fromkeys(cards))
        self._by_id = {card.id: card for card in self.cards}
        self._index = name_index(self._by_id)
        self._card_ids = [card.id for card in self.cards]
        self.deck.restart()
        self._generated.clear()
        self._faces.reload(self.cards)
        self._table = None  # map the folder's files to the new cards, whatever it holds
        self._apply_scan(self._scan())

    def take_messages(self) -> list[str]:
        """Return the messages that appeared since the last call (for the table's log: the missing art in
        one short line, its card ids left to the diagnostics)."""
        return self._said.take(self.problems(), self._errors, self._whole, self._file_name, self._brief)

    def _file_name(self, key: Key) -> str | None:
        entry = self._files.get(key)
        return source_name(entry[0]) if entry is not None else None

    def close(self) -> None:
        """Stop background work."""
        self._faces.close()
        self._stop.set()
        for _thread in self._threads:
            self._jobs.put((STOP, next(self._seq), None))
        for thread in self._threads:
            thread.join(timeout=1)
        self._threads = []

    def __enter__(self) -> ArtLibrary:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- surfaces (main thread) ------------------------------------------------------------------
    def _surface(self, key: Key, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        size = (max(1, int(size[0])), max(1, int(size[1])))
        self._use_size(size)
        surface = self._art.get(key, {}).get(size)
        if surface is not None:
            return surface
        if key in self._files and key not in self._errors:
            if (key, size) not in self._pending:
                self._request(key, size)
                surface = self._art.get(key, {}).get(size)  # a disk-cache hit or a synchronous load
                if surface is not None:
                    return surface
            surface = self._stale.get(key, {}).get(size)
            if surface is None:
                surface = self._rescaled(key, size)
            if surface is not None:
                return surface
        slot = (key, size)
        surface = self._generated.get(slot)
        if surface is None:
            surface = draw_back(size) if card is None else draw_face(card, size)
            group = self._faces.setup.group_of(card_values(card)) if card is not None and self.symbols else None
            if group is not None:
                draw_group_symbol(surface, group)
            surface = self._generated[slot] = _for_display(surface)
        return surface

    def _rescaled(self, key: Key, size: Size) -> pygame.Surface | None:
        """Return art of ``key`` at another size scaled to ``size``, while the exact one loads."""
        sizes = self._art.get(key)
        if not sizes:
            return None
        source = sizes[max(sizes)]
        surface = self._stale.setdefault(key, {})[size] = pygame.transform.smoothscale(source, size)
        return surface

    def _use_size(self, size: Size) -> None:
        if size in self._sizes:
            self._sizes.move_to_end(size)
            return
        self._sizes[size] = None
        if len(self._sizes) > MAX_SIZES:
            old, _none = self._sizes.popitem(last=False)
            for by_size in (*self._art.values(), *self._stale.values()):
                by_size.pop(old, None)
            for slot in [s for s in self._generated if s[1] == old]:
                del self._generated[slot]
            self._faces.forget(old)

    def _request(self, key: Key, size: Size) -> None:
        """Load ``key`` at ``size``: a disk-cache hit at once, else by a worker after the next poll (or now, if no threads)."""
        path, stamp = self._files[key]
        job = Job(key, (size,), path, stamp, check_cache=True)
        self._pending.add((key, size))
        if not self._background:
            for done in fetch(job, self._disk):
                self._accept(done)
            return
        try:
            stat = os.stat(source_file(path))
        except OSError:
            stat = None
        hit = self._disk.get(path, stat, size) if stat is not None else None
        if hit is not None:
            self._accept(Done(job, hit, True))
            self._unchecked.pop(key, None)  # it decoded fine before, unchanged since
        else:
            self._wanted.setdefault(key, set()).add(size)

    def _send_jobs(self) -> None:
        """Send the sizes asked for since the last poll to the workers (one job per file); then checks."""
        for key, sizes in self._wanted.items():
            if key in self._files:
                path, stamp = self._files[key]
                self._jobs.put((SHOWN, next(self._seq), Job(key, tuple(sorted(sizes)), path, stamp, False)))
                self._unchecked.pop(key, None)
        self._wanted.clear()
        for key, polls in list(self._unchecked.items()):
            if polls < 1 and key not in self._errors:
                # Wait one poll: a card on screen asks for its sizes in the next frame, sparing a decode.
                self._unchecked[key] = polls + 1
                continue
            del self._unchecked[key]
            if key in self._files and key not in self._errors:  # not already found broken by its header
                path, stamp = self._files[key]
                size = next(reversed(self._sizes), VERIFY_SIZE)
                self._jobs.put((VERIFY, next(self._seq), Job(key, (size,), path, stamp, True, verify=True)))

    def _accept(self, done: Done) -> None:
        job, loaded, size = done.job, done.loaded, done.size
        if not job.verify:
            self._pending.discard((job.key, size))
        if self._files.get(job.key) != (job.path, job.stamp):
            return  # the file changed or went away meanwhile; a newer load is under way
        if loaded.ok:
            self._whole.add(job.key)
        if loaded.ok and (size not in self._sizes or size in self._art.get(job.key, {})):
            if not done.from_cache:
                self.stats["decoded"] += 1
            return  # a check of a file nobody draws at this size (or already shows): it is fine
        self._stale.get(job.key, {}).pop(size, None)
        if loaded.ok:
            self.stats["cached" if done.from_cache else "decoded"] += 1
            surface = pygame.image.frombytes(loaded.rgba, loaded.size, "RGBA")
            self._art.setdefault(job.key, {})[size] = _for_display(surface)
            self._errors.pop(job.key, None)
            self._shapes[job.key] = loaded.source_size
            # A sheet's cells share one shape: the sheet's grid check reports it once, not per card.
            note = None if isinstance(job.path, Cell) else aspect_problem(loaded.source_size, CARD_ASPECT)
            if note:
                self._aspects[job.key] = _aspect_line(job.path, note)
        else:
            self.stats["failed"] += 1
            self._errors[job.key] = loaded.error or _("{file}: cannot read it").format(file=source_name(job.path))
        self.version += 1

    def _accept_check(self, checked: Checked) -> None:
        """Record a header check's problem, unless the file changed since (a newer check follows)."""
        if self._files.get(checked.key) != (checked.path, checked.stamp):
            return
        if checked.error is None and not self._background:
            self._whole.add(checked.key)  # unthreaded, nothing decodes a file until it is drawn: its header it is
        if checked.error is None and checked.key not in self._shapes:
            self._shapes[checked.key] = checked.source_size
            self.version += 1  # the shape decides whether the art is a full face or an illustration
        note = None if isinstance(checked.path, Cell) else aspect_problem(checked.source_size, CARD_ASPECT)
        if checked.error is not None and checked.key not in self._errors:
            # Also spares the decode: drawing skips cards in _errors. A decode's own error is
            # kept, being the more specific (it saw the pixels).
            self._errors[checked.key] = checked.error
        elif note is not None and checked.key not in self._aspects:
            self._aspects[checked.key] = _aspect_line(checked.path, note)
        else:
            return
        self.version += 1  # a status and the problem list changed

    # -- folder changes (main thread) ------------------------------------------------------------
    def _scan(self) -> dict[str, Stamp] | None:
        """Return the art folder's files with their stamps (just the sheet, its TOML and backs for one sheet)."""
        return scan_art(self.folder, self.only)

    def _apply_scan(self, table: dict[str, Stamp] | None) -> None:
        """Map the scanned files to cards; drop and reload art whose file was added, changed or removed."""
        if table == self._table and self.version:
            return
        self._table = table
        mapped = map_folder(self.folder, table or {}, self._index, self._card_ids, self._sheets)
        files, self._duplicates, self._unused, self._sheets = mapped.files, mapped.duplicates, mapped.unused, mapped.sheets
        for key in set(self._files) | set(files):
            old, new = self._files.get(key), files.get(key)
            if old == new:
                continue
            self._errors.pop(key, None)
            self._whole.discard(key)
            self._aspects.pop(key, None)
            self._shapes.pop(key, None)
            current = self._art.pop(key, {})
            sizes = list(current)
            if new is None:
                self._stale.pop(key, None)
            else:
                # Keep showing the old picture until the new one is loaded: no flash of a generated face.
                self._stale.setdefault(key, {}).update(current)
            self._pending = {slot for slot in self._pending if slot[0] != key}
            self._wanted.pop(key, None)
            self._unchecked.pop(key, None)
            if new is not None:
                self._files[key] = new
                if self._background:
                    self._unchecked[key] = 0
                for size in sizes:
                    self._request(key, size)
                if not self._background:
                    self._accept_check(check_file(key, *new))  # no watcher thread to do it
                elif isinstance(new[0], Cell):
                    self._results.put(check_file(key, *new))  # the watcher checks single files only
            else:
                del self._files[key]
        self.version += 1

    def _diagnose(self) -> list[str]:
        lines: list[str] = []
        where = short_path(self.folder) if self.folder else _("(no art folder)")
        if self._table is None:
            lines.append(_("art folder {folder} not found: all {count} cards of {deck} use generated faces").format(
                folder=where, count=len(self.cards), deck=self.deck_name))
        if self.only is not None and self._table is not None:
            if self.only not in self._table:
                lines.append(_("sprite sheet {file} not found (check the path given to --art)").format(
                    file=self.folder / self.only))  # type: ignore[operator]
            elif self.only not in self._sheets:
                lines.append(missing_spec_message(self.folder / self.only))  # type: ignore[operator]
        lines += sorted(self._errors.values())
        # A file that cannot be read is listed as broken, not also as a shape to crop; an illustration is
        # placed in its layout's art region, whatever its shape.
        lines += sorted(note for key, note in self._aspects.items()
                        if key not in self._errors and not (key in self._by_id and self.composes(self._by_id[key])))
        for sheet in self._sheets.values():
            lines += sheet.problems
        lines += self._duplicates
        lines += [_("{file}: matches no card of {deck} (name files by card id, e.g. {example}.png, or back.png;"
                    " a sprite sheet needs {toml} beside it)").format(
                      file=name, deck=self.deck_name, example=self.cards[0].id if self.cards else "AS",
                      toml=spec_name(name)) for name in self._unused]
        if self._table is not None:
            missing = [card.id for card in self.cards if card.id not in self._files]
            if BACK not in self._files:
                missing.append(card_label(BACK))
            if missing:
                shown = " ".join(missing[:16]) + (" ..." if len(missing) > 16 else "")
                lines.append(_("no art for {missing} of {total} images (cards and back) in {folder}"
                               " (generated faces used): {ids}").format(
                    missing=len(missing), total=len(self.cards) + 1, folder=where, ids=shown))
                # The log names the folder by its last two parts: the diagnostics give its whole path.
                near = Path(*self.folder.parts[-2:]) if self.folder is not None else where
                self._brief[lines[-1]] = _("no art for {missing} of {total} images in {folder}: generated faces"
                                           " (the Art button lists them)").format(
                    missing=len(missing), total=len(self.cards) + 1, folder=near)
        lines += self._faces.problems()
        if self._disk.error:
            lines.append(self._disk.error)
        return lines

    # -- background threads ----------------------------------------------------------------------
    def _work(self) -> None:
        while True:
            job = self._jobs.get()[2]
            if job is None or self._stop.is_set():
                return
            self._results.put(fetch(job, self._disk))

    def _watch(self, table: dict[str, Stamp] | None) -> None:
        self._check_changed(table, None)
        last = table
        while not self._stop.wait(SCAN_INTERVAL):
            table = self._scan()
            if table != last:
                self._results.put(table)  # first, so the check results find the files mapped
                self._check_changed(table, last)
                last = table

    def _check_changed(self, table: dict[str, Stamp] | None, old: dict[str, Stamp] | None) -> None:
        """Check the header of every card file in ``table`` that is new or changed since ``old``."""
        assert self.folder is not None or not table
        old = old or {}
        sheets = sheet_images(list(table or {}))
        for name, stamp in (table or {}).items():
            if self._stop.is_set():
                return
            key = None if name in sheets else match_file(name, self._index)
            if key is not None and old.get(name) != stamp:
                self._results.put(check_file(key, self.folder / name, stamp))  # type: ignore[operator]


def _aspect_line(path: Source, note: str) -> str:
    """Return the problem line for an odd-shaped file (from decoding or from its header alone)."""
    return f"{source_name(path)} {note}"


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """Return ``surface`` in the display's pixel format when a display exists (faster blits)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
