"""A searching bot at the table thinks on a worker thread: frames go on, and leaving does not wait for it."""

from __future__ import annotations

import pygame

from tabletop.ui.app import PlaySettings, Table
from tests.patience import HANG
from tests.ui.helpers import pump_until


def make_table(app, bot: str, seed: int = 3) -> Table:
    seats = ["human", bot, "random", "random"]
    return Table(app, PlaySettings("trick-taking", 4, seats, seed, {"deals": 1}, None, "instant"))


def test_frames_are_drawn_while_the_bot_thinks_and_its_move_arrives(app) -> None:
    table = make_table(app, "ismcts:2s")
    director, session = table.director, table.session
    pump_until(table, lambda: director.thought is not None or director.accepts_input)
    if director.accepts_input:  # the human leads first: play, then the bot thinks
        director.submit(director.legal()[0], 0.0)
        pump_until(table, lambda: director.thought is not None)
    thought = director.thought
    assert thought is not None and thought.seat == 1
    moves = session.moves
    # A frame returns at once while the bot is still searching (its budget is two seconds).
    assert table.step() is None
    assert director.thought is thought and not thought.done.is_set()
    assert not director.accepts_input and director.legal() == ()
    assert director.status() == "Seat 2 is thinking..."
    thought.done.wait(HANG)
    pump_until(table, lambda: director.thought is None)
    assert session.moves == moves + 1 and not session.faults
    table.close()


def test_leaving_while_the_bot_thinks_does_not_wait_for_it(app) -> None:
    table = make_table(app, "ismcts:60s", seed=4)
    director = table.director
    pump_until(table, lambda: director.thought is not None or director.accepts_input)
    if director.accepts_input:
        director.submit(director.legal()[0], 0.0)
        pump_until(table, lambda: director.thought is not None)
    thought = director.thought
    assert thought is not None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert table.step() == "quit"
    table.close()
    # Asked to stop, the search ends after its current iteration, long before its minute is up.
    assert thought.done.wait(HANG)
    assert director.thought is None and director.finished


def test_a_deal_against_searching_bots_plays_to_the_end(app) -> None:
    table = make_table(app, "ismcts:15")
    director, session = table.director, table.session
    while not session.is_over:
        pump_until(table, lambda: director.accepts_input or session.is_over)
        if not session.is_over:
            director.submit(director.legal()[0], 0.0)
    assert not session.faults
    table.close()
