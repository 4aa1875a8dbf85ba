"""The ``ismcts`` bot: information-set Monte Carlo tree search, for any game, through the protocol alone.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 2012). Each iteration samples a *world*, the state as it may be given what the bot's
seat has seen (:meth:`~tabletop.engine.views.View.worlds`), and walks one tree of action sequences
from the bot's decision, shared by all worlds: in a node it considers only the actions legal in
this world, picks an untried one if there is any, else the one with the best UCB1 score, where a
child's exploration term counts how often it was *available* rather than how often its parent was
visited. From the new node it plays uniformly random moves (``legal_actions``/``apply`` with no
events) to the end of the current deal, or of the game when the state counts no deals (a kit state's
``deals``, or a ``deal`` number),
and credits every node on the path with the result for the seat that chose it. After the budget
it plays the most visited of its own actions.

The result of a simulated game for a seat is mostly its rank (first 1, last 0, ties sharing) and
partly its score, spread between the lowest and highest (so a runaway leader still prefers more
points, and a deal ending mid-game still says something); one-player games use the score gained.

The budget is a number of iterations (``ismcts:1000``, the default; the same seed gives the same
moves) or a time per decision (``ismcts:200ms``, ``ismcts:1s``).
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.bots import rootparallel
from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.game import Game
from tabletop.engine.views import View
from tabletop.engine.worlds import Worlds

EXPLORATION = 0.7
"""The UCB1 constant for rewards between 0 and 1 (Cowling et al. use 0.7)."""
SCORE_WEIGHT = 0.25
"""How much of a simulated game's result is the score, the rest being the rank."""
MAST_EPSILON = 0.2
"""In a playout, the share of moves drawn at random; the others follow the Move-Average Sampling
Technique (Finnsson and Björnsson 2008; with ISMCTS, Powley, Whitehouse and Cowling 2013)."""
UNTRIED = 1.0
"""What a playout expects of an action no simulation has played yet (optimistic: it gets tried)."""
MAX_ROLLOUT = 100_000
"""A random playout stops after this many moves (a game that never ends must not hang the bot)."""
MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 600.0
MAX_TREES = 256
"""The most trees (and worker processes) one decision may be spread over."""


@dataclass(frozen=True)
class Budget:
    """How long the bot thinks per decision: ``iterations``, or ``seconds`` of wall-clock time, in each of
    ``trees`` search trees (0: as many as ``workers``) spread over ``workers`` processes (root parallelism,
    :mod:`tabletop.bots.rootparallel`)."""

    iterations: int | None = None
    seconds: float | None = None
    workers: int = 1
    trees: int = 0

    @property
    def tree_count(self) -> int:
        """How many trees one decision searches."""
        return self.trees or self.workers

    def __str__(self) -> str:
        if self.seconds is not None:
            ms = self.seconds * 1000
            text = f"{ms:g}ms" if ms < 1000 else f"{self.seconds:g}s"
        else:
            text = str(self.iterations)
        if self.workers > 1:
            text += f":workers={self.workers}"
        if self.trees:
            text += f":trees={self.trees}"
        return text


DEFAULT_BUDGET = Budget(iterations=1000)


def parse_budget(text: str) -> Budget:
    """Return the budget written as ``1000`` (iterations), ``200ms`` or ``1.5s`` (time per decision), each
    optionally followed by ``:workers=N`` (processes) and ``:trees=N`` (search trees; default one per worker).

    >>> parse_budget("200ms"), parse_budget("1000:workers=2")
    (Budget(iterations=None, seconds=0.2, workers=1, trees=0), Budget(iterations=1000, seconds=None, workers=2, trees=0))

    :raises ValueError: saying what is expected.
    """
    first, *settings = text.split(":")
    budget = _parse_amount(first)
    given: dict[str, int] = {}
    for setting in settings:
        key, equals, value = (part.strip().lower() for part in setting.partition("="))
        if key not in ("workers", "trees") or not equals or not value.isdigit() or key in given:
            raise ValueError(f"after the budget, workers=N or trees=N (each once), not {setting!r}")
        given[key] = int(value)
        if not 1 <= given[key] <= MAX_TREES:
            raise ValueError(f"{key} from 1 to {MAX_TREES}, not {value}")
    return Budget(budget.iterations, budget.seconds, given.get("workers", 1), given.get("trees", 0))


