"""``tabletop tune``: free values and targets read and checked, deck files changed in place of their values only,
the search deterministic for a games budget, a too-strong card tuned back until a fresh report no longer names
it, an impossible pair of targets said to be impossible, and every bad argument one line with exit status 2."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.engine.errors import UserInputError
from tabletop.formats.deckedit import edit_deck_text
from tabletop.formats.deckfile import parse_deck_text
from tabletop.plugins import registry
from tabletop.sim.inference.stats import Contrast, t_quantile
from tabletop.sim.percard.cardstats import CardFigures
from tabletop.sim.percard.journeys import TAKEN
from tabletop.sim.results.findings import CardsJudged
from tabletop.sim.run.runner import GameResult
from tabletop.sim.tune.free import parse_free
from tabletop.sim.tune.measure import Setting, card_strength, seat_spread
from tabletop.sim.tune.search import miss, parse_budget, search
from tabletop.sim.tune.targets import parse_targets
from tests.lab_fixtures import GAME, designer, prepared
from tests.plugin_fixtures import clean_registry

__all__ = ["clean_registry", "designer", "prepared"]
pytestmark = pytest.mark.usefixtures("clean_registry")

TOML = """# my deck
name = "d"

[[card]]
id = "a"
colour = "red"
value = 1   # cheap
text = "A # not a comment"

[[card]]
name = "Big One"
colour = "blue"
rank = 2
"""


def test_a_deck_edit_changes_the_values_and_nothing_else() -> None:
    edited = edit_deck_text(TOML, "deck.toml", {("a", "value"): 4, ("big-one", "value"): 3, ("a", "points"): 2,
                                                 ("big-one", "count"): 5})
    lines = edited.splitlines()
    assert "value = 4   # cheap" in lines and "rank = 3" in lines and "points = 2" in lines and "count = 5" in lines
    assert [line for line in TOML.splitlines() if line not in edited.splitlines()] == ["value = 1   # cheap", "rank = 2"]
    deck = parse_deck_text(edited, "deck.toml")
    assert [(c.id, c.value, c.points) for c in deck.kinds] == [("a", 4, 2), ("big-one", 3, 0)]
    assert deck.counts == (1, 5)
    csv = "id,colour,value\n# kept\nr1,red,1\nb1,blue,\"2\"\n"
    out = edit_deck_text(csv, "deck.csv", {("b1", "value"): 7, ("r1", "points"): 3})
    assert out.splitlines() == ["id,colour,value,points", "# kept", "r1,red,1,3", "b1,blue,7"]
    with pytest.raises(UserInputError, match="no card 'zz'"):
        edit_deck_text(TOML, "deck.toml", {("zz", "value"): 1})
    with pytest.raises(UserInputError, match="inline table"):
        edit_deck_text('card = [{id = "a", value = 1}]\n', "deck.toml", {("a", "value"): 2})


def test_free_values_and_targets_are_read_as_the_designer_wrote_them(designer: Path) -> None:
    game = registry.make_game(GAME)
    free = parse_free(["red-3.points=0..12", "colour=blue:value=-1..+1", "colour=cyan:points=1..3", "market=3..6"],
                      game)
    assert [f.name for f in free] == ["red-3.points", "colour=blue:value", "colour=cyan:points", "market"]
    points, shift, group, market = free
    assert points.choices == tuple(range(13)) and points.original == 12 and points.edits(4) == (("red-3", "points", 4),)
    assert shift.shift and shift.edits(1) == (("blue-1", "value", 2), ("blue-2", "value", 3), ("blue-3", "value", 4))
    assert group.original is None  # green cards hold different points: no one choice is the deck as it is
    assert market.option == "market" and market.choices == (3, 4, 5, 6) and market.edits(4) == ()
    assert [str(t) for t in parse_targets(["card-strength<5", "length=80..100", "margin>2", "skill"])] == [
        "card-strength<5", "length=80..100", "margin>2", "skill>5"]


@pytest.mark.parametrize(("args", "said"), [
    (["--free", "red-9.points=0..3"], "--free 'red-9.points=0..3': the deck deck.toml has no card 'red-9'"),
    (["--free", "Red-3.points=0..3"], "did you mean red-3?"),
    (["--free", "red-3.colour=0..3"], "the cards have no whole-number field 'colour'"),
    (["--free", "red-3.points=5..1"], "the range 5..1 is empty"),
    (["--free", "red-3.points=2..2"], "holds one value: nothing to tune"),
    (["--free", "red-3.points=a..b"], "is not a range of whole numbers"),
    (["--free", "red-3.count=0..2"], "a count must be 1 to 999"),
    (["--free", "colour=pink:points=1..3"], "no card has colour 'pink'"),
    (["--free", "hue=red:points=1..3"], "the deck has no column 'hue'"),
    (["--free", "speed=1..3"], "'speed' is no option of lab-market"),
    (["--free", "market=9..20"], "out of range"),
    (["--free", "red-3.points=0..3", "--free", "red-3.points=1..2"], "red-3.points is free twice"),
    (["--free", "red-3.points=0..3", "--target", "luck<3"], "no game can measure 'luck'"),
    (["--free", "red-3.points=0..3", "--target", "length=100..80"], "the range 100..80 is empty"),
    (["--free", "red-3.points=0..3", "--target", "length<50", "--target", "length>60"], "impossible together"),
    (["--free", "red-3.points=0..3", "--target", "card-strength<0"], "never below 0: no game can meet it"),
    (["--free", "red-3.points=0..3", "--budget", "0"], "a budget of nothing plays no game"),
    (["--free", "red-3.points=0..3", "--budget", "lots"], "give games (2000) or a time"),
    (["--free", "red-3.points=0..3", "--target", "skill", "--skilled", "nobody"], "unknown bot 'nobody'"),
    (["--target", "card-strength<5"], "tune needs at least one --free value"),
    (["--free", "red-3.points=0..3"], "tune needs at least one --target"),
    (["--free", "red-3.points=0..3", "--target", "length<90", "--plan", "missing.toml"], "--plan missing.toml: cannot read it"),
])
def test_bad_arguments_are_one_line_and_exit_2(designer: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                                               said: str) -> None:
    if "--target" not in args and "tune needs at least one --target" not in said:
        args = [*args, "--target", "card-strength<5"]
    assert main(["tune", GAME, *args, "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert said in err, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert not list((designer / "games" / GAME).glob("deck-tuned*"))  # nothing written


def _setting(game: object) -> Setting:
    return Setting(GAME, game.players, ("random",) * game.players, {}, False,  # type: ignore[attr-defined]
                   {c.id: c.label for c in game.deck()}, by="value", measures=("card-strength", "length"))  # type: ignore[attr-defined]


def test_a_games_budget_gives_the_same_answer_on_any_number_of_workers(designer: Path) -> None:
    game = registry.make_game(GAME)
    free = parse_free(["red-3.points=0..12", "market=4..6"], game)
    targets = parse_targets(["card-strength<5", "length=80..100"])
    one = search(_setting(game), free, targets, budget=parse_budget("240"), seed=3, workers=1)
    two = search(_setting(game), free, targets, budget=parse_budget("240"), seed=3, workers=2)
    assert one.games == two.games <= 240
    assert [m.candidate for m in one.screened] == [m.candidate for m in two.screened]
    assert [m.figures for m in one.confirmed] == [m.figures for m in two.confirmed]
    assert one.best.candidate == two.best.candidate


def _names(label: str, out: str) -> bool:
    return bool(re.search(rf"{label} is (stronger|weaker) than its peers", out))


def _label(deck: Path, card: str) -> str:
    """Return how the report names ``card`` with ``deck``'s values (a card with no name is named by its value)."""
    return next(c.label for c in parse_deck_text(deck.read_text(encoding="utf-8"), str(deck)).kinds if c.id == card)


