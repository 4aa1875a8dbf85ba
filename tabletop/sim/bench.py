"""The speed benchmark: deals and card plays per second of random-bot trick-taking, headless."""

from __future__ import annotations

import time

from tabletop.i18n import _, ngettext
from tabletop.sim.runner import SimConfig, simulate


def run_bench(*, deals: int = 20000, players: int = 4, workers: int = 1) -> str:
    """Play ``deals`` one-deal games through the simulator and return a report of the rates."""
    config = SimConfig(game="trick-taking", players=players, bots=("random",) * players, seed=1,
                       games=deals, options={"deals": 1})
    started = time.perf_counter()
    moves = sum(getattr(r, "moves", 0) for r in simulate(config, workers=workers))
    elapsed = time.perf_counter() - started
    head = ngettext("trick-taking, {players} players, 1 deal per game, random bots, {n} process",
                    "trick-taking, {players} players, 1 deal per game, random bots, {n} processes", workers,
                    players=players, n=workers)
    rates = _("{deals} deals in {seconds:.2f} s: {per_second} deals/s, {plays} card plays/s").format(
        deals=deals, seconds=elapsed, per_second=f"{deals / elapsed:,.0f}", plays=f"{moves / elapsed:,.0f}")
    return head + "\n" + rates
