"""Hostile plugins in a games folder: none can hang, kill or corrupt tabletop, and each is named.

The plugins are written by the tests into a temporary games folder; every command runs as a
subprocess with a timeout, so a regression fails instead of hanging CI. They share one probe
cache, so the folder is probed once (by the first ``tabletop games``) and then read from it.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.plugins.watchdog import Watchdog
from tabletop.sim.run.runner import SimConfig, simulate
from tabletop.sim.run.supervise import SkippedGame
from tests.attack_corpus import FLAKY_WINNER
from tests.patience import HANG
from tests.plugin_fixtures import clean_registry, tiny_game, write_game
from tests.sessions import open_game

__all__ = ["clean_registry"]
ROOT = Path(__file__).resolve().parents[1]
LIMIT = 4  # the probe's time limit in these tests (TABLETOP_PLUGIN_TIMEOUT, set by conftest)

HOSTILE_IMPORTS = {
    "exit3": ("import sys\nsys.exit(3)\n", "called sys.exit(3) while being imported (at games/exit3/__init__.py:2)"),
    "kbint": ("raise KeyboardInterrupt\n", "raised KeyboardInterrupt while being imported (at games/kbint/__init__.py:1)"),
    "recurse": ("def f():\n    return f()\n\n\nf()\n", "recursed without end (RecursionError) while being imported"),
    "loop": ("while True:\n    pass\n", f"was still running after {LIMIT} s (an endless loop?) and was stopped while"
             " being imported (at games/loop/__init__.py:"),
    "osexit": ("import os\nos._exit(7)\n", "ended the process with os._exit(7) while being imported (at games/osexit/__init__.py:2)"),
    "segv": ("import ctypes\nctypes.string_at(0)\n", "crashed the process (signal SIGSEGV"),
    "kill": ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "crashed the process (signal SIGKILL)"),
    "memory": ("x = bytearray(2**62)\n", "ran out of memory (MemoryError) while being imported"),
    "stdin": ("input()\n", "EOFError"),
}


def hook_game(name: str, body: str) -> str:
    return "import os\nimport sys\n\n" + tiny_game(name, body=body)


HOSTILE_HOOKS = {
    "hookexit": (hook_game("hookexit", """
        def trick_winner(self, state, cards):
            sys.exit(4)
        """), "during a test game with random bots, it failed in apply at move 4: called sys.exit(4) (at games/hookexit/__init__.py:"),
    "hookkbint": (hook_game("hookkbint", """
        def legal_actions(self, state):
            raise KeyboardInterrupt
        """), "it failed in legal_actions at move 1: raised KeyboardInterrupt (at games/hookkbint/__init__.py:"),
    "hookrecurse": (hook_game("hookrecurse", """
        def apply(self, state, action, emit):
            self.apply(state, action, emit)
        """), "it failed in apply at move 1: recursed without end (RecursionError)"),
    "hookloop": (hook_game("hookloop", """
        def trick_winner(self, state, cards):
            while True:
                pass
        """), f"it was still running after {LIMIT} s (an endless loop?) and was stopped (at games/hookloop/__init__.py:"),
    "hookosexit": (hook_game("hookosexit", """
        def trick_winner(self, state, cards):
            os._exit(5)
        """), "during a test game with random bots, it ended the process with os._exit(5) (at games/hookosexit/__init__.py:"),
    "noactions": (hook_game("noactions", """
        def legal_actions(self, state):
            return []
        """), "legal_actions returned no actions while seat"),
    "noneactions": (hook_game("noneactions", """
        def legal_actions(self, state):
            return None
        """), "legal_actions returned None: return a list of actions"),
    "stractions": (hook_game("stractions", """
        def legal_actions(self, state):
            return [a.label for a in super().legal_actions(state)]
        """), "), not an Action: return a list of Action values"),
    "dictactions": (hook_game("dictactions", """
        def legal_actions(self, state):
            return {a: 1 for a in super().legal_actions(state)}
        """), "legal_actions returned {"),
    "badscores": (hook_game("badscores", """
        def scores(self, state):
            return "lots"
        """), "failed in scores after move 208: returned 'lots': return a list of one number per seat (4)"),
    "forever": (hook_game("forever", """
        def is_game_over(self, state):
            return False
        """), "the game has not ended after 20,000 moves"),
    "smalldeck": (tiny_game("smalldeck", base="kit.TrickGame"),
                  "the deck has 3 cards, fewer than the 4 seats"),
    "suitless": (tiny_game("suitless", base="kit.TrickGame", body="deck_file = 'deck.csv'"),
                 "deck.csv:3: suit: card 'b' has none"),
}
EXTRA_FILES = {
    "smalldeck": {"deck.toml": "[[card]]\nsuit = 'S'\nvalue = 1\ncount = 3\n"},
    "suitless": {"deck.csv": "id,value,,,\na,1,,,\nb,2,,,\n"},
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A working folder whose games/ holds every hostile plugin, a noisy valid one and bad bots."""
    cwd = tmp_path_factory.mktemp("hostile")
    games = cwd / "games"
    for name, (code, _) in {**HOSTILE_IMPORTS, **HOSTILE_HOOKS}.items():
        write_game(games, name, {"__init__.py": code, **EXTRA_FILES.get(name, {})})
    noisy = textwrap.dedent("""
        import os, signal, sys, threading
        print("garbage on stdout " * 100)
        print("garbage on stderr", file=sys.stderr)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        threading.Thread(target=threading.Event().wait, daemon=False).start()
        os.close(1)
        """) + tiny_game("noisy")
    write_game(games, "noisy", {"__init__.py": noisy})
    write_game(games, "botsexit", {"__init__.py": tiny_game("botsexit"),
                                   "bots.py": "import sys\nsys.exit(9)\n"})
    write_game(games, "patcher", {"__init__.py": tiny_game("patcher"), "bots.py": """
        from tabletop.plugins.watchdog import Watchdog

        Watchdog.choose = lambda self, view: self.bot.choose(view)
        """})
    return cwd


