"""Carrying cards to where they go: drag and drop, or a click on the card then a click on its place.

A press on a card (or on the top of a pile) that some legal action moves somewhere (``action.to``)
picks it up. Moving the mouse with the button held drags it; releasing it over a zone (or a board
cell) drops it there. A release where it was pressed is a plain click: one action is chosen at
once; with several, the card stays picked up until the next click, on its destination (the
actions that move nothing, such as shuffling a pile, open in a menu meanwhile). Either way the
drop chooses the one legal action whose cards, zone and ``to`` zone (and cell) match; several
open the choice menu. While a card is carried, the zones it may go to are outlined and a dragged
card follows the mouse.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import pygame

from tabletop.engine.actions import Action
from tabletop.ui.art import ArtLibrary
from tabletop.ui.layout import Rect, TableLayout, centered
from tabletop.ui.paint import theme
from tabletop.ui.scene.choices import Target
from tabletop.ui.scene.places import CellPlace, Place

DRAG_START = 6
"""Pixels the mouse moves with the button held before a press becomes a drag (less is a click)."""


@dataclass
class Carry:
    """Cards picked up: what was pressed, the legal actions that move it, where and when.

    ``moves`` is the move it was picked up at (a new move puts it back); ``clicked`` says it was
    picked up by a click and waits for a click on its destination, else it is held by the button.
    """

    target: Target
    actions: tuple[Action, ...]
    at: tuple[int, int]
    moves: int
    clicked: bool = False
    dragging: bool = False

    def follow(self, point: tuple[int, int]) -> None:
        """Start dragging once the held button has moved the mouse far enough."""
        if not self.clicked and not self.dragging:
            self.dragging = math.hypot(point[0] - self.at[0], point[1] - self.at[1]) >= DRAG_START

    def destinations(self) -> set[str]:
        """Return the zones the carried cards may be dropped on."""
        return {a.to for a in self.actions if a.to is not None}

    def cells(self) -> set[tuple[str, str]]:
        """Return the board cells (zone, cell) the carried cards may be dropped on."""
        return {(a.to, a.cell) for a in self.actions if a.to is not None and a.cell is not None}


class Scene(Protocol):
    """What carrying needs of the table scene: where things are drawn, and what is carried."""

    mouse: tuple[int, int]
    drawn: dict[tuple[str, int], Rect]

    def places(self) -> dict[str, Place]: ...

    def layout(self) -> TableLayout: ...

    def target_at(self, point: tuple[int, int]) -> Target | None: ...

    def seat_zone(self, point: tuple[int, int]) -> str | None: ...

    def carried(self) -> Carry | None: ...


def drop_target(scene: Scene, carry: Carry, point: tuple[int, int]) -> Target | None:
    """Return the zone (or cell) under ``point`` the carried cards may land in, or None.

    What is drawn there decides first (a card, a pile, a cell); else the zone whose region holds
    the point (an empty row), the smallest such region when several do; else a seat's panel (its hand).
    """
    places = scene.places()
    wanted = carry.destinations()
    hit = scene.target_at(point)
    if hit is not None and hit.zone in wanted:
        return Target(hit.zone, -1, None, hit.cell)
    regions = [(place.region.w * place.region.h, zone) for zone, place in places.items()
               if zone in wanted and place.region.has_point(point)]
    if regions:
        return Target(min(regions)[1])
    seat = scene.seat_zone(point)  # a seat's panel stands for its hand
    return Target(seat) if seat in wanted else None


def draw_targets(surface: pygame.Surface, scene: Scene) -> list[Rect]:
    """Outline where the carried cards may go (the one under the mouse brighter) and, when picked
    up by a click, the cards themselves; return what was drawn."""
    carry = scene.carried()
    if carry is None:
        return []
    drawn: list[Rect] = []
    places = scene.places()
    over = drop_target(scene, carry, scene.mouse)
    cells = carry.cells()
    for zone in sorted(carry.destinations()):
        place = places.get(zone)
        if place is None:
            continue
        lit = over is not None and over.zone == zone
        for cell in place.cells:
            if (zone, cell.cell) in cells:
                drawn.append(_ring(surface, cell, lit and over is not None and over.cell == cell.cell))
        if not place.cells:
            r = place.region.inset(-2)
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(r), 4 if lit else 2, border_radius=8)
            drawn.append(r.inset(-2))
    source = scene.drawn.get((carry.target.zone, carry.target.item))
    if not carry.dragging and source is not None:
        pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(source), 4, border_radius=max(2, source.w // 12))
        drawn.append(source.inset(-4))
    return drawn


def draw_dragged(surface: pygame.Surface, scene: Scene, art: ArtLibrary) -> list[Rect]:
    """Draw a dragged card under the mouse, held where it was grabbed; return where."""
    carry = scene.carried()
    if carry is None or not carry.dragging:
        return []
    source = scene.drawn.get((carry.target.zone, carry.target.item))
    size = source[2:] if source is not None else scene.layout().small_card
    card = carry.target.card
    image = art.table_face(card, size, scene.layout().min_px)[0] if card is not None else art.back(size)
    dx, dy = (carry.at[0] - source.x, carry.at[1] - source.y) if source is not None else (size[0] // 2, size[1] // 2)
    r = Rect(scene.mouse[0] - dx, scene.mouse[1] - dy, *size)
    surface.blit(image, r[:2])
    return [r]


def _ring(surface: pygame.Surface, cell: CellPlace, lit: bool) -> Rect:
    r = round(cell.radius * 0.86)
    center = (round(cell.center[0]), round(cell.center[1]))
    pygame.draw.circle(surface, theme.ACCENT, center, r, 4 if lit else 2)
    return centered((2 * r + 8, 2 * r + 8), center)
