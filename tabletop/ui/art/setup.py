"""What a game's composed faces are drawn with: its ``faces.toml``, fonts and ``icons/``, read and checked.

:func:`read_setup` reads the files beside a game's deck into a :class:`Setup` (the layouts, the
fonts and icons loaded, a digest of all of it for the disk cache, and every problem as one line
naming the file, its line and what to do); nothing here raises for a designer's file, and a broken
``faces.toml`` leaves the generated faces in use. :func:`face_plan` decides how one card is drawn:
composed from the layouts, composed from the built-in text band around its illustration, or (None)
as today: its art as it is, or its generated face.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from tabletop.engine.cards import Card
from tabletop.formats.deckfile import DeckError, cached_deck
from tabletop.formats.faces import (
    FILE_NAME,
    FacesError,
    FaceSpec,
    check_columns,
    load_faces,
    missing_icons,
)
from tabletop.formats.facetext import card_values
from tabletop.i18n import _
from tabletop.ui.art.compose import BAND, Kit, colour_groups, font_faces
from tabletop.ui.art.loader import CARD_ASPECT, Size, aspect_problem, load_picture
from tabletop.ui.art.names import is_image_name

ICONS = "icons"
"""The folder of inline icons beside the deck: ``icons/coin.png`` is drawn for ``{coin}``."""
ICON_PIXELS = 256
"""Icons are kept at most this tall (they are drawn at the height of a line of text)."""
MAX_ICONS = 200
"""Icons read from the folder; more are reported, not read."""
VERSION = "faces-1"
"""Changes when composing changes, so old cached faces are not shown."""

Stamp = tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class Setup:
    """The faces file (None: there is none, or it is broken), the fonts and icons, and what is wrong with them."""

    spec: FaceSpec | None
    kit: Kit
    digest: str
    problems: tuple[str, ...] = ()
    folder: Path | None = None
    watched: tuple[Path, ...] = ()
    groups: Mapping[str, int] = field(default_factory=dict)
    group_by: str = "colour"

    def group_of(self, values: Mapping[str, str]) -> int | None:
        """Return the colour group of a card (for the colour-blind symbol), or None when it has none."""
        return self.groups.get(values.get(self.group_by, "").strip())


def stamp(paths: Sequence[Path], folders: Sequence[Path]) -> Stamp:
    """Return the size and modification time of ``paths`` and of every file in ``folders`` (changes show a new stamp)."""
    found: list[tuple[str, int, int]] = []
    for path in paths:
        try:
            st = os.stat(path)
            found.append((str(path), st.st_size, st.st_mtime_ns))
        except OSError:
            found.append((str(path), -1, 0))
    for folder in folders:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries[:MAX_ICONS + 1]:
            try:
                st = entry.stat()
            except OSError:
                continue
            found.append((entry.path, st.st_size, st.st_mtime_ns))
    return tuple(found)


def read_setup(folder: Path | None, cards: Sequence[Card]) -> Setup:
    """Return the faces setup of the game whose deck lies in ``folder`` (no folder: no faces file)."""
    if folder is None:
        return Setup(None, Kit(), VERSION, groups=colour_groups([card_values(c) for c in dict.fromkeys(cards)], "colour"))
    problems: list[str] = []
    icons = _icons(folder / ICONS, problems)
    kit = Kit({}, icons)
    spec: FaceSpec | None = None
    path = folder / FILE_NAME
    fonts_used: list[Path] = []
    if path.is_file():
        try:
            spec = load_faces(path)
        except FacesError as exc:
            problems += [f"{p} " + _("(generated faces are used until it is fixed)") for p in exc.problems]
        if spec is not None:
            fonts, font_problems = font_faces(spec, folder)
            problems += font_problems
            fonts_used = [folder / f for f in spec.fonts.values()]
            kit = Kit(fonts, icons)
            problems += check_columns(spec, cards, icons)
    deck_path = _deck_path(folder)
    problems += missing_icons(cards, icons, str(deck_path or folder), _deck_lines(deck_path))
    values = [card_values(card) for card in dict.fromkeys(cards)]
    group_by = (spec.colour_by if spec is not None and spec.colour_by else "colour")
    watched = (path, *fonts_used)
    digest = hashlib.sha1(repr((VERSION, stamp(watched, [folder / ICONS]))).encode()).hexdigest()
    return Setup(spec, kit, digest, tuple(problems), folder, watched, colour_groups(values, group_by), group_by)


def _deck_path(folder: Path) -> Path | None:
    return next((folder / name for name in ("deck.toml", "deck.csv") if (folder / name).is_file()), None)


def _deck_lines(path: Path | None) -> dict[str, int]:
    """Return the line each card of the deck file starts on (none when it does not read)."""
    if path is None:
        return {}
    try:
        deck = cached_deck(path)
    except DeckError:
        return {}
    return {card.id: line for card, line in zip(deck.kinds, deck.lines, strict=False)}


def _icons(folder: Path, problems: list[str]) -> dict[str, Image.Image]:
    """Return the icons in ``folder`` by name (``coin`` for ``coin.png``), each noting its problem if unreadable."""
    icons: dict[str, Image.Image] = {}
    try:
        names = sorted(entry.name for entry in os.scandir(folder) if entry.is_file())
    except OSError:
        return icons
    pictures = [name for name in names if is_image_name(name)]
    if len(pictures) > MAX_ICONS:
        problems.append(_("{folder}: {count} icons; at most {most} are read: remove the ones no card uses").format(
            folder=folder, count=len(pictures), most=MAX_ICONS))
    for name in pictures[:MAX_ICONS]:
        try:
            decoded = load_picture(folder / name, [(ICON_PIXELS, ICON_PIXELS)])
        except Exception as exc:  # a user's file must never take the table down
            decoded = f"{type(exc).__name__}: {exc}"
        if isinstance(decoded, str):
            problems.append(_("{file}: {problem}; {{{icon}}} is shown as its name until it is fixed").format(
                file=folder / name, problem=decoded, icon=Path(name).stem))
            continue
        picture = decoded[0].convert("RGBA")
        if picture.height > ICON_PIXELS:
            picture = picture.resize((max(1, round(picture.width * ICON_PIXELS / picture.height)), ICON_PIXELS),
                                     Image.Resampling.LANCZOS)
        icons[Path(name).stem] = picture
    return icons


ILLUSTRATION, FULL, AUTO = "illustration", "full", "auto"


def art_mode(values: Mapping[str, str], spec: FaceSpec | None) -> str:
    """Return how a card's picture is used: its deck column ``art`` (full, illustration), else the faces file's."""
    own = values.get("art", "").strip().lower()
    if own in (FULL, ILLUSTRATION):
        return own
    return spec.art if spec is not None else AUTO


def is_card_shaped(shape: Size, spec: FaceSpec | None) -> bool:
    """Return True when a picture of ``shape`` has the card's shape (it is taken for a full face in ``auto``)."""
    aspect = spec.card[0] / spec.card[1] if spec is not None else CARD_ASPECT
    return aspect_problem(shape, aspect) is None


WAIT = "wait"


def face_plan(setup: Setup, values: Mapping[str, str], *, has_art: bool, shape: Size | None) -> FaceSpec | str | None:
    """Return the layouts to compose a card from; None to draw it as today (its art as it is, or its
    generated face); :data:`WAIT` while its art's shape, which decides, is not known yet."""
    spec = setup.spec
    if not has_art:
        return spec
    mode = art_mode(values, spec)
    if mode == AUTO:
        if shape is None:
            return WAIT
        mode = FULL if is_card_shaped(shape, spec) else ILLUSTRATION
    if mode == FULL:
        return None
    return spec if spec is not None else BAND
