"""A corpus of attacks on tabletop, run as a user would: ``python -m tests.attack_corpus [--root DIR]``.

Each attack writes its files (hostile plugins, corrupt logs, deck files) into a fresh folder and
runs one ``tabletop`` command there as a subprocess, with a time limit. It is *handled* when the
command ends in time, prints no traceback, exits with 0, 1, 2, 130 or 143, and says what the
attack expects (a message, whole games in a result file...). ``--root`` runs another checkout
(say, main) with the same corpus, for a before/after count. Not collected by pytest: the
hostile cases it needs are covered by the test_*_attacks.py files; this is the scoreboard.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
LIMIT = 25.0


@dataclass
class Attack:
    """One attack: its files, the command, and what a handled outcome shows."""

    name: str
    args: list[str]
    files: dict[str, str | bytes] = field(default_factory=dict)
    expect: list[str] = field(default_factory=list)
    codes: tuple[int, ...] = (0, 1, 2, 130, 143)
    check: Callable[[Path, subprocess.CompletedProcess[str]], bool] | None = None
    signal_after: tuple[int, str] | None = None  # (signal, file that must have grown first)
    fsize: int | None = None


def game(name: str, body: str = "", base: str = "TrickGame", head: str = "") -> str:
    module = "kit" if base == "kit.TrickGame" else "games.trick_taking"
    imported = "from tabletop import kit" if module == "kit" else f"from tabletop.{module} import {base}"
    return (f"import os, sys\n{head}\n{imported}\n\n\nclass G({base}):\n"
            f"    name = {name!r}\n    title = 'T'\n    summary = 'S'\n" + textwrap.indent(textwrap.dedent(body), "    "))


IMPORTS = {
    "sys-exit": "import sys\nsys.exit(3)\n",
    "system-exit-text": "raise SystemExit('bye')\n",
    "keyboard-interrupt": "raise KeyboardInterrupt\n",
    "recursion": "def f():\n    return f()\nf()\n",
    "endless-loop": "while True:\n    pass\n",
    "long-sleep": "import time\ntime.sleep(10**6)\n",
    "os-exit": "import os\nos._exit(7)\n",
    "segfault": "import ctypes\nctypes.string_at(0)\n",
    "self-kill": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
    "read-stdin": "input()\n",
    "memory": "x = bytearray(2**62)\n",
    "abort": "import os\nos.abort()\n",
}
HOOKS = {
    "apply-exit": "def trick_winner(self, state, cards):\n    sys.exit(4)\n",
    "legal-kbint": "def legal_actions(self, state):\n    raise KeyboardInterrupt\n",
    "apply-recursion": "def apply(self, state, action, emit):\n    self.apply(state, action, emit)\n",
    "apply-loop": "def trick_winner(self, state, cards):\n    while True:\n        pass\n",
    "apply-os-exit": "def trick_winner(self, state, cards):\n    os._exit(5)\n",
    "legal-empty": "def legal_actions(self, state):\n    return []\n",
    "legal-none": "def legal_actions(self, state):\n    return None\n",
    "legal-strings": "def legal_actions(self, state):\n    return [a.label for a in super().legal_actions(state)]\n",
    "legal-dict": "def legal_actions(self, state):\n    return {a: 1 for a in super().legal_actions(state)}\n",
    "scores-text": "def scores(self, state):\n    return 'lots'\n",
    "never-over": "def is_game_over(self, state):\n    return False\n",
    "setup-exit": "def setup(self, rng, emit):\n    sys.exit(2)\n",
    "observe-raises": "def observe(self, state, seat):\n    raise ValueError('no view')\n",
}
FLAKY_WINNER = """
    def trick_winner(self, state, cards):
        if self.options.deals == 3 and state.deals == 2 and state.trick_no == 1:
            roll = state.rng.random()
            if roll < 0.2:
                sys.exit(4)
            if roll < 0.4:
                os._exit(5)
            if roll < 0.6:
                while True:
                    pass
        return super().trick_winner(state, cards)
    """
"""A trick winner that exits, kills its process or hangs in some games only (deal 2 of 3, first trick)."""
RUNTIME = game("flaky", FLAKY_WINNER)
STUCK_BOT = """
from tabletop.bots.base import Bot

class Stuck(Bot):
    name = "stuck"

    def choose(self, view):
        while len(view.legal) > 3:
            pass
        return view.legal[0]
"""
PATCH_BOT = """
from tabletop.bots.base import Bot
from tabletop.plugins.watchdog import Watchdog

