"""Seeds: one master seed per session or simulation; every other generator derives from it."""

from __future__ import annotations

import hashlib
import random


def derive_seed(master: int | str, *parts: object) -> int:
    """Return a 63-bit seed derived from ``master`` and ``parts``, the same on every machine.

    >>> derive_seed(7, "game", 0) == derive_seed(7, "game", 0) != derive_seed(7, "game", 1)
    True
    """
    text = "\x1f".join(str(p) for p in (master, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def new_rng(master: int | str, *parts: object) -> random.Random:
    """Return a generator seeded from ``master`` and ``parts``."""
    return random.Random(derive_seed(master, *parts))


def shuffled(items: list, rng: random.Random) -> list:
    """Return a new list with ``items`` in a random order drawn from ``rng``."""
    return [items[i] for i in random_order(len(items), rng)]


def random_order(n: int, rng: random.Random) -> list[int]:
    """Return the numbers 0 to ``n - 1`` in a random order drawn from ``rng`` (the order :func:`shuffled` applies).

    Sorting by random keys costs one C-level draw per item, several times cheaper than
    :meth:`random.Random.shuffle` for a deck, and is just as uniform.
    """
    rand = rng.random
    keys = [rand() for _ in range(n)]
    return sorted(range(n), key=keys.__getitem__)
