"""Driving the table with real pygame events, as a person would; recording the words it draws."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable

import pygame
import pytest

from tabletop.engine.cards import Card
from tabletop.ui.app import Table
from tabletop.ui.paint import widgets
from tabletop.ui.paint.widgets import Button
from tabletop.ui.scene.choices import Target
from tabletop.ui.scene.places import CellPlace
from tests.patience import HANG


def click(pos: tuple[int, int]) -> None:
    """Post a mouse move, press and release of the left button at ``pos``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press(key: int, char: str = "") -> None:
    """Post a key press."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, unicode=char, mod=0, scancode=0))


def hand_cards(table: Table) -> list[Card]:
    """Return the bottom seat's hand as the table shows it."""
    zone = table.scene.director.board.hand()
    return list(zone.cards) if zone is not None else []


def point_of(table: Table, wanted: Callable[[Target], bool], nth: int = 0) -> tuple[int, int]:
    """Return a visible point of the ``nth`` thing drawn last frame whose target passes ``wanted``."""
    scene = table.scene
    if not scene.hits:
        table.step()
    found = 0
    for shape, target in scene.hits:
        if not wanted(target):
            continue
        if isinstance(shape, CellPlace):
            point = (round(shape.center[0]), round(shape.center[1]))
        else:
            candidates = [(shape.x + dx, shape.y + dy) for dy in (shape.h // 2, shape.h // 4, 3 * shape.h // 4)
                          for dx in range(2, shape.w - 1, max(1, shape.w // 12))]
            point = next((p for p in candidates if scene.target_at(p) == target), None)
            if point is None:
                continue
        if found == nth:
            return point
        found += 1
    raise AssertionError("nothing like that is on the table")


def card_point(table: Table, card: Card) -> tuple[int, int]:
    """Return a point on the visible strip of ``card`` in the bottom hand."""
    hand = table.scene.director.board.hand()
    assert hand is not None
    return point_of(table, lambda t: t.zone == hand.id and t.card is card)


def hand_point(table: Table, i: int) -> tuple[int, int]:
    """Return a point on the visible strip of the ``i``-th card of the bottom hand."""
    hand = table.scene.director.board.hand()
    assert hand is not None
    return point_of(table, lambda t: t.zone == hand.id and t.item == i)


def pump_until(table: Table, done: object, limit: int = 5000) -> None:
    """Step frames until ``done()`` is true: ``limit`` frames at full speed, then more, a little apart, for what
    runs beside the frames (a bot thinking on its thread, art loading) on a busy machine; fails on a hang."""
    deadline = None
    for frame in itertools.count():
        if done():  # type: ignore[operator]
            return
        assert table.step() in (None, "done")
        if frame >= limit:
            deadline = deadline or time.monotonic() + HANG
            assert time.monotonic() < deadline, "the table did not get there"
            time.sleep(0.01)


def select_cards(table: Table, cards: tuple[Card, ...]) -> None:
    """Click hand cards (equal ones are interchangeable) until ``cards`` are selected, one frame per click."""
    hand = hand_cards(table)
    taken: list[int] = []
    for card in cards:
        i = next(j for j, c in enumerate(hand) if c.id == card.id and j not in taken)
        taken.append(i)
        click(hand_point(table, i))
        table.step()


def confirm_button(table: Table) -> Button:
    """Return the confirm button of the action row."""
    return next(b for b in table.scene.buttons() if b.command == "confirm")


def english_words(texts: list[str], allowed: set[str]) -> list[str]:
    """Return the texts that still hold an English word (3+ ASCII letters) not in ``allowed``; a word shortened
    by an ellipsis (a seat's bot name in a narrow plate, shown whole on hover) counts as the allowed word it starts."""
    left = []
    for text in texts:
        for match in re.finditer(r"[A-Za-z]{3,}", re.sub(r"\S*/\S*", "", text)):  # paths are the user's
            word = match.group().lower()
            cut = match.string[match.end():].startswith("\u2026")
            if word not in allowed and not (cut and any(known.startswith(word) for known in allowed)):
                left.append(text)
                break
    return left


def drawn_texts(monkeypatch: pytest.MonkeyPatch, target: object) -> list[str]:
    """Record every string ``target`` (a TextCache or module with ``font``) is asked to draw."""
    seen: list[str] = []
    original = target.render  # type: ignore[attr-defined]
    # Buttons are drawn once and kept by label: one an earlier test drew would be blitted unseen.
    monkeypatch.setattr(widgets, "_DRAWN", {})

    def render(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        seen.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(target, "render", render)
    return seen
