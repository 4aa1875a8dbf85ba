"""What a designer's first hour shows at the table (issue 34): piles, flying cards, Japanese text, names, buttons.

Each test drives a real table as a new user would: a game made with ``tabletop new`` (a sandbox with
a tableau per seat), played with its own clock so a card can be caught in flight.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.paint.ink import CARD
from tabletop.ui.paint.text import TextCache
from tests.plugin_fixtures import clean_registry  # noqa: F401 - a fixture
from tests.ui.helpers import pump_until
from tests.ui.test_drag import games  # noqa: F401 - a fixture: "harbour", made by tabletop new (a sandbox)


class Clock:
    """The table's clock, moved by the test: a card's flight is caught at the moment wanted."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def settled(table: Table, clock: Clock) -> None:
    """Step frames a second apart until the person may move and nothing flies."""
    for _ in range(200):
        table.step()
        if table.director.accepts_input and not table.scene.tweens:
            return
        clock.now += 1.0
    raise AssertionError("the table did not settle")


def pile_cards(table: Table, zone: str) -> list[object]:
    """Return the cards the last frame drew for ``zone``."""
    return [m for m in table.app.text.ink.marks if m.kind == CARD and m.group == zone]


def test_a_pile_shows_its_cards_while_one_flies_onto_it(app: object, games: Path) -> None:  # noqa: F811
    clock = Clock()
    table = Table(app, PlaySettings("harbour", 2, ["human", "random"], 3, {}, None, "normal", "designer"))  # type: ignore[arg-type]
    table.clock = clock
    settled(table, clock)
    d = table.director
    held = d.session.state.cards["draw"]
    assert len(held) > 1
    to_draw = next(a for a in d.legal() if a.kind == "move" and a.zone == "hand:0" and a.to == "draw")
    source = table.scene.drawn[("hand:0", 0)]
    d.submit(to_draw, clock.now)
    clock.now += 0.01
    table.step()
    flying = table.scene.tweens
    assert flying, "the card is seen moving"
    # The card leaves the hand at the hand's size (a card leaving a seat's small fan starts small).
    start = flying[0].rect_at(flying[0].begin)
    assert (start.w, start.h) == (source.w, source.h)
    # The pile still shows the cards it held (before: an empty outline over "Draw pile 31").
    assert pile_cards(table, "draw"), "the draw pile is drawn empty while a card flies onto it"
    # Landed, it shows at once, even while a later move's card is still in the air.
    clock.now += 0.35
    table.step()
    to_discard = next(a for a in d.legal() if a.kind == "move" and a.zone == "hand:0" and a.to == "discard")
    d.submit(to_discard, clock.now)
    clock.now += 0.01
    table.step()
    assert table.scene.tweens and ("draw", len(d.session.state.cards["draw"]) - 1) not in table.scene.moving
    assert pile_cards(table, "draw")
    table.close()


@pytest.mark.parametrize("px", [12, 14, 18, 27])
def test_latin_in_a_japanese_line_is_drawn_like_every_other_line(px: int) -> None:
    # The log says "Seat 2: 竜の騎士 from Market": its "Seat 2: " the size and weight of "Seat 2: Pass" above it
    # (drawn whole in the Japanese font it came out smaller and thinner), its kanji as tall as Latin text.
    text = TextCache()
    prefix = "Seat 2: "
    plain = text.render(prefix, px, (0, 0, 0))
    mixed = text.render(prefix + "竜の騎士 from Market", px, (0, 0, 0))
    assert abs(text.width(prefix + "竜の騎士", px) - text.width(prefix, px) - text.width("竜の騎士", px)) <= 1
    height = min(plain.get_height(), mixed.get_height())
    start = mixed.subsurface((0, 0, plain.get_width() - 1, height)).get_bounding_rect()
    alone = plain.subsurface((0, 0, plain.get_width() - 1, height)).get_bounding_rect()
    assert (start.y, start.h, start.w) == (alone.y, alone.h, alone.w)
    kanji = text.render("竜の騎士", px, (0, 0, 0)).get_bounding_rect()
    latin = text.render("Hg", px, (0, 0, 0)).get_bounding_rect()
    assert latin.h * 0.9 <= kanji.h <= latin.h * 1.2, (kanji.h, latin.h)


def hosted(app: object, name: str, seed: int) -> tuple[Table, object, object]:
    """A game of Euler Getter hosted with no person at the host (a bot at seat 1: its table is a spectator's)
    and a random bot joining seat 2 under ``name``; return the host's table, the host and the joiner's connection."""
    from tabletop.net.botseat import play_bot
    from tabletop.net.client import Connection
    from tabletop.net.host import Host
    from tabletop.net.protocol import Address

    host = Host(seats=[1], players=2, bind=Address("127.0.0.1", 0))
    host.start()
    table = Table(app, PlaySettings("euler-getter", 2, ["random", "remote"], seed, {}, speed="instant"), host=host)  # type: ignore[arg-type]
    table.step()
    connection = Connection(host.address, host.codes[1], name=name)

    def join() -> None:
        play_bot(connection, connection.open(), "random", say=lambda line: None)

    threading.Thread(target=join, name="joiner", daemon=True).start()
    return table, host, connection


