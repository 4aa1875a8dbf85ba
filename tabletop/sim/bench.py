"""The speed benchmark: deals per second of trick-taking with random and greedy bots, and ISMCTS
iterations per second in every built-in game, headless."""

from __future__ import annotations

import random
import time

from tabletop import _fast
from tabletop.engine.game import Game
from tabletop.engine.session import SessionOptions, open_session
from tabletop.i18n import _, ngettext
from tabletop.plugins import registry
from tabletop.sim.run.runner import SimConfig, simulate

SEARCH_GAMES: dict[str, tuple[int, dict[str, object]]] = {
    "trick-taking": (4, {"deals": 1}),
    "birdhead": (3, {}),
    "draw-poker": (4, {}),
    "euler-getter": (2, {}),
}
"""Games whose ISMCTS speed is measured, with players and options (the strength targets' settings)."""


def deal_rate(bot: str, *, deals: int, players: int, workers: int) -> tuple[float, float]:
    """Return (deals/s, card plays/s) of one-deal trick-taking games with ``bot`` in every seat."""
    config = SimConfig(game="trick-taking", players=players, bots=(bot,) * players, seed=1,
                       games=deals, options={"deals": 1})
    started = time.perf_counter()
    moves = sum(getattr(r, "moves", 0) for r in simulate(config, workers=workers))
    elapsed = time.perf_counter() - started
    return deals / elapsed, moves / elapsed


SEARCH_TRIES = 200
"""Random games tried for a decision with at least two legal actions before the search rate is given as 0."""


def search_rate(game: Game, *, seconds: float) -> float:
    """Return ISMCTS iterations per second in ``game``, over decisions spread through random games."""
    from tabletop.bots.ismcts import Budget, search

    iterations, spent, seed = 0, 0.0, 0
    while spent < seconds:
        seed += 1
        if seed > SEARCH_TRIES and not iterations:
            return 0.0  # no decision with two choices within reach: nothing to search
        session = open_session(game, seed=seed, options=SessionOptions(events=False))
        chooser = random.Random(seed)
        for _move in range(chooser.randrange(12)):  # a decision somewhere early in the game
            if session.is_over:
                break
            session.submit(chooser.choice(session.legal_actions()))
        if session.is_over or len(session.legal_actions()) < 2:
            continue
        view = session.view(session.to_move)  # type: ignore[arg-type]
        started = time.perf_counter()
        result = search(view.worlds(random.Random(seed)), view.legal, random.Random(seed),
                        Budget(seconds=min(0.25, seconds)))
        spent += time.perf_counter() - started
        iterations += result.iterations
    return iterations / spent


def engine_line() -> str:
    """Return one line saying which engine runs the built-in trick game: the compiled kernel, pure Python, or a stale build."""
    return _fast.status().line


def run_bench(*, deals: int = 20000, players: int = 4, workers: int = 1, search_seconds: float = 1.0) -> str:
    """Measure deals with random and greedy bots and ISMCTS in every built-in game; return a report."""
    lines = [engine_line(), ngettext("trick-taking, {players} players, 1 deal per game, {n} process, {deals} deals per bot",
                      "trick-taking, {players} players, 1 deal per game, {n} processes, {deals} deals per bot",
                      workers, players=players, n=workers, deals=deals)]
    rate, plays = deal_rate("random", deals=deals, players=players, workers=workers)
    lines.append("  " + _("random bots: {rate} deals/s, {plays} card plays/s").format(
        rate=f"{rate:,.0f}", plays=f"{plays:,.0f}"))
    greedy, _plays = deal_rate("greedy", deals=max(1, deals // 4), players=players, workers=workers)
    lines.append("  " + _("greedy bots: {rate} deals/s (a greedy deal costs {ratio:.2f}x a random one)").format(
        rate=f"{greedy:,.0f}", ratio=rate / greedy))
    if search_seconds > 0:
        lines.append(_("ISMCTS iterations per second (1 process, about {seconds:g} s per game):").format(
            seconds=search_seconds))
        for name, (seats, options) in SEARCH_GAMES.items():
            try:
                registry.game_class(name)
            except Exception:  # a game this install does not have
                continue
            game = registry.make_game(name, players=seats, options=options)
            per_second = search_rate(game, seconds=search_seconds)
            setting = ", ".join([_("{n} players").format(n=seats), *(f"{k}={v}" for k, v in options.items())])
            lines.append(f"  {name} ({setting}): {per_second:,.0f}")
    return "\n".join(lines)
