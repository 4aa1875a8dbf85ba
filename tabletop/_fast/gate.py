"""The kernel's gate: whether the Python rules are, right now, the very code the kernel restates.

Decided at each open from what the game is now, never from a decision remembered by ``id()``:

- its class is the built-in ``TrickGame`` itself (not a subclass, not a copy made elsewhere);
- every function its rules call, from the hooks the kernel runs in their place (:data:`HOOKS`)
  through every method and every module-level function they name, is still its module's own
  (defined there under the name it is found by, in that file) and that file's bytes are among
  those the build's hash covers (:data:`tabletop._fast.build.SOURCES`): a helper patched, a method
  patched on the class or shadowed on the instance, or a file the hash leaves out turns the kernel
  off;
- the instance's attributes are those its class makes from its players and options (options
  replaced on the instance after it was made are not).

What a class's code reads is found once and watched (:class:`Watch`): at each open the classes'
own dictionaries and the module-level names the code reads are compared, object for object, with
those found to be the sources' own; any difference finds it all again.
"""

from __future__ import annotations

import dis
import sys
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from types import CodeType, FunctionType
from typing import Any

from tabletop._fast import build

RULES = "tabletop.games.trick_taking.TrickGame"
"""The game class whose rules the kernel restates."""
HOOKS = ("setup", "legal_actions", "apply", "scores", "ranks", "observe_key")
"""The game's hooks the kernel runs in place of the game's own (the rest it hands to the game)."""
BOTS = {"random": "tabletop.bots.random_bot.RandomBot", "greedy": "tabletop.bots.trick_bot.GreedyTrickBot"}
"""The built-in bots the kernel restates, by the kind it makes of each."""
BOT_HOOKS = ("__init__", "choose")
PRESENTATION = ("tabletop.i18n", "tabletop.engine.zones", "tabletop.engine.events")
"""Modules whose functions build what the table shows (texts, zone ids, events): the rules call them only
to report to a listener, and the kernel runs where none listens, so it restates none of them. Each one the
rules name must still be its module's own, but is not followed, nor its file hashed."""


def _function(value: Any) -> FunctionType | None:
    """Return the function a class attribute runs (a method, static or class method, property getter)."""
    if isinstance(value, staticmethod | classmethod):
        value = value.__func__
    elif isinstance(value, property):
        value = value.fget
    return value if isinstance(value, FunctionType) else None


def _reads(code: CodeType) -> tuple[set[str], set[str]]:
    """Return the global names and the attribute names ``code`` reads (its nested functions' included)."""
    globals_read: set[str] = set()
    attributes: set[str] = set()
    for instruction in dis.get_instructions(code):
        if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            globals_read.add(instruction.argval)
        elif instruction.opname in ("LOAD_ATTR", "LOAD_METHOD"):
            attributes.add(instruction.argval)
    for const in code.co_consts:
        if isinstance(const, CodeType):
            more = _reads(const)
            globals_read |= more[0]
            attributes |= more[1]
    return globals_read, attributes


class Watch:
    """What a class's rules read, from ``hooks``: its methods, the module-level names their code reads (and,
    through those that are functions, theirs), as found now; :attr:`problem` says why they are not the
    readable sources' own, or is None."""

    def __init__(self, cls: type, hooks: Iterable[str]) -> None:
        self.cls = cls
        self.sources = build.SOURCES
        self.mro = [c for c in cls.__mro__ if c is not object]
        self.functions: dict[FunctionType, tuple[type | None, str]] = {}
        self.leaves: dict[str, Any] = {}
        """Functions and classes from elsewhere that the rules name (the standard library's, or the package's
        classes): each must be the one its own module holds."""
        reads: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
        todo: list[FunctionType] = []
        read_on_class: set[str] = set(hooks)

        def reach(where: type | None, name: str, value: Any) -> None:
            function = _function(value)
            if function is not None and function not in self.functions:
                self.functions[function] = (where, name)
                todo.append(function)

        def method(name: str, after: type | None = None) -> None:
            """Reach the method ``name`` resolves to on the class (or, for super(), above ``after``)."""
            start = self.mro.index(after) + 1 if after in self.mro else 0
            for c in self.mro[start:]:
                if name in c.__dict__:
                    reach(c, name, c.__dict__[name])
                    return

        for hook in hooks:
            method(hook)
        while todo:
            function = todo.pop()
            where = self.functions[function][0]
            namespace = function.__globals__
            globals_read, attributes = _reads(function.__code__)
            read_on_class |= attributes
            for name in attributes:  # self.x, and super().x from where the function is defined
                method(name)
                if "super" in globals_read:
                    method(name, where)
            for name in globals_read:
                if name in namespace:  # a module-level name of the function's module
                    value = namespace[name]
                    reads.setdefault(id(namespace), (namespace, {}))[1][name] = value
                    if _in_package(value):  # the package's own functions are followed; others are leaves
                        reach(None, name, value)
                    elif isinstance(value, FunctionType | type):
                        self.leaves[name] = value
        # What is watched: every attribute the code reads from each class of the MRO (methods, properties,
        # class constants, the State and Options classes) and how many names each class holds (a name added
        # that would hide another is seen), and every module-level name the code reads. A class's __dict__
        # is a live read-only view of it: one is kept rather than asked for each time.
        self.checks: list[tuple[Any, int, tuple[str, ...], tuple[Any, ...]]] = []
        for c in self.mro:
            space = c.__dict__
            names = (*sorted(read_on_class & space.keys()), "__module__")
            self.checks.append((space, len(space), names, tuple(space[name] for name in names)))
        for namespace, seen in reads.values():
            names = tuple(sorted(seen))
            self.checks.append((namespace, -1, names, tuple(seen[name] for name in names)))
        problems = [self._not_own(f, where, name) for f, (where, name) in self.functions.items()]
        problems += [_foreign(name, value) for name, value in self.leaves.items()]
        self.problem = next(filter(None, problems), None)

    def files(self) -> set[str]:
        """Return the files (relative to the package) that hold the functions found."""
        return {_relative(f.__code__.co_filename) for f in self.functions}

    def holds(self) -> bool:
        """True while every watched name is the very object found (and the files the build's hash covers are
        those the watch was checked against). The compiled kernel restates this loop (``_trick.holds``)."""
        return build.SOURCES is self.sources and holds(self.checks)

    @staticmethod
    def _not_own(function: FunctionType, where: type | None, name: str) -> str | None:
        """Say why ``function`` (found as ``name``, in class ``where`` or its module) is not its module's own."""
        module = sys.modules.get(function.__module__)
        owner: Any = where if where is not None else module
        qualname = f"{where.__qualname__}.{name}" if where is not None else name
        if module is None or function.__qualname__ != qualname or (
                where is not None and function.__module__ != where.__module__):
            return f"{name} is not the one its class or module defines"
        if where is None and getattr(owner, name, None) is not function:
            return f"{name} is not the one module {function.__module__} holds"
        if Path(function.__code__.co_filename).resolve() != Path(getattr(module, "__file__", "") or "").resolve():
            return f"{name} was not defined in {function.__module__}'s file"
        relative = _relative(function.__code__.co_filename)
        if relative not in build.SOURCES:
            return f"{relative} holds {function.__qualname__}, which the kernel's hash does not cover"
        return None