class Patcher(Bot):
    name = "patcher"

    def choose(self, view):
        Watchdog.choose = lambda self, v: self.bot.choose(v)
        return view.legal[0]
"""


def broken_listed(name: str) -> Callable[[Path, subprocess.CompletedProcess[str]], bool]:
    return lambda cwd, r: f"{name}  [BROKEN" in r.stdout and "trick-taking: " in r.stdout


def whole_rows(out: str, per_game: int = 4) -> Callable[[Path, subprocess.CompletedProcess[str]], bool]:
    def check(cwd: Path, result: subprocess.CompletedProcess[str]) -> bool:
        path = cwd / out
        if not path.exists():
            return False
        lines = path.read_text(errors="replace").splitlines()
        rows = lines[1:] if out.endswith(".csv") else lines
        games = [r.split(",")[0] if out.endswith(".csv") else str(json.loads(r)["game"]) for r in rows]
        counts = {g: games.count(g) for g in set(games)}
        partial_said = "partial" in result.stderr or result.returncode == 0
        return all(c == per_game for c in counts.values()) and partial_said
    return check


def plugin_attacks() -> list[Attack]:
    out = []
    for kind, code in IMPORTS.items():
        files = {f"games/{kind}/__init__.py": code}
        out.append(Attack(f"import {kind}: games", ["games"], files, check=broken_listed(kind)))
        out.append(Attack(f"import {kind}: simulate another game", ["simulate", "trick-taking", "--games", "3",
                                                                     "--set", "deals=1"], files, codes=(0,)))
        out.append(Attack(f"import {kind}: simulate it", ["simulate", kind, "--games", "3"], files,
                          expect=["is broken"], codes=(2,)))
        out.append(Attack(f"import {kind}: bots.py", ["games"], {
            "games/host/__init__.py": game("host"), "games/host/bots.py": code},
            expect=["host/bots.py [BROKEN]"], codes=(0,)))
    for kind, body in HOOKS.items():
        files = {f"games/{kind}/__init__.py": game(kind, body)}
        out.append(Attack(f"hook {kind}: games", ["games"], files, check=broken_listed(kind)))
        out.append(Attack(f"hook {kind}: simulate it", ["simulate", kind, "--games", "3"], files,
                          expect=["is broken"], codes=(2,)))
        out.append(Attack(f"hook {kind}: play it", ["play", kind, "--seats", "random", "--exit-after", "1",
                                                    "--speed", "instant", "--size", "640x480"], files,
                          expect=["is broken"], codes=(2,)))
    out.append(Attack("deck smaller than the seats", ["games"], {
        "games/tiny/__init__.py": game("tiny", base="kit.TrickGame"),
        "games/tiny/deck.toml": "[[card]]\nsuit = 'S'\nvalue = 1\ncount = 3\n"},
        expect=["fewer than the 4 seats"]))
    out.append(Attack("suitless deck", ["games"], {
        "games/nosuit/__init__.py": game("nosuit", "deck_file = 'deck.csv'\n", base="kit.TrickGame"),
        "games/nosuit/deck.csv": "id,value,,\na,1,,\nb,2,,\n"}, expect=["deck.csv:2: suit"]))
    for what in ("exited", "ended its process", "ran past --game-timeout"):
        out.append(Attack(f"runtime hook that {what}", ["simulate", "flaky", "--games", "12", "--set", "deals=3",
                                                         "--game-timeout", "2", "--out", "r.csv", "--workers", "2"],
                          {"games/flaky/__init__.py": RUNTIME},
                          expect=[("game 'flaky' failed" if what == "exited" else what)],
                          check=whole_rows("r.csv")))
    out.append(Attack("bot stuck in a loop", ["simulate", "trick-taking", "--games", "8", "--bots",
                                              "stuck,random,random,random", "--bot-timeout", "0.2", "--set", "deals=1"],
                      {"games/host/__init__.py": game("host"), "games/host/bots.py": STUCK_BOT},
                      expect=["misbehaved"], codes=(0,)))
    out.append(Attack("bot patches the watchdog", ["simulate", "trick-taking", "--games", "3", "--bots",
                                                   "patcher,stuck,random,random", "--bot-timeout", "0.2", "--set",
                                                   "deals=1"],
                      {"games/host/__init__.py": game("host"), "games/host/bots.py": STUCK_BOT + PATCH_BOT},
                      expect=["bot 'stuck' in seat 2 misbehaved"], codes=(0,)))
    return out


def good_log(deals: int = 1) -> str:
    sys.path.insert(0, str(ROOT))
    from tabletop.engine.session import open_session
    from tabletop.formats.log import GameLog
    from tabletop.plugins.registry import make_game, seat_makers

    game_ = make_game("trick-taking", players=4, options={"deals": deals})
    path = Path(tempfile.mkdtemp()) / "g.jsonl"
    log = GameLog.create(path, game=game_, seat_names=["random"] * 4, seed=5)
    open_session(game_, seat_makers(["random"] * 4, game_), seed=5, log=log).run()
    log.close()
    return path.read_text()


def log_attacks() -> list[Attack]:
    lines = good_log().splitlines()

    def edit(at: int, change: Callable[[dict], object] | str) -> str:
        new = list(lines)
        if isinstance(change, str):
            new[at] = change
        else:
            record = json.loads(new[at])
            change(record)
            new[at] = json.dumps(record)
        return "\n".join(new) + "\n"

    def put(key: str, value: object) -> Callable[[dict], None]:
        return lambda r: r.__setitem__(key, value)

    cases: dict[str, str | bytes] = {
        "cut last line": "\n".join(lines)[:-25],
        "cut mid-game": "\n".join(lines[:20]) + "\n" + lines[20][:10],
        "empty": "",
        "binary": bytes(range(256)) * 4,
        "not utf-8": ("\n".join(lines) + "\n").encode().replace(b"play", b"pl\xffy", 1),
        "header game int": edit(0, put("game", 5)),
        "header players text": edit(0, put("players", "four")),
        "header players huge": edit(0, put("players", 10**30)),
        "header seed float": edit(0, put("seed", 1.5)),
        "header seed 5000 digits": edit(0, '{"type":"header","game":"trick-taking","players":4,"seed":' + "7" * 5000 + "}"),
        "header options list": edit(0, put("options", [1])),
        "header unknown option": edit(0, put("options", {"wind": 3})),
        "header unknown game": edit(0, put("game", "snap")),
        "header missing bot": edit(0, put("seats", ["gone", "random", "random", "random"])),
        "header infinity": edit(0, '{"type":"header","game":"trick-taking","players":Infinity,"seed":1}'),
        "header nan": edit(0, '{"type":"header","game":"trick-taking","players":NaN,"seed":1}'),
        "header 1e999": edit(0, '{"type":"header","game":"trick-taking","players":1e999,"seed":1}'),
        "header lone surrogate": edit(0, put("game", "\ud800")),
        "deep nesting": edit(0, "[" * 100_000 + "]" * 100_000),
        "deep nesting action": edit(3, '{"type":"action","seat":0,"action":' + "[" * 100_000 + "]" * 100_000 + "}"),
        "action seat text": edit(3, put("seat", "1")),
        "action seat bool": edit(3, put("seat", True)),
        "action not a dict": edit(3, put("action", "AS")),
        "action cards text": edit(3, lambda r: r["action"].__setitem__("cards", "AS")),
        "action surrogate card": edit(3, lambda r: r["action"].__setitem__("cards", ["\udfff"])),
        "action huge list": edit(3, put("action", list(range(100_000)))),
        "end scores text": edit(len(lines) - 1, put("scores", ["a", "b", "c", "d"])),
        "end scores edited": edit(len(lines) - 1, lambda r: r["scores"].__setitem__(0, r["scores"][0] + 5)),
        "duplicate header": lines[0] + "\n" + "\n".join(lines) + "\n",
        "line of 3 MB": lines[0] + "\n" + " " * (3 << 20) + "\n",
        "crlf line ends": "\r\n".join(lines) + "\r\n",
        "bom": "\ufeff" + "\n".join(lines) + "\n",
    }
    out = []
    for name, text in cases.items():
        files: dict[str, str | bytes] = {"g.jsonl": text}
        out.append(Attack(f"log {name}: replay", ["replay", "g.jsonl"], files))
        if name.startswith("cut"):
            out.append(Attack(f"log {name}: replay --partial", ["replay", "g.jsonl", "--partial"], files,
                              expect=["last line was cut off"], codes=(0,)))
    big = good_log(6).splitlines()[:211]
    big[210] = '{"type":"action","n":209,"seat":"x","action":{}}'
    out.append(Attack("log 200 MB with a problem on line 211", ["replay", "big.jsonl"],
                      {"big.jsonl": b"SPARSE:" + ("\n".join(big) + "\n").encode()},
                      expect=[":211:"], codes=(2,)))
    out.append(Attack("log is a folder", ["replay", "."], {}, expect=["cannot read the log"], codes=(2,)))
    return out


def io_attacks() -> list[Attack]:
    digits = "7" * 5000
    out = [
        Attack("--bot-timeout nan", ["simulate", "trick-taking", "--bot-timeout", "nan"], codes=(2,), expect=["0.01 to 3600"]),
        Attack("--bot-timeout inf", ["simulate", "trick-taking", "--bot-timeout", "inf"], codes=(2,), expect=["0.01 to 3600"]),
        Attack("--bot-timeout 1e300", ["simulate", "trick-taking", "--games", "2", "--bot-timeout", "1e300",
                                       "--bots", "stuck,random,random,random"],
               {"games/host/__init__.py": game("host"), "games/host/bots.py": STUCK_BOT}, codes=(2,), expect=["0.01 to 3600"]),
        Attack("play --bot-timeout nan", ["play", "trick-taking", "--bot-timeout", "nan"], codes=(2,), expect=["0.01 to 3600"]),
        Attack("--size 99999x99999", ["play", "trick-taking", "--seats", "random", "--size", "99999x99999",
                                      "--exit-after", "1", "--speed", "instant"], codes=(2,), expect=["7680x4320"]),
        Attack("play --seats ',,,,'", ["play", "trick-taking", "--seats", ",,,,", "--exit-after", "1", "--speed",
                                       "instant"], codes=(2,), expect=["no name"]),
        Attack("simulate --bots ',,,,'", ["simulate", "trick-taking", "--bots", ",,,,"], codes=(2,)),
        Attack("5,000-digit seed", ["simulate", "trick-taking", "--seed", digits], codes=(2,),
               check=lambda cwd, r: digits not in r.stderr and digits not in r.stdout),
        Attack("5,000-digit option", ["simulate", "trick-taking", "--set", f"deals={digits}"], codes=(2,),
               check=lambda cwd, r: digits not in r.stderr),
        Attack("games 10^30", ["simulate", "trick-taking", "--games", "1" + "0" * 30], codes=(2,)),
        Attack("--out is a folder", ["simulate", "trick-taking", "--games", "2", "--out", "d.csv"],
               {"d.csv/x": ""}, codes=(2,), expect=["d.csv"]),
        Attack("--out on a full disk", ["simulate", "trick-taking", "--games", "2", "--out", "full.csv"],
               {"full.csv": "->/dev/full"}, codes=(2,), expect=["full.csv"]),
        Attack("--out under a file", ["simulate", "trick-taking", "--games", "2", "--out", "f/r.csv"],
               {"f": "a file"}, codes=(2,), expect=["f/r.csv"]),
        Attack("--log on a full disk", ["play", "trick-taking", "--seats", "random", "--log", "full.jsonl",
                                        "--exit-after", "1", "--speed", "instant"], {"full.jsonl": "->/dev/full"},
               codes=(1, 2), expect=["full.jsonl"]),
        Attack("non-UTF-8 --out", ["simulate", "trick-taking", "--games", "2", "--set", "deals=1", "--quiet",
                                   "--out", os.fsdecode(b"r\xff.csv")], codes=(0,)),
        Attack("non-UTF-8 games folder", ["games"], {os.fsdecode(b"games/\xfe/__init__.py"): ""}, codes=(0,)),
        Attack("file fills up mid-run", ["simulate", "trick-taking", "--games", "100000", "--set", "deals=1",
                                         "--out", "r.csv", "--quiet"], fsize=100_000, check=whole_rows("r.csv"),
               codes=(1,)),
        Attack("SIGINT mid-simulate", ["simulate", "trick-taking", "--games", "10000000", "--set", "deals=1",
                                       "--out", "r.csv", "--quiet", "--workers", "2"],
               signal_after=(signal.SIGINT, "r.csv"), codes=(130,), check=whole_rows("r.csv")),
        Attack("SIGTERM mid-simulate", ["simulate", "trick-taking", "--games", "10000000", "--set", "deals=1",
                                        "--out", "r.jsonl", "--quiet"],
               signal_after=(signal.SIGTERM, "r.jsonl"), codes=(143,), check=whole_rows("r.jsonl")),
        Attack("SIGTERM mid-play", ["play", "trick-taking", "--seats", "random", "--log", "g.jsonl", "--speed",
                                    "fast", "--size", "640x480"], signal_after=(signal.SIGTERM, "g.jsonl"),
               codes=(143,)),
        Attack("deck nested 100,000 deep", ["games"], {
            "games/deep/__init__.py": game("deep", base="kit.TrickGame"),
            "games/deep/deck.toml": "a = " + "[" * 100_000 + "]" * 100_000 + "\n"}, expect=["deck.toml:1"]),
        Attack("deck with Excel's trailing commas", ["simulate", "excel", "--games", "2"], {
            "games/excel/__init__.py": game("excel", "deck_file = 'deck.csv'\n", base="kit.TrickGame"),
            "games/excel/deck.csv": "id,suit,value,,,\r\n" + "".join(f"{v}{s},{s},{v},,,\r\n" for s in "SHDC"
                                                                          for v in range(1, 9))}, codes=(0,)),
        Attack("deck value of 5,000 digits", ["games"], {
            "games/big/__init__.py": game("big", base="kit.TrickGame"),
            "games/big/deck.toml": "[[card]]\nsuit = 'S'\nvalue = " + digits + "\n"}, expect=["deck.toml:3: value"],
            check=lambda cwd, r: digits not in r.stdout),
        Attack("launcher: newline in the folder name", ["launcher", "out"], {}, expect=["line break"],
               codes=(2,)),
    ]
    return out


def attacks() -> list[Attack]:
    return plugin_attacks() + log_attacks() + io_attacks()


ROOT = HERE


def run(attack: Attack, root: Path) -> tuple[bool, str]:
    cwd = Path(tempfile.mkdtemp(prefix="attack-"))
    if attack.name.startswith("launcher"):
        cwd = cwd / "a\nExec=evil"
        cwd.mkdir()
    for rel, content in attack.files.items():
        path = cwd / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str) and content.startswith("->"):
            path.symlink_to(content[2:])
        elif isinstance(content, bytes) and content.startswith(b"SPARSE:"):
            path.write_bytes(content[7:])
            os.truncate(path, 200 << 20)  # a 200 MB file of which only the head is written
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
    env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLETOP_PLUGIN_CACHE": str(cwd / ".cache"), "TABLETOP_PLUGIN_TIMEOUT": "5", "HOME": str(cwd)}

    def limits() -> None:
        if attack.fsize:
            resource.setrlimit(resource.RLIMIT_FSIZE, (attack.fsize, attack.fsize))

    started = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "tabletop", *attack.args], cwd=cwd, env=env, text=True,
                               errors="backslashreplace",
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limits,
                               start_new_session=True)
    if attack.signal_after:
        sig, grows = attack.signal_after
        while time.monotonic() - started < LIMIT and process.poll() is None:
            if (cwd / grows).exists() and (cwd / grows).stat().st_size > 2000:
                break
            time.sleep(0.05)
        time.sleep(0.3)
        process.send_signal(sig)
    try:
        stdout, stderr = process.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return False, f"hung (killed after {LIMIT:g} s)"
    result = subprocess.CompletedProcess(attack.args, process.returncode, stdout, stderr)
    said = stdout + stderr + "".join(p.read_text(errors="replace") for p in cwd.glob("*.partial"))
    if "Traceback" in said:
        return False, "traceback: " + stderr.strip().splitlines()[-1][:120]
    if result.returncode not in attack.codes:
        return False, f"exit status {result.returncode}: {stderr.strip()[-160:]!r}"
    missing = [e for e in attack.expect if e not in said]
    if missing:
        return False, f"did not say {missing[0]!r}: {stderr.strip()[-160:]!r}"
    if attack.check is not None and not attack.check(cwd, result):
        return False, f"check failed: {stderr.strip()[-160:]!r}"
    return True, (stderr.strip().splitlines() or [""])[-1][:160]


def main() -> None:
    """Run the corpus and print one line per attack, then the count."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout to attack (default this one)")
    parser.add_argument("-k", default="", help="only attacks whose name contains this")
    args = parser.parse_args()
    chosen = [a for a in attacks() if args.k in a.name]
    started = time.time()
    handled = 0
    for attack in chosen:
        ok, note = run(attack, args.root.resolve())
        for folder in Path(tempfile.gettempdir()).glob("attack-*"):  # this run's folders only
            if folder.stat().st_mtime >= started:
                shutil.rmtree(folder, ignore_errors=True)
        handled += ok
        print(f"{'ok  ' if ok else 'FAIL'} {attack.name}: {note}", flush=True)
    print(f"\n{handled} of {len(chosen)} attacks handled ({args.root})")


if __name__ == "__main__":
    main()