def test_tune_brings_a_too_strong_card_back_to_its_peers(designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", GAME, "--games", "300", "--quiet", "--report", "before"]) == 0
    assert _names("Red 3", capsys.readouterr().out)
    assert main(["tune", GAME, "--free", "red-3.points=0..12", "--free", "red-3.value=1..3", "--target",
                 "card-strength<5", "--budget", "1800", "--workers", "2", "--quiet", "--out", "tuned"]) == 0
    out = capsys.readouterr().out
    assert "card-strength<5: " in out and "proposed: red-3.points=" in out
    assert "already meets every target" not in out  # Red 3 at 12 points is shown too strong before tuning
    game_folder = designer / "games" / GAME
    tuned = game_folder / "deck-tuned.toml"
    assert tuned.is_file() and "points = 12" in (game_folder / "deck.toml").read_text(encoding="utf-8")
    assert re.search(r"recorded as version v\d+ 'tuned: red-3\.points=\d+", out)
    page = (designer / "tuned" / "tune.html").read_text(encoding="utf-8")
    assert "How each target moved" in page and (designer / "tuned" / "diff.html").is_file()
    assert main(["versions", GAME]) == 0
    assert "tuned: red-3.points=" in capsys.readouterr().out
    shutil.copy(tuned, game_folder / "deck.toml")  # the designer adopts the proposal
    tuned.unlink()
    assert main(["simulate", GAME, "--games", "600", "--quiet", "--report", "after"]) == 0
    after = capsys.readouterr().out
    assert not _names(_label(game_folder / "deck.toml", "red-3"), after), after
    assert re.search(r"tuned: red-3", (designer / "games" / ".versions" / "games" / GAME / "versions.json").read_text(
        encoding="utf-8"))


def test_targets_that_no_candidate_meets_together_are_said_impossible_together(
        designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Red 3's points make the winner run away: a big lead needs them high, a fair card needs them low.
    assert main(["tune", GAME, "--free", "red-3.points=0..12", "--target", "card-strength<5", "--target", "margin>6",
                 "--budget", "2500", "--workers", "2", "--quiet", "--out", "clash"]) == 0
    out = capsys.readouterr().out
    assert "card-strength<5 and margin>6 are impossible together in what was tried" in out, out
    assert "impossible together" in (designer / "clash" / "tune.html").read_text(encoding="utf-8")


def test_skill_is_measured_by_a_skilled_bot_against_random_ones_with_the_seats_rotated(designer: Path) -> None:
    game = registry.make_game(GAME)
    setting = Setting(GAME, game.players, ("random",) * game.players, {}, False, {}, skilled=f"{GAME}-greedy",
                      measures=("skill",))
    outcome = search(setting, parse_free(["market=4..5"], game), parse_targets(["skill"]),
                     budget=parse_budget("1500"), seed=2, workers=2)
    skill = outcome.confirmed[0].figures["skill"]
    assert skill is not None and skill.interval[0] > 0  # the greedy bot wins clearly more often than chance
    assert outcome.games <= 1500


def test_a_time_budget_plays_what_the_machine_manages_and_says_it_may_vary(designer: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tune", GAME, "--free", "market=4..6", "--target", "length<95", "--budget", "6s", "--workers", "2",
                 "--quiet", "--out", "timed"]) == 0
    out = capsys.readouterr().out
    assert "a time budget: another machine" in out and "length<95: " in out
    assert "The budget was a time" in (designer / "timed" / "tune.html").read_text(encoding="utf-8")


def _card(card: str, diff: float, interval: tuple[float, float], p: float) -> CardFigures:
    win = Contrast(0.3, 0.3, 40, 400, 0.0, (-0.2, 0.2), 1.0, 30, 0.1)
    peers = Contrast(diff, 0.0, 40, 400, diff, interval, p, 30, (interval[1] - interval[0]) / 2 / t_quantile(0.975, 30))
    return CardFigures(card, card.title(), TAKEN, "value 3", 40, 40, 1.0, 1.0, win, win, peers)


def test_a_rare_card_whose_few_takers_all_lost_is_not_called_far_from_its_peers() -> None:
    # 0 wins in 15 takes: the interval's variance collapses to nearly nothing, the report's test (its variance
    # under the null) finds nothing; tune's card strength must agree with the report, not with the collapsed interval.
    rare = _card("yellow-3", -0.39, (-0.45, -0.33), 0.4)
    fair = _card("blue-3", 0.02, (-0.1, 0.14), 0.7)
    figure = card_strength(CardsJudged([TAKEN], {TAKEN: [rare, fair]}, {}))
    assert figure is not None and figure.value == 0.0
    strong = _card("red-3", 0.45, (0.35, 0.55), 1e-9)
    figure = card_strength(CardsJudged([TAKEN], {TAKEN: [rare, fair, strong]}, {}))
    assert figure is not None and figure.value > 25 and figure.about.startswith("Red-3 (taken): +45")


def test_a_game_that_already_meets_its_targets_is_said_to(designer: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tune", GAME, "--free", "market=4..6", "--target", "length<10000", "--budget", "300", "--workers", "2",
                 "--quiet", "--out", "met"]) == 0
    out = capsys.readouterr().out
    assert "The game as it is already meets every target" in out, out
    assert "already meets every target" in (designer / "met" / "tune.html").read_text(encoding="utf-8")


