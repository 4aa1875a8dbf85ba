"""Euler Getter: Euler characteristics worked out by hand, the rules, the table, and the no-tie property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.actions import Action
from tabletop.engine.errors import IllegalAction
from tabletop.engine.events import ActionTaken
from tabletop.engine.zones import HEX, Move, Popup, check_zones
from tabletop.games.euler_getter import EulerGetter
from tabletop.games.euler_getter.boardfile import shipped_boards
from tests.sessions import open_game

BOARDS = {name: EulerGetter(options={"board": name}) for name in shipped_boards()}


def chi(board: str, faces: str) -> int:
    """Return the Euler characteristic of the closed area of the faces named in ``faces``."""
    poly = BOARDS[board].board.poly
    return poly.chi(poly.index[f] for f in faces.split())


# On hexagon-28 the inner cell 19 has the six neighbours 14 15 18 20 23 24 (see its layout).
@pytest.mark.parametrize(("faces", "expected", "why"), [
    ("19", 1, "one face: a disc"),
    ("18 19", 1, "two faces sharing one edge: still a disc"),
    ("14 18 19", 1, "three faces round a vertex"),
    ("13 25", 2, "two faces apart: two pieces"),
    ("14 15 18 20 23 24", 0, "a ring of faces round a hole: one piece, one loop"),
    ("14 15 18 19 20 23 24", 1, "the ring with its hole filled: a disc again"),
    ("14 15 18 20 23", 1, "the ring with a gap: a bent strip"),
    ("14 15 20 23", 2, "the ring with two gaps: two strips"),
])
def test_hand_checked_euler_characteristics(faces: str, expected: int, why: str) -> None:
    assert chi("hexagon-28", faces) == expected, why


def test_whole_surface_and_whole_surface_but_a_cell() -> None:
    for name, game in BOARDS.items():
        poly = game.board.poly
        everything = set(range(len(poly.faces)))
        assert poly.chi(everything) == poly.euler == 1, name
        # The projective plane less an open disc is a Moebius band.
        inner = poly.index["19" if name == "hexagon-28" else "9"]
        assert poly.chi(everything - {inner}) == 0, name


def test_the_inventors_corner_a_two_sided_face_between_two_faces_that_share_two_edges() -> None:
    poly = BOARDS["rhombus-10"].board.poly
    assert len(poly.face_edges[poly.index["1"]]) == 2
    assert chi("rhombus-10", "1") == 1
    assert chi("rhombus-10", "2 6") == 0, "glued along two edges, faces 2 and 6 enclose a loop"
    assert chi("rhombus-10", "1 2 6") == 1, "the two-sided face 1 fills it"


def test_inventors_board_is_the_default_with_the_published_numbering() -> None:
    game = EulerGetter()
    assert game.board.name == "rhombus-10"
    rows = [[c for c in row if c is not None] for row in game.board.layout]
    assert rows == [["1", "2", "3", "4"], ["6", "7", "8", "5"], ["5", "9", "10", "6"], ["4", "3", "2", "1"]]
    poly = game.board.poly
    assert (len(poly.vertices), len(poly.edges), len(poly.faces)) == (18, 27, 10)


def test_colouring_a_twin_colours_one_cell_and_shows_the_change() -> None:
    game = EulerGetter()
    session = open_game(game, seed=0)
    rim = game.board.poly.index["5"]
    events = session.submit(Action("colour", zone="board", cell="5"))
    taken = [e for e in events if isinstance(e, ActionTaken)]
    assert taken[0].moves == (Move("", "board", seat=0, cell="5"),)
    assert taken[0].popups == (Popup("+1", zone="board", cell="5"),)
    assert session.state.owner[rim] == 0 and session.scores() == [1, 0]
    view = session.table(1)
    board = view.zone("board")
    assert board is not None and board.hint == HEX
    assert sum(row.count("5") for row in board.layout) == 2, "the rim cell is drawn twice"
    assert board.cell("5") is not None and board.cell("5").seat == 0  # type: ignore[union-attr]
    assert [c.id for c in board.cells] == list(game.board.poly.faces)
    check_zones(view.zones)
    assert view.info[0].label == "Euler χ" and view.info[0].per_seat == ("1", "0")
    assert view.status == "Colour a vacant cell" and session.table(0).status == "Waiting for Seat 2"
    assert Action("colour", zone="board", cell="5") not in session.legal_actions()
    with pytest.raises(IllegalAction, match="already coloured"):
        session.submit(Action("colour", zone="board", cell="5"))
    with pytest.raises(IllegalAction, match="no cell 99"):
        session.submit(Action("colour", zone="board", cell="99"))


def test_a_move_that_closes_a_loop_shows_minus_one_and_one_that_changes_nothing_says_so() -> None:
    game = BOARDS["hexagon-28"]
    session = open_game(game, seed=0)
    plays = {0: ["14", "15", "20", "24", "23", "18"], 1: ["1", "2", "3", "4", "5", "6"]}
    shown = []
    for k in range(12):
        events = session.submit(Action("colour", zone="board", cell=plays[k % 2][k // 2]))
        shown.append(next(e for e in events if isinstance(e, ActionTaken)).popups)
    mine = [p[0].text if p else "" for p in shown[0::2]]
    assert mine == ["+1", "\u00b10", "\u00b10", "\u00b10", "\u00b10", "-1"], \
        "an island, four extensions of one strip (each says it changed nothing), then the ring closes"
    assert session.scores()[0] == 0


def test_observation_holds_the_whole_board_the_same_for_both_seats() -> None:
    game = EulerGetter()
    session = open_game(game, seed=0)
    session.submit(game.legal_actions(session.state)[3])
    mine, theirs = game.observe(session.state, 0), game.observe(session.state, 1)
    assert mine == theirs
    assert mine["owners"][3] == 0 and mine["chi"] == (1, 0) and mine["euler"] == 1


@settings(max_examples=60)
@given(data=st.data(), board=st.sampled_from(sorted(BOARDS)))
def test_scores_add_up_to_the_boards_euler_characteristic_and_never_tie(data: st.DataObject, board: str) -> None:
    game = BOARDS[board]
    poly = game.board.poly
    order = data.draw(st.permutations(poly.faces))
    session = open_game(game, seed=0)
    for k, face in enumerate(order):
        session.submit(Action("colour", zone="board", cell=face))
        owned = [[f for f, o in enumerate(session.state.owner) if o == seat] for seat in (0, 1)]
        assert session.scores() == [poly.chi(owned[0]), poly.chi(owned[1])], f"after move {k + 1}"
    assert session.is_over
    assert sum(session.scores()) == poly.euler == 1
    assert sorted(session.ranks()) == [1, 2]
