"""The browser seat's view, over many seeded games of every built-in game: every legal action can be chosen
from the page, the page is told nothing its seat cannot see, and its texts are in the page's language."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.views import SPECTATOR
from tabletop.net import webview
from tabletop.net.seatview import event_data, event_from_data, faces
from tabletop.plugins import registry
from tests.net.web_helpers import named_cards
from tests.sessions import open_game

GAMES = {"trick-taking": 4, "birdhead": 3, "draw-poker": 3, "euler-getter": 2}


def reachable(ask: dict[str, Any]) -> set[int]:
    """Return the legal actions a page can choose: by a click (or drag) on something, a button, a selection."""
    found = {i for _zone, _item, _cell, acts in ask["targets"] for i in acts} | set(ask["buttons"])
    if ask["selection"] is not None:
        found |= set(ask["selection"]["acts"]) | set(ask["selection"]["quick"])
    return found


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**31))
def test_every_legal_action_is_reachable_from_the_page_and_nothing_unseen_is_named(name: str, seed: int) -> None:
    game = registry.make_game(name, players=GAMES[name])
    session = open_game(game, None, seed=seed)
    rng = random.Random(seed)
    events = session.take_events()
    for _ in range(400):
        if session.is_over:
            break
        for seat in (*range(game.players), SPECTATOR):
            table = session.table(seat)
            seen = {c.id for c in faces(table)}
            saw = [event_from_data(event_data(e, seat, table, set())) for e in events]
            message = webview.table_message("update", session.moves, table, saw, seat, None, "en")
            named: set[str] = set()
            named_cards(message, named)
            moved = {c.id for e in saw for m in getattr(e, "moved", getattr(e, "moves", ())) for c in m.cards}
            assert named <= seen | moved, f"{name} seed {seed}: seat {seat} was named {named - seen - moved}"
        mover = session.to_move
        assert mover is not None
        legal = session.legal_actions()
        ask = webview.ask_message(session.moves, legal, session.table(mover), mover, "en", None)
        assert reachable(ask) == set(range(len(legal))), f"{name} seed {seed}: some action cannot be chosen"
        own = {c.id for c in faces(session.table(mover))} | {c.id for a in legal for c in a.cards}
        assert set(ask["cards"]) <= own
        events = session.submit(rng.choice(legal))


def test_a_japanese_page_reads_the_game_in_japanese() -> None:
    game = registry.make_game("trick-taking", players=4)
    session = open_game(game, None, seed=4)
    table = session.table(session.to_move or 0)
    english = webview.table_message("state", 0, table, (), table.seat or 0, None, "en")
    japanese = webview.table_message("state", 0, table, (), table.seat or 0, None, "ja")
    assert english["table"]["status"] != japanese["table"]["status"]
    assert any("\u3040" <= ch <= "\u30ff" for ch in japanese["table"]["status"])
    ask = webview.ask_message(0, session.legal_actions(), table, table.seat or 0, "ja", None)
    assert all(a["act"] == b.to_json() for a, b in zip(ask["legal"], session.legal_actions(), strict=True))


def test_every_word_of_the_page_is_in_english_and_japanese() -> None:
    import re

    from tabletop.net.webpage import PAGE

    words = (PAGE / "words.js").read_text(encoding="utf-8")
    english, japanese = words.split("\n  ja: {", 1)
    keys = [set(re.findall(r"^    (\w+): ", part, re.MULTILINE)) for part in (english, japanese.split("\n  },", 1)[0])]
    assert keys[0] and keys[0] == keys[1], keys[0] ^ keys[1]
    used = set()
    for name in ("main.js", "draw.js", "play.js", "questions.js"):
        used |= set(re.findall(r"\bword\(\"(\w+)\"", (PAGE / name).read_text(encoding="utf-8")))
    assert used <= keys[0], used - keys[0]  # every word the page says has its line in both languages
