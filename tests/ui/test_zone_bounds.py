"""A plugin game whose zones hold a million items still plays at the table: what is drawn is bounded.

The game is a folder in a temporary games folder (as a designer's or an attacker's would be): the
trick-taking game with a row of a million pieces, a pile, a spread and a face-down row of a million
cards each, and a board of 100,000 cells laid out in a million places. The table shows the newest
items of each zone and counts the rest; no frame, moves included, goes through the million items
(counted in calls and bytes, never in seconds).
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest

from tabletop.plugins import discovery
from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.scene.board import CELLS, SHOWN, Board, bounded
from tests.plugin_fixtures import clean_registry, write_game  # noqa: F401
from tests.ui.helpers import drawn_texts

MILLION = 1_000_000
BIG_GAME = '''
from tabletop.engine.cards import parse_cards
from tabletop.engine.zones import GRID, NOBODY, ROW, SPREAD, STACK, Cell, Item, Piece, Zone
from tabletop.games.trick_taking import TrickGame

N = 1_000_000
_BIG = []


def big():
    """The zones' contents, made once (a million items each)."""
    if not _BIG:
        cards = tuple(Item(c) for c in parse_cards("AS KH")) * (N // 2)
        cells = tuple(map(Cell, map(str, range(N // 10))))
        layout = tuple(tuple(str((r * 1000 + c) % (N // 10)) for c in range(1000)) for r in range(1000))
        _BIG.extend([(Item(Piece("p", "x")),) * N, cards, cells, layout])
    return _BIG


class Game1(TrickGame):
    name = "heaps"
    title = "Heaps"
    summary = "A test game with a million items in its zones."

    def zones(self, state):
        heap, cards, cells, layout = big()
        return [*super().zones(state),
                Zone("heap", "Heap", hint=ROW, items=heap),
                Zone("pile", "Pile", hint=STACK, items=cards),
                Zone("spread", "Spread", hint=SPREAD, items=cards),
                Zone("secret", "Secret", hint=ROW, visibility=NOBODY, items=cards),
                Zone("board", "Board", hint=GRID, cells=cells, layout=layout)]
'''
FRAME_CALLS = 1_000_000
"""The most Python and C calls one frame may make (drawing or laying out a million items makes more)."""
FRAME_BYTES = 32 * 2**20
"""The most memory one frame may hold at its peak (an object per item of a million takes 56 MB or more)."""


def frame_work(table: Table) -> tuple[int, int]:
    """One frame of the table: the calls it made and the peak bytes it allocated."""
    calls = 0

    def count(frame, event, arg) -> None:
        nonlocal calls
        calls += 1

    tracemalloc.start()
    sys.setprofile(count)
    try:
        assert table.step() is None
    finally:
        sys.setprofile(None)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return calls, peak


@pytest.fixture
def heaps(tmp_path: Path, clean_registry: None) -> str:  # noqa: F811
    """Install the game with a million items in its zones in a temporary games folder."""
    games = tmp_path / "games"
    write_game(games, "heaps", {"__init__.py": BIG_GAME})
    discovery.discover(games)
    return "heaps"


def test_a_million_items_in_zones_are_never_gone_through_in_a_frame(app, heaps: str, monkeypatch) -> None:
    said = drawn_texts(monkeypatch, app.text)
    table = Table(app, PlaySettings(heaps, 4, ["random"] * 4, 5, {}, None, "fast"))
    d = table.director
    busiest = made = frames = 0
    while d.session.moves < 6:
        calls, peak = frame_work(table)
        busiest, made = max(busiest, calls), max(made, peak)
        frames += 1
        assert frames < 3000, "the bots stopped moving"
    # Work is counted, not timed (a busy machine stretches seconds): a frame that drew, laid out or
    # wrapped the million items would make a million calls or an object per item.
    assert busiest < FRAME_CALLS, f"a frame made {busiest:,} calls: it went through the items one by one"
    assert made < FRAME_BYTES, f"a frame held {made:,} bytes: it made an object per item"
    board = d.board
    for zone in ("heap", "pile", "spread", "secret"):
        shown = board.zone(zone)
        assert shown is not None and shown.count <= SHOWN, "what is drawn is bounded"
        assert board.count(zone) == MILLION, "and what is not drawn is counted"
    grid = board.zone("board")
    assert grid is not None and len(grid.cells) <= CELLS and sum(map(len, grid.layout)) <= CELLS
    assert f"+{MILLION - SHOWN}" in said, "a row shows how many more it holds"
    assert f"Pile {MILLION}" in " ".join(said), "a pile's caption (on one line or two) counts every card"
    table.close()


def test_moves_into_a_full_zone_keep_it_bounded_and_counted() -> None:
    from tabletop.engine.cards import parse_cards
    from tabletop.engine.zones import ROW, Item, Move, TableView, Zone, hand_zone

    ace, king = parse_cards("AS KH")
    row = Zone("row", hint=ROW, items=(Item(king),) * (SHOWN + 5))
    board = Board(2, 0)
    board.refresh(TableView(0, 2, 0, (hand_zone(0, [ace]), row)))
    assert board.count("row") == SHOWN + 5 and board.more == {"row": 5}
    _, landed = board.apply(Move("hand:0", "row", (ace,), seat=0))
    shown = board.zone("row")
    assert shown is not None and shown.count == SHOWN and shown.items[-1].card is ace
    assert landed == [SHOWN - 1], "the card lands where it is drawn: the newest place"
    assert board.count("row") == SHOWN + 6


def test_a_board_laid_out_in_a_million_places_is_cut_to_what_is_drawn() -> None:
    from tabletop.engine.zones import GRID, Cell, Zone

    cells = tuple(Cell(str(i)) for i in range(10))
    zone = Zone("b", hint=GRID, cells=cells, layout=(tuple(str(i % 10) for i in range(1000)),) * 1000)
    tracemalloc.start()  # what cutting it makes, counted in bytes (not in seconds: the machine may be busy)
    try:
        cut, left = bounded(zone)
        made = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert made < 2**20, f"{made:,} bytes made: the million places were gone through, not cut"
    assert len(cut.cells) == 10 and sum(map(len, cut.layout)) <= CELLS and left == 0
    small = Zone("s", hint=GRID, cells=cells, layout=(tuple(c.id for c in cells),))
    assert bounded(small) == (small, 0), "a board that fits is drawn whole"