def _parse_amount(text: str) -> Budget:
    """Return the budget of ``1000``, ``200ms`` or ``1.5s``."""
    t = text.strip().lower()
    match = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)\s*(ms|s)", t)
    if match:
        seconds = float(match.group(1)) / (1000 if match.group(2) == "ms" else 1)
        if not 0 < seconds <= MAX_SECONDS:
            raise ValueError(f"a time per decision from 1ms to {MAX_SECONDS:g}s, not {text!r}")
        return Budget(seconds=seconds)
    if t.isdigit():
        iterations = int(t)
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"from 1 to {MAX_ITERATIONS:,} iterations, not {text!r}")
        return Budget(iterations=iterations)
    raise ValueError(f"expected iterations per decision (1000) or a time per decision (200ms, 1s), not {text!r}"
                     " (then :workers=N to spread it over processes)")


class _Node:
    """One action sequence from the root: the reward credited to the seat that chose its last
    action, how often it was visited, and how often it was available (legal) when its parent was."""

    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


@dataclass
class SearchResult:
    """What a search chose, after how many iterations, and the root's visit counts per action.

    ``wins`` (when the search was asked to keep them) is, per action, the deciding seat's share of
    first places over the simulated games that began with it: wins / visits is its estimated win rate.
    """

    action: Action
    iterations: int
    visits: dict[Action, int]
    wins: dict[Action, float] | None = None


def search(worlds: Worlds, legal: Sequence[Action], rng: random.Random, budget: Budget = DEFAULT_BUDGET,
           *, exploration: float = EXPLORATION, halt: list[bool] | None = None,
           mast: float | None = MAST_EPSILON, keep_wins: bool = False) -> SearchResult:
    """Return the most visited of ``legal`` after an ISMCTS search over ``worlds`` within ``budget``.

    ``mast`` is the share of random moves in a playout; the others take the legal action with the
    best average result so far for the seat that played it (MAST); None plays every playout at random.
    Setting ``halt[0]`` (from another thread) ends the search after the iteration under way.
    ``keep_wins`` also counts, per first action, how often the deciding seat came first (a hint's win rates).
    """
    halt = halt if halt is not None else [False]
    game = worlds.game
    legal_actions, apply, sample = game.legal_actions, game.apply, worlds.sample
    rand = rng.random
    log, sqrt = math.log, math.sqrt
    evaluate = _evaluator(game)
    # A game that draws its own random move (a hook it overrides) saves a playout's random moves the whole list.
    draw_one = game.random_action if type(game).random_action is not Game.random_action else None
    root = _Node()
    firsts = _first_share(game, worlds.seat) if keep_wins else None
    wins: dict[Action, float] = {}
    # Per action: the total result for the seat that played it, and how often it was played.
    stats: dict[Action, list[float]] = {}
    iterations = budget.iterations
    deadline = time.perf_counter() + budget.seconds if budget.seconds is not None else None
    done = 0
    while True:
        if iterations is not None:
            if done >= iterations:
                break
        elif done and time.perf_counter() >= deadline:  # type: ignore[operator]
            break
        if halt[0] and done:
            break
        world = sample(rng)
        counter = _deal_counter(world)
        deal = getattr(world, counter) if counter else None
        node = root
        path: list[tuple[_Node, int]] = []
        trail: list[tuple[Action, int]] = []
        expanded = False
        # Selection and expansion: down the tree while every legal action has been tried.
        while True:
            mover = world.to_move
            if mover is None or (deal is not None and getattr(world, counter) != deal):
                expanded = True
                break
            acts = legal_actions(world)
            children = node.children
            untried = [a for a in acts if a not in children]
            if untried:
                for a in acts:
                    child = children.get(a)
                    if child is not None:
                        child.avail += 1
                action = untried[int(rand() * len(untried))]
                node = children[action] = _Node()
                path.append((node, mover))
                trail.append((action, mover))
                apply(world, action, None)
                break
            chosen = acts[0]
            best, best_value = children[chosen], -1.0
            for a in acts:
                child = children[a]
                child.avail += 1
                value = child.total / child.visits + exploration * sqrt(log(child.avail) / child.visits)
                if value > best_value:
                    best_value, best, chosen = value, child, a
            path.append((best, mover))
            trail.append((chosen, mover))
            apply(world, chosen, None)
            node = best
        # Playout to the end of the deal (or the game): random moves, or mostly the best so far.
        if not expanded:
            moves = 0
            while world.to_move is not None and moves < MAX_ROLLOUT:
                if deal is not None and getattr(world, counter) != deal:
                    break
                if draw_one is not None:
                    at_random = mast is None or rand() < mast
                    action = draw_one(world, rng) if at_random else None
                    if action is not None:
                        if mast is not None:
                            trail.append((action, world.to_move))
                        apply(world, action, None)
                        moves += 1
                        continue
                    acts = legal_actions(world)
                    at_random = at_random or len(acts) == 1
                else:
                    acts = legal_actions(world)
                    at_random = mast is None or len(acts) == 1 or rand() < mast
                if at_random:
                    action = acts[int(rand() * len(acts))]
                else:
                    action, best_mean = acts[0], -1.0
                    for a in acts:
                        record = stats.get(a)
                        mean = record[0] / record[1] if record is not None else UNTRIED
                        if mean > best_mean:
                            action, best_mean = a, mean
                if mast is not None:
                    trail.append((action, world.to_move))
                apply(world, action, None)
                moves += 1
        rewards = evaluate(world)
        if firsts is not None and trail:
            wins[trail[0][0]] = wins.get(trail[0][0], 0.0) + firsts(world, rewards)
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]
        if mast is not None:
            for action, mover in trail:
                record = stats.get(action)
                if record is None:
                    stats[action] = [rewards[mover], 1]
                else:
                    record[0] += rewards[mover]
                    record[1] += 1
        done += 1
    visits = {a: (root.children[a].visits if a in root.children else 0) for a in legal}
    best_action = max(legal, key=visits.__getitem__)
    return SearchResult(best_action, done, visits, {a: wins.get(a, 0.0) for a in legal} if keep_wins else None)


