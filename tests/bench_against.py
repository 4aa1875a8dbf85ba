"""Side by side with an older commit: a designer's games simulated, and ISMCTS on the market template.

Run: ``python tests/bench_against.py [--commit e9776ed] [--rounds 3] [--games 2000] [--iterations 4000]
[--pure]``. Not collected by pytest. Installs nothing: the old commit is unpacked with ``git
archive`` into a temporary folder and run with ``PYTHONPATH`` pointing at it (pure Python: nothing is
built there); this checkout runs as installed (the kernel where it is built, the line "engine:"
says which), or as pure Python too with ``--pure`` (``TABLETOP_PURE_PYTHON=1``).

In each tree it makes, with that tree's own ``tabletop new``, a market, a Go Fish and a trick game
and a deck-only sandbox game (``--template sandbox``), then for several rounds, old and new taking
turns (who goes first alternates), it times:

- ``tabletop simulate GAME --games N --workers 1`` (random bots), the whole command, start-up and its
  plugin worker process included;
- ISMCTS on the market template: the same decisions (seeded random games stopped early) searched
  with a fixed number of iterations each, timed around the searches only.

Rates are per CPU second (user + system), not wall clock: on a shared machine the wall clock
measures the neighbours' load as much as the code.

It prints the best rate of each tree, and the new/old ratio of the bests with its range over rounds.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"market": "market", "go-fish": "go-fish", "trick": "trick", "sandbox": "sandbox"}
"""The game made in each tree, by its template."""
TARGETS = {"market": 2.0, "go-fish": 2.0, "trick": 2.0, "sandbox": 2.0, "ismcts market": 3.0}

SEARCH = r"""
import random, sys, time
from pathlib import Path
from tabletop.plugins import discovery, registry
from tabletop.engine.session import SessionOptions, open_session
from tabletop.bots.ismcts import Budget, search
discovery.discover(Path(sys.argv[1]))
game = registry.make_game(sys.argv[2], players=int(sys.argv[3]), options={})
per, decisions = int(sys.argv[4]), int(sys.argv[5])
iterations, spent, seed = 0, 0.0, 0
while decisions:
    seed += 1
    session = open_session(game, seed=seed, options=SessionOptions(events=False))
    chooser = random.Random(seed)
    for _ in range(chooser.randrange(12)):
        if session.is_over:
            break
        session.submit(chooser.choice(session.legal_actions()))
    if session.is_over or len(session.legal_actions()) < 2:
        continue
    view = session.view(session.to_move)
    started = time.process_time()
    result = search(view.worlds(random.Random(seed)), view.legal, random.Random(seed), Budget(iterations=per))
    spent += time.process_time() - started
    iterations += result.iterations
    decisions -= 1
