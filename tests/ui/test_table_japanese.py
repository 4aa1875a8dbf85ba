"""The table in Japanese: a whole game of every built-in game, every overlay and refusal, no English left."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tabletop import i18n
from tabletop.engine.options import describe
from tabletop.plugins import registry, reserved
from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.scene.choices import Target
from tests.ui.helpers import drawn_texts, english_words, pump_until

GAMES = [
    ("trick-taking", 4, {"deals": 1, "scoring": "bid", "trump": "turnup", "jokers": True}),
    ("trick-taking", 3, {"deals": 1, "scoring": "hearts", "target": 30}),
    ("birdhead", 3, {"target": 12}),
    ("draw-poker", 3, {"deals": 2}),
    ("euler-getter", 2, {}),
]


def refuse_a_click(table: Table) -> bool:
    """Click something the human may not use now (the table says why); return whether there was one."""
    scene = table.scene
    for zone in scene.director.board.zones():
        for cell in zone.cells:
            if cell.seat is not None:
                scene.click_target(Target(zone.id, -1, None, cell.id))
                return True
        if zone.is_hand_of(scene.seat):
            for i, item in enumerate(zone.items):
                target = Target(zone.id, i, item.card)
                if item.card is not None and not scene.is_clickable(target):
                    scene.click_target(target)
                    return True
    return False


def play_in_japanese(table: Table, rng: random.Random) -> bool:
    """Play the human's seat at random to the end, opening every overlay and trying a refused click once.

    Return whether some click was refused (in draw poker every choice is legal).
    """
    scene, director, session = table.scene, table.director, table.session
    overlays = ["help", "rules", "diagnostics", "back"]
    refused = selected = False
    while not (director.pause is not None and director.pause.kind == "game"):
        pump_until(table, lambda: director.accepts_input or director.pause is not None)
        if director.pause is not None:
            table.step()  # the end-of-deal box and the held trick are drawn before going on
            if director.pause is not None and director.pause.kind != "game":
                scene.command("continue")
            continue
        if overlays:
            scene.command(overlays.pop(0))
            table.step()
            scene.command("back" if scene.overlay != "leave" else "stay")
        if not refused:
            refused = refuse_a_click(table)
            table.step()
        zone = scene.selection_zone()
        if zone is not None and not selected:
            scene.toggle(0)  # one card selected: the confirm button and its hint are drawn
            table.step()
            scene.selected = []
            selected = True
        legal = director.legal()
        scene.choose(legal[rng.randrange(len(legal))])
        table.step()
    assert session.is_over
    table.step()
    return refused


def allowed_words(table: Table) -> set[str]:
    """Return the English words that are data, not interface: names, card labels, option values, ids."""
    game = table.game
    words = {"tabletop", "human", "random", "png", "logs", "recordings", "esc", "birdhead", "euler", "getter",
             "designer", "fair", "off", "ctrl", "z", "alt"}  # undo modes are --undo values; key caps read alike
    texts = [game.name, *registry.expand_seats(table.seat_names, game.players)]
    # Folders are data: the art folder's path may be wrapped anywhere in a message.
    folder = table.art.folder if hasattr(table.art, "folder") else None
    if folder is not None:
        texts += [str(folder)] + [str(folder)[i:] for i in range(len(str(folder)))]
    texts += [c.label for c in game.deck()] + [c.name for c in game.deck()]
    texts += [f"{i.name} {i.default} {' '.join(map(str, i.choices or ()))}" for i in describe(type(game.options))]
    board: Any = getattr(game, "board", None)
    if board is not None:
        texts += [board.name, board.title, *board.poly.faces]
    for text in texts:
        words |= {w.lower() for w in re.findall(r"[A-Za-z]+", str(text))}
    return words


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[f"{g}-{p}" for g, p, _ in GAMES])
def test_a_whole_game_in_japanese_has_no_english_on_the_table(app: Any, monkeypatch: pytest.MonkeyPatch, game: str,
                                                              players: int, options: dict[str, object]) -> None:
    seats = [reserved.HUMAN] + ["random"] * (players - 1)
    seen = drawn_texts(monkeypatch, app.text)
    try:
        i18n.set_language("ja")
        table = Table(app, PlaySettings(game, players, seats, 11, dict(options), None, "instant"))
        try:
            refused = play_in_japanese(table, random.Random(4))
        finally:
            table.close()
            table.art.close()
    finally:
        i18n.set_language("en")
    joined = "\n".join(seen)
    assert "ゲーム終了" in joined and "ルール" in joined and "ヘルプ" in joined
    assert "できません" in joined or not refused, "a refused click says why"
    first = table.scene.log[0]  # the game, its seed and the path of its log: the path is wrapped anywhere
    assert str(table.log.path) in first
    shown = [text for text in seen if text not in first]
    assert english_words(shown, allowed_words(table)) == []