def _deal_counter(world: Any) -> str:
    """Return the name of the attribute counting a state's deals (a kit state's ``deals``, or ``deal``), or ""."""
    return "deals" if hasattr(world, "deals") else "deal" if hasattr(world, "deal") else ""


def _first_share(game: Any, seat: int) -> Any:
    """Return ``share(world, rewards)``: ``seat``'s share of first place in a simulated game (its result, alone)."""
    if game.players == 1:
        return lambda world, rewards: rewards[0]
    ranks_of = game.ranks

    def share(world: Any, rewards: list[float]) -> float:
        ranks = ranks_of(world)
        return 1.0 / ranks.count(1) if ranks[seat] == 1 else 0.0

    return share


def _evaluator(game: Any) -> Any:
    """Return ``evaluate(world)``: each seat's result of a simulated game, between 0 and 1."""
    players = game.players
    ranks_of, scores_of = game.ranks, game.scores
    lower = bool(getattr(game, "lower_is_better", False))
    w = SCORE_WEIGHT

    if players == 1:
        def solo(world: Any) -> list[float]:
            # One seat: only its score says anything; squashed to 0..1 so the UCB constant fits.
            score = scores_of(world)[0]
            return [1.0 - 1.0 / (1.0 + max(0.0, -score if lower else score))]
        return solo

    spread = players - 1

    def evaluate(world: Any) -> list[float]:
        ranks = ranks_of(world)
        scores = scores_of(world)
        hi, lo = max(scores), min(scores)
        out = []
        for rank, score in zip(ranks, scores, strict=True):
            share = 0.5 if hi == lo else (score - lo) / (hi - lo)
            if lower:
                share = 1.0 - share
            out.append((1.0 - w) * (players - rank) / spread + w * share)
        return out

    return evaluate


class ISMCTSBot(Bot):
    """Searches sampled deals with information-set Monte Carlo tree search; plays any game."""

    name = "ismcts"
    description = "any game: searches sampled deals (information-set Monte Carlo tree search)"
    parameter = ("iterations per decision (ismcts:1000, the default; repeatable with a seed)"
                 " or thinking time per decision (ismcts:200ms, ismcts:1s); :workers=N searches N trees at"
                 " once on N processes (ismcts:1000:workers=2)")
    presets = ("50ms", "200ms", "1s")
    thinks = True
    samples_worlds = True
    """It needs ``view.worlds``, which only a view of a game in this process offers."""

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        super().__init__(rng, game)
        self.budget = DEFAULT_BUDGET
        self.last: SearchResult | None = None
        self._halt = [False]

    @classmethod
    def parse_parameter(cls, text: str) -> Budget:
        """Return the budget of ``ismcts:<text>``."""
        return parse_budget(text)

    def configure(self, value: Any) -> None:
        """Set the budget per decision (a budget spread over workers starts their pool now)."""
        self.budget = value
        rootparallel.warm(getattr(value, "workers", 1))

    def choose(self, view: View) -> Action:
        """Return the action the search visited most (the only one, when there is one)."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        self._halt[0] = False
        self.last = rootparallel.search_trees(search, view.worlds, legal, self.rng, self.budget, halt=self._halt)
        return self.last.action

    def stop(self) -> None:
        """End a search under way (from another thread) with the best move found so far."""
        self._halt[0] = True
