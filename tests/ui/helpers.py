"""Driving the table with real pygame events, as a person would."""

from __future__ import annotations

import pygame

from tabletop.engine.cards import Card
from tabletop.ui.app import Table


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
    board = table.scene.director.board
    rects = table.scene.layout().spot(board.seat).cards
    i = board.hand.index(card)
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
