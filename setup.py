"""Build hook: the compiled kernel (tabletop/_fast) where Cython and a C compiler are here; pure Python otherwise.

Everything else about the package is in pyproject.toml; the kernel's recipe is tabletop/_fast/build.py
(loaded by its path: the package is not importable while it is being built). Only a command that
builds decides: while pip collects the build requirements or the metadata, Cython may not be
installed yet, and nothing is said or refused then.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
BUILDS = frozenset({"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop", "bdist_egg"})
"""setup.py's commands that compile extensions (the metadata commands, egg_info and dist_info, do not)."""
INSIST = os.environ.get("TABLETOP_COMPILE") == "1"
"""``TABLETOP_COMPILE=1``: a kernel that cannot be built stops the install instead of leaving it out."""


def say(line: str) -> None:
    """Print one line about the kernel where pip shows a build's output (``pip install -v``)."""
    print(f"tabletop: {line}", file=sys.stderr, flush=True)


def pure(reason: str) -> list[Any]:
    """Say why the install is pure Python and return no extensions (or stop, when the kernel is insisted on)."""
    if INSIST:
        raise SystemExit(f"TABLETOP_COMPILE=1: cannot build the compiled kernel: {reason}."
                         " Install without TABLETOP_COMPILE=1 for the pure-Python package.")
    say(f"installing pure Python, without the compiled kernel: {reason}")
    return []


def kernel() -> list[Any]:
    """Return the kernel's extensions when this command builds and the kernel can be built, else none."""
    if not BUILDS.intersection(sys.argv[1:]):
        return []
    if os.environ.get("TABLETOP_PURE_PYTHON") == "1":
        return pure("TABLETOP_PURE_PYTHON=1")
    spec = importlib.util.spec_from_file_location("tabletop_kernel_build", ROOT / "tabletop" / "_fast" / "build.py")
    recipe = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(recipe)  # type: ignore[union-attr]
    problem = recipe.toolchain_problem()
    if problem is None and recipe.compiler_problem() is not None:
        problem = ("Cython could not be had (offline, or no index holding it; with --no-build-isolation,"
                   " install Cython first)")
    if problem is not None:
        return pure(problem)
    return recipe.extensions(build_dir=ROOT / "build" / "kernel")  # type: ignore[no-any-return]


class KernelBuild(build_ext):
    """setuptools' build_ext, turning a failed compile of the kernel into a pure-Python install with one line."""

    def run(self) -> None:
        """Compile the kernel; leave it out, saying why, when the compiler fails."""
        try:
            super().run()
        except Exception as exc:  # the compiler's own errors (CompileError, LinkError, ...) differ by platform
            pure(f"the C compiler failed ({type(exc).__name__}; pip install -v shows its output)")
            self.extensions = []
            return
        if self.extensions:
            say("compiled kernel built (tabletop/_fast)")


setup(ext_modules=kernel(), cmdclass={"build_ext": KernelBuild})
