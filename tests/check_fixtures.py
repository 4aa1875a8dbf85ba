"""Games for the tests of ``tabletop check``: a small sound game, and copies of it each broken in one way.

Pass Left (3 seats, 12 cards): each seat passes one card face down to the left, then the cards are
played out one by one to a public pile; a heart played scores its player a point. Each fixture is
that game with one change, written as a folder game (``__init__.py``) the way a designer would.
"""

from __future__ import annotations

from pathlib import Path

from tests.plugin_fixtures import write_game

PASS_LEFT = '''
"""Pass Left: pass a card face down to the left, then play the cards out; hearts score."""

from __future__ import annotations

import random
import time

from tabletop.engine.actions import Action
from tabletop.engine.cards import SUIT_SYMBOLS, parse_cards
from tabletop.engine.events import ActionTaken, Note, seat_name
from tabletop.engine.game import Game, GameState
from tabletop.engine.zones import EVERYONE, ROW, InfoRow, Move, Zone, hand_id, hand_zone, items

DECK = parse_cards("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 5D")


class PassState(GameState):
    def __init__(self, rng):
        self.rng = rng
        self.to_move = 0
        self.scores = [0, 0, 0]
        self.hands = [[], [], []]
        self.pile = []
        self.phase = "pass"
        self.passed = [[], [], []]


class PassLeft(Game):
    name = "NAME"
    title = "Pass Left"
    summary = "Pass a card face down to the left, then play the cards out; each heart you play scores 1."
    min_players = 3
    max_players = 3

    def deck(self):
        return list(DECK)

    def shuffled(self, state):
        cards = list(DECK)
        state.rng.shuffle(cards)
        return cards

    def setup(self, rng, emit):
        state = PassState(rng)
        cards = self.shuffled(state)
        for seat in range(3):
            state.hands[seat] = sorted(cards[4 * seat:4 * seat + 4], key=DECK.index)
        return state

    def legal_actions(self, state):
        kind = "pass" if state.phase == "pass" else "play"
        return [Action(kind, (card,)) for card in state.hands[state.to_move]]

    def apply(self, state, action, emit):
        seat, card = state.to_move, action.card
        state.hands[seat].remove(card)
        if state.phase == "pass":
            left = (seat + 1) % 3
            state.hands[left].append(card)
            state.hands[left].sort(key=DECK.index)
            state.passed[seat].append(card)
            if emit is not None:
                emit(ActionTaken(seat, action, (Move(hand_id(seat), hand_id(left), (card,), seat=seat, face_up=False),)))
                self.tell(state, seat, card, emit)
            if seat == 2:
                state.phase = "play"
            state.to_move = left
            return
        self.play(state, seat, card)
        if emit is not None:
            emit(ActionTaken(seat, action, (Move(hand_id(seat), "pile", (card,), seat=seat),)))
        state.to_move = (seat + 1) % 3 if any(state.hands) else None

    def play(self, state, seat, card):
        state.pile.append(card)
        if card.suit == "H":
            state.scores[seat] += 1

    def tell(self, state, seat, card, emit):
        """Say what a pass shows every seat (nothing but that it happened)."""

    def zones(self, state):
        return [*(hand_zone(seat, state.hands[seat]) for seat in range(3)),
                Zone("pile", "Pile", visibility=EVERYONE, hint=ROW, items=items(state.pile))]

    def info(self, state, seat):
        return [InfoRow("Phase", state.phase)]
'''
"""The sound game: ``tabletop check`` passes on it."""

BROKEN = {
    "leaky-row": '''
class Game1(PassLeft):
    def info(self, state, seat):
        suits = " ".join(SUIT_SYMBOLS[c.suit] for passed in state.passed for c in passed)
        return [*super().info(state, seat), InfoRow("Passed", suits)]
''',
    "leaky-note": '''
class Game1(PassLeft):
    def tell(self, state, seat, card, emit):
        emit(Note(f"{seat_name(seat)} passes a {SUIT_SYMBOLS[card.suit]} face down"))
''',
    "dead-end": '''
class Game1(PassLeft):
    def legal_actions(self, state):
        if state.pile and state.pile[-1].id[0] == "5":
            return []  # forgot: nobody may play after a five (one of the four is not the last card: every game sticks)
        return super().legal_actions(state)
''',
    "endless": '''
class Game1(PassLeft):
    def play(self, state, seat, card):
        super().play(state, seat, card)
        if not any(state.hands):  # the pile is dealt out again: the game never ends
            for i, c in enumerate(state.pile):
                state.hands[i % 3].append(c)
            state.pile.clear()
''',
    "module-random": '''
class Game1(PassLeft):
    def shuffled(self, state):
        cards = list(DECK)
        random.shuffle(cards)  # the module's generator, not the game's seeded one
        return cards
''',
    "shuffled-legal": '''
class Game1(PassLeft):
    def legal_actions(self, state):
        plays = super().legal_actions(state)
        random.shuffle(plays)  # the module's generator, not the game's: every world's order differs too
        return plays
''',
    "clock": '''
class Game1(PassLeft):
    def shuffled(self, state):
        cards = list(DECK)
        random.Random(time.time_ns()).shuffle(cards)
        return cards
''',
    "hash-order": '''
class Game1(PassLeft):
    def shuffled(self, state):
        by_id = {c.id: c for c in DECK}
        cards = [by_id[i] for i in {c.id for c in DECK}]  # a set of strings: its order is the process's
        state.rng.shuffle(cards)
        return cards
''',
    "crash": '''
class Game1(PassLeft):
    def play(self, state, seat, card):
        super().play(state, seat, card)
        if card.id == "4D":
            state.scores[seat] += 1 // (len(state.pile) - len(state.pile))
''',
    "hang": '''
class Game1(PassLeft):
    def play(self, state, seat, card):
        super().play(state, seat, card)
        while card.id == "3D":
            pass
''',
}
"""Pass Left broken in one way each: the name of the fixture, and the class that breaks it."""


def write_pass_left(games_dir: Path, name: str, broken: str | None = None) -> Path:
    """Write Pass Left as folder game ``name`` (broken as ``BROKEN[broken]`` says) and return its folder."""
    source = PASS_LEFT.replace('"NAME"', repr(name))
    if broken is not None:
        source += BROKEN[broken] + "\n\nGAME = Game1\n"
    else:
        source += "\n\nGAME = PassLeft\n"
    return write_game(games_dir, name, {"__init__.py": source})
