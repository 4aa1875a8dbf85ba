"""What changed between two versions of a game: cards (added, removed, each changed field), the options
the game declares, every other text file line by line, and the art.

Cards are compared by id from the deck file (``deck.toml`` or ``deck.csv``), field by field, copies
(``count``) included; a deck that cannot be read is compared line by line like any other text file.
:func:`summary` keeps the counts (what ``tabletop versions`` lists, worked out once per version);
:func:`compare` keeps everything (what ``tabletop diff`` shows).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.cards import Card
from tabletop.formats.deckfile import Deck, DeckError, parse_deck_text
from tabletop.i18n import _, ngettext
from tabletop.versions.snapshot import IMAGE_SUFFIXES, Manifest
from tabletop.versions.store import Store

DECK_FILES = ("deck.toml", "deck.csv")
"""The deck files compared card by card (a game folder holds one of them)."""
CARD_FIELDS = ("name", "suit", "colour", "value", "points", "text", "count")
"""A card's fields in the order a table of changes lists them (the deck's own columns follow)."""
MAX_SHOWN = 6
"""Cards or files a one-line summary names; the rest are counted."""


@dataclass
class Comparison:
    """Everything that differs between version ``a`` (None: nothing before) and version ``b``."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(card, field, before, after), card by card in deck order."""
    options: list[tuple[str, str | None, str | None]] = field(default_factory=list)
    """(option, default before, default after): None where the option did not exist."""
    files: list[tuple[str, str, str]] = field(default_factory=list)
    """(file, text before, text after) of every text file that differs ("" where it did not exist)."""
    binary: list[str] = field(default_factory=list)
    """Other files (not art) that differ."""
    art: tuple[int, int, int] = (0, 0, 0)
    """Images added, removed, changed."""

    def unified(self) -> list[str]:
        """Return a unified diff of every text file that differs, file after file."""
        out: list[str] = []
        for name, before, after in self.files:
            out += difflib.unified_diff(before.splitlines(), after.splitlines(), f"a/{name}", f"b/{name}",
                                        lineterm="")
        return out

    def summary(self) -> dict[str, Any]:
        """Return the counts ``tabletop versions`` lists (JSON, kept with the version)."""
        files = []
        for name, before, after in self.files:
            plus = minus = 0
            for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0):
                if line.startswith("+") and not line.startswith("+++"):
                    plus += 1
                elif line.startswith("-") and not line.startswith("---"):
                    minus += 1
            files.append([name, plus, minus])
        fields: dict[str, list[str]] = {}
        for card, name, _before, _after in self.changed:
            fields.setdefault(card, []).append(name)
        return {"added": self.added, "removed": self.removed, "changed": [[c, f] for c, f in fields.items()],
                "options": [list(o) for o in self.options], "files": files + [[n, None, None] for n in self.binary],
                "art": list(self.art)}


def compare(store: Store, a: Manifest | None, b: Manifest, *, options_a: list[dict[str, Any]] | None = None,
            options_b: list[dict[str, Any]] | None = None) -> Comparison:
    """Return what differs between versions ``a`` and ``b`` (their files read from ``store``).

    :raises VersionError: when a file the comparison needs is missing or damaged in the store.
    """
    before = a.files if a is not None else {}
    after = b.files
    out = Comparison()
    decks = [name for name in DECK_FILES if before.get(name) != after.get(name) and (name in before or name in after)]
    names = sorted(set(before) | set(after))
    images = [n for n in names if n.lower().endswith(IMAGE_SUFFIXES) and before.get(n) != after.get(n)]
    out.art = (sum(n not in before for n in images), sum(n not in after for n in images),
               sum(n in before and n in after for n in images))
    for name in names:
        if before.get(name) == after.get(name) or name in images:
            continue
        old = _text(store, before.get(name))
        new = _text(store, after.get(name))
        if old is None or new is None:
            out.binary.append(name)
        elif name in decks and _cards(out, name, old, new):
            continue
        else:
            out.files.append((name, old, new))
    # A version opened from a pack keeps no options until it is played here: nothing to compare then.
    out.options = option_changes(options_a, options_b) if a is not None and options_a and options_b else []
    return out


