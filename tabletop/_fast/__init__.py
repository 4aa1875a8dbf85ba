"""The private kernel: the unmodified built-in trick game and its random and greedy bots, compiled.

Nothing here is for designers. The rules are ``games/trick_taking.py``, read and subclassed as
plain Python; ``_trick.pyx`` restates them in C for the simulator, built with Cython at install (where
a C compiler is) or on request (:mod:`tabletop._fast.build`). :func:`~tabletop.engine.session.open_session` asks
:func:`kernel_for` whether it may run a game, and it may only where it provably computes the same:

- the compiled module is here and was built from the sources as they are now (their hash);
- no one listens to events (the simulator, the bench: a table or a timeline gets the game itself);
- its bots stand in for the built-in random bot (any game) and greedy bot (the trick game), made when
  the session opens, all of the built-in bots of a game or none (they share one generator);
- its rules stand in for the game only when the game is ``TrickGame`` itself and every rule it runs is
  now the code the kernel restates (:mod:`tabletop._fast.gate`: no method or helper patched, none
  shadowed on the instance, its attributes those its options make, every file the rules' code comes
  from covered by the build's hash), and its bots fill every seat. A subclass, a folder game or a
  state with a field of its own runs as Python.

Same seeds, same games: tests/test_kernel.py plays the golden transcripts and seeded games of every
option through both. ``TABLETOP_PURE_PYTHON=1`` turns the kernel off.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

from tabletop._fast import gate

OFF = "TABLETOP_PURE_PYTHON"
"""The environment variable that turns the kernel off (``=1``)."""
REBUILD = "python -m tabletop._fast.build"
"""How to rebuild the kernel in place, as the status line says it."""


class Status(NamedTuple):
    """Which engine runs the built-in trick game: ``compiled``, ``pure`` (no build), ``off`` or ``stale``."""

    kind: str
    line: str
    """One line for a person (``tabletop bench`` prints it; every command that runs games prints a stale one)."""


_state: dict[str, Any] = {}


def status() -> Status:
    """Return which engine runs the built-in trick game in this process (worked out once)."""
    known = _state.get("status")
    if known is None:
        known = load()
    return known


def load(path: Path | None = None) -> Status:
    """Find the compiled kernel again (in ``path``, a folder a build went into; default: beside its
    source) and return the status: a stale build or none leaves the pure-Python engine in charge."""
    from tabletop._fast.build import source_hash
    module: ModuleType | None = None
    if os.environ.get(OFF) == "1":
        found = Status("off", f"engine: pure Python ({OFF}=1)")
    else:
        try:
            module = _import(path)
        except ImportError:
            module = None
        if module is None:
            found = Status("pure", "engine: pure Python (no compiled kernel: the install builds one where a C"
                                   f" compiler is present; in a checkout, {REBUILD})")
        elif getattr(module, "BUILT_FROM", None) != source_hash():
            module = None
            found = Status("stale", "engine: pure Python: the compiled kernel was built from other sources than"
                                    f" these (rebuild: {REBUILD})")
        else:
            found = Status("compiled", "engine: compiled kernel (tabletop/_fast) for the built-in trick game"
                                       " and its random and greedy bots")
    loop = None
    if module is not None:
        try:
            loop = _import(path, "_session").play_moves  # type: ignore[union-attr]
        except (ImportError, AttributeError):
            loop = None
    _state.update(status=found, module=module, loop=loop, path=path)
    return found


def loop(python: Callable[..., None]) -> Callable[..., None]:
    """Return the session's move loop to run: the compiled build of ``python`` (engine/session.py's
    ``play_moves``, compiled unchanged with the kernel) when the kernel is fresh, else ``python`` itself."""
    if "status" not in _state:
        status()
    return _state["loop"] or python


def _import(path: Path | None, leaf: str = "_trick") -> ModuleType | None:
    """Import the compiled module ``tabletop._fast.<leaf>``, from ``path`` (a build folder) when given."""
    name = f"tabletop._fast.{leaf}"
    if path is None:
        if importlib.util.find_spec(name) is None:
            return None
        return importlib.import_module(name)
    files = sorted((path / "tabletop" / "_fast").glob(f"{leaf}.*.so")) + sorted((path / "tabletop" / "_fast").glob(f"{leaf}.*.pyd"))
    if not files:
        return None
    spec = importlib.util.spec_from_file_location(name, files[0])
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def stale_warning() -> str | None:
    """Return the one line a command that runs games prints when the compiled kernel is stale, else None."""
    found = status()
    return f"tabletop: {found.line.removeprefix('engine: ')}" if found.kind == "stale" else None


class Kernel:
    """The kernel's stand-ins for one game and its seats: :meth:`start` gives them for one session.

    ``rules`` is the kernel's trick game, or None where the game's own rules run; ``kinds`` says per
    seat which kernel bot sits there ("random" or "greedy"), or None for a seat made the Python way.
    """

    def __init__(self, module: ModuleType, rules: Any, kinds: Sequence[str | None]) -> None:
        self.module = module
        self.rules = rules
        self.kinds = tuple(kinds)

    def start(self, seeds: Any, seats: Sequence[Any]) -> tuple[Any, list[Any], Any]:
        """Return the kernel's rules (or None), the seats with the kernel's bots in place, and the game's
        generator (the kernel's, or None for the game's own): the kernel's generators are seeded from
        the very seeds ``random.Random`` would be."""
        bots, rng = self.module.start(self.rules, self.kinds, seeds.game_seed, seeds.bots_seed)
        return self.rules, [seat if bot is None else bot for seat, bot in zip(seats, bots, strict=True)], rng


def kernel_for(game: Any, seats: Sequence[Any]) -> Kernel | None:
    """Return the kernel that runs ``game`` with ``seats`` (bots or their makers) exactly as Python would, or
    None where it cannot be proved to (see the module's docs): decided now, from what they are now."""
    if "status" not in _state:
        status()
    module = _state["module"]
    if module is None:
        return None
    made = _restated(module, game)
    # The greedy bot's kernel reads the trick game's own tables; the random bot's fits any game.
    kinds = [kind if kind != "greedy" or made is not None else None for kind in _bot_kinds(module, seats)]
    if any(kind is None and getattr(seat, "shares_rng", False) for seat, kind in zip(seats, kinds, strict=True)):
        return None  # the built-in bots of a game share one generator: all of them in the kernel, or none
    rules = None
    if made is not None and None not in kinds:
        if made.kernel is None:
            # The class of the state the game makes, for the kernel's plain_state: asked of the game itself.
            made.kernel = module.TrickKernel(game, type(game.setup(random.Random(0), None)))
        rules = made.kernel
    if rules is None and not any(kinds):
        return None
    return Kernel(module, rules, kinds)


def _restated(module: ModuleType, game: Any) -> Any:
    """Return the gate's record of ``game`` when it is the built-in trick game whose every rule is now the code
    the kernel restates, made as its class makes it, and the kernel's arrays hold it; else None."""
    cls = type(game)
    if not gate.named(cls, gate.RULES) or not gate.own_code(cls, gate.HOOKS, module.holds):
        return None
    made = gate.as_made(game)
    if made is None:
        return None
    if made.fits is None:
        made.fits = module.TrickKernel.fits(game)
    return made if made.fits else None


def _bot_kinds(module: ModuleType, seats: Sequence[Any]) -> list[str | None]:
    """Return per seat "random" or "greedy" for the maker of a built-in bot, untouched, drawing from the
    shared generator; else None."""
    known: dict[Any, str | None] = {}
    kinds: list[str | None] = []
    for seat in seats:
        cls = getattr(seat, "bot_class", None)
        kind = known.get(cls, _UNSEEN)
        if kind is _UNSEEN:
            kind = known[cls] = _bot_kind(module, cls)
        kinds.append(kind if kind is None or (getattr(seat, "shares_rng", False) is True
                                              and not hasattr(seat, "choose")) else None)
    return kinds


def _bot_kind(module: ModuleType, cls: Any) -> str | None:
    """Return the kind of the kernel's bot standing in for bots of class ``cls``, or None."""
    if cls is None:
        return None
    for kind, name in gate.BOTS.items():
        if gate.named(cls, name):
            return kind if gate.own_code(cls, gate.BOT_HOOKS, module.holds) else None
    return None


_UNSEEN: Any = object()