def tabletop(cwd: Path, *args: str, timeout: float = HANG) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABLETOP_PLUGIN_CACHE": str(cwd / "cache"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=timeout)


@pytest.fixture(scope="module")
def listing(folder: Path) -> subprocess.CompletedProcess[str]:
    return tabletop(folder, "games")


def test_games_lists_every_hostile_plugin_as_broken_with_what_it_did(listing: subprocess.CompletedProcess[str]) -> None:
    assert listing.returncode == 0, listing.stderr
    out = listing.stdout
    for name in ("trick-taking", "birdhead", "draw-poker", "noisy", "botsexit", "patcher"):
        assert f"\n{name}: " in f"\n{out}", name
    for name, (_, words) in {**HOSTILE_IMPORTS, **HOSTILE_HOOKS}.items():
        line = next((x for x in out.splitlines() if x.startswith(f"{name}  [BROKEN")), "")
        assert words in out.split(f"{name}  [BROKEN, folder games/{name}] ")[-1].split("\n\n")[0], (name, line)
    assert "garbage" not in out  # a plugin's prints stay in its probe
    assert "still importing plugin loop (folder games/loop) after" in listing.stderr
    assert re.search(r"botsexit/bots\.py +\[BROKEN", out) and re.search(r"patcher/bots\.py +\[BROKEN", out), out


def test_broken_bots_say_what_they_did(folder: Path, listing: subprocess.CompletedProcess[str]) -> None:
    result = tabletop(folder, "simulate", "botsexit", "--games", "1", "--bots", "botsexit/bots.py")
    assert result.returncode == 2
    assert "called sys.exit(9) while its bots.py was being imported" in result.stderr
    assert "Watchdog.choose cannot be changed" in tabletop(
        folder, "simulate", "patcher", "--games", "1", "--bots", "patcher/bots.py").stderr


def settled(listing: str) -> list[str]:
    """Return the lines of a ``tabletop games`` listing, a quick check's passing verdict without the count
    of its games the time limit cut short (such a verdict is made again next time)."""
    return [re.sub(r", \d+ stopped by the time limit before its end;", ";", line) for line in listing.splitlines()]


def test_every_command_keeps_working_and_reads_the_cache(folder: Path,
                                                        listing: subprocess.CompletedProcess[str]) -> None:
    again = tabletop(folder, "games")
    # A quick check a busy machine cut short is not kept (it runs again, and may finish this time): its
    # verdict alone may differ. Every other line comes from the cache.
    assert settled(again.stdout) == settled(listing.stdout) and "still importing" not in again.stderr  # no probe ran
    sim = tabletop(folder, "simulate", "trick-taking", "--games", "3", "--quiet", "--out", "r.csv",
                   "--set", "deals=1")
    assert sim.returncode == 0, sim.stderr
    log = folder / "logs" / "g.jsonl"
    play = tabletop(folder, "play", "noisy", "--seats", "random", "--speed", "instant", "--exit-after", "1",
                    "--set", "deals=1", "--log", str(log), "--size", "640x480")
    assert play.returncode == 0, play.stderr
    replayed = tabletop(folder, "replay", str(log))
    assert replayed.returncode == 0 and "complete" in replayed.stdout, replayed.stderr
    assert tabletop(folder, "new", "fresh-game").returncode == 0


