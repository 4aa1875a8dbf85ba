"""Build hook: compile tabletop's hot path with Cython when possible; pure Python otherwise.

Everything else about the package is in pyproject.toml. The listed modules are compiled from their
unchanged .py sources (Cython's pure-Python mode) into extension modules next to them; each one is
optional, so a missing Cython, C compiler or Python headers only means the .py files are used.
``TABLETOP_PURE_PYTHON=1`` at install time builds nothing.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.extension import Extension


def hot_modules() -> tuple[str, ...]:
    """Return tabletop.hotpath.HOT_MODULES, read from the file (the package is not importable yet)."""
    spec = importlib.util.spec_from_file_location("hotpath", Path(__file__).parent / "tabletop" / "hotpath.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.HOT_MODULES


DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # our annotations are documentation, not C types to enforce
    "binding": True,  # functions keep their Python behaviour: introspection, pickling, monkeypatching
    "autotestdict": False,  # no __test__ copies of docstrings: each doctest runs once, as with the .py
}


def extensions() -> list[Extension]:
    """Return the hot modules as optional Cython extensions, or nothing where they cannot be built."""
    if os.environ.get("TABLETOP_PURE_PYTHON") == "1":
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # built without build isolation in an environment without Cython
        print("tabletop: Cython not found; installing the pure-Python engine", file=sys.stderr)
        return []
    modules = [Extension(name, [name.replace(".", "/") + ".py"], optional=True) for name in hot_modules()]
    try:
        return cythonize(modules, compiler_directives=DIRECTIVES, build_dir="build/cython",
                         nthreads=os.cpu_count() or 1, quiet=True)
    except Exception as exc:  # a Cython that cannot translate our source: pure Python still works
        print(f"tabletop: not compiling the hot path ({exc}); installing the pure-Python engine",
              file=sys.stderr)
        return []


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
