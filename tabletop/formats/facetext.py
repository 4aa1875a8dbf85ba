"""The words on a card face, as data: a card's columns in a language, templates over them, and markup.

A template is text with ``{column}`` in it (``"Cost {cost}"``); a card's value for a column is
taken in the interface's language when the deck has it (``name.ja`` for ``name`` in Japanese),
else the plain column. Markup in the filled text: ``**bold**``, ``*italic*`` and ``{icon}`` (a
picture from the game's ``icons/`` folder drawn at the height of the text). No Pillow here: what is
drawn and how it fits is :mod:`tabletop.ui.art.typeset`'s.

>>> fill("Cost {cost}", {"cost": "3"})
'Cost 3'
>>> [(s.text, s.bold, s.icon) for s in parse_markup("Gain **2** {coin}")]
[('Gain ', False, ''), ('2', True, ''), (' ', False, ''), ('', False, 'coin')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tabletop.engine.cards import Card

FIELD = re.compile(r"\{([^{}\s]{1,64})\}")
"""A ``{name}`` in a template or in a card's text: a column, else an icon."""
LANGUAGE = re.compile(r"^(?P<base>[^.]+)\.(?P<lang>[a-z]{2,3}(?:-[a-z0-9]{2,8})?)$")
"""A column in another language: ``name.ja``, ``text.pt-br``."""
BUILT_IN = ("id", "name", "text", "suit", "colour", "color", "value", "rank", "points")
"""Columns every card has, whether or not the deck file writes them."""


def card_values(card: Card, lang: str | None = None) -> dict[str, str]:
    """Return ``card``'s columns as text, each in language ``lang`` where the deck has it (``text.ja``)."""
    values: dict[str, str] = {"id": card.id, "name": card.name, "text": card.text, "suit": card.suit or "",
                              "colour": card.color or "", "color": card.color or "",
                              "value": "" if card.value is None else str(card.value),
                              "rank": card.rank or ("" if card.value is None else str(card.value)),
                              "points": str(card.points)}
    values.update(card.fields)
    if lang:
        for key, value in card.fields:
            found = LANGUAGE.match(key)
            if found and found["lang"] == lang.lower() and value.strip():
                values[found["base"]] = value
    return values


def localized(card: Card, lang: str | None) -> Card:
    """Return ``card`` with its name and text in language ``lang`` where the deck has them, else ``card`` itself."""
    if not lang or not card.fields:
        return card
    values = card_values(card, lang)
    if values["name"] == card.name and values["text"] == card.text:
        return card
    return Card(card.id, suit=card.suit, rank=card.rank, value=card.value, name=values["name"], text=values["text"],
                points=card.points, color=card.color, fields=card.fields)


def columns_of(cards: Iterable[Card]) -> set[str]:
    """Return every column a template over ``cards`` may name (a language's column names its base too)."""
    names = set(BUILT_IN)
    for card in cards:
        for key, _value in card.fields:
            names.add(key)
            found = LANGUAGE.match(key)
            if found:
                names.add(found["base"])
    return names


def languages_of(cards: Iterable[Card]) -> list[str]:
    """Return the language codes the deck's columns are written in (``ja`` for ``name.ja``), sorted."""
    return sorted({found["lang"] for card in cards for key, _value in card.fields
                   if (found := LANGUAGE.match(key)) is not None})


def untranslated(cards: Sequence[Card], lang: str) -> list[tuple[str, list[str]]]:
    """Return (card id, its columns lacking a ``.lang`` version) for each card missing some, in deck order.

    A column counts as translated in the deck when any card has it in ``lang``.
    """
    bases = {found["base"] for card in cards for key, _value in card.fields
             if (found := LANGUAGE.match(key)) is not None and found["lang"] == lang}
    missing: list[tuple[str, list[str]]] = []
    for card in dict.fromkeys(cards):
        own = card_values(card)
        have = {key for key, value in card.fields if value.strip()}
        lacking = [base for base in sorted(bases) if own.get(base, "").strip() and f"{base}.{lang}" not in have]
        if lacking:
            missing.append((card.id, lacking))
    return missing


def template_fields(template: str) -> list[str]:
    """Return the ``{names}`` a template refers to, in order.

    >>> template_fields("{name} costs {cost} {coin}")
    ['name', 'cost', 'coin']
    """
    return FIELD.findall(template.replace("{{", "").replace("}}", ""))


def fill(template: str, values: Mapping[str, str]) -> str:
    """Return ``template`` with each ``{column}`` replaced by its value; other ``{names}`` (icons) are kept."""
    def one(match: re.Match[str]) -> str:
        value = values.get(match[1])
        return match[0] if value is None else value

    parts = template.split("{{")
    return "{".join(FIELD.sub(one, part).replace("}}", "}") for part in parts)


@dataclass(frozen=True)
class Span:
    """A run of text in one style, or an icon (``icon`` names it; ``text`` is empty then)."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str = ""


_MARK = re.compile(r"\*\*|\*|\{[^{}\s]{1,64}\}")


def parse_markup(text: str) -> list[Span]:
    """Return ``text`` as styled spans: ``**bold**``, ``*italic*`` and ``{icon}`` (a lone ``*`` stays a star).

    >>> [(s.text, s.italic) for s in parse_markup("a *b* 3*4")]
    [('a ', False), ('b', True), (' 3*4', False)]
    """
    marks = list(_MARK.finditer(text))
    closes = _paired(marks)
    spans: list[Span] = []
    bold = italic = False
    at = 0
    for index, mark in enumerate(marks):
        token = mark[0]
        if token.startswith("{"):
            _push(spans, text[at:mark.start()], bold, italic)
            spans.append(Span("", bold, italic, token[1:-1]))
            at = mark.end()
        elif index in closes:
            _push(spans, text[at:mark.start()], bold, italic)
            if token == "**":
                bold = not bold
            else:
                italic = not italic
            at = mark.end()
    _push(spans, text[at:], bold, italic)
    return spans


def _paired(marks: list[re.Match[str]]) -> set[int]:
    """Return the indexes of ``*``/``**`` marks that open or close a style (each has its partner)."""
    used: set[int] = set()
    open_at: dict[str, int] = {}
    for index, mark in enumerate(marks):
        token = mark[0]
        if token.startswith("{"):
            continue
        if token in open_at:
            used.update((open_at.pop(token), index))
        else:
            open_at[token] = index
    return used


def _push(spans: list[Span], text: str, bold: bool, italic: bool) -> None:
    if text:
        spans.append(Span(text, bold, italic))


def plain(text: str) -> str:
    """Return ``text`` without its markup (icons as their names in braces), for messages.

    >>> plain("Gain **2** {coin}")
    'Gain 2 {coin}'
    """
    return "".join(span.text or "{" + span.icon + "}" for span in parse_markup(text))
