"""Browser seats over loopback, spoken to as the page speaks: the page itself, whole games, hidden cards, refusals."""

from __future__ import annotations

import http.client
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.cards import Card
from tabletop.engine.targets import Target, actions_for
from tabletop.net import webview
from tabletop.net.host import HERE
from tabletop.net.server import QUIET
from tabletop.net.webpage import FOREVER, PAGE
from tabletop.plugins import discovery as plugins
from tabletop.plugins.replays import replay
from tabletop.scaffold import create_game
from tests.net.remote_helpers import DEADLINE, Hosting, hosting, seen_over_the_game
from tests.net.test_faults import in_background, until
from tests.net.web_helpers import WebSeat, play_web, random_policy, web_leaks
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]


def get(hosted: Hosting, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection(hosted.address.host, hosted.address.port, timeout=30)
    connection.request("GET", path, headers=headers or {})
    return connection.getresponse()


@pytest.fixture
def market(tmp_path: Path, clean_registry: None) -> Iterator[str]:
    """A market game made with ``tabletop new --template market``, found like any designer's game."""
    create_game("my-market", tmp_path / "games", template="market")
    plugins.discover(tmp_path / "games")
    yield "my-market"


def test_the_host_serves_the_page_with_its_rules_and_nothing_else() -> None:
    with hosting("trick-taking", ["web", "random", "random"], 1, options={"deals": "1"}) as hosted:
        link = hosted.host.link(0)
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/#[A-Z2-9]{4}-[A-Z2-9]{4}", link)
        assert link.endswith(hosted.host.codes[0])
        page = get(hosted, "/")
        body = page.read().decode()
        assert page.status == 200 and page.getheader("Content-Type") == "text/html; charset=utf-8"
        assert '<script type="module" src="main.js">' in body
        policy = page.getheader("Content-Security-Policy") or ""
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        etag = page.getheader("ETag")
        assert get(hosted, "/", {"If-None-Match": etag or ""}).status == 304  # a reload asks, and is told "the same"
        for name in ("main.js", "draw.js", "play.js", "questions.js", "words.js", "page.css"):
            answer = get(hosted, f"/{name}")
            assert answer.status == 200 and answer.read() == (PAGE / name).read_bytes()
        for wrong in ("/../pyproject.toml", "/%2e%2e/host.py", "/webpage.py", "/art/" + "0" * 64, "/art/x", "/ws"):
            assert get(hosted, wrong).status == 404, wrong


def test_the_pages_protocol_version_is_the_hosts() -> None:
    from tabletop.net.protocol import PROTOCOL

    assert f"const PROTOCOL = {PROTOCOL};" in (PAGE / "main.js").read_text(encoding="utf-8")


class Pictures:
    """Card pictures by content hash, counting what is made (a stand-in for the host's art)."""

    def __init__(self, cards: list[Card]) -> None:
        self.keys = {c.id: f"{i:064x}" for i, c in enumerate(cards)}

    def url(self, card: Card | None) -> str | None:
        return None if card is None else f"/art/{self.keys[card.id]}"

    def image(self, key: str) -> tuple[bytes, str] | None:
        return (b"\xff\xd8 picture " + key.encode(), "image/jpeg") if key in self.keys.values() else None

    def refresh(self, files: bool = True) -> bool:
        return False


def test_a_web_seat_plays_a_whole_game_seeing_only_its_own_view(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    with hosting("trick-taking", ["random", "web", "random", "random"], 917_355_201, options={"deals": "2"}, log=log) as hosted:
        pictures = hosted.host.images = Pictures(hosted.game.deck())
        seat = WebSeat(hosted.address, hosted.host.codes[1])
        welcome = seat.next("welcome")
        assert welcome["seat"] == 1 and welcome["game"]["name"] == "trick-taking" and "deck" not in welcome
        thread, outcome = in_background(hosted)
        over = play_web(seat, random_policy(3))
        thread.join(DEADLINE)
        assert outcome and outcome[0].outcome == "over"
        assert over is not None and over["scores"] == list(hosted.session.scores())
        # Its cards came with their pictures, which the host serves for good under their hash.
        faces = {c: f for raw in seat.received for c, f in json.loads(raw).get("cards", {}).items()}
        some = next(iter(faces))
        assert faces[some]["art"] == pictures.url(next(c for c in hosted.game.deck() if c.id == some))
        answer = get(hosted, faces[some]["art"])
        assert answer.status == 200 and answer.getheader("Cache-Control") == FOREVER
        assert answer.getheader("Content-Type") == "image/jpeg"
        seat.close()
    seen = seen_over_the_game(log, 1)
    assert web_leaks(seat.received, hosted.game, seen, 917_355_201) == []
    logged = replay(log)
    assert logged.complete
    assert seat.answered == sum(1 for mover, _action in logged.decisions if mover == 1)  # each choice of its seat was its own


def test_a_market_game_played_from_a_page_sees_only_its_own_view(tmp_path: Path, market: str) -> None:
    log = tmp_path / "market.jsonl"
    with hosting(market, ["web", "random", "random"], 705_113_991, log=log) as hosted:
        seat = WebSeat(hosted.address, hosted.host.codes[0], lang="ja")
        thread, outcome = in_background(hosted)
        assert play_web(seat, random_policy(8)) is not None
        thread.join(DEADLINE)
        assert outcome[0].outcome == "over"
        seat.close()
    assert web_leaks(seat.received, hosted.game, seen_over_the_game(log, 0), 705_113_991) == []
    assert seat.answered == sum(1 for mover, _action in replay(log).decisions if mover == 0)
    # The page was spoken to in its own language: the interface's words in Japanese.
    assert any("あなた" in raw or "の番" in raw or "ディール" in raw for raw in seat.received)


def test_every_click_the_page_is_told_of_is_the_tables_own(market: str) -> None:
    with hosting(market, ["web", "random", "random"], 2) as hosted:
        seat = WebSeat(hosted.address, hosted.host.codes[0])
        thread, _outcome = in_background(hosted)
        ask = seat.next("ask")
        session = hosted.session
        legal = session.legal_actions()
        table = session.table(0)
        assert [a["act"] for a in ask["legal"]] == [a.to_json() for a in legal]
        for zone, item, cell, acts in ask["targets"]:
            declared = table.zone(zone)
            assert declared is not None
            target = Target(zone, item, declared.items[item].card if item >= 0 else None, cell)
            expected = actions_for(target, legal, 0, owner=declared.owner, stack=declared.hint == "stack")
            assert [legal[i] for i in acts] == expected
        # The market's cards buy, the draw pile draws: what a click on them does at the desktop table.
        kinds = {(zone, legal[acts[0]].kind) for zone, _item, _cell, acts in ask["targets"]}
        assert ("market", "buy") in kinds and ("draw", "draw") in kinds
        seat.send({"t": "act", "move": ask["move"], "action": ask["legal"][0]["act"]})
        assert seat.next("ok", "refused")["t"] == "ok"
        hosted.host.close("the test is over")
        thread.join(DEADLINE)


def test_a_page_is_refused_forged_and_out_of_turn_choices_with_the_engines_reason() -> None:
    with hosting("trick-taking", ["web", "random", "random", "random"], 9, options={"deals": "1"}) as hosted:
        seat = WebSeat(hosted.address, hosted.host.codes[0])
        seat.next("welcome")
        seat.send({"t": "act", "move": 0, "action": {"kind": "play", "cards": ["AS"]}})
        refused = seat.next("refused")
        assert refused["reason"].startswith("it is not your turn")  # plain text: the page shows it as it is
        thread, _outcome = in_background(hosted)
        ask = seat.next("ask")
        held = {c for a in ask["legal"] for c in a["cards"]}
        other = next(c.id for c in hosted.game.deck() if c.id not in held)
        seat.send({"t": "act", "move": ask["move"], "action": {"kind": "play", "cards": [other]}})
        refused = seat.next("refused")
        forged = next(c for c in hosted.game.deck() if c.id == other)
        from tabletop.engine.actions import Action

        assert refused["reason"] == hosted.session.reason(Action("play", (forged,)))
        seat.send({"t": "act", "move": ask["move"], "action": {"kind": "play", "cards": ["ZZ"]}})
        assert seat.next("refused")["reason"] == "no card 'ZZ' in this game"
        assert hosted.session.moves == ask["move"]  # nothing was played
        hosted.host.close("the test is over")
        thread.join(DEADLINE)


def test_a_reloaded_page_rejoins_where_its_seat_stood_with_the_log_so_far(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    with hosting("trick-taking", ["web", "random", "random", "random"], 823_190_447, options={"deals": "1"}, log=log) as hosted:
        first = WebSeat(hosted.address, hosted.host.codes[0])
        thread, outcome = in_background(hosted)
        assert play_web(first, random_policy(1), stop_after=4) is None
        first.close()  # the tab reloads: this connection goes without a word
        until(lambda: hosted.host.presence(0) != HERE, "the host to see the page go")
        again = WebSeat(hosted.address, hosted.host.codes[0])
        welcome = again.next("welcome")
        state = again.next("state")
        assert state["moves"] == hosted.session.moves and state["moves"] >= 4
        lines = welcome["log"]
        assert len(lines) >= 4 and any(line.startswith("Seat 1: Play") for line in lines)
        assert play_web(again, random_policy(2)) is not None
        thread.join(DEADLINE)
        assert outcome[0].outcome == "over"
        again.close()
    seen = seen_over_the_game(log, 0)
    assert web_leaks(first.received + again.received, hosted.game, seen, 823_190_447) == []


def test_a_taken_seat_a_wrong_code_and_a_finished_game_are_said_plainly() -> None:
    with hosting("trick-taking", ["web", "random", "random"], 4, options={"deals": "1"}) as hosted:
        address, code = hosted.address, hosted.host.codes[0]
        assert WebSeat(address, "ZZZZ-ZZZZ").wait_closed() == (4001, "wrong code: check the code the host gave you")
        first = WebSeat(address, code)
        first.next("welcome")
        second = WebSeat(address, code)
        assert second.wait_closed() == (4002, "seat 1 is taken: someone is connected with this code")
        thread, outcome = in_background(hosted)
        assert play_web(first, random_policy(4)) is not None
        thread.join(DEADLINE)
        assert outcome[0].outcome == "over"
        first.close()
        until(lambda: hosted.host.presence(0) != HERE, "the host to see the page go")
        late = WebSeat(address, code)  # opened on the finished game: the final table and the result
        late.next("welcome")
        state = late.next("state")
        assert state["over"]["scores"] == list(hosted.session.scores()) and state["table"]["to_move"] is None


def test_a_page_gone_quiet_frees_its_seat_and_joins_again_once_awake() -> None:
    """A page its browser keeps frozen (the back-forward cache, a tab asleep) holds its socket open while the browser
    answers the host's pings for it, as this client's library does: silent past the host's limit, its seat is free
    and shown so, and the page, awake again, joins again (the seat stayed "here" for as long as the browser kept
    the page, ten minutes in Chromium, and the next tester was turned away as taken)."""
    with hosting("trick-taking", ["web", "random", "random"], 4, options={"deals": "1"}, web_silence=1.0) as hosted:
        address, code = hosted.address, hosted.host.codes[0]
        frozen = WebSeat(address, code, alive=False)
        frozen.next("welcome")
        until(lambda: hosted.host.presence(0) != HERE, "the host to free the quiet page's seat")
        assert frozen.wait_closed() == (QUIET, "no word from this page: join again")
        assert any("went quiet" in notice for notice in hosted.host.take_notices())
        awake = WebSeat(address, code)
        awake.next("welcome")
        assert hosted.host.presence(0) == HERE
        awake.close()


def test_junk_and_floods_from_a_page_cut_it_off_and_the_game_goes_on() -> None:
    with hosting("trick-taking", ["web", "web", "random"], 6, options={"deals": "1"}) as hosted:
        junk = WebSeat(hosted.address, hosted.host.codes[0])
        junk.next("welcome")
        junk.ws.send("<script>alert(1)</script>")
        assert junk.wait_closed()[0] == 4004
        flood = WebSeat(hosted.address, hosted.host.codes[1])
        flood.next("welcome")
        question = json.dumps({"t": "why", "id": 1, "action": {"kind": "pass"}})
        try:
            for _ in range(3000):
                flood.ws.send(question)
        except Exception:  # noqa: BLE001 - the host may close it mid-flood
            pass
        code, reason = flood.wait_closed()
        assert code == 4003 and "too many messages" in reason
        # Both seats come back with their codes and play the game to its end.
        seats = [WebSeat(hosted.address, hosted.host.codes[s]) for s in (0, 1)]
        thread, outcome = in_background(hosted)
        players = [threading.Thread(target=play_web, args=(s, random_policy(i)), daemon=True) for i, s in enumerate(seats)]
        for player in players:
            player.start()
        thread.join(DEADLINE)
        assert outcome[0].outcome == "over"


def test_the_web_mapping_names_no_card_a_seat_cannot_see() -> None:
    with hosting("trick-taking", ["web", "random", "random", "random"], 31, options={"deals": "1"}) as hosted:
        session = hosted.session
        table = session.table(0)
        message: Any = webview.table_message("state", 0, table, (), 0, None, "en")
        mine = {c.id for c in table.hand(0).cards}  # type: ignore[union-attr]
        shown = {item[0] for zone in message["table"]["zones"] for item in zone["items"] if item[0]}
        assert shown == mine and set(message["cards"]) == mine
        for zone in message["table"]["zones"]:
            if zone["owner"] not in (0, None):
                assert zone["count"] == len(zone["items"]) and all(item[0] is None for item in zone["items"])
