"""``tabletop bench GAME``: one game's own numbers, headless: which engine ran it, games per second with
random bots, moves per game, ISMCTS iterations per second, and where a game's time goes.

The rate is measured on games played as the simulator plays them (this process, random bots in every
seat, nobody listening to events). Where the time goes is measured on a second run of games, with a
clock read around each call into the rules and the bots (a few hundred nanoseconds a call, next to
the tens of microseconds a designer's hook takes): setting up, the legal actions, applying an
action, building what a seat sees, the bots' choices, and the session's own loop (the rest, which
also holds the clock reads). The parts add up to the whole run.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop import _fast
from tabletop.engine.game import Game
from tabletop.engine.rng import seed_maker
from tabletop.engine.session import SessionOptions, open_session
from tabletop.i18n import N_, _
from tabletop.plugins import registry
from tabletop.sim.bench import search_rate
from tabletop.sim.run.runner import SimConfig, play_games

PARTS = (N_("setup"), N_("legal actions"), N_("apply"), N_("views"), N_("bots"), N_("session loop"))
"""Where a game's time goes, in the order shown (the session loop is what the others leave)."""
_VIEW_HOOKS = ("observe", "zones", "table", "info", "badges", "status", "fact")
"""The game's hooks that build what a seat sees."""


@dataclass
class GameBench:
    """One game's measures: its engine line, games/s and moves per game with random bots, ISMCTS
    iterations/s (None when not measured), and seconds per part of the timed run (:data:`PARTS`)."""

    engine: str
    games: int
    rate: float
    moves: float
    search: float | None
    parts: dict[str, float] = field(default_factory=dict)
    total: float = 0.0
    kernel_rules: bool = False
    """True when the kernel ran the game's rules for the rate (the timed run plays them as Python)."""


def engine_for(game: Game) -> tuple[str, bool]:
    """Return one line saying which engine runs ``game`` with random bots in every seat, and whether the
    kernel runs its rules."""
    status = _fast.status()
    if status.kind != "compiled":
        return status.line, False
    kernel = _fast.kernel_for(game, registry.seat_makers(["random"] * game.players, game))
    if kernel is not None and kernel.rules is not None:
        return _("engine: compiled kernel (tabletop/_fast): this game's rules, its random bots and the session"
                 " loop"), True
    return _("engine: the game's own rules in pure Python; the session loop and the random bots compiled"
             " (tabletop/_fast)"), False


def bench_game(game: Game, *, games: int, seed: int = 1, search_seconds: float = 1.0,
               timed_games: int | None = None) -> GameBench:
    """Measure ``game`` (see the module): ``games`` games for the rate, ``timed_games`` (default as many,
    at most 500) for where the time goes, ``search_seconds`` of ISMCTS (0: none)."""
    config = SimConfig(game=game.name, players=game.players, bots=("random",) * game.players, seed=seed, games=games)
    started = time.perf_counter()
    results = play_games(config, 1, games + 1, game)
    elapsed = time.perf_counter() - started
    moves = sum(r.moves for r in results) / max(1, len(results))
    parts, total = time_parts(game, games=timed_games or min(games, 500), seed=seed)
    search = None
    if search_seconds > 0:
        search = search_rate(game, seconds=search_seconds)
    engine, kernel_rules = engine_for(game)
    return GameBench(engine, games, games / elapsed, moves, search, parts, total, kernel_rules)


def time_parts(game: Game, *, games: int, seed: int = 1) -> tuple[dict[str, float], float]:
    """Play ``games`` games with random bots, timing each call into the rules and the bots; return the
    seconds spent in each of :data:`PARTS` and the whole run's seconds (the parts add up to it)."""
    spent = dict.fromkeys(PARTS, 0.0)
    rules = copy.copy(game)  # the hooks are timed on a copy: the game itself is left as it was
    _time_hooks(rules, spent)
    makers = registry.seat_makers(["random"] * game.players, game)
    game_seed = seed_maker(seed, "game")
    options = SessionOptions(events=False, bot_timeout=None)
    clock = time.perf_counter
    started = clock()
    for number in range(1, games + 1):
        session = open_session(rules, makers, seed=game_seed(number), options=options)
        session.seats = [_TimedBot(bot, spent) for bot in session.seats]
        session.run()
    total = clock() - started
    spent[PARTS[-1]] = max(0.0, total - sum(spent.values()))
    return spent, total


def _time_hooks(rules: Any, spent: dict[str, float]) -> None:
    """Shadow ``rules``' hooks on the instance with ones that add their time to ``spent``."""
    hooks = {"setup": PARTS[0], "legal_actions": PARTS[1], "apply": PARTS[2],
             **dict.fromkeys(_VIEW_HOOKS, PARTS[3])}
    for hook, part in hooks.items():
        method = getattr(rules, hook, None)
        if callable(method):
            setattr(rules, hook, _timed(method, spent, part))


def _timed(method: Callable[..., Any], spent: dict[str, float], part: str) -> Callable[..., Any]:
    clock = time.perf_counter

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = clock()
        try:
            return method(*args, **kwargs)
        finally:
            spent[part] += clock() - started

    return timed


class _TimedBot:
    """A seat's bot whose choices are timed (less the views it builds meanwhile, counted as views)."""

    def __init__(self, bot: Any, spent: dict[str, float]) -> None:
        self.bot, self.spent = bot, spent
        self.name = getattr(bot, "name", "bot")
        self.trusted = True

    def choose(self, view: Any) -> Any:
        """Return the bot's choice, adding its time to the bots' part."""
        views = self.spent[PARTS[3]]
        started = time.perf_counter()
        try:
            return self.bot.choose(view)
        finally:
            self.spent[PARTS[4]] += time.perf_counter() - started - (self.spent[PARTS[3]] - views)


def run_game_bench(game: Game, *, games: int, search_seconds: float) -> str:
    """Measure ``game`` and return the report ``tabletop bench GAME`` prints, its engine in the first line."""
    bench = bench_game(game, games=games, search_seconds=search_seconds)
    lines = [bench.engine,
             _("{game}: {players} players, random bots in every seat, {games} games in one process").format(
                 game=game.name, players=game.players, games=games),
             "  " + _("{rate} games/s, {moves} moves per game ({plays} moves/s)").format(
                 rate=f"{bench.rate:,.1f}", moves=f"{bench.moves:,.1f}", plays=f"{bench.rate * bench.moves:,.0f}")]
    if bench.search is not None:
        lines.append("  " + _("ISMCTS: {rate} iterations/s (1 process, about {seconds:g} s of search)").format(
            rate=f"{bench.search:,.0f}", seconds=search_seconds))
    lines.append(_("where the time goes ({games} games timed call by call; {seconds:.2f} s):").format(
        games=min(games, 500), seconds=bench.total))
    if bench.kernel_rules:
        lines.append("  " + _("(timed as Python: the kernel's rules have no hooks to time)"))
    for part, seconds in bench.parts.items():
        share = 100 * seconds / bench.total if bench.total else 0.0
        lines.append(f"  {_(part):<16}{share:5.1f}%  {seconds:8.3f} s")
    return "\n".join(lines)