print(iterations / spent)
"""


def environment(tree: Path, pure: bool) -> dict[str, str]:
    """Return the environment a tree's commands run in: its sources first on the path."""
    env = {k: v for k, v in os.environ.items() if k != "TABLETOP_PURE_PYTHON"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH", "")]))
    if pure:
        env["TABLETOP_PURE_PYTHON"] = "1"
    return env


def tabletop(tree: Path, env: dict[str, str], *args: str) -> str:
    """Run ``tabletop ARGS`` from ``tree``'s sources in ``tree``; return its output."""
    done = subprocess.run([sys.executable, "-m", "tabletop", "--games-dir", str(tree / "games"), *args], cwd=tree,
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: tabletop {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


def simulate_rate(tree: Path, env: dict[str, str], game: str, games: int) -> float:
    """Return the games per CPU second of the whole ``tabletop simulate`` command (start-up and its worker
    process included): CPU time, as the machine is shared and wall time says more of the others' load."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    tabletop(tree, env, "simulate", game, "--games", str(games), "--workers", "1", "--seed", "1", "--quiet",
             "--out", str(tree / f"{game}.csv"))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return games / ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def search_rate(tree: Path, env: dict[str, str], iterations: int, decisions: int) -> float:
    """Return ISMCTS iterations per CPU second on the market template over the same seeded decisions."""
    done = subprocess.run([sys.executable, "-c", SEARCH, str(tree / "games"), "market", "2", str(iterations),
                           str(decisions)], cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: the ISMCTS measure failed:\n{done.stderr}")
    return float(done.stdout.strip().splitlines()[-1])


def engine(tree: Path, env: dict[str, str]) -> str:
    """Return which engine the tree runs, as its bench says, and where its package was imported from."""
    code = ("import tabletop; from tabletop.sim.bench import engine_line; "
            "print(engine_line(), '|', tabletop.__file__)")
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True, check=False)
    return done.stdout.strip() or done.stderr.strip()


def main() -> None:
    """Unpack the old commit, make the games in both trees, time them in turns and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="e9776ed", help="the commit to compare with (default e9776ed)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, old and new taking turns (default 3)")
    parser.add_argument("--games", type=int, default=2000, help="games per simulate command (default 2000)")
    parser.add_argument("--iterations", type=int, default=2000, help="ISMCTS iterations per decision (default 2000)")
    parser.add_argument("--decisions", type=int, default=4, help="ISMCTS decisions per measure (default 4)")
    parser.add_argument("--pure", action="store_true", help="run this checkout as pure Python too")
    parser.add_argument("--old-tree", type=Path, default=None, metavar="DIR",
                        help="the old commit's sources already unpacked here (where git is not at hand)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tabletop-against-") as tmp:
        old, new = Path(tmp) / "old", Path(tmp) / "new"
        old.mkdir()
        new.mkdir()
        if args.old_tree is not None:
            shutil.copytree(args.old_tree, old, dirs_exist_ok=True)
        else:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.commit], capture_output=True, check=True)
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
        # The new tree is this checkout's sources (its kernel, where built, beside them); its games go to new/.
        trees = {"old": (old, environment(old, pure=True)), "new": (new, environment(ROOT, pure=args.pure))}
        for name, (folder, env) in trees.items():
            for game, template in GAMES.items():
                tabletop(folder, env, "new", game, "--template", template)
            print(f"{name} ({args.commit if name == 'old' else 'this checkout'}): engine: {engine(folder, env)}")
        rates: dict[str, dict[str, list[float]]] = {t: {} for t in trees}
        for r in range(args.rounds):
            order = list(trees) if r % 2 == 0 else list(reversed(trees))
            for game in GAMES:
                for name in order:
                    folder, env = trees[name]
                    rates[name].setdefault(game, []).append(simulate_rate(folder, env, game, args.games))
            for name in order:
                folder, env = trees[name]
                rates[name].setdefault("ismcts market", []).append(
                    search_rate(folder, env, args.iterations, args.decisions))
            print(f"round {r + 1} done", file=sys.stderr, flush=True)
    print(f"\n{args.rounds} rounds, old and new taking turns; Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print(f"per CPU second; simulate: tabletop simulate GAME --games {args.games} --workers 1 (whole command,"
          " random bots);"
          f" ISMCTS: {args.decisions} market decisions x {args.iterations} iterations")
    print(f"\n{'what':<16}{'old best':>12}{'new best':>12}{'ratio':>8}{'per round':>16}{'target':>8}")
    for what in rates["old"]:
        olds, news = rates["old"][what], rates["new"][what]
        per_round = [n / o for o, n in zip(olds, news, strict=True)]
        unit = "it/s" if what.startswith("ismcts") else "g/s"
        print(f"{what:<16}{max(olds):>8,.0f}{unit:>4}{max(news):>8,.0f}{unit:>4}{max(news) / max(olds):>7.2f}x"
              f"{min(per_round):>9.2f}-{max(per_round):.2f}x{TARGETS[what]:>7.0f}x")


if __name__ == "__main__":
    main()
