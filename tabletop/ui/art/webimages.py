"""The picture a browser seat is shown for each card: its art fitted to a card, named by content hash.

A browser seat asks the host for each card's picture at ``/art/<key>``. The key is worked out from
the content of the card's file (its digest, as :class:`~tabletop.net.artshare.ArtShare` keeps it),
the sheet cell it comes from and the size served, so a browser may keep a picture for good and a
changed file is a new key. The picture is the card's art fitted into a card (:data:`BOX`, the same
fitting the table uses) as a JPEG: a phone loads a deck of large scans quickly. Pictures are made
when first asked for (or ahead, :meth:`WebImages.warm`, on as many threads as the machine has
cores), kept in memory up to :data:`MEMORY` bytes and on disk under their key in the art cache
(``web/``: the next game with the same art makes none). :meth:`WebImages.url` is the one place that
says which picture a card has. A card the desktop table composes (from ``faces.toml``, or an
illustration with its text band) is shown that composed face, as a PNG named by the digest of
everything it is made from.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from tabletop.engine.cards import Card
from tabletop.net.artshare import ArtShare
from tabletop.ui.art.composed import Art, ComposedFaces
from tabletop.ui.art.diskcache import DiskCache, default_cache_dir, prune_folder
from tabletop.ui.art.folder_map import art_place, map_folder, scan_art
from tabletop.ui.art.loader import Size, Source, load_fitted, probe, source_file
from tabletop.ui.art.names import BACK, name_index
from tabletop.ui.art.render import on_stock
from tabletop.ui.art.sheets import Cell, sheet_images

BOX = (400, 560)
"""The size of a served picture: crisp on a phone's zoom, small enough for a deck to load at once."""
QUALITY = 86
VERSION = "web1"
"""Part of every key: a change to how pictures are made gives them new keys."""
MEMORY = 96 * 1024 * 1024
"""Bytes of pictures kept ready; the least recently asked go first."""
DISK = 256 * 1024 * 1024
"""Bytes of pictures kept on disk; past them the oldest go when a host starts."""


KINDS = {".jpg": "image/jpeg", ".png": "image/png"}
"""A picture's file ending and media type: art as JPEG, a composed face (sharp text) as PNG."""


@dataclass(frozen=True)
class Composed:
    """A card's face composed from data: its values, with its art (and the art's shape) if it has some."""

    card: Card
    art: Art
    shape: Size | None


