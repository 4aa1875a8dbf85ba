"""Generated faces: every kind of card renders, non-blank, at the asked size; pips where expected."""

from __future__ import annotations

import pygame
import pytest

from tabletop.engine.cards import Card, playing_card, standard_deck
from tabletop.ui.art.faces import (
    BLACK,
    PIP_LAYOUTS,
    RED,
    card_colour,
    draw_back,
    draw_face,
    kind_of,
    wrap,
)

SIZE = (100, 140)
NUMBER_CARDS = [Card(str(n), value=n) for n in range(2, 12)]
DATA_CARDS = [
    Card("dragon", name="Red Dragon", value=9, color="crimson", points=3,
         text="When played, every other player discards a card. " * 4),
    Card("fire-7", suit="fire", value=7, name="Fire 7", text="Burns."),
    Card("blank", name="Blank"),
    Card("odd", name="Odd colour", color="not-a-colour", fields=(("cost", "2"),)),
]


def ink_pixels(surface: pygame.Surface) -> int:
    """Return how many pixels differ clearly from the card stock (a crude "is anything drawn")."""
    w, h = surface.get_size()
    count = 0
    for y in range(4, h - 4, 2):
        for x in range(4, w - 4, 2):
            r, g, b, a = surface.get_at((x, y))
            if a > 200 and min(r, g, b) < 200:
                count += 1
    return count


@pytest.mark.parametrize("card", [*standard_deck(jokers=True), *NUMBER_CARDS, *DATA_CARDS],
                         ids=lambda c: c.id)
def test_every_face_renders(card: Card) -> None:
    surface = draw_face(card, SIZE)
    assert surface.get_size() == SIZE
    assert ink_pixels(surface) > 40
    assert surface.get_at((0, 0)).a == 0  # rounded corner
    assert surface.get_at((50, 70)).a == 255


def test_kinds() -> None:
    assert kind_of(playing_card("7", "H")) == "playing"
    assert kind_of(standard_deck(jokers=True)[-1]) == "joker"
    assert kind_of(NUMBER_CARDS[0]) == "number"
    assert [kind_of(c) for c in DATA_CARDS] == ["data"] * 4


@pytest.mark.parametrize("rank", ["2", "3", "5", "8", "10"])
def test_pips_sit_where_the_layout_says(rank: str) -> None:
    card = playing_card(rank, "D")
    surface = draw_face(card, (200, 280))
    for fx, fy in PIP_LAYOUTS[int(rank)]:
        y = 280 * (0.21 + 0.58 * fy)
        assert surface.get_at((round(200 * fx), round(y)))[:3] == pytest.approx(RED, abs=30)


def test_colours() -> None:
    assert card_colour(playing_card("A", "S")) == BLACK
    assert card_colour(playing_card("A", "H")) == RED
    assert card_colour(Card("x", color="#c00")) == (204, 0, 0)
    assert card_colour(Card("y", color="blue")) == (0, 0, 255)


def test_back_and_odd_sizes() -> None:
    back = draw_back(SIZE)
    assert back.get_size() == SIZE and ink_pixels(back) > 1000
    assert draw_face(playing_card("K", "C"), (3, 4)).get_size() == (3, 4)
    assert draw_face(playing_card("K", "C"), (700, 980)).get_size() == (700, 980)


def test_wrap_fits_width() -> None:
    lines = wrap("a few words and a Supercalifragilisticexpialidocious one", 20, 80)
    font = pygame.font.Font(None, 20)
    assert len(lines) > 2 and all(font.size(line)[0] <= 80 for line in lines)
