"""A plugin bot stuck in an endless loop: time and peak threads of ``simulate`` for N games.

Run ``python tests/bench_stuck_bot.py [CHECKOUT] [GAMES...]`` (default: this checkout, 20 and 60
games). It writes a games folder with such a bot into a temporary folder, runs ``tabletop simulate``
there with ``--bot-timeout 0.3`` and samples the threads of the command and its child processes.
Time should grow in step with the games, and the threads should not.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The attack corpus's endless bot: from the checkout's root under pytest, from tests/ as a script.
try:
    from tests.attack_corpus import STUCK_BOT
except ModuleNotFoundError:  # run as a script: python tests/bench_stuck_bot.py
    from attack_corpus import STUCK_BOT

GAME = "from tabletop.games.trick_taking import TrickGame\n\n\nclass G(TrickGame):\n    name = 'host'\n"


def _threads(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return 0


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def run(root: str, games: int) -> str:
    """Return one line: seconds and peak threads of ``games`` games with a stuck bot in seat 1."""
    cwd = Path(tempfile.mkdtemp(prefix="stuck-bot-"))
    (cwd / "games" / "host").mkdir(parents=True)
    (cwd / "games" / "host" / "__init__.py").write_text(GAME)
    (cwd / "games" / "host" / "bots.py").write_text(STUCK_BOT)
    env = {**os.environ, "PYTHONPATH": root, "TABLETOP_PLUGIN_CACHE": str(cwd / "cache")}
    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "tabletop", "simulate", "trick-taking", "--games", str(games),
                                "--bots", "stuck,random,random,random", "--bot-timeout", "0.3", "--set", "deals=1",
                                "--quiet"], cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while process.poll() is None:
        peak = max(peak, _threads(process.pid) + sum(_threads(c) for c in _children(process.pid)))
        time.sleep(0.05)
    return f"{root}: {games} games in {time.monotonic() - started:.1f} s, peak threads {peak}"


if __name__ == "__main__":
    args = sys.argv[1:]
    where = args.pop(0) if args and not args[0].isdigit() else str(Path(__file__).resolve().parents[1])
    for n in [int(a) for a in args] or [20, 60]:
        print(run(where, n))
