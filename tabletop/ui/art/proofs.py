"""Proofs of a deck's faces without a window: text that does not fit, untranslated cards, colours that merge.

:func:`check_deck` reads a game's ``faces.toml``, icons and art the way the table does and reports
every card whose text does not fit (in each language the deck is written in), the cards lacking a
translation, and the colour groups that a tester with deuteranopia, protanopia or tritanopia could
take for one another. The colour science is ColorAide's (the ``proof`` extra): its simulation of
the three dichromacies and CIEDE2000 distances, and :func:`simulate` turns a picture into what such
a tester sees through a 3D lookup table built from the same simulation. No pygame here: ``tabletop
games`` and ``tabletop check`` call this too.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from PIL import Image, ImageFilter

from tabletop.engine.cards import Card
from tabletop.engine.errors import TabletopError
from tabletop.formats.facetext import card_values, languages_of, untranslated
from tabletop.i18n import N_, _
from tabletop.ui.art.cardface import cut_line, with_labels_for
from tabletop.ui.art.compose import colour_of, cuts
from tabletop.ui.art.folder_map import map_folder, scan_art
from tabletop.ui.art.loader import Size, probe
from tabletop.ui.art.names import name_index
from tabletop.ui.art.setup import Setup, face_plan, read_setup

DEFICIENCIES = {"deuteranopia": "deutan", "protanopia": "protan", "tritanopia": "tritan"}
"""The colour-blind proofs offered, and ColorAide's name for each simulation."""
NAMES = {"deuteranopia": N_("deuteranopia"), "protanopia": N_("protanopia"), "tritanopia": N_("tritanopia")}
MIN_DISTANCE = 20.0
"""Two colour groups closer than this (CIEDE2000) under a simulated deficiency are reported."""
LUT_SIZE = 17


@dataclass
class DeckCheck:
    """What :func:`check_deck` found; each list holds whole lines to print."""

    problems: list[str] = field(default_factory=list)
    """The faces file's, fonts', icons' and templates' own problems."""
    cuts: list[str] = field(default_factory=list)
    untranslated: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        """Return the lines ``tabletop games`` and ``tabletop check`` show: problems, cuts and merging colours."""
        return [*self.problems, *self.cuts, *self.colours]


def check_deck(folder: Path | None, cards: Sequence[Card], art_dir: Path | None, *, colours: bool = True) -> DeckCheck:
    """Return the proofs of the deck ``cards`` whose deck file lies in ``folder`` and art in ``art_dir``."""
    deck = list(dict.fromkeys(cards))
    setup = read_setup(folder, deck)
    found = DeckCheck(list(setup.problems))
    art, shapes = _art_of(deck, art_dir)
    languages = [None, *languages_of(deck)]
    for lang in languages:
        for card in deck:
            values = card_values(card, lang)
            plan = face_plan(setup, values, has_art=card.id in art, shape=shapes.get(card.id))
            if plan is None or isinstance(plan, str):
                continue
            source = plan.source if plan is setup.spec else _("{card}'s text band").format(card=card.id)
            shown = with_labels_for(values) if plan is not setup.spec else values
            for cut in cuts(plan, shown, setup.kit):
                found.cuts.append(cut_line(source, card.id, cut, lang))
    for lang in languages[1:]:
        assert lang is not None
        for card_id, columns in untranslated(deck, lang):
            found.untranslated.append(_("{lang}: card {card} has no {columns}").format(
                lang=lang, card=card_id, columns=", ".join(f"{c}.{lang}" for c in columns)))
    if colours:
        found.colours = colour_warnings(setup, deck)
    return found


