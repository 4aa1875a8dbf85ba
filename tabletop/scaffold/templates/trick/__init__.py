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
from tabletop.kit import N_, Action, Card


@dataclass(frozen=True)
class TrickOptions:
    """The options of this game: set them with --set KEY=VALUE (tabletop games lists them)."""

    trump: str = kit.option("none", choices=("none", "turnup"),
                            help=N_("no trump, or the suit of the card turned up after the deal"))
    deals: int = kit.option(0, minimum=0, maximum=100, help=N_("deals in a game; 0 means one per player"))
    scoring: str = kit.option("points", choices=("points", "tricks"),
                              help=N_("points: the points of the cards you take; tricks: a point a trick"))


@dataclass
class TrickState(kit.State):
    """One game in progress: the hands, the trick on the table, what each seat has won, the undealt cards."""

    hands: list[list[Card]] = kit.hands()
    trick: list[Card] = kit.spread(N_("Trick"), first="leader")
    won: list[list[Card]] = kit.per_seat(N_("Won"), visibility=kit.NOBODY)
    undealt: list[Card] = kit.pile(N_("Undealt"), name=kit.DRAW)
    turnup: list[Card] = kit.row(N_("Turned up"))
    leader: int = 0
    """The seat that led the trick on the table."""


class TemplateGame(kit.KitGame):
    """Follow the colour led; the LOWEST card of that colour takes the trick; score the points you take."""

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
    State = TrickState
    art_deck = "template-name"

    # -- the rules you are most likely to change ----------------------------------------------
    def trick_winner(self, state: TrickState, cards: Sequence[Card]) -> int:
        """Return the index (in play order) of the card that takes the trick: the lowest of the led colour.

        With a trump (option trump=turnup), the lowest trump takes it instead.
        """
        suits = [card.suit for card in cards]
        wanted = self.trump(state) if self.trump(state) in suits else suits[0]
        contenders = [i for i, suit in enumerate(suits) if suit == wanted]
        return min(contenders, key=lambda i: cards[i].value or 0)

    def card_points(self, card: Card) -> int:
        """Return what a taken card scores: its points in deck.toml (try: 1 for every red card)."""
        return card.points

    def trump(self, state: TrickState) -> str | None:
        """Return the trump suit: the turned-up card's (option trump=turnup), else none."""
        return state.turnup[0].suit if state.turnup else None

    def legal_cards(self, state: TrickState, seat: int) -> list[Card]:
        """Return the cards ``seat`` may play: one of the colour led if it holds any, else any card."""
        return kit.follow_cards(state.hands[seat], state.trick[0].suit if state.trick else None)

    def score_deal(self, state: TrickState) -> list[int]:
        """Return what each seat scores for the deal: the points of the cards it took (or a point a trick)."""
        if self.options.scoring == "tricks":
            return [len(won) // self.players for won in state.won]
        return [sum(self.card_points(card) for card in won) for won in state.won]

    def is_game_over(self, state: TrickState) -> bool:
        """Return whether the game ends after this deal: one deal per player, or the deals option."""
        return state.deals >= (self.options.deals or self.players)

    # -- the deal and the play ------------------------------------------------------------------
    def deal(self, state: TrickState) -> kit.Moves:
        """Deal the deck out evenly (the rest stays face down); with trump=turnup, turn up the top undealt card."""
        dealt = kit.deal(state, len(self.cards) // self.players)
        if self.options.trump == "turnup" and state.undealt:
            dealt += kit.move(state, state.undealt[-1:], kit.DRAW, "turnup")
        return dealt

    def legal_actions(self, state: TrickState) -> list[Action]:
        """Return a play of each card the seat to move may play."""
        return [Action("play", (card,), to=kit.TRICK) for card in dict.fromkeys(self.legal_cards(state, self.mover(state)))]

    def apply(self, state: TrickState, action: Action, emit: kit.Emit) -> None:
        """Play the card; once everyone has, the trick goes to its winner, who leads the next; score each deal."""
        me = self.mover(state)
        if not state.trick:
            state.leader = me
        emit(kit.ActionTaken(me, action, kit.move(state, action.cards, kit.hand_id(me), kit.TRICK, seat=me)))
        if len(state.trick) < self.players:
            state.to_move = self.next_seat(me)
            return
        plays = tuple(((state.leader + i) % self.players, (card,)) for i, card in enumerate(state.trick))
        winner = plays[self.trick_winner(state, state.trick)][0]
        emit(kit.TrickWon(winner, plays))
        kit.move(state, list(state.trick), kit.TRICK, kit.won_id(winner))
        state.to_move = winner
        if any(state.hands):
            return
        points = self.score_deal(state)
        state.scores = [total + gained for total, gained in zip(state.scores, points, strict=True)]
        emit(kit.DealScored(state.deals, tuple(points), tuple(state.scores)))
        if self.is_game_over(state):
            state.to_move = None
        else:
            self.next_deal(state, emit)

    def info(self, state: TrickState, seat: int | None) -> list[kit.InfoRow]:
        """Show the deal, the trump and the tricks each seat has taken."""
        deals = self.options.deals or self.players
        rows = [kit.InfoRow(N_("Deal"), N_("{deal} of {deals}", deal=state.deals, deals=deals)),
                kit.InfoRow(N_("Tricks"), per_seat=tuple(str(len(won) // self.players) for won in state.won))]
        if self.options.trump == "turnup":
            rows.insert(1, kit.InfoRow(N_("Trump"), kit.suit_text(self.trump(state))))
        return rows


GAME = TemplateGame
