"""Euler Getter (``euler-getter``): colour cells of the projective plane; the larger Euler characteristic wins.

Rules, after the inventor's (Takehiko Yasuda, 2010), with the readings this module takes:

- Two players; seat 1 moves first, then they alternate. A move colours one vacant cell in the
  mover's colour (the table's colour for that seat).
- The board is the real projective plane drawn as hexagons. A cell on the rim is drawn twice, on
  opposite sides of the board: the two drawings are one cell, so colouring it colours both.
- When every cell is coloured the game ends. A player's score is the Euler characteristic
  ``V - E + F`` of the closed area of their colour: their cells (F), every edge of those cells (E)
  and every vertex of those cells (V), each counted once. The larger score wins.
- On a board where every vertex meets three edges, the two closed areas share only edges and
  vertices that meet in lines, and the scores add up to the surface's Euler characteristic (1 for
  the projective plane): the game never ties. Boards are checked for this when they load.
- The score is shown throughout; when a move changes it, the change (+1, -1, ...) shows at the cell.
  Only the mover's score can change: the other's area stays as it was.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.events import ActionTaken, seat_name
from tabletop.engine.game import Emit, Game
from tabletop.engine.options import option
from tabletop.engine.zones import EVERYONE, HEX, Cell, InfoRow, Move, Popup, Zone
from tabletop.games.euler_getter.boardfile import Board, load_board, shipped_boards
from tabletop.i18n import N_

BOARD = "board"
"""The id of the board zone."""
DEFAULT_BOARD = "rhombus-10"
"""The inventor's 10-cell board."""


@dataclass(frozen=True)
class EulerOptions:
    """Options of Euler Getter."""

    board: str = option(DEFAULT_BOARD, examples=tuple(shipped_boards()),
                        help=N_("a shipped board, one of your own in games/NAME.board.toml, or a .toml file's path"))


class EulerState:
    """One Euler Getter game in progress: who holds each face, and each seat's closed area so far."""

    __slots__ = ("rng", "to_move", "scores", "owner", "edges", "vertices", "moves")

    rng: random.Random
    to_move: int | None
    scores: list[int]
    owner: list[int | None]
    edges: list[set[int]]
    vertices: list[set[int]]
    moves: int


