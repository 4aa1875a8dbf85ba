"""Card data live: the deck file watched while a game is open, its new values handed to the faces drawn.

A designer edits a card's name, text, points or colour in ``deck.toml`` between two playtests, or
in the middle of one. The watch reads the file again when it changes and says which cards now look
different: the art library draws their generated faces from the new values within a second. It
changes nothing else: the game in progress keeps playing with the cards it started with, and the
next game reads the new file. A change that would alter the game (cards added or removed, ids
changed) is not shown mid-game but announced; a file that no longer reads (half-typed) is
announced too, and the last good values stay on screen.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from pathlib import Path

from tabletop.engine.cards import Card
from tabletop.formats.deckfile import Deck, DeckError, load_deck
from tabletop.i18n import N_, nN_

CHECK_INTERVAL = 0.1
"""Seconds between looks at the deck file (changes show well within a second)."""

Stamp = tuple[int, int]


class DeckWatch:
    """The deck file of a game being played, read again whenever it changes.

    ``shown`` maps a card id to the card as the file now has it, for the cards whose values differ
    from the ones the watch started with; :meth:`notices` says what changed, for the table.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.shown: dict[str, Card] = {}
        self._stamp = _stamp(path)
        self._base = _read(path)
        self._last = self._base
        self._checked = time.monotonic()
        self._said: list[str] = []
        self._broken = ""
        self._announced: Counter[str] = Counter()

    def restart(self) -> None:
        """Take the file as it is now as the cards being played (a new game has started with them)."""
        self._stamp, self._base = _stamp(self.path), _read(self.path)
        self._last, self.shown, self._broken, self._announced = self._base, {}, "", Counter()

    def poll(self) -> set[str]:
        """Look at the file (at most every :data:`CHECK_INTERVAL`); return the ids whose values on screen changed."""
        now = time.monotonic()
        if self.path is None or now - self._checked < CHECK_INTERVAL:
            return set()
        self._checked = now
        stamp = _stamp(self.path)
        if stamp == self._stamp:
            return set()
        self._stamp = stamp
        try:
            deck = load_deck(self.path)
        except DeckError as exc:
            first = exc.problems[0] if exc.problems else str(exc)
            if first != self._broken:
                self._broken = first
                self._said.append(N_("{problem} (the table keeps the cards as they were)", problem=first))
            return set()
        self._broken = ""
        if self._base is None:
            self._base = self._last = deck
            return set()
        return self._apply(deck)

    def notices(self) -> list[str]:
        """Return and forget what changed since the last call ("the deck changed: restart to use it")."""
        said, self._said = self._said, []
        return said

    def _apply(self, deck: Deck) -> set[str]:
        """Show the new values of the cards the game has; announce what was edited and a changed deck."""
        assert self._base is not None and self._last is not None
        base = {card.id: card for card in self._base.kinds}
        last = {card.id: card for card in self._last.kinds}
        new = {card.id: card for card in deck.kinds}
        self._last = deck
        shown = {card_id: card for card_id, card in new.items() if card_id in base and card is not base[card_id]}
        changed = {card_id for card_id in set(shown) | set(self.shown) if shown.get(card_id) is not self.shown.get(card_id)}
        self.shown = shown
        name = self.path.name if self.path is not None else ""
        edited = [card_id for card_id in new if card_id in base and card_id in last and new[card_id] is not last[card_id]]
        if edited:
            self._said.append(nN_("{file}: {n} card shows its new values ({cards}); the game in progress keeps the ones it"
                                  " started with, the next game uses the new ones",
                                  "{file}: {n} cards show their new values ({cards}); the game in progress keeps the"
                                  " ones it started with, the next game uses the new ones", len(edited), file=name,
                                  n=len(edited), cards=", ".join(edited[:6]) + (" ..." if len(edited) > 6 else "")))
        ids = Counter(card.id for card in deck.cards)
        if ids != Counter(card.id for card in self._base.cards) and ids != self._announced:
            before = Counter(card.id for card in self._base.cards)
            self._said.append(N_("{file}: the deck changed ({added} cards added, {removed} removed): restart to use it",
                                 file=name, added=sum((ids - before).values()), removed=sum((before - ids).values())))
        self._announced = ids
        return changed


def _read(path: Path | None) -> Deck | None:
    if path is None:
        return None
    try:
        return load_deck(path)
    except DeckError:
        return None


def _stamp(path: Path | None) -> Stamp | None:
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size
