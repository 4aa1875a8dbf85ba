"""The speed benchmark: deals and card plays per second of random-bot trick-taking, headless."""

from __future__ import annotations

import time

from tabletop.sim.runner import SimConfig, simulate


def run_bench(*, deals: int = 20000, players: int = 4, workers: int = 1) -> str:
    """Play ``deals`` one-deal games through the simulator and return a report of the rates."""
    config = SimConfig(game="trick-taking", players=players, bots=("random",) * players, seed=1,
                       games=deals, options={"deals": 1})
    started = time.perf_counter()
    moves = sum(getattr(r, "moves", 0) for r in simulate(config, workers=workers))
    elapsed = time.perf_counter() - started
    return (
        f"trick-taking, {players} players, 1 deal per game, random bots, {workers} process(es)\n"
        f"{deals} deals in {elapsed:.2f} s: {deals / elapsed:,.0f} deals/s, {moves / elapsed:,.0f} card plays/s"
    )
