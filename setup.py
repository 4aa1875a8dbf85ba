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
from setuptools.command.build_ext import build_ext
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
    "auto_pickle": False,  # a class typed in a .pxd pickles and copies through its __slots__, as the .py class
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
        built = cythonize(modules, compiler_directives=DIRECTIVES, build_dir="build/cython",
                          nthreads=os.cpu_count() or 1, quiet=True)
    except Exception as exc:  # a Cython that cannot translate our source: pure Python still works
        print(f"tabletop: not compiling the hot path ({exc}); installing the pure-Python engine",
              file=sys.stderr)
        return []
    for ext in built:
        ext.optional = True  # cythonize drops it; setuptools then skips copying what was not built
    return built


class OptionalBuildExt(build_ext):
    """build_ext that skips an extension it cannot build (all of ours are optional), whatever the error."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # setuptools >= 80 raises a CompileError its own optional filter misses
            self.warn(f"tabletop: {ext.name} not compiled, it runs as pure Python ({exc})")


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt},
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
