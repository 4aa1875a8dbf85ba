"""The compiled hot path: which engine modules setup.py compiles with Cython, and the pure-Python switch.

The compiled modules are built from the unchanged .py files, which always stay next to them; a .pxd
file beside one (trick_taking, tricks, rng) only adds C types: its state class becomes a C struct and the
functions that run for every card are typed. Python imports the compiled one when both exist, except
where :class:`SourceFirst` (installed by ``tabletop/__init__.py``) says otherwise: everywhere with
``TABLETOP_PURE_PYTHON=1``, and for a module whose .py was changed after it was compiled (a stale build
must not run old rules).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec

HOT_MODULES = (
    "tabletop.engine.session",
    "tabletop.engine.game",
    "tabletop.engine.actions",
    "tabletop.kit.tricks",
    "tabletop.engine.rng",
    "tabletop.games.trick_taking",
    "tabletop.bots.random_bot",
    "tabletop.bots.trick_bot",
    "tabletop.bots.ismcts",
    "tabletop.sim.cards",
)
"""The modules setup.py compiles. Chosen by measurement (deals/s with random and greedy bots, ISMCTS
iterations/s, each module left out in turn): views.py runs greedy deals faster as Python (about 5%);
runner.py, determinize.py and birdhead.py gain too little for their compile time. sim.cards is the card
watch of ``simulate --report``, which every card of every move goes through: compiled, it costs about
half as much (tests/bench_journeys.py)."""

PURE_PYTHON = os.environ.get("TABLETOP_PURE_PYTHON") == "1"
"""True when this process was asked to run the .py sources only."""

_SLACK = 2.0
"""Seconds a source may be newer than its build and still count as built with it (an install
writes both at about the same time)."""


def _built_from(source: str) -> float | None:
    """Return the modification time of the newest extension module built next to ``source``."""
    stem = source[:-3]
    times = [os.stat(stem + suffix).st_mtime for suffix in EXTENSION_SUFFIXES if os.path.exists(stem + suffix)]
    return max(times) if times else None


class SourceFirst:
    """A meta-path finder that loads a hot module from its .py file when forced to or when its build is stale."""

    @staticmethod
    def find_spec(fullname: str, path: Sequence[str] | None = None, target: object = None) -> ModuleSpec | None:
        """Return a spec for the .py source of a hot module that must not run compiled; else None."""
        if fullname not in HOT_MODULES or not path:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for folder in path:
            source = os.path.join(folder, leaf)
            if os.path.isfile(source):
                built = _built_from(source)
                if built is None or (not PURE_PYTHON and os.stat(source).st_mtime <= built + _SLACK):
                    return None  # nothing compiled here, or compiled from this very source
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def compiled_modules() -> list[str]:
    """Return the hot modules this process runs compiled (importing them if need be)."""
    return [name for name in HOT_MODULES
            if importlib.import_module(name).__file__.endswith(tuple(EXTENSION_SUFFIXES))]  # type: ignore[union-attr]


def stale_modules() -> list[str]:
    """Return the hot modules compiled from an older version of their source (so running as Python)."""
    stale = []
    for name in HOT_MODULES:
        source = importlib.import_module(name).__file__ or ""
        built = _built_from(source) if source.endswith(".py") else None
        if built is not None and not PURE_PYTHON and os.stat(source).st_mtime > built + _SLACK:
            stale.append(name)
    return stale
