"""Euler Getter, the seed project's board game: the game (:mod:`.game`), its boards as data files
(:mod:`.boardfile`, ``boards/``), the surface model they describe (:mod:`.polyhedron`) and the
script that makes projective-plane boards from hex patches (:mod:`.make_boards`)."""

from tabletop.games.euler_getter.game import EulerGetter

__all__ = ["EulerGetter"]
