"""Euler Getter board files: every mistake named with its file and face, boards found by name, path or
in the games folder, and the shipped boards exactly what the generator makes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine import folders
from tabletop.engine.errors import UserInputError
from tabletop.games.euler_getter import make_boards
from tabletop.games.euler_getter.boardfile import (
    SHIPPED,
    BoardError,
    board_path,
    load_board,
    parse_board_text,
    shipped_boards,
)
from tabletop.games.euler_getter.make_boards import derive, hexagon, layout_rows, rhombus
from tabletop.games.euler_getter.polyhedron import build
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry

INVENTOR = (SHIPPED / "rhombus-10.toml").read_text(encoding="utf-8")

TETRAHEDRON = """
title = "A tetrahedron: a sphere"
layout = ["A B", " C D"]
[faces]
A = { edges = ["ab", "bc", "ca"], vertices = ["a", "b", "c"] }
B = { edges = ["ab", "bd", "da"], vertices = ["a", "b", "d"] }
C = { edges = ["ca", "da", "cd"], vertices = ["c", "a", "d"] }
D = { edges = ["bc", "cd", "bd"], vertices = ["b", "c", "d"] }
"""


@pytest.fixture
def games_dir(tmp_path: Path) -> Iterator[Path]:
    """A games folder that discovery is pointed at for the test (the default again afterwards)."""
    folder = tmp_path / "games"
    folder.mkdir()
    yield folder
    folders.set_games_dir(None)


def problems(text: str, source: str = "my.board.toml") -> list[str]:
    """Return the problems of a board text (failing the test when it loads)."""
    with pytest.raises(BoardError) as caught:
        parse_board_text(text, source)
    assert str(caught.value).startswith(f"board file {source}")
    return caught.value.problems


def test_every_shipped_board_loads_as_the_projective_plane() -> None:
    assert shipped_boards() == ["hexagon-28", "rhombus-10", "rhombus-17"]
    for name in shipped_boards():
        board = load_board(name)
        assert board.poly.euler == 1 and board.name == name and board.title


def test_an_edge_on_one_face_only() -> None:
    text = INVENTOR.replace('4 = { edges = ["3-4", "4-9"', '4 = { edges = ["3-4", "4-99"')
    assert problems(text) == [
        "face 4: edge 4-99 is on this face only: every edge separates two faces (write its label on the face across it)",
        "face 9: edge 4-9 is on this face only: every edge separates two faces (write its label on the face across it)",
    ]


def test_an_edge_on_three_faces() -> None:
    text = INVENTOR.replace('7 = { edges = ["2-7"', '7 = { edges = ["1-2"').replace('"2-6-7", "2-3-7", "3-7-8"',
                                                                                 '"1-2-6", "1-2-6b", "3-7-8"')
    assert any(p.startswith("face 1: edge 1-2 is on 3 faces (1, 2, 7)") for p in problems(text))


def test_an_edge_whose_two_faces_disagree_on_its_ends() -> None:
    # Face 3's vertices written the wrong way round: four of its edges now join the wrong pairs.
    text = INVENTOR.replace('vertices = ["2-3-7", "2-3-10", "3-9-10", "3-4-9", "3-4-8", "3-7-8"]',
                            'vertices = ["2-3-10", "2-3-7", "3-7-8", "3-4-8", "3-4-9", "3-9-10"]')
    found = problems(text)
    assert found[0] == ("face 10: edge 3-10 joins 2-3-10 and 3-9-10 here but 2-3-7 and 3-7-8 on face 3; write the"
                        " vertices in the same order around both faces")
    assert len(found) == 4 and all(" on face 3; " in p for p in found)


def test_a_vertex_meeting_more_than_three_edges() -> None:
    text = INVENTOR.replace('"5-6-10"', '"3-4-8"')
    assert problems(text) == ["face 3: vertex 3-4-8 meets 6 edges (faces 3, 4, 5, 6, 8, 10); every vertex must"
                              " meet exactly three"]


def test_an_even_euler_characteristic_could_tie() -> None:
    assert problems(TETRAHEDRON) == [
        "its Euler characteristic V - E + F = 4 - 6 + 4 = 2 is even, so the players could tie; Euler Getter"
        " needs a surface with an odd one (the projective plane has 1)"]


def test_faces_in_separate_pieces() -> None:
    faces = INVENTOR.split("[faces]")[1] + TETRAHEDRON.split("[faces]")[1]
    layout = 'layout = ["1 2 3 4 5 6 7 8 9 10", "A B C D"]\n'
    found = problems(layout + "[faces]" + faces)
    assert found == ["the faces fall into 2 separate pieces (starting at faces 1, A); join them into one surface"]


def test_face_lists_that_do_not_describe_a_polygon() -> None:
    text = INVENTOR.replace('1 = { edges = ["1-2", "1-6"], vertices = ["1-2-6", "1-2-6b"] }',
                            '1 = { edges = ["1-2", "1-6"], vertices = ["1-2-6"] }')
    assert problems(text) == ["face 1: it lists 2 edges but 1 vertices; list them in order around the face, edge k"
                              " joining vertex k and vertex k+1"]
    text = INVENTOR.replace('vertices = ["1-2-6", "1-2-6b"] }', 'vertices = ["1-2-6", "1-2-6"] }')
    assert problems(text)[0] == "face 1: it lists vertex 1-2-6 twice; a face goes round each vertex once"


def test_layout_mistakes() -> None:
    assert problems(INVENTOR.replace('"1  2  3  4  .",', '"1  2  3  4  x",')) == [
        "layout row 1: 'x' is not a face of this board (its faces are 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)"]
    assert problems(INVENTOR.replace('".  5  9  10 6",', '".  5  9  .  6",')) == [
        "face 10: it is not in the layout; draw it at least once"]
    assert problems(INVENTOR.replace('"1  2  3  4  .",', '"1  2  4  3  .",'))[0] == (
        "face 2: the layout (row 1) draws it beside face 4, but they share no edge")


@pytest.mark.parametrize(("text", "expected"), [
    ("layout = [\n", "invalid TOML: "),
    ('layout = ["1"]\nsize = 3\n[faces]\n1 = { edges = [], vertices = [] }\n', "unknown key 'size'"),
    ('layout = ["1"]\nfaces = 3\n', "faces must be a table"),
    ('layout = ["1"]\n', "no [faces] table"),
    ('layout = "1 2"\n[faces]\n', "layout must be a list of rows in quotes"),
    ('layout = ["1"]\n[faces]\n1 = { edges = "a b", vertices = ["p"] }\n', "face 1: edges must be a list of labels"),
    ('layout = ["1"]\n[faces]\n1 = { edges = ["a"], vertices = ["p"], colour = "red" }\n',
     "face 1: unknown key 'colour'"),
    ('layout = ["x.y"]\n[faces]\n"x.y" = { edges = ["a"], vertices = ["p"] }\n', "face x.y: a face name is"),
])
def test_malformed_files(text: str, expected: str) -> None:
    assert any(p.startswith(expected) for p in problems(text)), problems(text)


def test_several_problems_are_listed_together() -> None:
    text = INVENTOR.replace("title =", "titel =").replace('"1-2-6b"] }', '"1-2-6b"], colour = "red" }')
    with pytest.raises(BoardError, match=re.escape("board file my.board.toml has 2 problems:\n  unknown key")):
        parse_board_text(text, "my.board.toml")


def test_boards_are_found_by_name_path_and_in_the_games_folder(games_dir: Path, tmp_path: Path) -> None:
    assert board_path("rhombus-17") == SHIPPED / "rhombus-17.toml"
    (games_dir / "mine.board.toml").write_text(INVENTOR.replace("10 cells", "My board"), encoding="utf-8")
    (tmp_path / "loose.toml").write_text(INVENTOR, encoding="utf-8")
    plugins.discover(games_dir)
    try:
        assert registry.make_game("euler-getter", options={"board": "mine"}).board.title.startswith("My board")
        assert registry.make_game("euler-getter", options={"board": str(tmp_path / "loose.toml")}).board.name == "loose"
        with pytest.raises(UserInputError, match="unknown board 'nope': the boards are hexagon-28, rhombus-10,"
                                                 " rhombus-17, mine; put your own in"):
            registry.make_game("euler-getter", options={"board": "nope"})
        with pytest.raises(UserInputError, match="board file missing.toml: no such file"):
            registry.make_game("euler-getter", options={"board": "missing.toml"})
        assert "games" not in {e.name for e in registry.game_entries()}, "a board file is no game folder"
    finally:
        plugins.discover(None)


def test_the_cli_plays_a_designers_board_and_reports_a_broken_one(games_dir: Path, capsys: pytest.CaptureFixture[str]
                                                                   ) -> None:
    (games_dir / "mine.board.toml").write_text(INVENTOR, encoding="utf-8")
    (games_dir / "bad.board.toml").write_text(TETRAHEDRON, encoding="utf-8")
    try:
        assert main(["--games-dir", str(games_dir), "simulate", "euler-getter", "--set", "board=mine",
                     "--games", "30", "--quiet"]) == 0
        assert "30 games" in capsys.readouterr().out
        assert main(["--games-dir", str(games_dir), "simulate", "euler-getter", "--set", "board=bad",
                     "--games", "3", "--quiet"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith(f"tabletop simulate: error: board file {games_dir / 'bad.board.toml'}: its Euler")
        assert "\n" not in err and "Traceback" not in err
    finally:
        plugins.discover(None)


def test_shipped_boards_are_what_the_generator_writes() -> None:
    assert make_boards.main(["--check"]) == 0
    assert set(make_boards.BOARDS) == set(shipped_boards())


def test_generator_numbers_the_inventors_board_as_he_did() -> None:
    rows = [" ".join(c or "." for c in row) for row in layout_rows(rhombus(4))]
    assert rows == ["1 2 3 4 .", "6 7 8 5 .", ". 5 9 10 6", ". 4 3 2 1"]


@pytest.mark.parametrize("patch", [rhombus(3), rhombus(6), hexagon(2), hexagon(3), hexagon(5)],
                         ids=["rhombus-3", "rhombus-6", "hexagon-2", "hexagon-3", "hexagon-5"])
def test_generated_patches_are_projective_planes(patch: make_boards.Patch) -> None:
    poly, found = build(derive(patch))
    assert found == [] and poly is not None and poly.euler == 1
    drawn = len(patch.places)
    rim = sum(1 for h in patch.places if any(make_boards._add(h, d) not in patch.places
                                             for d in make_boards.DIRECTIONS))
    assert len(poly.faces) == drawn - rim // 2
