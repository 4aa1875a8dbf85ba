"""Building the private kernel: ``_trick.pyx`` compiled with Cython, stamped with the hash of its sources.

Three routes, one recipe (:func:`extension`):

- ``pip install -e .`` (or ``pip install .``, ``pip wheel .``): setup.py builds it where Cython and a
  C compiler are there (build_backend/ asks for Cython where it can be had);
- ``python -m tabletop._fast.build``: in place, in a checkout, without reinstalling;
- ``python -m tabletop._fast.build --into DIR``: into a folder (the test suite's session fixture),
  loaded from there with :func:`tabletop._fast.load`.

The build writes the hash of :data:`SOURCES` into the module; at run time :mod:`tabletop._fast`
hashes the same files and uses the kernel only when they match, so an edit to any of them (a
``git pull`` included) turns a build stale by its content, whatever the files' times say.

This module imports nothing from tabletop (setup.py loads it by its path) and needs Cython and a
C compiler only when it builds.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent
"""The tabletop package folder (the sources are named relative to it)."""
MODULE = "tabletop._fast._trick"
"""The compiled kernel's module name: the trick game's rules and bots (stamped with the sources' hash)."""
LOOP = "tabletop._fast._session"
"""The compiled build of ``engine/session.py``, unchanged: the session runs its ``play_moves`` (the same code)."""
SOURCES = ("_fast/_trick.pyx", "_fast/gate.py", "engine/session.py",
           "games/trick_taking.py", "kit/trickgame.py", "kit/trickstate.py", "kit/game.py", "kit/state.py",
           "kit/tricks.py", "engine/game.py", "engine/rng.py",
           "bots/base.py", "bots/random_bot.py", "bots/trick_bot.py")
"""The kernel, the session whose loop it compiles, and every file holding code the kernel restates (every
function the trick game's rules and the two bots call, found by :mod:`tabletop._fast.gate`, and the
state the kernel hands back): a change to any of them makes a build stale, and the gate refuses a
rule whose file is not here."""
DIRECTIVES = {"language_level": 3, "boundscheck": False, "wraparound": False, "cdivision": True}
"""For the kernel, written for C (its arrays are indexed within their bounds)."""
PLAIN = {"language_level": 3, "annotation_typing": False, "binding": True, "auto_pickle": False}
"""For plain Python compiled as it is: its annotations are documentation, its functions stay Python functions."""


def source_hash(package: Path = PACKAGE) -> str:
    """Return the hash of :data:`SOURCES` as they are now (names and bytes), in hex."""
    digest = hashlib.sha256()
    for name in SOURCES:
        digest.update(name.encode() + b"\0")
        try:
            digest.update((package / name).read_bytes())
        except OSError:
            digest.update(b"(missing)")
        digest.update(b"\0")
    return digest.hexdigest()


def compiler_problem() -> str | None:
    """Return why this machine cannot build the kernel (no Cython, no C compiler, no Python headers), or None."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install cython, or the test extra)"
    return toolchain_problem()


def toolchain_problem() -> str | None:
    """Return why this machine cannot compile C for Python (no C compiler, no Python headers), or None."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} not found)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "Python's C headers are not installed (python3-dev)"
    return None


def extensions(package: Path = PACKAGE, *, build_dir: Path | None = None) -> list[Any]:
    """Return the kernel's two modules as cythonized setuptools extensions, the rules stamped with
    :func:`source_hash`: they are always built together.

    :raises ImportError: without Cython.
    """
    from Cython.Build import cythonize
    from setuptools import Extension

    digest = source_hash(package)
    folder = str(build_dir) if build_dir is not None else None
    rules = Extension(MODULE, [str(package / "_fast" / "_trick.pyx")], define_macros=[("TABLETOP_BUILT_FROM", f'"{digest}"')])
    # The session's module compiled under the kernel's name: Cython takes the module's name from its
    # file's place, so it is translated from a copy named for it.
    loop = Extension(LOOP, [str(_loop_copy(package, build_dir))])
    return [*cythonize([rules], compiler_directives=DIRECTIVES, quiet=True, build_dir=folder),
            *cythonize([loop], compiler_directives=PLAIN, quiet=True, build_dir=folder)]


def _loop_copy(package: Path, build_dir: Path | None) -> Path:
    """Return a copy of ``engine/session.py`` named ``_session.py`` in a build folder, translated from there."""
    folder = (build_dir or package.parent / "build" / "kernel") / "tabletop" / "_fast"
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / "_session.py"
    copy.write_bytes((package / "engine" / "session.py").read_bytes())
    return copy


def build(into: Path | None = None, *, package: Path = PACKAGE) -> Path:
    """Compile the kernel into ``into`` (a folder; default: in place, beside ``_trick.pyx``); return its file.

    :raises RuntimeError: naming what is missing when this machine cannot build it.
    """
    problem = compiler_problem()
    if problem is not None:
        raise RuntimeError(f"cannot build the compiled kernel: {problem}")
    from setuptools import Distribution

    with tempfile.TemporaryDirectory(prefix="tabletop-kernel-") as scratch:
        # The generated C goes to the scratch folder: nothing but the built module lands in the tree.
        exts = extensions(package, build_dir=Path(scratch))
        target = into if into is not None else package.parent
        dist = Distribution({"name": "tabletop-kernel", "ext_modules": exts})
        cmd: Any = dist.get_command_obj("build_ext")
        cmd.build_lib = str(target)
        cmd.build_temp = str(Path(scratch) / "obj")
        cmd.ensure_finalized()
        cmd.run()
        built = Path(cmd.get_ext_fullpath(MODULE))
    return built


def main(argv: list[str] | None = None) -> int:
    """``python -m tabletop._fast.build [--into DIR]``: build the kernel, say where, or say why not."""
    parser = argparse.ArgumentParser(prog="python -m tabletop._fast.build", description=__doc__.splitlines()[0])
    parser.add_argument("--into", type=Path, default=None, help="build into this folder (default: in place)")
    args = parser.parse_args(argv)
    try:
        built = build(args.into)
    except RuntimeError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 1
    print(f"tabletop: compiled kernel built: {os.path.relpath(built)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
