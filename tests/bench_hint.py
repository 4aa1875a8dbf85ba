"""A hint at the table on a market game: how long it takes to answer and how many playouts it made, the
hint's budget now (a tree per core, up to 4, for 0.95 s) against one tree for 1 s (the hint before).

Run: ``python tests/bench_hint.py [--rounds 5] [--players 3]``. Not collected by pytest. Makes the game
with ``tabletop new --template market`` in a temporary folder; each round judges the same decisions
both ways, taking turns, as the table does (:class:`tabletop.ui.scene.hints.Hint`'s search: ``judge`` on a
copy of the position); the worker processes are started before the first round, as the table starts
them when it opens.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tabletop.bots import rootparallel  # noqa: E402
from tabletop.bots.ismcts import Budget  # noqa: E402
from tabletop.bots.judge import judge  # noqa: E402
from tabletop.engine.session import SessionOptions, open_session  # noqa: E402
from tabletop.engine.snapshot import copy_state  # noqa: E402
from tabletop.plugins import discovery, registry  # noqa: E402

BEFORE = Budget(seconds=1.0)
"""The hint's budget before root parallelism: one tree for 1 s."""


def positions(game: object, count: int) -> list[tuple[object, int, tuple[object, ...]]]:
    """Return ``count`` decisions of seeded random games (state, seat, legal), each with a real choice."""
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        session = open_session(game, seed=seed, options=SessionOptions(events=False))  # type: ignore[arg-type]
        chooser = random.Random(seed)
        for _ in range(chooser.randrange(4, 16)):
            if session.is_over:
                break
            session.submit(chooser.choice(session.legal_actions()))
        if not session.is_over and len(session.legal_actions()) >= 3:
            found.append((copy_state(session.state), session.to_move, session.legal_actions()))
    return found  # type: ignore[return-value]


def main() -> None:
    """Judge the same decisions with both budgets in turns; print the answer times and playouts."""
    from tabletop.ui.scene.hints import HINT_BUDGET

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of decisions (default 5)")
    parser.add_argument("--players", type=int, default=3, help="seats (default 3)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tabletop-hint-"))
    subprocess.run([sys.executable, "-m", "tabletop", "new", "market", "--template", "market"], cwd=folder,
                   check=True, stdout=subprocess.DEVNULL)
    discovery.discover(folder / "games")
    game = registry.make_game("market", players=args.players)
    rootparallel.warm(HINT_BUDGET.workers)
    budgets = {"before (1 tree, 1 s)": BEFORE, f"now ({HINT_BUDGET})": HINT_BUDGET}
    seen: dict[str, list[tuple[float, int]]] = {name: [] for name in budgets}
    for r, (state, seat, legal) in enumerate(positions(game, args.rounds)):
        order = list(budgets) if r % 2 == 0 else list(reversed(budgets))
        for name in order:
            started = time.perf_counter()
            judged = judge(game, state, seat, legal, budget=budgets[name], rng=random.Random(r))
            seen[name].append((time.perf_counter() - started, judged.iterations))
    print(f"a hint on the market game ({args.players} players), {args.rounds} decisions, Python {sys.version.split()[0]}")
    print(f"{'budget':<34}{'answer s (max)':>16}{'playouts (mean)':>18}")
    for name, runs in seen.items():
        print(f"{name:<34}{max(t for t, _ in runs):>16.3f}{sum(n for _, n in runs) / len(runs):>18,.0f}")
    before, now = (sum(n for _, n in runs) for runs in seen.values())
    print(f"playouts now / before: {now / before:.2f}x")


if __name__ == "__main__":
    main()
