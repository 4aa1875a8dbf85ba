"""``tabletop check`` judges what a seat may know, not what a move may reveal.

A disclosure the rules make before everyone is no leak: an ask answered "go fish" in a Go Fish whose
cards are all different, a guessed card that knocks a seat out, a hint that names cards, hands
counted at the end. A seat's sight is compared only across worlds in which all of that came out the
same. What a view shows beyond it still fails (the six leaks of tests/test_check.py, and a hint said
in a log line alone).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.plugins import discovery as plugins
from tabletop.scaffold import create_game
from tabletop.sim.check.run import run_check
from tests.disclosure_games import write_disclosure
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry"]


def passes(name: str, games_dir: Path, games: int = 4) -> None:
    """Check ``name`` (a folder game in ``games_dir``): it must pass, its moves played again in worlds."""
    plugins.discover(games_dir)
    result = run_check(name, games=games, games_dir=games_dir)
    assert result.ok, [f.line() for f in result.found]
    assert result.worlds > 0, "no move was played again where hidden cards lie otherwise: the check tested nothing"


@pytest.mark.usefixtures("clean_registry")
def test_a_go_fish_whose_cards_are_all_different_passes(tmp_path: Path) -> None:
    games = tmp_path / "games"
    folder = create_game("fish", games, template="go-fish")
    deck = folder / "deck.toml"
    head, *kinds = deck.read_text(encoding="utf-8").split("\n[[card]]")
    unique = []
    for kind in kinds:  # every fish a card of its own: cod1, cod2, cod3, cod4 (a book is still four of a name)
        card = re.search(r'id = "([\w-]+)"', kind)
        assert card is not None
        unique += [kind.replace(f'id = "{card[1]}"', f'id = "{card[1]}{i}"').replace("count = 4", "count = 1")
                   for i in range(1, 5)]
    deck.write_text("\n[[card]]".join([head, *unique]), encoding="utf-8")
    passes("fish", games)


@pytest.mark.usefixtures("clean_registry")
@pytest.mark.parametrize(("game", "variant"), [
    ("count-hand", "kept"),  # the hands counted into the state's scores at the end
    ("count-hand", "scores"),  # counted by scores() from the hands, nothing kept
    ("count-hand", "shown"),  # shown with kit.reveal, then counted
    ("guess", "kept"),  # a right guess puts a seat out; its card stays hidden in its hand
    ("guess", "shown"),  # ... or is shown and laid down
    ("hint", "shown"),  # the cards of the suit asked for are shown
    ("hint", "kept"),  # the answer is written down in the state, for the side panel
])
def test_disclosures_the_rules_make_before_everyone_pass(game: str, variant: str, tmp_path: Path) -> None:
    passes(write_disclosure(tmp_path, game, variant), tmp_path)


@pytest.mark.usefixtures("clean_registry")
@pytest.mark.parametrize(("game", "variant", "words"), [
    ("hint", "said", "is shown the log line of event 'seat "),  # nothing the rules keep or show tells it
    ("count-hand", "peek", "status reads 'Next: "),  # the order of a face-down pile, to everyone
])
def test_what_a_view_shows_beyond_what_the_rules_tell_is_still_a_leak(game: str, variant: str, words: str,
                                                                      tmp_path: Path) -> None:
    name = write_disclosure(tmp_path, game, variant)
    plugins.discover(tmp_path)
    result = run_check(name, games=4, games_dir=tmp_path, other_process=False)
    leaks = [f for f in result.found if f.failure.kind == "leak"]
    assert leaks and all(f.failure.kind == "leak" for f in result.found), [f.line() for f in result.found]
    assert words in leaks[0].failure.problem, leaks[0].line()
