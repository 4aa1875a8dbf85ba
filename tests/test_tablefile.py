"""Table files (``table.toml``): the table of a deck with no rules, read as data, every mistake one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.formats.tablefile import (
    DOWN,
    UP,
    TableError,
    default_table,
    load_table,
    parse_table_text,
)

FULL = """\
title = "Harbour"
players = 3
min_players = 2
max_players = 4
rules = "Trade."

[hand]
label = "Cargo"
deal = 5

[[pile]]
id = "draw"
face = "down"

[[pile]]
id = "discard"
face = "up"

[[row]]
id = "market"
label = "Docks"
deal = 4

[[row]]
id = "tableau"
per_seat = true

[[counter]]
id = "gold"
steps = [1, 5]

[[counter]]
id = "fame"
score = true
"""


def test_a_full_table_reads_every_field() -> None:
    spec = parse_table_text(FULL, "table.toml")
    assert (spec.title, spec.rules, spec.min_players, spec.max_players, spec.default_players) == (
        "Harbour", "Trade.", 2, 4, 3)
    assert (spec.hand.label, spec.hand.deal) == ("Cargo", 5)
    assert [(z.kind, z.id, z.face, z.deal, z.per_seat) for z in spec.zones] == [
        ("pile", "draw", DOWN, 0, False), ("pile", "discard", UP, 0, False), ("row", "market", UP, 4, False),
        ("row", "tableau", UP, 0, True)]
    assert spec.deck_zone.id == "draw", "the first pile holds the deck when none says deck = true"
    assert [(c.id, c.label, c.steps) for c in spec.counters] == [("gold", "Gold", (1, 5)), ("fame", "Fame", (1,))]
    assert spec.score == "fame"
    assert [z.id for z in spec.dealt] == ["hand", "market"]


def test_the_default_table_has_a_draw_pile_a_discard_and_a_hand_and_area_per_seat() -> None:
    spec = default_table("games/x/table.toml")
    assert [(z.id, z.per_seat) for z in spec.zones] == [("draw", False), ("discard", False), ("area", True)]
    assert spec.deck_zone.id == "draw" and not spec.dealt and spec.score == "points"


@pytest.mark.parametrize(("text", "line"), [
    ('players = 9\n', "table.toml:1: players: 9 is not a whole number from 1 to 6"),
    ('colour = "red"\n[[pile]]\nid = "d"\n', "table.toml:1: colour: unknown entry"),
    ('[hand]\ndeal = -1\n[[pile]]\nid = "d"\n', "table.toml:2: hand.deal: -1 is not a whole number from 0 to 999"),
    ('[hand]\nlable = "H"\n[[pile]]\nid = "d"\n', "table.toml:2: hand.lable: unknown field; known: label, deal"),
    ('[[pile]]\nid = "Draw"\n', "table.toml:2: pile.id: 'Draw' is not an id"),
    ('[[pile]]\nid = "d"\nface = "sideways"\n', "table.toml:3: pile.face: 'sideways' is not one of down, up"),
    ('[[pile]]\nid = "d"\n[[row]]\nid = "d"\n', "table.toml:4: row.id: 'd' is declared twice (also on line 2)"),
    ('[[pile]]\nid = "d"\n[[row]]\nid = "r"\nper_seat = "yes"\n', "table.toml:5: row.per_seat: 'yes' is not true or false"),
    ('[[pile]]\nid = "d"\n[[counter]]\nid = "p"\nsteps = [0]\n', "table.toml:5: counter.steps: [0] is not a list"),
    ('[[row]]\nid = "market"\n', "table.toml: pile: no pile to hold the deck"),
    ('[[pile]]\nid = "a"\ndeck = true\n[[pile]]\nid = "b"\ndeck = true\n', "table.toml:6: pile.deck: the deck starts in one pile only"),
    ('[[pile]]\nid = "a"\ndeal = 3\n', "table.toml:3: pile.deal: the pile holding the deck is not dealt to"),
    ('[[pile]]\nid = "hand"\n', "table.toml:2: pile.id: 'hand' is every seat's hand"),
    ('min_players = 5\nmax_players = 3\n[[pile]]\nid = "d"\n', "table.toml:1: min_players: min_players 5 is above max_players 3"),
    ('[[pile]]\nid = "d"\nfoo = 1\nbar = 2\n', "table.toml:3: pile.foo: unknown field"),
    ('[[pile]\nid = "d"\n', "table.toml:1: syntax: invalid TOML"),
    ('title = "a\\u001b[2J"\n[[pile]]\nid = "d"\n', "table.toml:1: title: holds a control character"),
])
def test_each_mistake_is_one_line_naming_file_line_and_field(text: str, line: str) -> None:
    with pytest.raises(TableError) as info:
        parse_table_text(text, "table.toml")
    assert any(p.startswith(line) for p in info.value.problems), info.value.problems
    assert "\n" not in str(info.value)


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(TableError) as info:
        parse_table_text('[[pile]]\nid = "Bad"\nface = "x"\n[hand]\ndeal = "five"\n', "t.toml")
    assert [p.split(": ")[0:2] for p in info.value.problems] == [
        ["t.toml:2", "pile.id"], ["t.toml:3", "pile.face"], ["t.toml:5", "hand.deal"]]


def test_unreadable_files_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "table.toml"
    bad.write_bytes(b'title = "\xff"\n')
    with pytest.raises(TableError, match=r"table.toml:1: file: not UTF-8 text"):
        load_table(bad)
    with pytest.raises(TableError, match=r"missing.toml: file: cannot read it"):
        load_table(tmp_path / "missing.toml")
