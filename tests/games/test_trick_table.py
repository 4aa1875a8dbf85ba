"""Trick-taking on the table: its zones, side-panel rows and what its events move where."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import scaffold
from tabletop.engine.actions import Action, play
from tabletop.engine.cards import Card, parse_card, parse_cards
from tabletop.engine.events import ActionTaken, DealStarted
from tabletop.engine.zones import NOBODY, InfoRow, Move
from tabletop.games.trick_taking import TrickGame
from tabletop.kit.tricks import TRICK, TURNUP, TrickWon, TrumpChosen
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tests.plugin_fixtures import clean_registry, tiny_game, write_game
from tests.sessions import open_game

__all__ = ["clean_registry"]


def P(card: str) -> Action:
    return play(parse_card(card))


def C(cards: str) -> tuple[Card, ...]:
    return tuple(parse_cards(cards))


def rows(view_info: tuple[InfoRow, ...]) -> dict[str, InfoRow]:
    return {row.label: row for row in view_info}


def test_a_played_card_moves_from_the_hand_to_the_trick_then_to_the_winners_pile() -> None:
    game = TrickGame(players=3, options={"deals": 1})
    session = open_game(game, seed=4)
    game.rig(session.state, ["AS 2H", "KS 3H", "QS 4H"], leader=0)
    session.take_events()
    plays = [session.submit(a)[0] for a in (P("AS"), P("KS"))]
    assert [e.moves for e in plays] == [
        (Move("hand:0", TRICK, C("AS"), seat=0),), (Move("hand:1", TRICK, C("KS"), seat=1),)]
    trick = session.table(2).zone(TRICK)
    assert trick is not None and [(i.seat, str(i.thing)) for i in trick.items] == [(0, "AS"), (1, "KS")]
    events = session.submit(P("QS"))
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.moves == (Move(TRICK, "won:0", C("AS KS QS"), seat=0),) and won.pause == "trick"
    view = session.table(1)
    pile = view.zone("won:0")
    assert pile is not None and pile.visibility == NOBODY and pile.count == 3 and pile.items[0].thing is None
    assert rows(view.info)["Tricks"].per_seat == ("1", "0", "0")
    assert view.badges[session.state.dealer] == ("dealer",)


def test_the_dealers_turned_up_card_lies_face_up_until_the_dealer_plays_to_the_first_trick() -> None:
    game = TrickGame(players=4, options={"trump": "turnup", "deals": 1})
    session = open_game(game, seed=2)
    events = session.take_events()
    turned = next(e for e in events if isinstance(e, TrumpChosen))
    state = session.state
    assert turned.moves == (Move("", TURNUP, (state.trump_card,)),)
    dealer = state.dealer
    assert [i.thing for i in session.table((dealer + 1) % 4).zone(TURNUP).items] == [state.trump_card]
    while session.to_move != dealer:
        session.submit(session.legal_actions()[-1])
    assert session.table(dealer).zone(TURNUP).count == 1
    action = session.legal_actions()[0]
    moved = session.submit(action)[0]
    assert isinstance(moved, ActionTaken)
    if action.card is state.trump_card:
        assert moved.moves == (Move(TURNUP, TRICK, (state.trump_card,), seat=dealer),)
    else:
        assert moved.moves[0] == Move(TURNUP, f"hand:{dealer}", (state.trump_card,), seat=dealer)
    assert session.table(dealer).zone(TURNUP).count == 0
    assert rows(session.table(0).info)["Trump"].text != "none"


def test_an_undealt_turned_up_card_lies_apart_from_the_face_down_rest() -> None:
    game = TrickGame(players=4, options={"trump": "turnup", "hand_size": 10, "scoring": "bid", "deals": 2})
    session = open_game(game, seed=5)
    deal = next(e for e in session.take_events() if isinstance(e, DealStarted))
    assert deal.moves[-1] == Move("", "undealt", backs=11, face_up=False)
    view = session.table(0)
    assert view.zone("undealt").count == 11 and view.zone(TURNUP).count == 1
    assert rows(view.info)["Bids"].per_seat == ("-",) * 4
    events: list = []
    while session.state.deals == 1:
        events = session.submit(session.legal_actions()[0])
    gathered = next(e for e in events if isinstance(e, DealStarted)).moves
    assert Move("undealt", "", backs=11, face_up=False) in gathered and gathered[-1].dst == "undealt"
    assert sum(m.backs for m in gathered if m.src.startswith("won:")) == 40


def deck_trick_game(games_dir: Path, name: str, summary: str = "A test game.") -> None:
    """Write a trick game on the kit's trick play (``kit.TrickGame``) with the trick template's sample deck,
    and find it."""
    body = f"summary = {summary!r}\nmin_players = 3\nmax_players = 5\ndefault_players = 4\n"
    deck = (Path(scaffold.__file__).parent / "templates" / "trick" / "deck.toml").read_text(encoding="utf-8")
    write_game(games_dir, name, {"__init__.py": tiny_game(name, body=body, base="kit.TrickGame"), "deck.toml": deck})
    plugins.discover(games_dir)


@pytest.mark.usefixtures("clean_registry")
def test_a_deck_files_colour_trump_is_written_as_it_is_named(tmp_path: Path) -> None:
    deck_trick_game(tmp_path, "colours")
    game = registry.make_game("colours", options={"trump": "turnup"})
    for seed in range(8):
        session = open_game(game, seed=seed)
        trump = session.state.trump
        text = rows(session.table(0).info)["Trump"].text
        assert text == (trump or "none")
        if trump in ("green", "yellow"):
            return
    raise AssertionError("no colour was turned up in 8 deals")


@pytest.mark.usefixtures("clean_registry")
def test_the_rules_panel_shows_a_designers_own_summary_over_the_generic_rules(tmp_path: Path) -> None:
    assert TrickGame().rules_text().startswith(TrickGame.rules)
    deck_trick_game(tmp_path, "lowest", "Follow the colour led; the lowest card takes the trick.")
    game = registry.make_game("lowest", options={"scoring": "tricks"})
    text = game.rules_text()
    assert text.startswith(type(game).summary) and "the lowest card" in text
    assert text.endswith("This game: no trump, tricks scoring, 4 players.")