def _games(winners: list[int], players: int = 3) -> list[GameResult]:
    return [GameResult(n, n, (0,) * players, tuple(1 if s == w else 2 for s in range(players)), 90, (0,) * players, ())
            for n, w in enumerate(winners)]


def test_seat_spread_counts_no_luck_against_a_fair_game() -> None:
    # Three fair seats over 600 games: the best minus the worst is about 4 points by luck alone, which a target
    # of seat-spread<2 would never forgive; the figure is what the games show beyond luck, for every pair at once.
    plain = []
    for seed in range(20):
        rng = random.Random(seed)
        games = _games([rng.randrange(3) for _ in range(600)])
        figure = seat_spread(games, 3)
        assert figure is not None and figure.value < 2 and len(figure.sizes) == 3
        wins = [sum(g.ranks[s] == 1 for g in games) / 6 for s in range(3)]
        plain.append(max(wins) - min(wins))
    assert sum(plain) / len(plain) > 3  # what the plain spread would have said


@given(st.lists(st.integers(min_value=0, max_value=2), min_size=2, max_size=200))
def test_seat_spread_is_never_more_than_the_plain_best_minus_worst(winners: list[int]) -> None:
    games = _games(winners)
    figure = seat_spread(games, 3)
    wins = [sum(w == s for w in winners) / len(winners) * 100 for s in range(3)]
    assert figure is not None and 0 <= figure.value <= max(wins) - min(wins) + 1e-9


def test_seat_spread_shows_a_seat_that_wins_too_often() -> None:
    rng = random.Random(5)
    figure = seat_spread(_games([0 if rng.random() < 0.6 else rng.randrange(1, 3) for _ in range(600)]), 3)
    assert figure is not None and figure.value > 25 and figure.about.startswith("seat 1 - seat ")
    assert miss(parse_targets(["seat-spread<5"])[0], figure) > 30
