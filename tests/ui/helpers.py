"""Driving the table with real pygame events, as a person would."""

from __future__ import annotations

import pygame

from tabletop.engine.cards import Card
from tabletop.ui.app import Table
from tabletop.ui.widgets import Button


def click(pos: tuple[int, int]) -> None:
    """Post a mouse move, press and release of the left button at ``pos``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press(key: int, char: str = "") -> None:
    """Post a key press."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, unicode=char, mod=0, scancode=0))


def card_point(table: Table, card: Card) -> tuple[int, int]:
    """Return a point on the visible strip of ``card`` in the bottom hand."""
    return hand_point(table, table.scene.director.board.hand.index(card))


def hand_point(table: Table, i: int) -> tuple[int, int]:
    """Return a point on the visible strip of the ``i``-th card of the bottom hand."""
    rects = table.scene.layout().spot(table.scene.director.board.seat).cards
    r = rects[i]
    right = rects[i + 1].x if i + 1 < len(rects) else r.right
    return ((r.x + right) // 2, r.y + r.h // 2)


def pump_until(table: Table, done: object, limit: int = 5000) -> None:
    """Step frames until ``done()`` is true (fails after ``limit`` frames)."""
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        assert table.step() in (None, "done")
    raise AssertionError("the table did not get there")


def select_cards(table: Table, cards: tuple[Card, ...]) -> None:
    """Click hand cards (equal ones are interchangeable) until ``cards`` are selected, one frame per click."""
    hand = table.scene.director.board.hand
    taken: list[int] = []
    for card in cards:
        i = next(j for j, c in enumerate(hand) if c.id == card.id and j not in taken)
        taken.append(i)
        click(hand_point(table, i))
        table.step()


def confirm_button(table: Table) -> Button:
    """Return the confirm button of the action row."""
    return next(b for b in table.scene.buttons() if b.command == "confirm")
