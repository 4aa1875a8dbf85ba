"""Side-by-side speed check: tabletop's simulator against a straightforward engine of the same rules.

Run: ``python tests/bench_naive.py [--deals N] [--rounds R] [--no-pure]``. Not collected by pytest.
With tabletop's private kernel built, tabletop is measured twice: with the kernel, and as pure Python.
``tests/bench_simulate.py`` times whole ``tabletop simulate`` commands instead.

The straightforward engine is what one writes first, with the same architecture as tabletop
(a session loop, one legality check, views for bots, events): 4 players, 52 cards, must-follow,
no trump, random bots. It differs only in the obvious choices tabletop avoids: cards are
dataclasses made anew each deal, every step makes new action objects, legality and validation
scan lists comparing by value, every view is a dict of copies, every event is a dict built
whether or not anyone listens, and the generator shuffles with ``random.shuffle``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
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


def naive_round(deals: int, seed: int) -> None:
    """Play ``deals`` deals through the straightforward engine, one generator for all."""
    rng = random.Random(seed)
    for _ in range(deals):
        naive_deal(rng)


def tabletop_round(deals: int, seed: int, bot: str, per_game: int = 1) -> None:
    """Play ``deals`` deals of 4-player trick-taking through tabletop's simulator, in games of ``per_game`` deals."""
    from tabletop.sim.run.runner import SimConfig, simulate

    config = SimConfig(game="trick-taking", players=4, bots=(bot,) * 4, seed=seed, games=deals // per_game,
                       options={"deals": per_game})
    for _ in simulate(config):
        pass


def pure_worker() -> None:
    """Serve ``BOT DEALS SEED`` lines from stdin with tabletop rounds, answering each with its seconds."""
    for line in sys.stdin:
        bot, deals, seed = line.split()
        started = time.perf_counter()
        tabletop_round(int(deals), int(seed), bot)
        print(time.perf_counter() - started, flush=True)


def pure_engines() -> tuple[dict[str, Callable[[int, int], float]], subprocess.Popen[str]]:
    """Return tabletop's rounds run in a child process on the pure-Python engine (the kernel off), and the child."""
    child = subprocess.Popen([sys.executable, __file__, "--pure-worker"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env={**os.environ, "TABLETOP_PURE_PYTHON": "1"})

    def play(bot: str) -> Callable[[int, int], float]:
        def round_(deals: int, seed: int) -> float:
            assert child.stdin is not None and child.stdout is not None
            child.stdin.write(f"{bot} {deals} {seed}\n")
            child.stdin.flush()
            return float(child.stdout.readline())
        return round_

    return {"tabletop pure, random bots": play("random"), "tabletop pure, greedy bots": play("greedy")}, child


def timed(play: Callable[[int, int], object]) -> Callable[[int, int], float]:
    """Return ``play`` made to return the seconds it took."""
    def round_(deals: int, seed: int) -> float:
        started = time.perf_counter()
        play(deals, seed)
        return time.perf_counter() - started
    return round_


def main() -> None:
    """Print the rates of the straightforward engine and of tabletop (random and greedy bots, one-deal games;
    random bots in 4-deal games), side by side.

    When tabletop's kernel is built, its rounds run twice: with the kernel here, and on the pure-Python
    engine in a child process (``TABLETOP_PURE_PYTHON=1``), taking turns with the others.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per engine per round (default 1000)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds (default 9)")
    parser.add_argument("--no-pure", action="store_true", help="skip the pure-Python rounds where the kernel is built")
    parser.add_argument("--pure-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--straightforward", type=int, default=None, metavar="N",
                        help="only play N deals through the straightforward engine (tests/bench_simulate.py times it)")
    args = parser.parse_args()
    if args.straightforward is not None:
        naive_round(args.straightforward, 1)
        return
    if args.pure_worker:
        pure_worker()
        return
    from tabletop import _fast

    compiled = _fast.status().kind == "compiled"
    kind = "compiled" if compiled else "pure"
    # The engines take turns in short rounds, so a busy machine slows them alike; each engine's
    # best round is its speed (the least disturbed), the median shows the spread.
    engines: dict[str, Callable[[int, int], float]] = {
        "straightforward, random bots": timed(naive_round),
        f"tabletop {kind}, random bots": timed(lambda n, seed: tabletop_round(n, seed, "random")),
        f"tabletop {kind}, greedy bots": timed(lambda n, seed: tabletop_round(n, seed, "greedy")),
        # What a game costs beyond its deals (its session, seats and own generators, seeded from its
        # number so any game replays alone) is about a third of a one-deal game; a game of the default
        # length (a deal per player) shares it.
        f"tabletop {kind}, 4-deal games": timed(lambda n, seed: tabletop_round(n, seed, "random", 4)),
    }
    child = None
    if compiled and not args.no_pure:
        pure, child = pure_engines()
        engines.update(pure)
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for round_no in range(args.rounds):
        for name, play in engines.items():
            rates[name].append(args.deals / play(args.deals, round_no + 1))
    if child is not None:
        child.communicate()
    best = {name: max(r) for name, r in rates.items()}
    base = best["straightforward, random bots"]
    print(f"4-player 52-card deals, 1 process, {args.rounds} rounds of {args.deals} deals per engine, taking turns;"
          f" {_fast.status().line}")
    print(f"{'engine':<32}{'deals/s best':>14}{'median':>10}{'vs straightforward':>20}")
    for name, r in rates.items():
        print(f"{name:<32}{best[name]:>14,.0f}{statistics.median(r):>10,.0f}{best[name] / base:>19.1f}x")
    for kind in ("compiled", "pure") if compiled else ("pure",):
        if f"tabletop {kind}, random bots" not in best:
            continue
        random_rate, greedy_rate = best[f"tabletop {kind}, random bots"], best[f"tabletop {kind}, greedy bots"]
        print(f"{kind + ':':<10}a greedy deal costs {random_rate / greedy_rate:.2f}x a random one (target: at most 2x);"
              f" random deals: {random_rate / base:.1f}x the straightforward engine (target: at least 6x)")
        if f"tabletop {kind}, 4-deal games" in best:
            print(f"{'':<10}random deals in games of 4 deals (the default for 4 players):"
                  f" {best[f'tabletop {kind}, 4-deal games'] / base:.1f}x the straightforward engine")


if __name__ == "__main__":
    main()