class WebImages:
    """The pictures of ``deck``'s cards (and the back) in the art at ``path``, whose files ``share`` hashes;
    faces are composed as the table composes them (the ``faces.toml`` beside ``deck_file``, text bands)."""

    def __init__(self, path: Path | str | None, deck: Sequence[Card], share: ArtShare,
                 cache: Path | None = None, deck_file: Path | None = None) -> None:
        self._place = art_place(path)
        self._disk = cache if cache is not None else default_cache_dir() / "web"
        prune_folder(self._disk, DISK, (*KINDS, ".tmp"))
        self._deck = list({card.id: card for card in deck}.values())
        self._faces = ComposedFaces(deck_file, self._deck, DiskCache(self._disk.parent), background=False)
        self._composing = threading.Lock()  # one face at a time: the faces' fonts are shared
        self._ids = sorted({card.id for card in deck})
        self._index = name_index(self._ids)
        self._share = share
        self._lock = threading.Lock()
        self._keys: dict[str, str] = {}
        self._sources: dict[str, Source | Composed] = {}
        self._ready: OrderedDict[str, tuple[bytes, str]] = OrderedDict()
        self._held = 0
        self.refresh()

    def url(self, card: Card | None) -> str | None:
        """Return the address of ``card``'s picture (None: the back), or None when it has no art."""
        with self._lock:
            key = self._keys.get(BACK if card is None else card.id)
        return f"/art/{key}" if key is not None else None

    def image(self, key: str) -> tuple[bytes, str] | None:
        """Return the picture named ``key`` and its media type, made now if not ready; None for no card's picture."""
        with self._lock:
            ready = self._ready.get(key)
            if ready is not None:
                self._ready.move_to_end(key)
                return ready
            source = self._sources.get(key)
        if source is None:
            return None
        ending = ".png" if isinstance(source, Composed) else ".jpg"
        made = self._stored(key + ending)
        if made is None:
            made = self._face(source) if isinstance(source, Composed) else make_picture(source)
            if made is None:
                return None
            self._store(key + ending, made)
        found = (made, KINDS[ending])
        with self._lock:
            if key not in self._ready:
                self._ready[key] = found
                self._held += len(made)
            while self._held > MEMORY and len(self._ready) > 1:
                _key, (data, _kind) = self._ready.popitem(last=False)
                self._held -= len(data)
        return found

    def refresh(self, files: bool = True) -> bool:
        """Map the folder again (``files``: the share looked at its files and some changed; else only when the
        faces file, its fonts or icons changed); return whether any card's picture changed."""
        with self._composing:  # faces.toml edited while the game runs: new faces, new names
            edited = self._faces.poll()
        if not files and not edited:
            return False
        folder, only = self._place
        table = scan_art(folder, only) or {}
        mapped = map_folder(folder, table, self._index, self._ids, {})
        digests = self._share.manifest()
        tomls = sheet_images(list(table))
        keys: dict[str, str] = {}
        sources: dict[str, Source | Composed] = {}
        by_id = {card.id: card for card in self._deck}
        for card_id, (source, stamp) in mapped.files.items():
            file = source_file(source)
            digest = digests.get(file.name)
            if digest is None:
                continue
            card = by_id.get(card_id)
            composed = self._composed(card, (source, stamp)) if card is not None else None
            if composed is not None:
                keys[card_id], sources[composed[0]] = composed
                continue
            part = f"{source.index}/{digests.get(tomls.get(file.name, ''), '')}" if isinstance(source, Cell) else ""
            key = hashlib.sha256(f"{VERSION}:{BOX}:{digest}:{part}".encode()).hexdigest()
            keys[card_id] = key
            sources[key] = source
        for card in self._deck:
            composed = self._composed(card, None) if card.id not in keys else None
            if composed is not None:
                keys[card.id], sources[composed[0]] = composed
        with self._lock:
            changed = keys != self._keys
            self._keys, self._sources = keys, sources
        return changed

    def warm(self) -> threading.Thread:
        """Make every card's picture in the background (a host does it while testers join); return its thread."""
        with self._lock:
            keys = list(self._sources)

        def make_all() -> None:
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 2, thread_name_prefix="web picture") as pool:
                list(pool.map(self.image, keys))  # Pillow decodes without the GIL: one picture per core

        worker = threading.Thread(target=make_all, name="web pictures", daemon=True)
        worker.start()
        return worker

    def _composed(self, card: Card, art: Art) -> tuple[str, Composed] | None:
        """Return the name and making of ``card``'s composed face with ``art``, or None when the table draws it
        otherwise (its art as it is, or a generated face the page draws)."""
        shape = None
        if art is not None:
            shape, problem = probe(art[0])  # the art's shape decides whether it is the whole card or an illustration
            if problem is not None:
                return None
        digest = self._faces.digest(card, BOX, art, shape)
        if digest is None:
            return None
        return hashlib.sha256(f"{VERSION}:face:{digest}".encode()).hexdigest(), Composed(card, art, shape)

    def _face(self, face: Composed) -> bytes | None:
        """Return a face composed from data as PNG bytes (None: it could not be drawn)."""
        try:
            with self._composing:
                picture = self._faces.image(face.card, BOX, face.art, face.shape)
        except Exception:  # a broken faces file never takes the host down: the page draws the card's face
            return None
        if picture is None:
            return None
        out = io.BytesIO()
        on_stock(picture).save(out, "PNG", optimize=True)
        return out.getvalue()

    def _stored(self, name: str) -> bytes | None:
        try:
            return (self._disk / name).read_bytes()
        except OSError:
            return None

    def _store(self, name: str, data: bytes) -> None:
        """Keep a made picture on disk (written whole, or not at all: a full disk only costs the next host time)."""
        with contextlib.suppress(OSError):
            self._disk.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self._disk, suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, self._disk / name)


def make_picture(source: Source) -> bytes | None:
    """Return ``source``'s picture fitted into :data:`BOX` as JPEG bytes, or None when it cannot be read."""
    loaded = load_fitted(source, BOX, rounded=False)
    if not loaded.ok:
        return None
    picture = Image.frombytes("RGBA", loaded.size, loaded.rgba).convert("RGB")
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=QUALITY, optimize=True)
    return out.getvalue()
