"""Multi-card choices through real pygame events: select cards, confirm, and see hands shown."""

from __future__ import annotations

from tabletop.engine.actions import Action
from tabletop.ui.app import PlaySettings, Table
from tests.ui.helpers import (
    card_point,
    click,
    confirm_button,
    hand_cards,
    hand_point,
    pump_until,
    select_cards,
)


def make_table(app, game: str, players: int, seed: int, **options: object) -> Table:
    seats = ["human"] + ["random"] * (players - 1)
    return Table(app, PlaySettings(game, players, seats, seed, dict(options), None, "instant"))


def choose_by_clicking(table: Table, action: Action) -> None:
    """Choose ``action`` as a person would: one click on its card, or select its cards then confirm."""
    if not table.scene.is_selecting:
        click(card_point(table, action.card))
    else:
        select_cards(table, action.cards)
        button = confirm_button(table)
        assert button.enabled and button.label == action.label
        click(button.rect.center)
    table.step()


def test_a_whole_birdhead_deal_played_with_sets_and_discards(app) -> None:
    table = make_table(app, "birdhead", 4, seed=3)
    director, session = table.director, table.session
    seen: set[str] = set()

    def ready() -> bool:
        if director.pause is not None:
            seen.add(director.pause.kind)
        return director.accepts_input or (director.pause is not None and director.pause.kind == "deal")

    selections = 0
    while True:
        pump_until(table, ready)
        if director.pause is not None:
            break
        moves = session.moves
        action = max(director.legal(), key=lambda a: len(a.cards))  # sets when it can
        selections += table.scene.is_selecting
        choose_by_clicking(table, action)
        assert session.moves > moves, f"{action.label} was not played"
    assert selections >= 2 and "show" in seen
    assert any(line.startswith("Reveal:") for line in table.scene.log)
    table.close()


def test_a_poker_hand_discarding_two_cards_reaches_the_showdown(app) -> None:
    table = make_table(app, "draw-poker", 3, seed=2, deals=1)
    director = table.director
    pump_until(table, lambda: director.accepts_input)
    assert table.scene.is_selecting
    assert confirm_button(table).label == "Stand pat"  # nothing selected yet
    hand = hand_cards(table)
    select_cards(table, (hand[3], hand[0]))
    button = confirm_button(table)
    assert button.label == f"Discard {hand[0].label} {hand[3].label}"
    click(button.rect.center)
    table.step()
    pump_until(table, lambda: director.pause is not None and director.pause.kind == "show")
    shown = [director.board.zone(f"shown:{seat}") for seat in range(3)]
    assert all(zone is not None and zone.count == 5 and len(zone.cards) == 5 for zone in shown), "every hand face up"
    assert hand[0] not in shown[0].cards and hand[3] not in shown[0].cards  # type: ignore[union-attr]
    assert any(f.text for f in table.scene.floating), "each hand's category is said at its place"
    pump_until(table, lambda: director.pause is not None and director.pause.kind == "game")
    table.close()


def test_a_selection_that_matches_nothing_cannot_be_confirmed(app) -> None:
    table = make_table(app, "birdhead", 3, seed=1)
    director, session = table.director, table.session
    for _ in range(40):  # play along (through the director) until the human leads a trick
        pump_until(table, lambda: director.accepts_input)
        if not session.state.bar:
            break
        director.submit(director.legal()[0], table.scene.now)
    hand = hand_cards(table)
    first, second = 0, next(i for i, c in enumerate(hand) if c.value != hand[0].value)
    click(hand_point(table, first))
    table.step()
    click(hand_point(table, second))
    table.step()
    assert sorted(table.scene.selection()) == [first, second]
    button = confirm_button(table)
    assert not button.enabled
    assert table.scene.status() == ("Lead cards of one value", True)
    before, moves = session.game.snapshot(session.state), session.moves
    click(button.rect.center)
    table.step()
    assert session.game.snapshot(session.state) == before and session.moves == moves
    click(hand_point(table, second))  # a second click on a selected card puts it back
    table.step()
    assert table.scene.selection() == [first] and confirm_button(table).enabled
