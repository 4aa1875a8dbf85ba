"""The Euler Getter bot: plays the move worth most to both sides, and solves the endgame exactly.

It reads only its view: each face's edges and vertices, who holds each face, and the scores. The
score of a closed area changes, when a face joins it, by 1 minus the edges plus the vertices the
face adds (a lone cell +1, a cell touching the area along one stretch 0, along two -1). The two
scores always add up to the board's Euler characteristic, so the game is zero-sum: a cell is worth
what it gives the mover plus what it would have given the other player (who cannot have it now).
With few vacant cells left the bot searches every ending and plays the best one.
In a game that is not Euler Getter it plays at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.bots.base import Bot
from tabletop.engine.actions import Action
from tabletop.engine.views import View

ENDGAME = 7
"""With this many vacant cells or fewer the bot searches every ending (a few hundred positions, a few ms)."""
WHOLE_GAME = 10
"""On a board of this many cells or fewer (the inventor's has 10) the bot searches the whole game:
it takes under a second once, and the memory of it serves every later game."""
MEMO_LIMIT = 200_000
"""Positions remembered at most (about 30 MB) before the memory of solved endings starts afresh."""

# What an ending is worth depends only on the board and the position, so every bot (and every game
# of a simulation) shares what has been solved: later games on the same board find most positions
# already known. The board is kept to tell when it changes.
_solved: tuple[object, dict[bytes, int]] = (None, {})


class Area:
    """Both seats' closed areas on one board, as counts of how many of their faces hold each edge
    and vertex, so that faces can be added and taken back during a search."""

    def __init__(self, face_edges: Sequence[Sequence[int]], face_vertices: Sequence[Sequence[int]],
                 owners: Sequence[int | None]) -> None:
        self.face_edges = face_edges
        self.face_vertices = face_vertices
        edges = 1 + max((e for f in face_edges for e in f), default=0)
        vertices = 1 + max((v for f in face_vertices for v in f), default=0)
        self.edges = [[0] * edges, [0] * edges]
        self.vertices = [[0] * vertices, [0] * vertices]
        self.owners = bytearray(2 if o is None else o for o in owners)
        for face, owner in enumerate(owners):
            if owner is not None:
                self.add(face, owner)

    def gain(self, face: int, seat: int) -> int:
        """Return how much ``seat``'s Euler characteristic would change if it coloured ``face``."""
        edges, vertices = self.edges[seat], self.vertices[seat]
        return (1 - sum(1 for e in self.face_edges[face] if not edges[e])
                + sum(1 for v in self.face_vertices[face] if not vertices[v]))

    def add(self, face: int, seat: int) -> None:
        """Colour ``face`` for ``seat``."""
        self.owners[face] = seat
        edges, vertices = self.edges[seat], self.vertices[seat]
        for e in self.face_edges[face]:
            edges[e] += 1
        for v in self.face_vertices[face]:
            vertices[v] += 1

    def remove(self, face: int, seat: int) -> None:
        """Take back :meth:`add`."""
        self.owners[face] = 2
        edges, vertices = self.edges[seat], self.vertices[seat]
        for e in self.face_edges[face]:
            edges[e] -= 1
        for v in self.face_vertices[face]:
            vertices[v] -= 1

    def margin(self, seat: int, memo: dict[bytes, int]) -> int:
        """Return the most ``seat`` (to move) can gain over the other seat from here to the end, both
        playing their best (a negamax over every ending, positions remembered in ``memo``)."""
        owners = self.owners
        key = bytes(owners)
        known = memo.get(key)
        if known is not None:
            return known
        # The search spends its time here: add() and gain() are inlined, each face's counts raised
        # while its gain is read off them.
        edges, vertices = self.edges[seat], self.vertices[seat]
        face_edges, face_vertices = self.face_edges, self.face_vertices
        best = None
        for face in [f for f, owner in enumerate(owners) if owner == 2]:
            gain = 1
            for e in face_edges[face]:
                if not edges[e]:
                    gain -= 1
                edges[e] += 1
            for v in face_vertices[face]:
                if not vertices[v]:
                    gain += 1
                vertices[v] += 1
            owners[face] = seat
            value = gain - self.margin(1 - seat, memo)
            owners[face] = 2
            for e in face_edges[face]:
                edges[e] -= 1
            for v in face_vertices[face]:
                vertices[v] -= 1
            if best is None or value > best:
                best = value
        if best is None:
            best = 0
        memo[key] = best
        return best


class EulerGreedyBot(Bot):
    """Colours the cell worth most to both players; searches every ending once few cells are left."""

    name = "euler-greedy"
    games = ("euler-getter",)
    description = "Euler Getter: the cell worth most to both players, a full search of the endgame"

    def choose(self, view: View) -> Action:
        """Return the best colour action by the bot's reckoning (a random legal action in other games)."""
        legal = view.legal
        data = view.data()
        if not self.plays_its_game(lambda: _looks_euler(data, legal)):
            return self.rng.choice(legal)
        faces = {name: i for i, name in enumerate(data["faces"])}
        seat = view.seat
        area = Area(data["face_edges"], data["face_vertices"], data["owners"])
        options = [(faces[a.cell], a) for a in legal if a.cell in faces]
        if len(options) <= ENDGAME or len(faces) <= WHOLE_GAME:
            return self._solve(area, seat, options, _memo_for(data["face_edges"]))
        return max(options, key=lambda o: (area.gain(o[0], seat) + area.gain(o[0], 1 - seat),
                                           area.gain(o[0], seat), self.rng.random()))[1]

    def _solve(self, area: Area, seat: int, options: list[tuple[int, Action]], memo: dict[bytes, int]) -> Action:
        best: list[Action] = []
        best_value = None
        for face, action in options:
            gain = area.gain(face, seat)
            area.add(face, seat)
            value = gain - area.margin(1 - seat, memo)
            area.remove(face, seat)
            if best_value is None or value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[int(self.rng.random() * len(best))]


def _memo_for(board: object) -> dict[bytes, int]:
    """Return the shared memory of solved endings for ``board`` (emptied when the board changes or it is full)."""
    global _solved
    known, memo = _solved
    if known is not board or len(memo) > MEMO_LIMIT:
        _solved = (board, {})
    return _solved[1]


def _looks_euler(data: dict[str, Any], legal: Sequence[Action]) -> bool:
    """Return True for a view shaped like Euler Getter's (its board's faces, edges, vertices and owners)."""
    return {"faces", "face_edges", "face_vertices", "owners"} <= data.keys() and all(a.cell for a in legal)
