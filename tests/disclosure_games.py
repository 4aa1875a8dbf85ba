"""Games whose rules tell everyone something of hidden cards, for the tests of ``tabletop check``.

Each is a folder game on the kit with the standard 52 cards (every card different), written as a
designer would, in a few variants: the rules' disclosures (hands counted at the end, a guess that
knocks a seat out, a hint naming cards) must pass the check; the same hint said in a log line alone,
where nothing else tells it, is a leak.
"""

from __future__ import annotations

from pathlib import Path

from tests.plugin_fixtures import write_game

COUNT_HAND = '''
"""Count the hand: discard a card and draw one, six turns in all; then each hand left is counted."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop import kit
from tabletop.kit import Action, Card

SHOW = VARIANT == "shown"


@dataclass
class CountState(kit.State):
    draw: list[Card] = kit.pile()
    hands: list[list[Card]] = kit.hands()
    discard: list[Card] = kit.discard_pile()
    turns: int = 0


class CountHand(kit.KitGame):
    name = "NAME"
    title = "Count the hand"
    summary = "Discard a card and draw one; after six turns the cards left in each hand are counted."
    min_players, max_players, default_players = 3, 3, 3
    State = CountState

    def deal(self, state):
        return kit.deal(state, 4)

    def legal_actions(self, state):
        return [Action("discard", (card,), to="discard") for card in state.hands[self.mover(state)]]

    def apply(self, state, action, emit):
        me = self.mover(state)
        emit(kit.ActionTaken(me, action, kit.move(state, action.cards, kit.hand_id(me), "discard", seat=me)
                             + kit.draw(state, me)))
        state.turns += 1
        if state.turns < 6:
            state.to_move = self.next_seat(me)
            return
        state.to_move = None
        if SHOW:  # the hands are shown, then counted
            emit(kit.Moved(sum((kit.reveal(state, kit.hand_id(s), seat=s) for s in self.seats), ())))
        if VARIANT != "scores":
            state.scores[:] = [self.count(hand) for hand in state.hands]

    def count(self, hand):
        return sum(card.value for card in hand)

    def scores(self, state):
        if VARIANT == "scores":  # counted when asked, from the hands: nothing kept in the state
            return [self.count(hand) if state.to_move is None else 0 for hand in state.hands]
        return list(state.scores)

    def status(self, state, seat):
        if VARIANT == "peek" and state.draw:  # the next card of the face-down pile, told to all: a leak
            return f"Next: {state.draw[-1].label}"
        return super().status(state, seat)
'''
"""Scores counted from the cards left in hands at the end: kept in the state (``kept``), counted
by ``scores()`` alone (``scores``), or the hands shown first with ``kit.reveal`` (``shown``); and a
leak of the order of the draw pile in the status line (``peek``)."""

GUESS = '''
"""Guess: hold one card; draw one, play one and name a seat and a rank: right, and that seat is out."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop import kit
from tabletop.kit import Action, Card

RANKS = "23456789TJQKA"


@dataclass
class GuessState(kit.State):
    draw: list[Card] = kit.pile()
    hands: list[list[Card]] = kit.hands()
    discard: list[Card] = kit.discard_pile()
    out: list[bool] = kit.seat_values(False)


class Guess(kit.KitGame):
    name = "NAME"
    title = "Guess"
    summary = "Draw, play a card and guess another seat's card by its rank: guess right and that seat is out."
    min_players, max_players, default_players = 3, 4, 3
    State = GuessState

    def deal(self, state):
        return kit.deal(state, 1)

    def playing(self, state):
        return [s for s in self.seats if not state.out[s]]

    def legal_actions(self, state):
        me = self.mover(state)
        if len(state.hands[me]) < 2:
            return [Action("draw", zone="draw", to=kit.hand_id(me), label="Draw")]
        return [Action("guess", (card,), seat=seat, value=rank, label=f"Play {card.label}: seat {seat + 1} holds a {rank}?")
                for card in state.hands[me] for seat in self.playing(state) if seat != me for rank in RANKS]

    def apply(self, state, action, emit):
        me = self.mover(state)
        if action.kind == "draw":
            emit(kit.ActionTaken(me, action, kit.draw(state, me)))
            return
        moves = kit.move(state, action.cards, kit.hand_id(me), "discard", seat=me)
        target = action.seat
        if state.hands[target][0].rank.replace("10", "T") == action.value:
            state.out[target] = True
            if VARIANT == "shown":  # the seat shows its card and lays it down
                moves += kit.reveal(state, kit.hand_id(target), seat=target, note="out")
                moves += kit.move(state, state.hands[target], kit.hand_id(target), "discard", seat=target)
        emit(kit.ActionTaken(me, action, moves))
        left = self.playing(state)
        if len(left) == 1 or not state.draw:
            for seat in left:
                state.scores[seat] = 1
            state.to_move = None
            return
        seat = self.next_seat(me)
        while state.out[seat]:
            seat = self.next_seat(seat)
        state.to_move = seat

    def info(self, state, seat):
        return [kit.InfoRow("Out", per_seat=tuple("out" if o else "" for o in state.out))]
'''
"""A guessed card knocks a seat out: its card stays hidden in its hand (``kept``), or is shown and laid
down (``shown``)."""

