"""``tabletop odds``: exact draw odds, checked against every possible draw of a small deck and against
hand-computed binomial coefficients, and the command's table, chart and one-line errors."""

from __future__ import annotations

import itertools
import resource
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from PIL import Image

from tabletop.cli import main
from tabletop.sim.odds import MAX_CHANCES, TooMuch, at_least, exactly, odds_table, seen_by

MEMORY = 1 << 30
"""The address space a huge ``tabletop odds`` may use in its test (a regression fails, it does not swap)."""


@pytest.mark.parametrize(("deck", "group"), [(7, 3), (6, 1), (8, 8), (5, 0)])
def test_odds_match_every_possible_draw_of_a_small_deck(deck: int, group: int) -> None:
    cards = range(deck)  # the first ``group`` cards are the group
    for seen in range(deck + 1):
        draws = list(itertools.combinations(cards, seen))
        for k in range(group + 2):
            holding = [sum(card < group for card in draw) for draw in draws]
            assert exactly(deck, group, seen, k) == Fraction(holding.count(k), len(draws))
            assert at_least(deck, group, seen, k) == Fraction(sum(h >= k for h in holding), len(draws))


def test_odds_match_binomial_coefficients_by_hand() -> None:
    assert at_least(52, 4, 5, 1) == 1 - Fraction(comb(48, 5), comb(52, 5))  # an ace in a poker hand
    assert exactly(52, 13, 13, 13) == Fraction(1, comb(52, 13))  # a whole suit in a bridge hand
    assert at_least(40, 10, 7, 2) == 1 - Fraction(comb(30, 7) + 10 * comb(30, 6), comb(40, 7))


def test_the_table_counts_cards_seen_turn_by_turn_and_stops_at_the_deck() -> None:
    table = odds_table(10, 2, hand=4, draw=3, turns=3)
    assert table.seen == (4, 7, 10)  # turn 3 would repeat turn 2: the whole deck is seen by then
    assert table.ks == (1, 2)
    assert table.rows[-1] == (1, 1)  # the whole deck seen: both cards held
    assert seen_by(4, 0, 5, 10) == 4
    assert odds_table(10, 2, hand=4, draw=3, turns=10**18) == table
    assert odds_table(10, 2, hand=4, draw=0, turns=10**18).turns == (0,)  # nothing drawn: turn 0 is every turn


def test_a_chance_of_more_cards_than_a_draw_holds_costs_nothing() -> None:
    assert at_least(52, 4, 5, 10**15) == 0 and at_least(52, 4, 5, 0) == 1 and at_least(52, 4, 60, 4) == 1


def test_a_table_past_the_bound_is_refused_before_anything_is_computed() -> None:
    with pytest.raises(TooMuch, match=r"--turns 100000: turns 0 to 9,999 with 5 chances each .*--turns 999"):
        odds_table(10_000, 50, hand=1, draw=1, turns=100_000)
    assert len(odds_table(10_000, 50, hand=1, draw=1, turns=MAX_CHANCES // 5 - 1).rows) == MAX_CHANCES // 5


def limited() -> None:
    """Bound the address space and the CPU time of a child (CPU seconds, not wall time: a busy machine
    does not make the test fail)."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (120, 120))


def odds(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``tabletop odds`` in a child held to :data:`MEMORY`."""
    return subprocess.run([sys.executable, "-m", "tabletop", "odds", *args], cwd=cwd, capture_output=True, text=True,
                          preexec_fn=limited, timeout=900, check=False)


def test_a_billion_turns_stop_where_the_deck_runs_out(tmp_path: Path) -> None:
    done = odds(tmp_path, "trick-taking", "--hand", "5", "--group", "rank=A", "--turns", "1000000000")
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines() if line.strip()[:1].isdigit()]
    assert [r[0] for r in rows] == [str(t) for t in range(48)]  # 5 + 47 = 52 cards: every turn after is the same
    assert rows[-1][1:] == ["52", "100%", "100%", "100%", "100%"]
    assert "By turn 47 every card has been seen" in " ".join(done.stdout.split())


@pytest.mark.parametrize(("args", "words"), [
    (["--group", "colour=red", "--turns", "1000000000"], "--turns 1000000000: turns 0 to 10,000 with 5 chances each"
                                                         " (50,005 in all) are more than one table computes (5,000):"
                                                         " ask for at most --turns 999"),
    (["--turns", "1000000000"], "turns 0 to 10,000 with 3 chances each"),  # a row per colour
    (["--by", "value"], "--by value: turns 0 to 10 with 10,000 chances each (110,000 in all) are more than one"
                        " table computes (5,000): name a column with at most 454 values"),
])
def test_huge_odds_of_a_huge_deck_are_refused_in_one_line(tmp_path: Path, args: list[str], words: str) -> None:
    deck = tmp_path / "cards.csv"
    deck.write_text("id,colour,value\n" + "".join(f"c{i},{('red', 'blue', 'green')[i % 3]},{i}\n"
                                                  for i in range(10_000)), encoding="utf-8")
    done = odds(tmp_path, str(deck), "--hand", "0", *args)
    assert done.returncode == 2, done.stderr
    assert words in " ".join(done.stderr.split()) and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_the_command_prints_exact_odds_for_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "trick-taking", "--hand", "5", "--group", "rank=A", "--turns", "2"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert rows[0][:4] == ["0", "5", f"{float(at_least(52, 4, 5, 1)):.1%}", f"{float(at_least(52, 4, 5, 2)):.1%}"]
    assert rows[2][:3] == ["2", "7", f"{float(at_least(52, 4, 7, 1)):.1%}"]


def test_the_command_reads_a_deck_file_and_draws_a_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    deck = tmp_path / "cards.csv"
    deck.write_text("id,colour,value,count\nr1,red,1,3\nb1,blue,1,5\nb2,blue,2,2\n", encoding="utf-8")
    chart = tmp_path / "out" / "odds.png"
    assert main(["odds", str(deck), "--hand", "2", "--chart", str(chart)]) == 0
    out = capsys.readouterr().out
    assert "10 cards" in out and "colour" not in out.split("\n")[1] or "value" in out
    with Image.open(chart) as image:
        assert image.format == "PNG" and image.size[0] > 300
    assert main(["odds", str(deck), "--hand", "2", "--group", "colour=red", "--turns", "1"]) == 0
    out = capsys.readouterr().out
    first = next(line.split() for line in out.splitlines() if line.strip().startswith("0 "))
    assert first[2] == f"{float(at_least(10, 3, 2, 1)):.1%}"


@pytest.mark.parametrize(("args", "needle"), [
    (["odds", "trick-taking", "--hand", "60"], "--hand 60: the deck holds only 52 cards"),
    (["odds", "trick-taking", "--hand", "5", "--group", "rank=Z"], "no card has rank Z"),
    (["odds", "trick-taking", "--hand", "5", "--group", "type=spell"], "the deck has no column type"),
    (["odds", "trick-taking", "--hand", "5", "--group", "ZZ"], "no card has that id"),
    (["odds", "no-such-game", "--hand", "5"], "unknown game"),
    (["odds", "missing.toml", "--hand", "5"], "missing.toml"),
])
def test_bad_odds_get_one_clear_line(args: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) <= 2


def test_numbered_groups_are_listed_in_numeric_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "cards.csv"
    deck.write_text("id,value,count\nc5,5,2\nc10,10,2\nc0,0,1\nc2,2,3\n", encoding="utf-8")
    assert main(["odds", str(deck), "--hand", "2", "--by", "value"]) == 0
    out = capsys.readouterr().out
    firsts = [line.split()[0] for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert firsts == ["0", "2", "5", "10"], out
