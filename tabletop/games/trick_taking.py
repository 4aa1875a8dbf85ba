"""The generic trick-taking game (``trick-taking``): the kit's trick play with every option of SPEC 3.1.

The kit (:class:`tabletop.kit.TrickGame`) plays the tricks: it deals the deck out evenly (or
``hand_size`` each), lets the player left of the dealer lead, makes everyone follow the led suit
when able, gives each trick to the highest trump (else the highest card of the led suit), scores
each deal and passes the deal to the left. This game adds the standard 52 cards (with two jokers,
or doubled, on request), a rank order of your choice (``A-10-K-Q-J-9``), any fixed trump suit,
and the variants worth shipping: ``hearts`` (avoid hearts and Q♠; lowest total wins) and ``bid``
(bid your tricks before play; exactly made bids score 10 + bid).

A game of your own is a kit trick game too: ``tabletop new NAME --template trick`` writes one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop import kit
from tabletop.engine.cards import Card, as_cards, parse_suit, standard_deck
from tabletop.i18n import N_
from tabletop.kit.trickgame import MAX_DEALS
from tabletop.kit.tricks import effective_suit, follow_cards, winning_index
from tabletop.kit.trickstate import TrickState


def trick_winner(trick: Sequence[Card | str] | str, trump: str | None = None) -> int:
    """Return the index, in play order, of the card that wins ``trick`` (``trump``: a suit, its letter, or None).

    >>> trick_winner("10H AH 2S KH", trump="spades")
    2
    >>> trick_winner("10H AH 2S KH")
    1
    """
    return winning_index(as_cards(trick), parse_suit(trump))


def legal_cards(hand: Sequence[Card | str] | str, trick: Sequence[Card | str] | str) -> list[Card]:
    """Return the cards of ``hand`` that may be played onto ``trick`` (the cards so far) under must-follow.

    >>> [str(c) for c in legal_cards("AS 3H 9H KC", "5H")]
    ['3H', '9H']
    >>> [str(c) for c in legal_cards("AS KC", "5H")]
    ['AS', 'KC']
    """
    cards = as_cards(hand)
    played = as_cards(trick)
    return follow_cards(cards, effective_suit(played[0], None) if played else None)


@dataclass(frozen=True)
class TrickOptions:
    """Options of the trick-taking game."""

    trump: str = kit.option("none", choices=("none", "S", "H", "D", "C", "turnup"),
                            help=N_("trump suit: none, a fixed suit, or the card turned up after the deal"))
    hand_size: int = kit.option(0, minimum=0, maximum=54,
                                help=N_("cards dealt to each seat; 0 deals the deck out evenly"))
    rank_order: str = kit.option("standard", help=N_("ranks highest first, e.g. A-10-K-Q-J-9, or standard / ace-ten / ace-low"),
                                 examples=("standard", "ace-ten", "ace-low", "A-K-Q-J-10-9-8-7-6-5-4-3-2"))
    deals: int = kit.option(0, minimum=0, maximum=MAX_DEALS,
                            help=N_("deals in a game; 0 means one per player, or until the target if one is set"))
    target: int = kit.option(0, minimum=0, help=N_("end after the deal in which a seat reaches this score; 0 for none"))
    scoring: str = kit.option("tricks", choices=("tricks", "hearts", "bid"),
                              help=N_("tricks: a point a trick; hearts: avoid hearts and QS; bid: bid exactly"))
    jokers: bool = kit.option(False, help=N_("add two jokers, the highest cards (trumps when there is a trump)"))
    decks: int = kit.option(1, minimum=1, maximum=2, help=N_("1 deck, or 2 for a doubled deck"))


class TrickGame(kit.TrickGame):
    """Trick-taking with the standard deck: every option of SPEC 3.1 (trump, rank order, hearts, bids...)."""

    name = "trick-taking"
    title = N_("Trick-taking")
    summary = N_(
        "Deal the deck out; follow the led suit if you can; the highest trump, else the highest card "
        "of the led suit, takes the trick and leads the next. Score a point a trick (or avoid hearts, "
        "or bid your tricks exactly); the deal passes to the left."
    )
    Options = TrickOptions
    art_deck = "standard"
    play_to = None  # a play is a click on the card, as every log of this game names it
    rules = N_(
        "Every deal, the deck is dealt out evenly (or hand_size cards each; the rest stay face down). "
        "The player left of the dealer leads any card; the others, in turn, must play a card of the "
        "led suit if they can, else any card. The highest trump takes the trick, else the highest "
        "card of the led suit; the taker leads the next trick.\n"
        "Trump is none, a fixed suit, or the suit of the card turned up after the deal (the top "
        "undealt card, or the dealer's last card). Jokers, when in play, are the highest trumps.\n"
        "Scoring: tricks scores a point a trick; hearts scores a point a heart taken and 13 for the "
        "queen of spades, and the fewest points win; bid has everyone bid their tricks before play, "
        "and an exact bid scores 10 plus the bid.\n"
        "The deal passes to the left. The game lasts one deal per player, the deals option, or until "
        "a seat reaches the target score."
    )

    def check_options(self) -> None:
        """Check the options fit the player count; under hearts scoring the fewest points win."""
        super().check_options()
        self.lower_is_better = self.options.scoring == "hearts"  # type: ignore[misc]

    def make_deck(self) -> list[Card]:
        """Return the standard 52 cards, with two jokers and doubled as the options say."""
        return standard_deck(jokers=self.options.jokers, copies=self.options.decks)

    def card_points(self, card: Card) -> int:
        """Return what a taken card is worth under ``hearts`` scoring (a heart 1, Q♠ 13)."""
        if card.suit == "H":
            return 1
        if card.id == "QS":
            return 13
        return card.points

    def score_deal(self, state: TrickState) -> list[int]:
        """Return the points each seat scores for the deal just finished; hearts counts the cards taken."""
        if self.options.scoring == "hearts":
            return [sum(self.card_points(c) for c in won) for won in state.won]
        return super().score_deal(state)
