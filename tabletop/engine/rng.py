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


def seeded(seed: int) -> random.Random:
    """Return ``random.Random(seed)``: the very same generator, made without the two Python-level calls
    of its constructor (its ``__init__`` and ``seed`` add nothing to an int seed but ``gauss_next``).

    Every game makes two (the deal's and the bots'); a test checks the states are equal.
    """
    if type(seed) is not int:
        return random.Random(seed)
    rng = _new_random(random.Random)
    _seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # set by Random.seed, not in the stubs
    return rng


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


_COMPILED = not __file__.endswith(".py")
"""True when this module runs compiled (tabletop/hotpath.py)."""
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
