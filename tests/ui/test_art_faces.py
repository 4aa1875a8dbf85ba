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


def text_lines(surface: pygame.Surface, top: float) -> list[int]:
    """Return the first row of each line of dark rules text below ``top`` (a share of the height)."""
    w, h = surface.get_size()
    rows = [y for y in range(round(h * top), h - 2)
            if any(max(surface.get_at((x, y))[:3]) < 110 for x in range(3, w - 3))]
    return [y for i, y in enumerate(rows) if i == 0 or rows[i - 1] != y - 1]


def test_rules_text_is_readable_on_a_hand_card_at_1280x720_and_left_off_a_tiny_one() -> None:
    card = Card("red-3", suit="red", value=3, name="Red 3", color="red", points=3,
                text="Costs 3. Worth 3 points on your tableau.")
    hand = draw_face(card, (103, 144))  # a hand or market card at 1280x720
    starts = text_lines(hand, 0.42)[:3]
    assert len(starts) >= 2
    assert min(b - a for a, b in zip(starts, starts[1:], strict=False)) >= 11  # lines about 12 px apart
    assert text_lines(draw_face(card, (29, 40)), 0.5) == []  # too small to read: left off (the zoom shows it)


def test_court_cards_have_a_figure_not_just_a_letter() -> None:
    king = draw_face(playing_card("K", "S"), (200, 280))
    # The figure's face (skin tone) and its gold crown are drawn in the court's frame.
    colours = {king.get_at((x, y))[:3] for x in range(50, 150, 2) for y in range(50, 230, 2)}
    assert any(abs(r - 244) < 12 and abs(g - 212) < 12 and abs(b - 178) < 12 for r, g, b in colours)
    assert any(abs(r - 226) < 12 and abs(g - 188) < 12 and abs(b - 92) < 12 for r, g, b in colours)