@pytest.mark.parametrize("name", ["exit3", "loop", "hookosexit", "forever"])
def test_a_broken_plugin_is_refused_in_one_line(folder: Path, listing: subprocess.CompletedProcess[str],
                                                name: str) -> None:
    for command in (["simulate", name, "--games", "2"], ["play", name, "--seats", "random"]):
        result = tabletop(folder, *command)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and f"{name} (folder games/{name}) is broken: " in lines[0], lines


# -- hooks that misbehave only in some games: the supervised simulator skips just those ----------------
RUNTIME = hook_game("flaky", FLAKY_WINNER)


def test_simulate_skips_only_the_games_whose_rules_exit_crash_or_hang(tmp_path: Path) -> None:
    write_game(tmp_path / "games", "flaky", {"__init__.py": RUNTIME})
    result = tabletop(tmp_path, "simulate", "flaky", "--games", "12", "--set", "deals=3", "--game-timeout", "2",
                      "--out", "r.csv", "--workers", "2")
    assert result.returncode == 0, result.stderr
    err = result.stderr
    assert "failed in apply at move" in err and "called sys.exit(4) (at games/flaky/__init__.py:" in err
    assert "skipped: the game's code ended its process (exit status 5" in err
    assert "skipped: ran past --game-timeout 2 s and was stopped" in err
    rows = (tmp_path / "r.csv").read_text().splitlines()
    played = (len(rows) - 1) // 4
    sidecar = (tmp_path / "r.csv.partial").read_text().splitlines()
    skipped = [line for line in sidecar if line.startswith("game ")]
    assert played + len(skipped) == 12 and played > 0 and len(rows) == 1 + 4 * played
    assert sidecar[0] == f"r.csv holds {played} of the 12 games asked for, whole games only: {len(skipped)} games were skipped"


# -- bots --------------------------------------------------------------------------------------------------
STUCK = """
    from tabletop.bots.base import Bot

    class Stuck(Bot):
        name = "stuck"

        def choose(self, view):
            if len(view.legal) > 3:
                while True:
                    pass
            return view.legal[0]
    """


@pytest.mark.usefixtures("clean_registry")
def test_a_stuck_plugin_bot_leaves_no_busy_thread_behind(tmp_path: Path) -> None:
    write_game(tmp_path, "host", {"__init__.py": tiny_game("host"), "bots.py": STUCK})
    plugins.discover(tmp_path)
    before = threading.active_count()
    # Processes an earlier test kept for the session (a hint's search pool) are not this test's.
    kept = {p.pid for p in multiprocessing.active_children()}
    config = SimConfig(game="trick-taking", players=4, bots=("stuck", "random", "random", "random"), seed=1,
                       games=6, options={"deals": 1}, bot_timeout=0.1, games_dir=str(tmp_path))
    results = list(simulate(config, workers=1))
    assert [r.game for r in results] == list(range(1, 7))
    assert not any(isinstance(r, SkippedGame) for r in results)
    assert all(r.faults[0] > 0 for r in results)  # type: ignore[union-attr]
    assert [p for p in multiprocessing.active_children() if p.pid not in kept] == []
    assert threading.active_count() == before


class Patcher:
    """A bot that tries to switch the time limit off for every bot, then answers at once."""

    name = "patcher"
    trusted = False

    def __init__(self) -> None:
        self.errors: list[str] = []

    def choose(self, view):  # type: ignore[no-untyped-def]
        for attack in (lambda: setattr(Watchdog, "timeout", None),
                       lambda: setattr(Watchdog, "choose", lambda self, v: self.bot.choose(v)),
                       lambda: delattr(Watchdog, "choose")):
            try:
                attack()
            except AttributeError as exc:
                self.errors.append(str(exc))
        return view.legal[0]


class Sleeper:
    """A bot that never answers in time: it waits until the test is over."""

    name = "sleeper"
    over = threading.Event()

    def choose(self, view):  # type: ignore[no-untyped-def]
        self.over.wait(HANG)
        return view.legal[0]


def test_a_bot_cannot_switch_the_time_limit_off_for_the_others() -> None:
    game = registry.make_game("trick-taking", players=3, options={"deals": 1})
    patcher = Patcher()
    # The patcher answers at once (its limit only guards a hang); the sleepers never do, whatever the load.
    seats = [Watchdog(patcher, HANG), Watchdog(Sleeper(), 0.05), Watchdog(Sleeper(), 0.05)]
    session = open_game(game, seats, seed=2, bot_timeout=0.05)
    try:
        session.advance(max_moves=6)
    finally:
        Sleeper.over.set()
    assert len(patcher.errors) >= 3 and all("cannot be" in e for e in patcher.errors)
    assert any(f.bot == "sleeper" and "took longer than 0.05 s" in f.problem for f in session.faults)
