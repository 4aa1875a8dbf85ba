"""Run every check the team holds a change to, in order, and say which failed: the one command before a commit.

``.venv/bin/python tests/check_all.py`` runs ruff, mypy, the import contracts (lint-imports) and then
the tests (pytest). Arguments after the script's own go to pytest, so
``tests/check_all.py tests/test_kit.py -x`` runs the quick checks and one test file. ``--no-tests``
runs only the quick checks. Every step runs even when one before it failed (so one run lists every
problem); the exit status is 1 when any failed, 0 when all passed.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
Step = tuple[str, list[str]]
"""A check: its name and the command line that runs it (exit status 0: it passed)."""


def steps(pytest_args: Sequence[str] = (), *, tests: bool = True) -> list[Step]:
    """Return the checks in the order they run: the quick ones first, the tests last."""
    out: list[Step] = [
        ("ruff", [str(BIN / "ruff"), "check", "tabletop", "tests"]),
        ("mypy", [str(BIN / "mypy")]),
        ("lint-imports", [str(BIN / "lint-imports"), "--no-cache"]),
    ]
    if tests:
        out.append(("pytest", [sys.executable, "-m", "pytest", *pytest_args]))
    return out


def run_steps(checks: Sequence[Step]) -> list[str]:
    """Run each check from the checkout's root, printing its name, verdict and time; return the names that failed."""
    failed = []
    for name, command in checks:
        print(f"== {name}: {' '.join(command)}", flush=True)
        started = time.monotonic()
        try:
            code = subprocess.run(command, cwd=ROOT).returncode
        except FileNotFoundError:
            print(f"{name}: {command[0]} is missing: install the test extras"
                  " (.venv/bin/pip install -e '.[test]')", flush=True)
            code = 127
        verdict = "passed" if code == 0 else f"FAILED (exit status {code})"
        print(f"== {name} {verdict} in {time.monotonic() - started:.0f} s", flush=True)
        if code != 0:
            failed.append(name)
    return failed


def main(argv: Sequence[str] | None = None) -> int:
    """Run the checks ``argv`` asks for; return the exit status (1 when any failed)."""
    args = list(sys.argv[1:] if argv is None else argv)
    tests = "--no-tests" not in args
    failed = run_steps(steps([a for a in args if a != "--no-tests"], tests=tests))
    print("all checks passed" if not failed else f"failed: {', '.join(failed)}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
