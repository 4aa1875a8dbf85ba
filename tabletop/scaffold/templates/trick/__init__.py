"""Template Title: a trick-taking prototype. Change a rule below, save, and play again.

Play it:      tabletop play template-name
Check it:     tabletop check template-name   (after every change: it ends, is never stuck, hides what it should)
Test it:      tabletop simulate template-name --games 1000
The cards are in deck.toml; their art goes in art/ (<card id>.png, back.png).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop import kit
from tabletop.kit import N_, Card


@dataclass(frozen=True)
class TrickOptions:
    """The options of this game: set them with --set KEY=VALUE (tabletop games lists them)."""

    trump: str = kit.option("none", choices=("none", "turnup"),
                            help=N_("no trump, or the suit of the card turned up after the deal"))
    deals: int = kit.option(0, minimum=0, maximum=100, help=N_("deals in a game; 0 means one per player"))
    scoring: str = kit.option("points", choices=("points", "tricks"),
                              help=N_("points: the points of the cards you take; tricks: a point a trick"))


class TemplateGame(kit.TrickGame):
    """Follow the colour led; the LOWEST card of that colour takes the trick; score the points you take.

    The kit plays the rest: it deals the deck out (the rest face down), makes everyone follow the
    colour led if they can, gives the trick to its winner (who leads the next), scores each deal
    (see the scoring option) and deals again, one deal per player. Override any of its rules here:
    legal_cards, trick_winner, card_points, score_deal, is_game_over.
    """

    name = "template-name"
    title = "Template Title"
    summary = N_(
        "Deal the deck out. Follow the colour led if you can; the lowest card of that colour takes "
        "the trick and leads the next. Each card you take scores its points (fives and tens 1, the "
        "special cards more, or less). Most points after one deal per player wins."
    )
    min_players = 3
    max_players = 5
    default_players = 4
    Options = TrickOptions
    art_deck = "template-name"

    def trick_winner(self, state: kit.TrickState, cards: Sequence[Card]) -> int:
        """Return the index (in play order) of the card that takes the trick: the lowest of the led colour.

        With a trump (option trump=turnup), the lowest trump takes it instead.
        """
        suits = [card.suit for card in cards]
        wanted = state.trump if state.trump in suits else suits[0]
        return min((i for i, suit in enumerate(suits) if suit == wanted), key=lambda i: cards[i].value or 0)

    def card_points(self, card: Card) -> int:
        """Return what a taken card scores: its points in deck.toml (try: 1 for every red card)."""
        return card.points


GAME = TemplateGame
