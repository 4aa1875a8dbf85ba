"""Trick-taking with a deck file: the base class of trick games whose cards live in ``deck.toml``/``deck.csv``.

Subclass :class:`DeckTrickGame` in a game folder, set ``deck_file`` (relative to the module that
defines the class), and override any :class:`~tabletop.games.trick_taking.TrickGame` hook. Suits
are the deck's suits or colours; within a suit a card is as strong as its ``value``; a taken
card scores its ``points`` under the default ``points`` scoring.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from tabletop.engine.cards import Card
from tabletop.engine.options import option
from tabletop.formats.deckfile import Deck, DeckError, load_deck
from tabletop.games.trick_taking import MAX_DEALS, TrickGame, TrickState
from tabletop.i18n import N_


@dataclass(frozen=True)
class DeckTrickOptions:
    """Options of a trick game played with a deck file."""

    # Deck-file cards are ordered by value, not by rank names, so no rank_order option is offered;
    # the class attribute keeps TrickGame's reader of it working.
    rank_order: ClassVar[str] = "standard"

    trump: str = option("none", choices=("none", "turnup"),
                        help=N_("no trump, or the suit of the card turned up after the deal"))
    hand_size: int = option(0, minimum=0, maximum=999,
                            help=N_("cards dealt to each seat; 0 deals the deck out evenly"))
    deals: int = option(0, minimum=0, maximum=MAX_DEALS,
                        help=N_("deals in a game; 0 means one per player, or until the target if one is set"))
    target: int = option(0, minimum=0, help=N_("end after the deal in which a seat reaches this score; 0 for none"))
    scoring: str = option("points", choices=("points", "tricks", "bid"),
                          help=N_("points: the points of the cards you take; tricks: a point a trick; bid: bid exactly"))


_decks: dict[tuple[Path, int], Deck] = {}


class DeckTrickGame(TrickGame):
    """A trick game whose cards come from a deck file next to the module that defines the class."""

    name = ""
    title = ""
    summary = ""
    Options = DeckTrickOptions  # type: ignore[assignment]  # a narrower set of the trick options
    deck_file: ClassVar[str] = "deck.toml"
    """The deck file, relative to the folder of the module defining the game class."""

    @classmethod
    def deck_path(cls) -> Path:
        """Return the path of the deck file (``deck_file`` beside the class's module)."""
        module = sys.modules.get(cls.__module__)
        folder = Path(getattr(module, "__file__", None) or ".").resolve().parent
        return folder / cls.deck_file

    @classmethod
    def load_deck(cls) -> Deck:
        """Return the game's deck, read again only when the file changes.

        :raises DeckError: listing every problem of the file.
        :raises DeckError: naming the line of each card without a suit (trick games need one).
        """
        path = cls.deck_path()
        try:
            stamp = path.stat().st_mtime_ns
        except OSError:
            stamp = -1  # load_deck reports the missing file with its name
        deck = _decks.get((path, stamp))
        if deck is None:
            deck = load_deck(path)
            lines = deck.lines or (0,) * len(deck.kinds)
            suitless = [(c, line) for c, line in zip(deck.kinds, lines, strict=True) if c.suit is None]
            if suitless:
                raise DeckError(deck.source, [
                    f"{deck.source}:{line}: suit: card {c.id!r} has none; every card of a trick game needs"
                    " a suit (S, H, D, C, joker) or a colour word" if line else
                    f"{deck.source}: suit: card {c.id!r} has none; every card of a trick game needs one"
                    for c, line in suitless])
            _decks[(path, stamp)] = deck
        return deck

    def make_deck(self) -> list[Card]:
        """Return the cards of the deck file, copies included."""
        return self.load_deck().cards

    def card_points(self, card: Card) -> int:
        """Return what a taken card is worth: its ``points`` in the deck file."""
        return card.points

    def score_deal(self, state: TrickState) -> list[int]:
        """Return the points of the cards each seat took (``points`` scoring) or the base scoring."""
        if self.options.scoring == "points":
            return [sum(self.card_points(c) for c in taken) for taken in state.taken]
        return super().score_deal(state)