def test_a_spectators_toolbar_has_no_undo_god_or_hint_and_the_game_over_names_the_winner(app: object) -> None:
    table, host, connection = hosted(app, "Ann", 5)
    try:
        d = table.director
        pump_until(table, lambda: d.session.is_over and d.pause is not None)
        table.step()
        labels = {b.label for b in table.scene.buttons()}
        assert d.view == "public" and "Help" in labels and "Note" in labels
        assert not labels & {"Undo", "God", "Hint"}, labels
        # The winner by the name it gave (--name Ann), in the box over the sidebar and in the log under it.
        assert table.scene.names[1] == "Seat 2 (Ann)"
        assert "Game over: Seat 2 (Ann) wins" in table.scene.log, list(table.scene.log)[-3:]
        drawn = " ".join(m.what for m in table.app.text.ink.marks)
        assert "(Ann) wins" in drawn
    finally:
        table.close()
        connection.close()  # type: ignore[attr-defined]
        host.close()  # type: ignore[attr-defined]
    person = Table(app, PlaySettings("euler-getter", 2, ["human", "random"], 5, {}, speed="instant"))  # type: ignore[arg-type]
    person.step()
    assert {"Undo", "God", "Hint"} <= {b.label for b in person.scene.buttons()}
    person.close()


def help_texts(table: Table) -> list[str]:
    """Return every text the help overlay draws (the keys, what they do, the mouse)."""
    table.scene.overlay = "help"
    table.step()
    return [m.what for m in table.app.text.ink.marks]


def test_the_help_speaks_of_tricks_only_in_a_game_with_tricks(app: object, games: Path, tmp_path: Path) -> None:  # noqa: F811
    from tabletop.engine.session import Session
    from tabletop.formats.log import GameLog
    from tabletop.plugins import registry
    from tabletop.ui.screens.replay import ReplayTable

    said = {}
    for name, game, seats in (("sandbox", "harbour", ["human", "random"]), ("board", "euler-getter", ["human", "random"]),
                              ("tricks", "trick-taking", ["human", "random", "random"])):
        table = Table(app, PlaySettings(game, len(seats), seats, 3, {}, speed="instant"))  # type: ignore[arg-type]
        said[name] = help_texts(table)
        table.close()
    path = tmp_path / "poker.jsonl"
    game = registry.make_game("draw-poker", players=3, options={"deals": 1})
    log = GameLog.create(path, game=game, seat_names=["random"] * 3, seed=5)
    Session(game, registry.make_seats(["random"] * 3, game, 5), seed=5, log=log).run()
    log.close()
    replay = ReplayTable(app, path)
    said["poker replay"] = help_texts(replay)
    replay.close()
    for name in ("sandbox", "board", "poker replay"):
        assert "Click the table" in said[name], said[name]
        assert not [t for t in said[name] if "trick" in t.lower()], (name, said[name])
    assert "Space" in said["sandbox"] and "Click the timeline" in said["poker replay"]
    assert "continue after a trick or a deal" in said["tricks"]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_piles_menu_covers_no_seat_header_pile_label_or_card_name(games: Path, size: tuple[int, int]) -> None:  # noqa: F811
    from tabletop.i18n import _
    from tabletop.ui.app import App
    from tabletop.ui.paint.ink import BUTTON, FACE, TEXT

    app = App(size)
    table = Table(app, PlaySettings("harbour", 3, ["human", "random", "random"], 4, {}, None, "instant", "designer"))
    pump_until(table, lambda: table.director.accepts_input and not table.scene.tweens)
    table.step()
    pile = next(shape for shape, target in table.scene.hits if target.zone == "draw")
    table.scene.mouse = pile.center
    table.scene.click(pile.center)
    table.step()
    assert table.scene.menu is not None, "a click on the draw pile opens its menu"
    offered = {_(a.label) for a in table.scene.menu[1]}
    marks = app.text.ink.marks
    menu = [m.rect for m in marks if m.kind == BUTTON and m.what in offered]
    assert len(menu) == len(offered) >= 3
    play = table.scene.layout().play
    kept = [m for m in marks if play.contains(m.rect) and m.what not in offered
            and (m.kind in (TEXT, FACE) or m.kind == CARD and m.group in ("draw", "discard"))]
    covered = {(m.kind, m.what, m.rect) for m in kept for r in menu if r.inset(1).collides(m.rect.inset(1))}
    assert not covered, covered
    table.close()
    app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_hosts_waiting_banner_covers_no_seat_header_or_pile(size: tuple[int, int]) -> None:
    from tabletop.net.host import Host
    from tabletop.net.protocol import Address
    from tabletop.ui.app import App
    from tabletop.ui.scene.netpanel import NetPanel

    app = App(size)
    host = Host(seats=[1], players=3, bind=Address("127.0.0.1", 0))
    host.start()
    table = Table(app, PlaySettings("trick-taking", 3, ["human", "remote", "random"], 4, {"deals": "1"},
                                    speed="instant"), host=host)
    try:
        for _ in range(3):
            table.step()
        banner = next(o for o in table.overlays if isinstance(o, NetPanel)).box
        assert banner is not None, "the host says who it waits for"
        scene = table.scene
        headers = [spot.label for spot in scene.layout().seats]
        piles = [r for (zone, _i), r in scene.drawn.items() if zone == "undealt"]
        assert piles, "the undealt card lies on the table"
        covered = [r for r in headers + piles if banner.inset(1).collides(r.inset(1))]
        assert not covered, (banner, covered)
    finally:
        table.close()
        host.close()
        app.close()
