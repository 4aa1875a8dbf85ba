"""Seeds: one master seed per session or simulation; every other generator derives from it, here."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from itertools import repeat, starmap


def derive_seed(master: int | str, *parts: object) -> int:
    """Return a 63-bit seed derived from ``master`` and ``parts``, the same on every machine.

    >>> derive_seed(7, "game", 0) == derive_seed(7, "game", 0) != derive_seed(7, "game", 1)
    True
    """
    text = "\x1f".join(str(p) for p in (master, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def seed_maker(master: int | str, *parts: object) -> Callable[[object], int]:
    """Return ``seed(last)``, which is ``derive_seed(master, *parts, last)`` with the common start
    hashed once (the simulator derives a seed per game from the master seed and the game's number).

    >>> seed_maker(7, "game")(3) == derive_seed(7, "game", 3)
    True
    """
    start = hashlib.blake2b(("\x1f".join(str(p) for p in (master, *parts)) + "\x1f").encode(), digest_size=8)

    def seed(last: object) -> int:
        digest = start.copy()
        digest.update(str(last).encode())
        return int.from_bytes(digest.digest(), "big") >> 1

    return seed


def new_rng(master: int | str, *parts: object) -> random.Random:
    """Return a generator seeded from ``master`` and ``parts``."""
    return random.Random(derive_seed(master, *parts))


class Seeds:
    """Every generator of one game dealt from ``seed``, each derived from it in this one place.

    The game draws its deals from :meth:`game`; the built-in bots share :meth:`bots` (seeding a
    generator per bot costs more than a trick in the simulator); a plugin bot gets its own from
    :meth:`bot` (one stuck and drawing late must not shift the other seats' draws); a failing bot's
    move is replaced from :meth:`fallback`. (A bot in a process of its own, untrusted, is the one
    exception: its seed is drawn at random, so that nothing of the game's can be computed from it.)

    >>> seeds = Seeds(7)
    >>> seeds.game().random() == random.Random(7).random()
    True
    """

    __slots__ = ("_bots", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._bots: random.Random | None = None

    @property
    def game_seed(self) -> int:
        """The seed of the game's own generator (its shuffles and draws)."""
        return self.seed

    @property
    def bots_seed(self) -> int:
        """The seed of the generator the built-in bots share."""
        return self.seed + 1

    def game(self) -> random.Random:
        """Return the game's generator."""
        return random.Random(self.game_seed)

    def bots(self) -> random.Random:
        """Return the generator the built-in bots of the game share (the same one on every call)."""
        if self._bots is None:
            self._bots = random.Random(self.bots_seed)
        return self._bots

    def bot_seed(self, seat: int) -> int:
        """Return the seed of a plugin bot's own generator."""
        return derive_seed(self.seed, "bot", seat)

    def bot(self, seat: int) -> random.Random:
        """Return a plugin bot's own generator."""
        return random.Random(self.bot_seed(seat))

    def fallback(self) -> random.Random:
        """Return the generator that picks a random legal move in place of a failing bot's."""
        return random.Random(derive_seed(self.seed, "fallback"))


def shuffled(items: list, rng: random.Random) -> list:
    """Return a new list with ``items`` in a random order drawn from ``rng``."""
    return [items[i] for i in random_order(len(items), rng)]


def random_order(n: int, rng: random.Random) -> list[int]:
    """Return the numbers 0 to ``n - 1`` in a random order drawn from ``rng`` (the order :func:`shuffled` applies).

    Sorting by random keys costs one C-level draw per item, several times cheaper than
    :meth:`random.Random.shuffle` for a deck, and is just as uniform.
    """
    # The n draws in one C-level loop (starmap calls random() with no arguments, n times).
    keys = list(starmap(rng.random, repeat((), n)))
    return sorted(range(n), key=keys.__getitem__)
