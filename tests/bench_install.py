"""What the compiled kernel costs at install: the README's first install timed with and without it, side by side.

Run: ``python tests/bench_install.py [--rounds R] [--no-deps]``. Not collected by pytest. Each round
clones this checkout's last commit into a temporary folder and times ``pip install -e .`` in a fresh venv,
once as it is (the kernel built where it can be) and once with ``TABLETOP_PURE_PYTHON=1``, taking turns.
pip's cache is used as it is (warm after the first install on a machine); ``--no-deps`` times the
build of tabletop alone. The last line says which engine each install got (``tabletop bench``'s first line).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed_install(clone: Path, folder: Path, *, pure: bool, no_deps: bool) -> tuple[float, str]:
    """Return the seconds ``pip install -e .`` took in a fresh venv at ``folder``, and the engine it got."""
    venv.EnvBuilder(with_pip=True).create(folder)
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_PURE_PYTHON", "TABLETOP_COMPILE")}
    if pure:
        env["TABLETOP_PURE_PYTHON"] = "1"
    started = time.perf_counter()
    subprocess.run([str(python), "-m", "pip", "install", "-q", *(["--no-deps"] if no_deps else []), "-e", "."],
                   cwd=clone, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    spent = time.perf_counter() - started
    # Asked without the switch: what the install holds, not what the switch turns off at run time.
    plain = {k: v for k, v in env.items() if k != "TABLETOP_PURE_PYTHON"}
    engine = subprocess.run([str(python), "-c", "from tabletop import _fast; print(_fast.status().line)"],
                            cwd=folder, env=plain, capture_output=True, text=True, check=True).stdout.strip()
    return spent, engine


def main() -> int:
    """Time the installs and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="rounds, each installing both ways (default 2)")
    parser.add_argument("--no-deps", action="store_true", help="install tabletop alone (pip install --no-deps)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-install-") as scratch:
        times: dict[str, list[float]] = {"default": [], "pure": []}
        engines: dict[str, str] = {}
        for round_ in range(args.rounds):
            for kind in ("default", "pure") if round_ % 2 == 0 else ("pure", "default"):
                clone = Path(scratch) / f"clone-{round_}-{kind}"
                subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
                spent, engines[kind] = timed_install(clone, Path(scratch) / f"venv-{round_}-{kind}",
                                                     pure=kind == "pure", no_deps=args.no_deps)
                times[kind].append(spent)
                load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
                print(f"round {round_ + 1}: {kind:<7} {spent:6.1f} s (load {load:.1f})", flush=True)
    for kind, spent in times.items():
        print(f"{kind:<7} best {min(spent):.1f} s, all {', '.join(f'{s:.1f}' for s in spent)}; {engines[kind]}")
    print(f"the kernel adds {min(times['default']) - min(times['pure']):.1f} s (best against best)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
