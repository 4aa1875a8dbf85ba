"""Side-by-side speed of whole commands: ``tabletop simulate`` against the straightforward engine.

Run: ``python tests/bench_simulate.py [--games 100000] [--rounds 3] [--market-games 10000]
[--tree NAME=PYTHON ...]``. Not collected by pytest.

Each round runs, one after the other in a rotating order, every command below as a process of
its own and times it whole (start-up included), wall clock and CPU (user + system):

- the straightforward engine of ``tests/bench_naive.py`` playing ``--games`` 4-player deals;
- ``tabletop simulate trick-taking --set deals=1 --workers 1`` with random bots, then greedy bots,
  ``--games`` games each (one deal a game);
- ``tabletop simulate`` of a folder plugin game made by ``tabletop new market1 --template market``
  (``--market-games`` games; a plugin game runs in a supervised worker process).

``--tree NAME=PYTHON`` (repeatable) runs the tabletop commands with another checkout's interpreter
too (its venv's python), so two trees are compared in the same run; default: this interpreter.
Ratios are taken within a round (the commands ran seconds apart), and their range over the rounds
is printed with the commands.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run_timed(command: list[str], cwd: Path) -> tuple[float, float]:
    """Run ``command`` to the end and return (wall seconds, CPU seconds of it and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def commands(args: argparse.Namespace, trees: dict[str, str], folder: Path) -> dict[str, list[str]]:
    """Return every command of a round by its name."""
    out = {"straightforward": [sys.executable, str(HERE / "bench_naive.py"), "--straightforward", str(args.games)]}
    for name, python in trees.items():
        tag = f" [{name}]" if len(trees) > 1 else ""
        sim = [python, "-m", "tabletop", "--games-dir", str(folder / "games"), "simulate"]
        one_deal = ["trick-taking", "--games", str(args.games), "--set", "deals=1", "--workers", "1", "--quiet"]
        out[f"random{tag}"] = [*sim, *one_deal]
        out[f"greedy{tag}"] = [*sim, *one_deal, "--bots", "greedy"]
        out[f"market{tag}"] = [*sim, "market1", "--games", str(args.market_games), "--workers", "1", "--quiet"]
    return out


def main() -> None:
    """Time every command in rotating order for several rounds; print rates and ratios with their ranges."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games (one deal each) per command (default 100000)")
    parser.add_argument("--market-games", type=int, default=10_000, help="games of the market template (default 10000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PYTHON",
                        help="another checkout's python to run the tabletop commands with (repeatable)")
    args = parser.parse_args()
    trees = dict(t.split("=", 1) for t in args.tree) or {"this": sys.executable}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        first = next(iter(trees.values()))
        subprocess.run([first, "-m", "tabletop", "new", "market1", "--template", "market"], cwd=folder, check=True,
                       stdout=subprocess.DEVNULL)
        cmds = commands(args, trees, folder)
        for python in trees.values():
            engine = subprocess.run([python, "-c", "from tabletop.sim.bench import engine_line; print(engine_line())"],
                                    capture_output=True, text=True, cwd=folder, check=False)
            print(f"{python}: {engine.stdout.strip() or engine.stderr.strip().splitlines()[-1]}")
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in cmds}
        names = list(cmds)
        for r in range(args.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for name in order:
                times[name].append(run_timed(cmds[name], folder))
                print(f"round {r + 1}: {name:<24} {times[name][-1][0]:8.2f} s wall {times[name][-1][1]:8.2f} s CPU",
                      file=sys.stderr, flush=True)
    print(f"\n{args.rounds} rounds, commands in rotating order; Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores (shared: compare the ratios)")
    for name, cmd in cmds.items():
        print(f"  {name}: {' '.join(Path(c).name if i == 0 else c for i, c in enumerate(cmd))}")
    print(f"\n{'command':<24}{'wall s (min-max)':>20}{'games/s best':>14}")
    for name, t in times.items():
        walls = [w for w, _ in t]
        games = args.market_games if name.startswith("market") else args.games
        print(f"{name:<24}{min(walls):>9.2f}-{max(walls):<10.2f}{games / min(walls):>14,.0f}")

    def ratio(a: str, b: str, kind: int) -> str:
        values = [x[kind] / y[kind] for x, y in zip(times[a], times[b], strict=True)]
        return f"{min(values):.2f}-{max(values):.2f}x"

    print("\nratios within a round (range over rounds), wall / CPU:")
    for name in names:
        if name.startswith("random"):
            tag = name.removeprefix("random")
            print(f"  random deals{tag} vs straightforward: {ratio('straightforward', name, 0)} / "
                  f"{ratio('straightforward', name, 1)}  (target at least 6x)")
            print(f"  a greedy deal{tag} costs vs a random one: {ratio('greedy' + tag, name, 0)} / "
                  f"{ratio('greedy' + tag, name, 1)}  (target at most 2x)")
    tags = [n.removeprefix("market") for n in names if n.startswith("market")]
    for tag in tags[1:]:
        print(f"  market{tag} time vs market{tags[0]}: {ratio('market' + tag, 'market' + tags[0], 0)} / "
              f"{ratio('market' + tag, 'market' + tags[0], 1)}")


if __name__ == "__main__":
    main()