HINT = '''
"""Hints: on your turn ask another seat how many cards of a suit it holds, or play a card; hearts score."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop import kit
from tabletop.kit import Action, Card


@dataclass
class HintState(kit.State):
    draw: list[Card] = kit.pile()
    hands: list[list[Card]] = kit.hands()
    pile: list[Card] = kit.row("Played")
    told: list[str] = field(default_factory=list)
    moves: int = 0


class Hint(kit.KitGame):
    name = "NAME"
    title = "Hints"
    summary = "Ask a seat how many cards of a suit it holds, or play a card; each heart you play scores."
    min_players, max_players, default_players = 3, 3, 3
    State = HintState

    def deal(self, state):
        return kit.deal(state, 4)

    def legal_actions(self, state):
        me = self.mover(state)
        plays = [Action("play", (card,), to="pile") for card in state.hands[me]]
        asks = [Action("ask", seat=seat, value=suit, label=f"Ask seat {seat + 1} for {suit}")
                for seat in self.others(me) for suit in "SH" if state.hands[seat]]
        return plays + asks

    def apply(self, state, action, emit):
        me = self.mover(state)
        state.moves += 1
        if action.kind == "ask":
            hand = kit.hand_id(action.seat)
            named = [c for c in state.hands[action.seat] if c.suit == action.value]
            said = f"seat {action.seat + 1} holds {len(named)} of {action.value}"
            if VARIANT == "shown":  # the seat shows the cards of that suit
                emit(kit.ActionTaken(me, action, kit.reveal(state, hand, named, seat=action.seat)))
            elif VARIANT == "kept":  # the answer is written down for all to read
                state.told.append(said)
                emit(kit.ActionTaken(me, action))
            else:  # "said": the answer in the log alone (nothing else tells it)
                emit(kit.ActionTaken(me, action))
                emit(kit.Note(said))
        else:
            state.scores[me] += action.card.suit == "H"
            emit(kit.ActionTaken(me, action, kit.move(state, action.cards, kit.hand_id(me), "pile", seat=me)))
        if state.moves >= 12 or not any(state.hands):
            state.to_move = None
        else:
            state.to_move = self.next_seat(me)

    def info(self, state, seat):
        return [kit.InfoRow("Told", "; ".join(state.told[-2:]))]
'''
"""A hint naming cards: the named cards shown (``shown``), the answer written down (``kept``), or said
in the log alone (``said``: a leak, for nothing the rules keep or show tells it)."""

GAMES = {"count-hand": COUNT_HAND, "guess": GUESS, "hint": HINT}


def write_disclosure(games_dir: Path, game: str, variant: str) -> str:
    """Write ``game`` in ``variant`` as a folder game in ``games_dir``; return its name."""
    name = f"{game}-{variant}"
    source = GAMES[game].replace('"NAME"', repr(name)).replace("from tabletop import kit",
                                                               f"from tabletop import kit\n\nVARIANT = {variant!r}")
    write_game(games_dir, name, {"__init__.py": source})
    return name