def _text(store: Store, blob: str | None) -> str | None:
    if blob is None:
        return ""
    try:
        return store.get(blob).decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


def _cards(out: Comparison, name: str, old: str, new: str) -> bool:
    """Add the card changes between two texts of deck file ``name``; False when either is no readable deck."""
    try:
        before = parse_deck_text(old, name) if old else None
        after = parse_deck_text(new, name) if new else None
    except DeckError:
        return False
    kinds_a, kinds_b = _kinds(before), _kinds(after)
    out.added += [card for card in kinds_b if card not in kinds_a]
    out.removed += [card for card in kinds_a if card not in kinds_b]
    for card, fields_b in kinds_b.items():
        fields_a = kinds_a.get(card)
        if fields_a is None:
            continue
        for key in dict.fromkeys([*CARD_FIELDS, *fields_a, *fields_b]):
            was, now = fields_a.get(key, ""), fields_b.get(key, "")
            if was != now:
                out.changed.append((card, key, was, now))
    return True


def _kinds(deck: Deck | None) -> dict[str, dict[str, str]]:
    """Return each kind of card by id with its fields as text (copies as ``count``)."""
    if deck is None:
        return {}
    return {card.id: card_fields(card, count) for card, count in zip(deck.kinds, deck.counts, strict=True)}


def card_fields(card: Card, count: int) -> dict[str, str]:
    """Return a card's fields as a deck file writes them (empty ones left out)."""
    values = {"name": card.name, "suit": card.suit if card.suit != card.color else None, "colour": card.color,
              "value": card.value, "points": card.points or None, "text": card.text, "count": count}
    out = {k: str(v) for k, v in values.items() if v not in (None, "")}
    out.update(dict(card.fields))
    return out


def option_changes(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> list[tuple[str, str | None, str | None]]:
    """Return each option whose default changed, or that was added or removed: (name, before, after)."""
    def defaults(options: list[dict[str, Any]]) -> dict[str, str]:
        return {str(o.get("name")): str(o.get("default")) for o in options if isinstance(o, dict)}

    da, db = defaults(a), defaults(b)
    return [(name, da.get(name), db.get(name)) for name in dict.fromkeys([*da, *db]) if da.get(name) != db.get(name)]


def describe(summary: dict[str, Any] | None) -> str:
    """Return what a version's summary says in one line ("cards: +red-9, red-3 (value, text); rules.py +2 -1")."""
    if summary is None:
        return "?"
    parts = []
    cards = [f"+{c}" for c in summary.get("added", [])] + [f"-{c}" for c in summary.get("removed", [])]
    cards += [f"{c} ({', '.join(f)})" for c, f in summary.get("changed", [])]
    if cards:
        parts.append(_("cards: {cards}").format(cards=_few(cards)))
    options = [f"{n} {_default(was)}→{_default(now)}" for n, was, now in summary.get("options", [])]
    if options:
        parts.append(_("options: {options}").format(options=_few(options)))
    files = [f"{n} +{plus} -{minus}" if plus is not None else n for n, plus, minus in summary.get("files", [])]
    if files:
        parts.append(_few(files))
    added, removed, changed = (summary.get("art") or [0, 0, 0])[:3]
    if added or removed or changed:
        parts.append(_("art: {added} added, {removed} removed, {changed} changed").format(
            added=added, removed=removed, changed=changed))
    return "; ".join(parts) or _("no change")


def _default(value: str | None) -> str:
    return "-" if value is None else value


def _few(items: list[str]) -> str:
    if len(items) <= MAX_SHOWN:
        return ", ".join(items)
    rest = len(items) - MAX_SHOWN
    return ", ".join(items[:MAX_SHOWN]) + " " + ngettext("and {n} more", "and {n} more", rest, n=rest)
