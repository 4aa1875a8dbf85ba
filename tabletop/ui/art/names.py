"""Map art file names to card ids: the card's own id first, then common public naming schemes.

Pure functions, no pygame or Pillow. A file name maps to a card id of the deck, to :data:`BACK`
for the card back, or to None:

>>> index = name_index(["AS", "10H", "KC", "RJ"])
>>> [match_file(n, index) for n in ("as.PNG", "ace_of_spades.png", "H10.jpg", "king_of_clubs2.png")]
['AS', 'AS', '10H', 'KC']
>>> [match_file(n, index) for n in ("red_joker.webp", "card_back.png", "notes.txt", "dragon.png")]
['RJ', '<back>', None, None]
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import PurePath

BACK = "<back>"
"""The key of the card back (no card id can contain angle brackets in a file name)."""

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp"})
"""File name endings read as art (compared lower-case)."""

_RANK_WORDS = {
    "a": "A", "ace": "A", "1": "A", "14": "A",
    "k": "K", "king": "K", "13": "K",
    "q": "Q", "queen": "Q", "12": "Q",
    "j": "J", "jack": "J", "knave": "J", "11": "J",
    "t": "10", "10": "10", "ten": "10",
    "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
    "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "deuce": "2",
}
_SUIT_WORDS = {
    "s": "S", "spade": "S", "spades": "S",
    "h": "H", "heart": "H", "hearts": "H",
    "d": "D", "diamond": "D", "diamonds": "D",
    "c": "C", "club": "C", "clubs": "C",
}
# Words that decorate a name without changing which card it is ("card_ace_of_spades").
_FILLER = frozenset({"of", "card", "cards", "the", "playing", "png", "img", "image"})
_BACK_WORDS = frozenset({"back", "backs", "reverse", "cardback"})
_COMPACT_RANK = r"(10|1[1-4]|[1-9]|[tjqka])"
_COMPACT_SUIT = r"([shdc])"
_RANK_FIRST = re.compile(rf"^{_COMPACT_RANK}{_COMPACT_SUIT}$")
_SUIT_FIRST = re.compile(rf"^{_COMPACT_SUIT}{_COMPACT_RANK}$")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_TOKENS = re.compile(r"[a-z]+|\d+")
_SEPARATORS = re.compile(r"[\s_\-.]+")


def is_image_name(name: str) -> bool:
    """Return True when ``name`` ends in an image suffix we read (.png, .jpg, .jpeg, .webp)."""
    return PurePath(name).suffix.lower() in IMAGE_SUFFIXES


def normalise(text: str) -> str:
    """Return ``text`` case-folded with runs of spaces, dots, dashes and underscores as one dash.

    Unicode is compared in NFKC form: macOS stores ``ガ`` in file names as two code points, and
    full-width ``７`` (typed with a Japanese input method) names the same card as ``7``.

    >>> normalise("Fire_7"), normalise("fire - 7"), normalise("\u30ab\u3099\uff17") == "\u30ac7"
    ('fire-7', 'fire-7', True)
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _SEPARATORS.sub("-", folded.strip()).strip("-")


def name_index(ids: Iterable[str]) -> dict[str, str]:
    """Return a lookup from normalised id to card id for :func:`match_file` (first id wins)."""
    index: dict[str, str] = {}
    for card_id in ids:
        index.setdefault(normalise(card_id), card_id)
    return index


def tokens(stem: str) -> list[str]:
    """Return the lower-case words and numbers of a file stem, camelCase split, fillers dropped.

    >>> tokens("cardSpadesA"), tokens("king_of_clubs2")
    (['spades', 'a'], ['king', 'clubs', '2'])
    """
    words = _TOKENS.findall(_CAMEL.sub(" ", stem).lower())
    return [w for w in words if w not in _FILLER]


def standard_id(stem: str) -> str | None:
    """Return the standard card id (``AS``, ``10H``, ``RJ``) a stem names in a known scheme, or None.

    >>> [standard_id(s) for s in ("SA", "h10", "1S", "14s", "TH", "ten_of_hearts", "black_joker")]
    ['AS', '10H', 'AS', 'AS', '10H', '10H', 'BJ']
    """
    compact = _SEPARATORS.sub("", stem.lower())
    match = _RANK_FIRST.match(compact)
    if match:
        return _RANK_WORDS[match.group(1)] + _SUIT_WORDS[match.group(2)]
    match = _SUIT_FIRST.match(compact)
    if match:
        return _RANK_WORDS[match.group(2)] + _SUIT_WORDS[match.group(1)]
    words = tokens(stem)
    if "joker" in words:
        colours = {"red": "RJ", "black": "BJ"}
        found = {colours[w] for w in words if w in colours}
        return found.pop() if len(found) == 1 else None
    card = _rank_and_suit(words)
    if card is None and len(words) == 3 and words[-1].isdigit():
        # Public sets ship alternative art as "king_of_clubs2": the digit is a variant number.
        card = _rank_and_suit(words[:-1])
    return card


def _rank_and_suit(words: list[str]) -> str | None:
    if len(words) != 2:
        return None
    for rank, suit in (words, words[::-1]):
        if rank in _RANK_WORDS and suit in _SUIT_WORDS:
            return _RANK_WORDS[rank] + _SUIT_WORDS[suit]
    return None


def is_back_name(stem: str) -> bool:
    """Return True for card-back names: ``back``, ``Back``, ``card_back``, ``cardBack_blue1``.

    >>> [is_back_name(s) for s in ("Back", "card_back", "cardBack_blue1", "backup")]
    [True, True, True, False]
    """
    return not _BACK_WORDS.isdisjoint(tokens(stem))


def match_file(name: str, index: Mapping[str, str]) -> str | None:
    """Return the card id (or :data:`BACK`) the file ``name`` is art for, None if it matches none.

    The deck's own ids win (case-insensitive, any separator), so decks with ids such as
    ``dragon`` or ``fire-7`` work; then standard schemes; then back names.
    """
    path = PurePath(name)
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        return None
    stem = path.stem
    key = normalise(stem)
    if key in index:
        return index[key]
    if key.isdigit() and str(int(key)) in index:
        return index[str(int(key))]  # "07.png" for card "7"
    standard = standard_id(stem)
    if standard is not None and standard.lower() in index:
        return index[standard.lower()]
    if is_back_name(stem):
        return BACK
    return None