def holds(checks: list[tuple[Any, int, tuple[str, ...], tuple[Any, ...]]]) -> bool:
    """True while each mapping holds as many names as it did (where counted, size >= 0) and maps each watched
    name to the very object it did."""
    for mapping, size, names, values in checks:
        if size >= 0 and len(mapping) != size:
            return False
        for name, value in zip(names, values, strict=True):
            if mapping.get(name, _GONE) is not value:
                return False
    return True


_GONE: Any = object()


def _foreign(name: str, value: Any) -> str | None:
    """Say why ``value`` (a function or class the rules name as ``name``) is not its module's own, nor from
    tabletop or the standard library; None when it is."""
    top = value.__module__.partition(".")[0]
    if top != "tabletop" and top not in sys.stdlib_module_names:
        return f"{name} comes from {value.__module__}, outside tabletop and the standard library"
    owner: Any = sys.modules.get(value.__module__)
    for part in value.__qualname__.split("."):
        owner = getattr(owner, part, None)
    if owner is not value:
        return f"{name} is not the one module {value.__module__} holds"
    return None


def _in_package(value: Any) -> bool:
    """True for a function defined in a tabletop module other than a presentation one (a helper the kernel
    may restate)."""
    return (isinstance(value, FunctionType) and value.__module__.partition(".")[0] == "tabletop"
            and value.__module__ not in PRESENTATION)


def _relative(filename: str) -> str:
    """Return a file's path inside the tabletop package, as :data:`build.SOURCES` names it."""
    try:
        return Path(filename).resolve().relative_to(build.PACKAGE).as_posix()
    except ValueError:
        return filename


_WATCHES: dict[tuple[type, tuple[str, ...]], Watch] = {}


def own_code(cls: type, hooks: tuple[str, ...], check: Callable[[Any], bool] = holds) -> bool:
    """True when the code ``cls`` runs from ``hooks`` is now, object for object, the readable sources' own
    (``check``: :func:`holds`, or the compiled kernel's restatement of it)."""
    watch = _WATCHES.get((cls, hooks))
    if watch is None or build.SOURCES is not watch.sources or not check(watch.checks):
        watch = _WATCHES[(cls, hooks)] = Watch(cls, hooks)
    return watch.problem is None


def named(cls: type, qualified: str) -> bool:
    """True when ``cls`` is the class its module holds under the ``qualified`` name (not a subclass or a copy)."""
    module, name = _SPLIT.get(qualified) or _SPLIT.setdefault(qualified, tuple(qualified.rsplit(".", 1)))  # type: ignore[arg-type]
    return getattr(sys.modules.get(module), name, None) is cls


_SPLIT: dict[str, tuple[str, str]] = {}


class _Made:
    """A game instance found as its class makes it: its attributes then, held to compare with."""

    __slots__ = ("attributes", "fits", "kernel")

    def __init__(self, attributes: dict[str, Any]) -> None:
        self.attributes = attributes
        self.fits: bool | None = None
        """Whether the kernel's arrays hold the game (worked out once: it is made from the same attributes)."""
        self.kernel: Any = None


_MADE: weakref.WeakKeyDictionary[Any, _Made] = weakref.WeakKeyDictionary()


def as_made(game: Any) -> _Made | None:
    """Return the record of ``game`` when its attributes are those its class makes from its players and
    options (compared with a twin made now whenever they changed), else None."""
    made = _MADE.get(game)
    now = vars(game)
    if made is not None and made.attributes == now:
        return made
    try:
        twin = type(game)(players=game.players, options=game.options)
    except Exception:  # options no game of this class accepts: not as its class makes it
        return None
    if vars(twin) != now:
        return None
    made = _MADE[game] = _Made(dict(now))
    return made