class EulerGetter(Game):
    """Euler Getter: two players colour cells of the projective plane; the larger Euler characteristic wins."""

    name = "euler-getter"
    title = "Euler Getter"
    summary = N_(
        "Two players colour cells of a board that is the projective plane (a rim cell and its opposite "
        "twin are one cell). When all are coloured, each scores the Euler characteristic V - E + F of "
        "their area; the larger wins, and the two always add up to 1."
    )
    rules = N_(
        "Take turns colouring one vacant cell in your colour. The board is the real projective plane: "
        "a cell on the rim is drawn twice, on opposite sides, and is one cell, so colouring it colours "
        "both drawings.\n\n"
        "When every cell is coloured, each player scores the Euler characteristic of their area: "
        "V - E + F, counting their cells (F) and every edge (E) and corner (V) of those cells once. "
        "Roughly, it is the number of separate pieces minus the number of loops: an island adds 1, "
        "closing a loop takes 1 away.\n\n"
        "The larger score wins. The two scores always add up to 1, so there is never a tie. When a "
        "move changes its player's score, the change shows at the cell (+1, -1): watch it to learn "
        "how shapes score."
    )
    min_players = 2
    max_players = 2
    Options = EulerOptions

    def __init__(self, *, players: int | None = None, options: Any = None) -> None:
        super().__init__(players=players, options=options)
        self.board: Board = load_board(self.options.board)
        poly = self.board.poly
        self._actions = tuple(Action("colour", zone=BOARD, cell=face, label=N_("Colour {cell}", cell=face))
                              for face in poly.faces)
        self._observed = {"board": self.board.name, "faces": poly.faces, "face_edges": poly.face_edges,
                          "face_vertices": poly.face_vertices, "euler": poly.euler}

    # -- protocol -----------------------------------------------------------------------------
    def setup(self, rng: random.Random, emit: Emit) -> EulerState:
        """Return an empty board with seat 1 to move."""
        state = EulerState()
        state.rng = rng
        state.to_move = 0
        state.scores = [0, 0]
        state.owner = [None] * len(self.board.poly.faces)
        state.edges = [set(), set()]
        state.vertices = [set(), set()]
        state.moves = 0
        return state

    def legal_actions(self, state: EulerState) -> list[Action]:
        """Return a colour action for every vacant cell, in the board's face order."""
        if state.to_move is None:
            return []
        actions = self._actions
        return [actions[f] for f, seat in enumerate(state.owner) if seat is None]

    def apply(self, state: EulerState, action: Action, emit: Emit) -> None:
        """Colour the cell for the seat to move, update its Euler characteristic, pass the turn."""
        seat = state.to_move
        assert seat is not None and action.cell is not None
        poly = self.board.poly
        face = poly.index[action.cell]
        edges, vertices = state.edges[seat], state.vertices[seat]
        gain = poly.gain(face, edges, vertices)
        edges.update(poly.face_edges[face])
        vertices.update(poly.face_vertices[face])
        state.owner[face] = seat
        state.scores[seat] += gain
        state.moves += 1
        state.to_move = None if state.moves == len(state.owner) else 1 - seat
        if emit is not None:
            # Every move says what it did to the score, a move that changes nothing too.
            shown = (Popup(f"{gain:+d}" if gain else "\u00b10", zone=BOARD, cell=action.cell),)
            emit(ActionTaken(seat, action, moved=(Move("", BOARD, seat=seat, cell=action.cell),), shown=shown))

    def why_illegal(self, state: EulerState, action: Action) -> str:
        """Explain why ``action`` is not legal now."""
        if state.to_move is None:
            return N_("the game is over")
        if action.kind != "colour" or action.zone != BOARD or action.cell is None:
            return N_("colour a vacant cell of the board")
        face = self.board.poly.index.get(action.cell)
        if face is None:
            return N_("there is no cell {cell} on this board", cell=action.cell)
        owner = state.owner[face]
        if owner == state.to_move:
            return N_("cell {cell} is already coloured (yours)", cell=action.cell)
        if owner is not None:
            return N_("cell {cell} is already coloured ({seat}'s)", cell=action.cell, seat=seat_name(owner))
        return N_("colour a vacant cell of the board")

    def observe(self, state: EulerState, seat: int) -> dict[str, Any]:
        """Return the whole board (all of it is public): faces with their edges and vertices, who holds
        each face (None: vacant), each seat's Euler characteristic and the whole surface's."""
        return {**self._observed, "owners": tuple(state.owner), "chi": tuple(state.scores)}

    def status(self, state: EulerState, seat: int) -> str:
        """Say what ``seat`` may do now."""
        if state.to_move is None:
            return N_("Game over")
        if state.to_move != seat:
            return N_("Waiting for {seat}", seat=seat_name(state.to_move))
        return N_("Colour a vacant cell")

    # -- the table --------------------------------------------------------------------------------
    def zones(self, state: EulerState) -> list[Zone]:
        """Return the one hex board: every cell with the seat that coloured it (None: vacant)."""
        cells = tuple(Cell(face, face, seat=owner) for face, owner in zip(self.board.poly.faces, state.owner,
                                                                          strict=True))
        return [Zone(BOARD, self.board.title, owner=None, visibility=EVERYONE, hint=HEX, cells=cells,
                     layout=self.board.layout)]

    def info(self, state: EulerState, seat: int | None) -> list[InfoRow]:
        """Return each seat's current Euler characteristic and the board's name."""
        vacant = sum(1 for owner in state.owner if owner is None)
        return [InfoRow(N_("Euler χ"), per_seat=tuple(str(s) for s in state.scores)),
                InfoRow(N_("Board"), N_("{board}: {cells} cells, {vacant} vacant", board=self.board.name,
                                        cells=len(state.owner), vacant=vacant))]
