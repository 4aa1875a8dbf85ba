"""Probing stays bounded and cannot be bypassed: floods are cut and named, forked processes die with the
probe, reports are keyed by content, and the in-process import keeps the probe's guard.

Each plugin is written into a fresh games folder and every command runs as a subprocess with a timeout.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.patience import HANG
from tests.plugin_fixtures import tiny_game, write_game
from tests.test_plugin_attacks import tabletop

FLOOD_CHANNEL = """
import os, stat
for fd in range(3, 64):
    try:
        if stat.S_ISFIFO(os.fstat(fd).st_mode):
            chunk = b"x" * (1 << 20)
            for _ in range(400):          # 400 MB without a line break, to every pipe it can find
                os.write(fd, chunk)
    except OSError:
        pass
"""

FLOOD_STDERR = """
import os
chunk = b"e" * (1 << 20)
for _ in range(200):
    os.write(2, chunk)
"""


def test_a_flood_on_the_report_channel_is_cut_and_named(tmp_path: Path) -> None:
    write_game(tmp_path / "games", "flood", {"__init__.py": FLOOD_CHANNEL + tiny_game("flood")})
    result = tabletop(tmp_path, "games", timeout=HANG)  # a safety net: a flood read to its end would hold it far longer
    assert result.returncode == 0, result.stderr
    assert "flood  [BROKEN" in result.stdout and "without a line break" in result.stdout, result.stdout
    assert "trick-taking" in result.stdout  # every other game still listed


def test_a_flood_on_stderr_costs_only_its_tail(tmp_path: Path) -> None:
    write_game(tmp_path / "games", "noisy", {"__init__.py": FLOOD_STDERR + tiny_game("noisy")})
    result = tabletop(tmp_path, "games", timeout=HANG)
    assert result.returncode == 0, result.stderr
    assert "noisy: Noisy" in result.stdout and "BROKEN" not in result.stdout.split("noisy: Noisy")[0][-200:]


def test_processes_forked_at_import_die_with_the_probe_and_do_not_hold_the_command(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    forking = f"""
import os, time
pid = os.fork()
if pid == 0:
    with open({str(pids)!r}, "a") as f:
        f.write(f"{{os.getpid()}}\\n")
    time.sleep(900)  # longer than the command's safety net: it never ends before the command would
    os._exit(0)
"""
    write_game(tmp_path / "games", "forker", {"__init__.py": forking + tiny_game("forker")})
    # The forked child outlives the command's safety net: a command that waited for it would not return.
    result = tabletop(tmp_path, "games", timeout=HANG)
    assert result.returncode == 0, result.stderr
    for pid in map(int, pids.read_text().split()):
        deadline = time.monotonic() + 60  # killed with its process group; reaped a moment later
        while _running(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _running(pid), f"process {pid} forked by the plugin outlived the probe"


def _running(pid: int) -> bool:
    """True when ``pid`` runs (a zombie left for init to reap has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def test_a_plugin_swapped_after_probing_with_the_same_size_and_time_is_probed_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Python's own bytecode cache is keyed by a source's size and time too: where it is written (Python's
    # default), every process would run the bytecode of the first file and the swap would never run at all.
    # This test is about tabletop's probe cache, so its commands write none.
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    good = tiny_game("swapped") + "# " + "x" * 40 + "\n"
    bad = "import os\nos._exit(7)\n" + tiny_game("swapped")
    bad += "#" * (len(good) - len(bad) - 1) + "\n"
    assert len(bad) == len(good)
    folder = write_game(tmp_path / "games", "swapped", {"__init__.py": good})
    init = folder / "__init__.py"
    assert "swapped: Swapped" in tabletop(tmp_path, "games").stdout
    stat = init.stat()
    init.write_text(bad)
    os.utime(init, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    result = tabletop(tmp_path, "simulate", "swapped", "--games", "2", "--quiet")
    assert result.returncode != 7
    assert "os._exit(7)" in result.stderr, (result.returncode, result.stderr)


def test_a_plugin_that_loops_only_outside_the_probe_is_stopped_with_its_name(tmp_path: Path) -> None:
    sly = "import sys\nif 'probe_child' not in ' '.join(sys.argv):\n    while True:\n        pass\n"
    write_game(tmp_path / "games", "sly", {"__init__.py": sly + tiny_game("sly")})
    result = tabletop(tmp_path, "simulate", "sly", "--games", "2", "--quiet", "--workers", "1", timeout=HANG)
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "sly" in errors[0] and "behaves differently when probed" in errors[0], result.stderr


def test_a_plugin_that_lowers_the_recursion_limit_does_not_break_the_command(tmp_path: Path) -> None:
    low = "import sys\nsys.setrecursionlimit(60)\n"
    write_game(tmp_path / "games", "shallow", {"__init__.py": low + tiny_game("shallow")})
    result = tabletop(tmp_path, "simulate", "shallow", "--games", "3", "--quiet", "--workers", "1",
                      "--report", "report")
    assert "Traceback" not in result.stderr and "RecursionError" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
