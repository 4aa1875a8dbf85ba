"""Free values of a tuning: what ``tabletop tune`` may change, read from ``--free`` and checked against the game.

Three kinds, each a whole-number range (``LO..HI``) or, for an option, a list of values:

- a card's field: ``red-3.value=1..4`` (``value``, ``points``, ``count`` or any whole-number column);
- a group's field: ``colour=red:points=1..5`` sets it on every card whose ``colour`` is ``red``;
  written with signs (``colour=red:points=-1..+2``) it is added to each card's own value instead;
- a game option: ``market=3..7`` or ``trump=none,S,turnup``.

>>> parse_range("1..4"), parse_range("-1..+2")
((1, 4, False), (-1, 2, True))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.engine.options import OptionInfo, convert, describe
from tabletop.formats.deckedit import field_values
from tabletop.formats.deckfile import MAX_COUNT, Deck, cached_deck
from tabletop.i18n import _
from tabletop.sim.percard.peers import ALIASES, columns
from tabletop.sim.whatif import DeckEdits, deck_file_of

MAX_CHOICES = 1000
"""Values one free value may take (a range wider than this is almost surely a typo)."""
_RANGE = re.compile(r"^\s*([+-]?\d{1,9})\s*\.\.\s*([+-]?\d{1,9})\s*$")


@dataclass(frozen=True)
class Free:
    """One free value: its name as typed, the choices it may take, the original choice, and what it changes.

    ``cards`` are the card ids a deck field changes (one for a card, several for a group) and ``field``
    the field; ``option`` is the option's name for an option. ``shift`` adds the choice to each card's own
    value (``base`` per card) instead of setting it.
    """

    name: str
    choices: tuple[Any, ...]
    original: Any
    """The choice the game as it is makes (None when no choice is it: a group whose cards differ)."""
    field: str = ""
    cards: tuple[str, ...] = ()
    option: str = ""
    shift: bool = False
    base: tuple[int, ...] = ()

    @property
    def is_number(self) -> bool:
        """True when the choices are whole numbers in a row (searched as a range, not as categories)."""
        return all(isinstance(c, int) and not isinstance(c, bool) for c in self.choices)

    def edits(self, choice: Any) -> DeckEdits:
        """Return the deck changes this free value makes at ``choice`` (none for an option)."""
        if self.option:
            return ()
        if self.shift:
            return tuple((card, self.field, base + int(choice)) for card, base in zip(self.cards, self.base, strict=True))
        return tuple((card, self.field, int(choice)) for card in self.cards)

    def shown(self, choice: Any) -> str:
        """Return ``name=choice`` as the designer reads it ("red-3.points=4", "colour=red:points=+1")."""
        value = f"{int(choice):+d}" if self.shift else str(choice)
        return f"{self.name}={value}"

    def distance(self, choice: Any) -> float:
        """Return how far ``choice`` is from the original, from 0 to 1 (a category: 0 or 1)."""
        if self.original is None:
            return 0.5
        if not self.is_number:
            return 0.0 if choice == self.original else 1.0
        span = max(self.choices) - min(self.choices)
        return abs(int(choice) - int(self.original)) / span if span else 0.0


def parse_range(text: str) -> tuple[int, int, bool] | None:
    """Return (low, high, written with signs) of ``LO..HI``, or None when it is not one."""
    match = _RANGE.match(text)
    if match is None:
        return None
    lo, hi = match.groups()
    return int(lo), int(hi), lo[0] in "+-" and hi[0] in "+-"


def parse_free(items: Sequence[str], game: Any) -> list[Free]:
    """Return the free values ``--free`` names for ``game`` (an instance), every one checked.

    :raises UserInputError: naming the ``--free`` item and what to do, for a card, column or option the game
        does not have, an empty range, a value a field cannot hold, or a value named twice.
    """
    if not items:
        raise UserInputError(_("tune needs at least one --free value, e.g. --free red-3.value=1..4 or --free"
                               " market=3..7"))
    deck_path = deck_file_of(type(game))
    deck = cached_deck(deck_path) if deck_path is not None else None
    out: list[Free] = []
    for item in items:
        free = _one(item, game, deck, deck_path)
        if any(f.name == free.name for f in out):
            raise UserInputError(_("--free {item}: {name} is free twice; give it once").format(item=repr(item),
                                                                                           name=free.name))
        taken = {(c, f.field) for f in out for c in f.cards}
        both = [c for c in free.cards if (c, free.field) in taken]
        if both:
            raise UserInputError(_("--free {item}: {card}.{field} is already free in another --free").format(
                item=repr(item), card=both[0], field=free.field))
        out.append(free)
    return out


def _one(item: str, game: Any, deck: Deck | None, deck_path: Path | None) -> Free:
    left, sep, right = item.partition("=")
    if not sep or not left.strip() or not right.strip():
        raise UserInputError(_("--free {item}: write CARD.FIELD=LO..HI (red-3.value=1..4), COLUMN=VALUE:FIELD=LO..HI"
                               " (colour=red:points=1..5) or OPTION=LO..HI / OPTION=a,b").format(item=repr(item)))
    if ":" in right:  # a group: colour=red:points=1..5
        value, _colon, rest = right.partition(":")
        field, sep2, span = rest.partition("=")
        if not sep2:
            raise UserInputError(_("--free {item}: after the group, write FIELD=LO..HI (colour=red:points=1..5)").format(
                item=repr(item)))
        return _deck_free(item, item.rpartition("=")[0], _group(item, left.strip(), value.strip(), deck, game),
                          field.strip(), span, deck, deck_path, game)
    name = left.strip()
    infos = {i.name: i for i in describe(type(game).Options)}
    if name.replace("-", "_") in infos and "." not in name:
        return _option_free(item, infos[name.replace("-", "_")], right, game)
    card, dot, field = name.rpartition(".")
    if not dot:
        known = ", ".join(infos) or _("none")
        raise UserInputError(_("--free {item}: {name} is no option of {game} (its options: {known}); a card's field is"
                               " written CARD.FIELD, e.g. red-3.value").format(item=repr(item), name=repr(name),
                                                                               game=game.name, known=known))
    return _deck_free(item, name, (card.strip(),), field.strip(), right, deck, deck_path, game)


def _group(item: str, column: str, value: str, deck: Deck | None, game: Any) -> tuple[str, ...]:
    if deck is None:
        raise UserInputError(_("--free {item}: {game} reads its cards from no deck file; free its options instead").format(
            item=repr(item), game=game.name))
    table = columns(deck.kinds)
    name = column.lower()
    name = name if name in table else ALIASES.get(name, name)
    if name not in table:
        raise UserInputError(_("--free {item}: the deck has no column {column}; its columns are: {columns}").format(
            item=repr(item), column=repr(column), columns=", ".join(sorted(table))))
    cards = tuple(card for card, shown in table[name].items() if shown.lower() == value.lower())
    if not cards:
        values = sorted(set(table[name].values()))
        raise UserInputError(_("--free {item}: no card has {column} {value}; its values are: {values}").format(
            item=repr(item), column=name, value=repr(value), values=", ".join(values)))
    return cards


def _deck_free(item: str, name: str, cards: tuple[str, ...], field: str, span: str, deck: Deck | None,
               deck_path: Path | None, game: Any) -> Free:
    if deck is None or deck_path is None:
        raise UserInputError(_("--free {item}: {game} reads its cards from no deck file; free its options instead").format(
            item=repr(item), game=game.name))
    values = field_values(deck)
    field = field.lower()
    if field == "rank" or (field not in values and ALIASES.get(field) == "value"):
        field = "value"
    if field not in values:
        numbers = sorted(f for f, by_card in values.items() if any(v is not None for v in by_card.values()))
        raise UserInputError(_("--free {item}: the cards have no whole-number field {field}; free one of: {fields}").format(
            item=repr(item), field=repr(field), fields=", ".join(numbers)))
    for card in cards:
        if card not in values[field]:
            near = [c for c in values[field] if c.lower() == card.lower()]
            hint = _(" (did you mean {card}?)").format(card=near[0]) if near else ""
            raise UserInputError(_("--free {item}: the deck {file} has no card {card}{hint}").format(
                item=repr(item), file=deck_path.name, card=repr(card), hint=hint))
    parsed = parse_range(span)
    if parsed is None:
        raise UserInputError(_("--free {item}: {span} is not a range of whole numbers LO..HI, e.g. 1..4").format(
            item=repr(item), span=repr(span.strip())))
    lo, hi, signed = parsed
    shift = signed and len(cards) > 1
    _check_span(item, lo, hi)
    base = tuple(values[field][card] or 0 for card in cards)
    low_ok = 1 if field == "count" else -(10**9)
    high_ok = MAX_COUNT if field == "count" else 10**9
    reach = [(b + lo, b + hi) for b in base] if shift else [(lo, hi)]
    for (a, b), card in zip(reach, cards, strict=False):
        if a < low_ok or b > high_ok:
            raise UserInputError(_("--free {item}: {card}.{field} would reach {low}..{high}, but a {field} must be"
                                   " {ok_low} to {ok_high}").format(item=repr(item), card=card, field=field, low=a,
                                                                    high=b, ok_low=low_ok, ok_high=high_ok))
    # The game as it is, as one of the choices, when it is one (a shift of 0, or every card's value in range).
    original = (0 if shift else base[0]) if shift or len(set(base)) == 1 else None
    if original is not None and not lo <= original <= hi:
        original = None
    return Free(name, tuple(range(lo, hi + 1)), original, field=field, cards=cards, shift=shift, base=base)


def _check_span(item: str, lo: int, hi: int) -> None:
    if lo > hi:
        raise UserInputError(_("--free {item}: the range {lo}..{hi} is empty; write the low end first").format(
            item=repr(item), lo=lo, hi=hi))
    if lo == hi:
        raise UserInputError(_("--free {item}: the range {lo}..{hi} holds one value: nothing to tune (use --set or"
                               " edit the deck)").format(item=repr(item), lo=lo, hi=hi))
    if hi - lo + 1 > MAX_CHOICES:
        raise UserInputError(_("--free {item}: {n} values; at most {most} per free value").format(
            item=repr(item), n=f"{hi - lo + 1:,}", most=MAX_CHOICES))


def _option_free(item: str, info: OptionInfo, text: str, game: Any) -> Free:
    parsed = parse_range(text)
    if parsed is not None:
        if info.type is not int:
            raise UserInputError(_("--free {item}: {name} is not a number; list its values: {allowed}").format(
                item=repr(item), name=info.name, allowed=info.allowed()))
        lo, hi, _signed = parsed
        _check_span(item, lo, hi)
        raw: list[Any] = list(range(lo, hi + 1))
    else:
        raw = [v.strip() for v in text.split(",")]
        if len(raw) < 2 or "" in raw:
            raise UserInputError(_("--free {item}: give a range LO..HI or two values or more, a,b").format(
                item=repr(item)))
    choices = []
    for value in raw:
        try:
            choices.append(convert(info, value))
        except UserInputError as exc:
            raise UserInputError(_("--free {item}: {problem}").format(item=repr(item), problem=exc)) from None
    if len(set(choices)) != len(choices):
        raise UserInputError(_("--free {item}: a value is given twice").format(item=repr(item)))
    original = getattr(game.options, info.name)
    return Free(info.name, tuple(choices), original if original in choices else None, option=info.name)


def candidate_of(free: Sequence[Free], choice: dict[str, Any]) -> tuple[DeckEdits, dict[str, Any]]:
    """Return the deck changes and the options of one candidate (``choice``: a value per free value's name)."""
    edits: list[tuple[str, str, int]] = []
    options: dict[str, Any] = {}
    for f in free:
        if f.option:
            options[f.option] = choice[f.name]
        else:
            edits += f.edits(choice[f.name])
    return tuple(sorted(edits)), options
