"""Seeds: one master seed per session or simulation; every other generator derives from it."""

from __future__ import annotations

import _random
import hashlib
import random
from collections.abc import Callable


def derive_seed(master: int | str, *parts: object) -> int:
    """Return a 63-bit seed derived from ``master`` and ``parts``, the same on every machine.

    >>> derive_seed(7, "game", 0) == derive_seed(7, "game", 0) != derive_seed(7, "game", 1)
    True
    """
    text = "\x1f".join(str(p) for p in (master, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def new_rng(master: int | str, *parts: object) -> random.Random:
    """Return a generator seeded from ``master`` and ``parts``."""
    return seeded(derive_seed(master, *parts))


_new_random = random.Random.__new__
_seed = _random.Random.seed
_COMPILED = not __file__.endswith(".py")
"""True when this module runs compiled (tabletop/hotpath.py)."""
_WORD64 = 1 << 64


def _blank() -> random.Random:
    """Return a ``random.Random`` not yet seeded (its ``gauss_next`` set as seeding sets it)."""
    rng = _new_random(random.Random)
    rng.gauss_next = None  # type: ignore[attr-defined]  # set by Random.seed, not in the stubs
    return rng


def _seeds_in_c(a: random.Random, first: int, b: random.Random | None, second: int) -> bool:
    """Seed ``a`` with ``first`` and ``b`` (when given) with ``second`` in C if this build can, for int seeds
    below 2**64 in size; return False, having done nothing, where it cannot (see rng.pxd)."""
    if not _C_SEEDING or type(first) is not int or type(second) is not int:
        return False
    first, second = abs(first), abs(second)  # random.Random seeds with the absolute value
    if first >= _WORD64 or second >= _WORD64:
        return False
    _mt_seed(a, first, b, second)  # type: ignore[name-defined]  # noqa: F821  (declared in rng.pxd)
    return True


def _c_seeding_works() -> bool:
    """Return True when this build seeds generators in C (rng.pxd) to the states ``random.Random`` gives."""
    if not _COMPILED or _random.Random.__basicsize__ != _mt_size():  # type: ignore[name-defined]  # noqa: F821
        return False
    seeds = (0, 5, 2**32 - 1, 2**32, 2**63 + 12345, 2**64 - 1)
    for first, second in zip(seeds, reversed(seeds), strict=True):
        a, b, c = _blank(), _blank(), _blank()
        _mt_seed(a, first, b, second)  # type: ignore[name-defined]  # noqa: F821
        _mt_seed(c, second, None, 0)  # type: ignore[name-defined]  # noqa: F821
        plain = random.Random(second).getstate()
        if a.getstate() != random.Random(first).getstate() or b.getstate() != plain or c.getstate() != plain:
            return False
    return True


_C_SEEDING = _c_seeding_works()
"""True when generators are seeded in C (rng.pxd); else by ``random.Random``'s own seeding."""


def seeded(seed: int) -> random.Random:
    """Return ``random.Random(seed)``: the very same generator, made without the two Python-level calls
    of its constructor, and compiled, seeded in C from a start table computed once (rng.pxd).

    Every game makes two (the deal's and the bots', see :func:`seeded_pair`); a test checks the states are equal.
    """
    if type(seed) is not int:
        return random.Random(seed)
    rng = _blank()
    if not _seeds_in_c(rng, seed, None, 0):
        _seed(rng, seed)
    return rng


def seeded_pair(first: int, second: int) -> tuple[random.Random, random.Random]:
    """Return ``(seeded(first), seeded(second))``; compiled, both are seeded in one loop, in little more
    time than one (each step of a seeding waits on the step before: two interleaved keep the CPU busy)."""
    if type(first) is not int or type(second) is not int:
        return seeded(first), seeded(second)
    a, b = _blank(), _blank()
    if not _seeds_in_c(a, first, b, second):
        _seed(a, first)
        _seed(b, second)
    return a, b


def below(rng: random.Random, n: int) -> int:
    """Return ``rng.randrange(n)`` for ``n`` >= 1: the same number, drawn as :class:`random.Random` draws it
    (``getrandbits`` until it falls below ``n``) without its three Python-level calls."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    getrandbits = rng.getrandbits
    bits = n.bit_length()
    r = getrandbits(bits)
    while r >= n:
        r = getrandbits(bits)
    return r


def shuffled(items: list, rng: random.Random) -> list:
    """Return a new list with ``items`` in a random order drawn from ``rng``."""
    return [items[i] for i in random_order(len(items), rng)]


_SHORT = 128
"""The most items :func:`_short_order` orders (C arrays of this size when compiled)."""


def random_order(n: int, rng: random.Random) -> list[int]:
    """Return the numbers 0 to ``n - 1`` in a random order drawn from ``rng`` (the order :func:`shuffled` applies).

    Sorting by random keys costs one C-level draw per item, several times cheaper than
    :meth:`random.Random.shuffle` for a deck, and is just as uniform.
    """
    rand = rng.random
    if _COMPILED and n <= _SHORT:
        return _short_order(n, rand)
    keys = [rand() for _ in range(n)]
    return sorted(range(n), key=keys.__getitem__)


def _short_order(n: int, rand: Callable[[], float]) -> list[int]:
    """Return what :func:`random_order` returns for ``n`` (at most ``_SHORT``) items, drawing from ``rand``.

    Compiled (rng.pxd), the keys and the order are C arrays, sorted by insertion as they are drawn:
    a stable sort by the same keys, so the same order as ``sorted``, in a third of its time for a deck.
    As Python it is slower than ``sorted``, and only the tests run it.
    """
    keys = [0.0] * 128
    order = [0] * 128
    for i in range(n):
        key = rand()
        j = i
        while j > 0 and keys[j - 1] > key:
            keys[j] = keys[j - 1]
            order[j] = order[j - 1]
            j -= 1
        keys[j] = key
        order[j] = i
    return [order[i] for i in range(n)]
