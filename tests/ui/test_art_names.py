"""File names map to card ids: the id itself, public naming schemes, backs, custom deck ids."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tabletop.engine.cards import standard_deck
from tabletop.ui.art.names import BACK, is_image_name, match_file, name_index, standard_id

STANDARD = name_index(c.id for c in standard_deck(jokers=True))


@pytest.mark.parametrize(("name", "card"), [
    ("AS.png", "AS"), ("as.PNG", "AS"), ("10H.png", "10H"), ("10h.jpg", "10H"), ("KD.jpeg", "KD"),
    ("QC.webp", "QC"), ("ace_of_spades.png", "AS"), ("10_of_hearts.png", "10H"),
    ("king_of_clubs2.png", "KC"), ("queen_of_diamonds2.png", "QD"), ("jack_of_hearts.png", "JH"),
    ("2_of_clubs.png", "2C"), ("Ace of Spades.png", "AS"), ("ace-of-spades.png", "AS"),
    ("SA.png", "AS"), ("H10.png", "10H"), ("d2.png", "2D"), ("1S.png", "AS"), ("14S.png", "AS"),
    ("13h.png", "KH"), ("11C.png", "JC"), ("TH.png", "10H"), ("th.png", "10H"), ("sT.png", "10S"),
    ("ten_of_hearts.png", "10H"), ("cardSpadesA.png", "AS"), ("cardHearts10.png", "10H"),
    ("spades_queen.png", "QS"), ("red_joker.png", "RJ"), ("black_joker.png", "BJ"),
    ("joker_red.png", "RJ"), ("RJ.png", "RJ"), ("bj.webp", "BJ"),
])
def test_standard_schemes(name: str, card: str) -> None:
    assert match_file(name, STANDARD) == card


@pytest.mark.parametrize("name", ["back.png", "Back.png", "card_back.jpg", "cardBack_blue1.png",
                                  "BACK.webp", "blue_back.png"])
def test_backs(name: str) -> None:
    assert match_file(name, STANDARD) == BACK


@pytest.mark.parametrize("name", ["notes.txt", "AS.gif", "AS", "dragon.png", "joker.png",
                                  "1X.png", "ace_of_stars.png", "15S.png"])
def test_no_match(name: str) -> None:
    assert match_file(name, STANDARD) is None


def test_custom_ids_match_exactly_case_insensitive() -> None:
    index = name_index(["dragon", "fire-7", "Ice Queen", "7", "11"])
    assert match_file("Dragon.PNG", index) == "dragon"
    assert match_file("fire-7.png", index) == "fire-7"
    assert match_file("FIRE_7.jpg", index) == "fire-7"
    assert match_file("ice_queen.webp", index) == "Ice Queen"
    assert match_file("7.png", index) == "7"
    assert match_file("07.png", index) == "7"
    assert match_file("11.png", index) == "11"
    assert match_file("AS.png", index) is None  # standard names only for cards the deck has


def test_number_only_deck_ignores_playing_card_names() -> None:
    index = name_index(str(n) for n in range(2, 12))
    assert match_file("2_of_hearts.png", index) is None
    assert match_file("2.png", index) == "2"


def test_exact_id_beats_scheme() -> None:
    # A deck whose ids happen to look like suit-first names keeps its own meaning.
    index = name_index(["SA", "AS"])
    assert match_file("SA.png", index) == "SA"


def test_helpers() -> None:
    assert is_image_name("x.JPEG") and not is_image_name("x.gif")
    assert standard_id("nonsense") is None


def test_names_need_neither_pygame_nor_pillow() -> None:
    code = ("import sys, tabletop.ui.art.names as n; n.match_file('AS.png', n.name_index(['AS']));"
            "assert 'pygame' not in sys.modules and 'PIL' not in sys.modules, sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)
