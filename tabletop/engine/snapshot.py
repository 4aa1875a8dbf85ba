"""Snapshots of a game in progress: the state and the seats' generators, copied out and put back.

A snapshot is what undo and seeking go back to. :func:`copy_state` copies a game's state about
twenty times faster than :func:`copy.deepcopy`: cards, actions and other frozen values are
shared (they cannot change), lists, dicts and objects are copied (shared ones stay shared), and a
generator is copied through its internal state, so the copy draws exactly what the original would.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.engine.actions import Action, default_label
from tabletop.engine.cards import Card

_ATOMS: set[type] = {int, float, complex, str, bytes, bool, type(None), Card, Action, range}
"""Types whose values never change: a copy may share them."""


def copy_state(value: Any, rng: random.Random | None = None) -> Any:
    """Return an independent copy of ``value`` (a game's state) that shares only immutable values; with
    ``rng``, the copy holds that generator where the state holds its own."""
    return copy_value(value, copy_memo(value, rng))


def copy_memo(state: Any, rng: random.Random | None) -> dict[int, Any]:
    """Return the memo a copy of ``state`` starts from: with ``rng``, the state's generator is that one."""
    original = getattr(state, "rng", None)
    return {id(original): rng} if rng is not None and original is not None else {}


def copy_value(value: Any, memo: dict[int, Any]) -> Any:
    """Return a copy of ``value`` as :func:`copy_state` makes it, ``memo`` holding what was copied so far by id
    (a value met again is the same copy), for code that copies a state part by part."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    if kind is list:
        if all(map(_ATOMS.__contains__, map(type, value))):  # cards or numbers only (most lists): one pass in C
            out: Any = value[:]
            memo[id(value)] = out
            return out
        out = []
        memo[id(value)] = out
        out.extend([v if type(v) in _ATOMS else copy_value(v, memo) for v in value])
        return out
    if kind is tuple:
        items = [v if type(v) in _ATOMS else copy_value(v, memo) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else tuple(items)
    if kind is dict:
        out = {}
        memo[id(value)] = out
        for k, v in value.items():
            out[k] = v if type(v) in _ATOMS else copy_value(v, memo)
        return out
    if isinstance(value, random.Random):
        rng = random.Random.__new__(kind)
        rng.setstate(value.getstate())
        memo[id(value)] = rng
        return rng
    if kind is set:
        out = {v if type(v) in _ATOMS else copy_value(v, memo) for v in value}
        memo[id(value)] = out
        return out
    if kind is frozenset or isinstance(value, (enum.Enum, type)) or callable(value) and not hasattr(value, "__dict__"):
        return value
    if dataclasses.is_dataclass(value) and kind.__dataclass_params__.frozen:
        return value
    if isinstance(value, tuple):  # a named tuple
        items = [copy_value(v, memo) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else kind(*items)
    slots = _slots(kind)
    if slots is not None:
        # A class's own __new__ may want arguments: object's makes the copy, whose slots are filled below.
        out = object.__new__(kind)
        memo[id(value)] = out
        for name in slots:
            try:
                v = getattr(value, name)
            except AttributeError:
                continue
            object.__setattr__(out, name, v if type(v) in _ATOMS else copy_value(v, memo))
        if hasattr(value, "__dict__"):
            for k, v in vars(value).items():
                out.__dict__[k] = v if type(v) in _ATOMS else copy_value(v, memo)
        return out
    return copy.deepcopy(value, memo)


def renamed(value: Any, names: Mapping[Card, Card]) -> Any:
    """Return a copy of ``value`` (a game's state) in which every card ``c`` is ``names.get(c, c)``.

    The copy is made like :func:`copy_state`, but nothing holding a renamed card is shared: the
    actions, moves and frozen values that hold one are made anew around the new card. A checker
    builds the worlds that differ from the real one only in cards a seat cannot see this way.
    """
    return _Renamer(names).copy(value)


class _Renamer:
    """One renamed copy: the names, and what was already copied (shared objects stay shared)."""

    def __init__(self, names: Mapping[Card, Card]) -> None:
        self.names = names
        self.memo: dict[int, Any] = {}

    def copy(self, value: Any) -> Any:
        kind = type(value)
        if kind is Card:
            return self.names.get(value, value)
        if kind is Action:
            return self._action(value)
        if kind in _ATOMS:
            return value
        done = self.memo.get(id(value))
        if done is not None:
            return done
        if kind is list:
            out: Any = []
            self.memo[id(value)] = out
            out.extend(self.copy(v) for v in value)
            return out
        if kind is dict:
            out = {}
            self.memo[id(value)] = out
            for k, v in value.items():
                out[self.copy(k)] = self.copy(v)
            return out
        if kind in (set, frozenset):
            out = kind(self.copy(v) for v in value)
            self.memo[id(value)] = out
            return out
        if kind is tuple:
            return tuple(self.copy(v) for v in value)
        if isinstance(value, random.Random):
            return copy_value(value, self.memo)
        if isinstance(value, (enum.Enum, type)) or callable(value) and not hasattr(value, "__dict__"):
            return value
        if isinstance(value, tuple):  # a named tuple
            return kind(*(self.copy(v) for v in value))
        slots = _slots(kind)
        if slots is None:
            return copy.deepcopy(value, self.memo)
        out = _blank(kind)
        self.memo[id(value)] = out
        for name in slots:
            try:
                v = getattr(value, name)
            except AttributeError:
                continue
            object.__setattr__(out, name, self.copy(v))
        if hasattr(value, "__dict__"):
            for k, v in vars(value).items():
                object.__setattr__(out, k, self.copy(v))
        return out

    def _action(self, action: Action) -> Action:
        cards = tuple(self.names.get(c, c) for c in action.cards)
        if all(a is b for a, b in zip(cards, action.cards, strict=True)):
            return action
        label = None if action.label == default_label(action.kind, action.cards, action.value) else action.label
        return Action(action.kind, cards, action.value, label, zone=action.zone, cell=action.cell, seat=action.seat,
                      to=action.to)


def _blank(kind: type) -> Any:
    """Return an empty instance of a plain class (made by object's __new__: a class's own may want arguments)."""
    return object.__new__(kind)


_SLOTS: dict[type, tuple[str, ...] | None] = {}


def _slots(kind: type) -> tuple[str, ...] | None:
    """Return the attribute slots of a plain class (those with __dict__ give ()), or None when it is
    not plain (it customises copying, or is a builtin) and :func:`copy.deepcopy` should handle it."""
    if kind in _SLOTS:
        return _SLOTS[kind]
    names: tuple[str, ...] | None = None
    plain = (kind.__reduce_ex__ is object.__reduce_ex__ and kind.__reduce__ is object.__reduce__
             and not hasattr(kind, "__deepcopy__") and kind.__module__ != "builtins")
    if plain:
        found: list[str] = []
        for base in kind.__mro__:
            for name in base.__dict__.get("__slots__", ()):
                if name not in ("__dict__", "__weakref__") and name not in found:
                    found.append(name)
        names = tuple(found)
    _SLOTS[kind] = names
    return names


@dataclass(frozen=True)
class Snapshot:
    """A session as it was before move ``moves``: its state, finished flag, faults and generators."""

    moves: int
    state: Any
    finished: bool
    faults: int
    bots: tuple[Any, ...]
    fallback: Any


def bot_state(bot: Any) -> Any:
    """Return what it takes to put ``bot`` back as it is now (its generators' states), or None.

    A bot that remembers more than its generators between moves defines ``save_state()`` and
    ``load_state(data)`` itself; a wrapper (a watchdog) is looked through to the bot it runs.
    """
    if bot is None:
        return None
    save: Callable[[], Any] | None = getattr(bot, "save_state", None)
    if callable(save):
        try:
            return ("own", save())
        except Exception:  # a bot that cannot say its state is put back as it is (undo may differ)
            return None
    inner = getattr(bot, "bot", None)
    if inner is not None and inner is not bot and not isinstance(inner, (int, str)):
        return ("inner", bot_state(inner))
    found = [(v, v.getstate()) for v in getattr(bot, "__dict__", {}).values() if isinstance(v, random.Random)]
    return ("rngs", tuple(found))


def load_bot_state(bot: Any, saved: Any) -> None:
    """Put ``bot`` back as :func:`bot_state` saw it."""
    if bot is None or saved is None:
        return
    kind, data = saved
    if kind == "own":
        try:
            bot.load_state(data)
        except Exception:  # see bot_state: such a bot goes on from where it is
            return
    elif kind == "inner":
        load_bot_state(bot.bot, data)
    else:
        for rng, state in data:
            rng.setstate(state)