def _art_of(cards: Sequence[Card], art_dir: Path | None) -> tuple[set[str], dict[str, Size]]:
    """Return the ids of the cards that have usable art in ``art_dir``, and each one's picture size."""
    table = scan_art(art_dir)
    if art_dir is None or table is None:
        return set(), {}
    by_id = {card.id: card for card in cards}
    mapped = map_folder(art_dir, table, name_index(by_id), list(by_id), {})
    shapes: dict[str, Size] = {}
    for key, (source, _stamp) in mapped.files.items():
        size, error = probe(source)
        if error is None:
            shapes[key] = size
    return set(shapes), shapes


def group_colours(setup: Setup, cards: Sequence[Card]) -> dict[str, str]:
    """Return each colour group (a value of the deck column that colours the cards) and its colour."""
    colours: dict[str, str] = {}
    for card in cards:
        values = card_values(card)
        group = values.get(setup.group_by, "").strip()
        colour = values.get("colour", "").strip()
        if group and colour and group not in colours:
            colours[group] = colour
    return colours


def colour_warnings(setup: Setup, cards: Sequence[Card]) -> list[str]:
    """Return a line for each pair of colour groups too close to tell apart under a simulated deficiency."""
    groups = group_colours(setup, cards)
    if len(groups) < 2:
        return []
    color = _coloraide()
    lines = []
    rgb = {group: colour_of(spec, {}, None) for group, spec in groups.items()}
    for (a, ca), (b, cb) in combinations([(g, c) for g, c in rgb.items() if c is not None], 2):
        for name, kind in DEFICIENCIES.items():
            first = color("srgb", [v / 255 for v in ca[:3]]).filter(kind).convert("srgb").fit()
            second = color("srgb", [v / 255 for v in cb[:3]]).filter(kind).convert("srgb").fit()
            distance = first.delta_e(second, method="2000")
            if distance < MIN_DISTANCE:
                lines.append(_("colour groups {a} ({ca}) and {b} ({cb}) look alike with {deficiency} (CIEDE2000"
                               " distance {distance:.0f}, under {least:.0f}): change one colour, or add a shape"
                               " (the table's colour-blind symbols: C)").format(
                    a=a, ca=groups[a], b=b, cb=groups[b], deficiency=_(NAMES[name]), distance=distance,
                    least=MIN_DISTANCE))
                break
    return lines


def _coloraide() -> type:
    """Return ColorAide's ``Color``.

    :raises TabletopError: saying how to install it when it is missing.
    """
    try:
        from coloraide import Color
    except ImportError:
        raise TabletopError(_("colour proofs need the coloraide library: pip install -e '.[proof]'"
                              " (or pip install coloraide)")) from None
    return Color


@functools.lru_cache(maxsize=3)
def _lut(kind: str) -> ImageFilter.Color3DLUT:
    color = _coloraide()
    table: list[float] = []
    step = LUT_SIZE - 1
    for b in range(LUT_SIZE):
        for g in range(LUT_SIZE):
            for r in range(LUT_SIZE):
                seen = color("srgb", [r / step, g / step, b / step]).filter(kind).convert("srgb").fit()
                table += seen.coords()
    return ImageFilter.Color3DLUT(LUT_SIZE, table)


def simulate(picture: Image.Image, deficiency: str) -> Image.Image:
    """Return ``picture`` as a tester with ``deficiency`` (a key of :data:`DEFICIENCIES`) sees it.

    :raises TabletopError: when coloraide is missing.
    """
    mode = picture.mode
    rgb = picture.convert("RGB").filter(_lut(DEFICIENCIES[deficiency]))
    if mode == "RGBA":
        rgb.putalpha(picture.getchannel("A"))
    return rgb


def report_lines(check: DeckCheck, *, heading: Mapping[str, str] | None = None) -> list[str]:
    """Return every finding of ``check`` as lines under headings (for ``tabletop art --check``)."""
    heads = heading or {}
    out: list[str] = []
    for key, lines in (("problems", check.problems), ("cuts", check.cuts), ("untranslated", check.untranslated),
                       ("colours", check.colours)):
        if lines:
            out.append(heads.get(key, key))
            out += [f"  {line}" for line in lines]
    return out
