"""Side-by-side speed check: tabletop's simulator against a straightforward implementation.

Run: ``python tests/bench_naive.py [DEALS]``. The straightforward version plays the same rules
(4 players, 52 cards, must-follow, no trump, random legal cards) the obvious way: a new object
per step, a dict per event, list scans for legality. Not collected by pytest.
"""

from __future__ import annotations

import random
import sys
import time

RANKS = "23456789TJQKA"


class NaiveCard:
    def __init__(self, rank: str, suit: str) -> None:
        self.rank, self.suit = rank, suit


class NaivePlay:
    def __init__(self, seat: int, card: NaiveCard) -> None:
        self.seat, self.card = seat, card


def naive_deal(rng: random.Random, players: int = 4) -> list[int]:
    deck = [NaiveCard(r, s) for s in "SHDC" for r in RANKS]
    rng.shuffle(deck)
    size = len(deck) // players
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    events: list[dict] = []
    tricks = [0] * players
    leader = rng.randrange(players)
    for _ in range(size):
        trick: list[NaivePlay] = []
        for k in range(players):
            seat = (leader + k) % players
            hand = hands[seat]
            legal = [c for c in hand if not trick or c.suit == trick[0].card.suit] or list(hand)
            card = rng.choice(legal)
            hand.remove(card)
            trick.append(NaivePlay(seat, card))
            events.append({"type": "play", "seat": seat, "card": card.rank + card.suit})
        led = trick[0].card.suit
        best = max((p for p in trick if p.card.suit == led), key=lambda p: RANKS.index(p.card.rank))
        tricks[best.seat] += 1
        events.append({"type": "trick", "winner": best.seat})
        leader = best.seat
    return tricks


def main() -> None:
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
