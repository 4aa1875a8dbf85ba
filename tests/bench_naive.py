"""Side-by-side speed check: tabletop's simulator against a straightforward engine of the same rules.

Run: ``python tests/bench_naive.py [DEALS]``. Not collected by pytest.

The straightforward engine is what one writes first, with the same architecture as tabletop
(a session loop, one legality check, views for bots, events): 4 players, 52 cards, must-follow,
no trump, random bots. It differs only in the obvious choices tabletop avoids: cards are
dataclasses made anew each deal, every step makes new action objects, legality and validation
scan lists comparing by value, every view is a dict of copies, every event is a dict built
whether or not anyone listens, and the generator shuffles with ``random.shuffle``.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@dataclass(frozen=True)
class NaiveCard:
    rank: str
    suit: str


@dataclass(frozen=True)
class NaivePlay:
    seat: int
    card: NaiveCard


class NaiveGame:
    """A deal of 4-player trick-taking, the obvious way."""

    def __init__(self, rng: random.Random, players: int = 4) -> None:
        deck = [NaiveCard(r, s) for s in "SHDC" for r in RANKS]
        rng.shuffle(deck)
        size = len(deck) // players
        self.players = players
        self.hands = [deck[i * size:(i + 1) * size] for i in range(players)]
        self.trick: list[NaivePlay] = []
        self.tricks = [0] * players
        self.to_move: int | None = rng.randrange(players)
        self.events: list[dict] = []

    def legal(self) -> list[NaivePlay]:
        seat = self.to_move
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0].card.suit
            follow = [NaivePlay(seat, c) for c in hand if c.suit == led]
            if follow:
                return follow
        return [NaivePlay(seat, c) for c in hand]

    def view(self, seat: int) -> dict:
        return {"seat": seat, "hand": list(self.hands[seat]), "trick": list(self.trick),
                "counts": [len(h) for h in self.hands], "tricks": list(self.tricks), "legal": self.legal()}

    def apply(self, play: NaivePlay) -> None:
        if play not in self.legal():
            raise ValueError("illegal")
        self.hands[play.seat].remove(play.card)
        self.trick.append(play)
        self.events.append({"type": "play", "seat": play.seat, "card": play.card.rank + play.card.suit})
        if len(self.trick) < self.players:
            self.to_move = (play.seat + 1) % self.players
            return
        led = self.trick[0].card.suit
        best = max((p for p in self.trick if p.card.suit == led), key=lambda p: RANKS.index(p.card.rank))
        self.tricks[best.seat] += 1
        self.events.append({"type": "trick", "winner": best.seat, "cards": [p.card for p in self.trick]})
        self.trick = []
        self.to_move = best.seat if self.hands[best.seat] else None


def naive_deal(rng: random.Random) -> list[int]:
    """Play one deal with random bots through the straightforward session loop."""
    game = NaiveGame(rng)
    while game.to_move is not None:
        view = game.view(game.to_move)
        game.apply(rng.choice(view["legal"]))
    return game.tricks


def main() -> None:
    """Print both rates."""
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rng = random.Random(1)
    started = time.perf_counter()
    for _ in range(deals):
        naive_deal(rng)
    naive = deals / (time.perf_counter() - started)

    from tabletop.sim.runner import SimConfig, simulate

    config = SimConfig(game="trick-taking", players=4, bots=("random",) * 4, seed=1, games=deals,
                       options={"deals": 1})
    started = time.perf_counter()
    for _ in simulate(config):
        pass
    ours = deals / (time.perf_counter() - started)
    print(f"straightforward: {naive:,.0f} deals/s")
    print(f"tabletop:        {ours:,.0f} deals/s  ({ours / naive:.1f}x)")


if __name__ == "__main__":
    main()
