"""docs/kit.md's API box says what the kit holds: its import lines run, every kit name it gives exists, the zone
ids, the card fields and the hooks (with their parameters) are the kit's own."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from tabletop import kit
from tabletop.engine.cards import Card

BOX = (Path(__file__).resolve().parents[1] / "docs" / "kit.md").read_text(encoding="utf-8").split(
    "## The kit at a glance", 1)[1].split("\n## ", 1)[0]


def _table(title: str) -> list[list[str]]:
    """The rows (cells stripped) of the Markdown table that follows ``title`` in the box."""
    rows = BOX.split(title, 1)[1].split("\n\n", 2)[1].splitlines()
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def test_the_import_lines_run_and_every_kit_name_exists() -> None:
    code = BOX.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict[str, object] = {}
    exec(code, scope)  # noqa: S102 - the box's own two lines
    assert scope["kit"] is kit and scope["Card"] is Card
    named = set(re.findall(r"kit\.([A-Za-z_]+)", BOX))
    assert named >= {"DRAW", "DISCARD", "Moves", "AGAIN", "ActionTaken", "InfoRow"}
    assert sorted(name for name in named if not hasattr(kit, name)) == []


def test_the_zone_ids_are_the_kits() -> None:
    said = dict(re.findall(r"`kit\.([A-Z]+)` is `\"([a-z]+)\"`", BOX))
    assert said == {"DRAW": kit.DRAW, "DISCARD": kit.DISCARD, "MARKET": kit.MARKET}
    for helper, example in re.findall(r"`kit\.([a-z_]+)\(seat\)` \(`\"([a-z]+:0)\"`\)", BOX):
        assert getattr(kit, helper)(0) == example


def test_the_card_fields_are_a_cards() -> None:
    fields = {row[0].strip("`") for row in _table("**A card**")}
    public = {name for name in Card.__slots__ if not name.startswith("_")} - {"serial"}  # serial: interning's count
    assert fields == public | {"label"}


def test_each_hook_is_the_kits_with_the_parameters_given() -> None:
    hooks = [row[0].strip("`") for row in _table("**The hooks**")]
    assert len(hooks) >= 12
    for hook in hooks:
        name, params = re.fullmatch(r"(\w+)\((.*)\)", hook).groups()  # type: ignore[union-attr]
        method = getattr(kit.KitGame, name)
        signature = list(inspect.signature(method).parameters)[1:]
        assert signature == [p.strip() for p in params.split(",")], (name, signature)
