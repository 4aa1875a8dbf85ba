"""Variant sweeps: common random numbers, the cross product, one value as a plain run, bad input."""

import csv
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.sim.results.study import Study
from tabletop.sim.run.dispatch import run
from tabletop.sim.run.runner import SimConfig, default_workers

from .test_cli import run as run_cli

SAME_ORDER = "A-K-Q-J-10-9-8-7-6-5-4-3-2"  # the standard rank order, written out


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def test_a_renamed_option_value_gives_identical_results(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.csv"
    assert main(["simulate", "trick-taking", "--games", "150", "--seed", "11", "--set", "deals=1", "--quiet",
                 "--workers", "2", "--vary", f"rank_order=standard,{SAME_ORDER}", "--out", str(out)]) == 0
    rows = _rows(out)
    assert list(rows[0])[0] == "rank_order"
    standard = [{k: v for k, v in r.items() if k != "rank_order"} for r in rows if r["rank_order"] == "standard"]
    renamed = [{k: v for k, v in r.items() if k != "rank_order"} for r in rows if r["rank_order"] == SAME_ORDER]
    assert len(standard) == len(renamed) == 150 * 4
    assert standard == renamed
    printed = capsys.readouterr().out
    assert printed.count("[+0.0, +0.0]") >= 5  # four seats and the game length: no difference at all
    assert f"{SAME_ORDER} changes no seat's win rate" in printed


def test_vary_with_one_value_is_the_plain_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    varied, plain = tmp_path / "varied.csv", tmp_path / "plain.csv"
    common = ["simulate", "trick-taking", "--games", "80", "--seed", "4", "--quiet", "--workers", "1"]
    assert main([*common, "--vary", "trump=turnup", "--out", str(varied)]) == 0
    first = capsys.readouterr().out
    assert main([*common, "--set", "trump=turnup", "--out", str(plain)]) == 0
    second = capsys.readouterr().out
    assert varied.read_bytes() == plain.read_bytes()
    # Everything but the first line (how long the run took) and the last (the file's name) is the same.
    assert first.splitlines()[1:-1] == second.splitlines()[1:-1]


def test_variants_cross_and_share_their_deals(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    assert main(["simulate", "trick-taking", "--games", "30", "--quiet", "--vary", "trump=none,S",
                 "--vary", "deals=1,2", "--out", str(out)]) == 0
    import json

    rows = [json.loads(line) for line in out.read_text().splitlines()]
    combos = list(dict.fromkeys((r["trump"], r["deals"]) for r in rows))
    assert combos == [("none", "1"), ("none", "2"), ("S", "1"), ("S", "2")]
    seeds = {combo: [r["seed"] for r in rows if (r["trump"], r["deals"]) == combo and r["seat"] == 1]
             for combo in combos}
    assert len({tuple(s) for s in seeds.values()}) == 1  # every variant played game i on the same seed
    one_deal = [r["score"] for r in rows if r["deals"] == "1"]
    assert sum(one_deal) == 2 * 30 * 13


def test_paired_differences_are_exact_for_identical_variants() -> None:
    configs = [SimConfig(game="trick-taking", players=3, bots=("random",) * 3, seed=2, games=40,
                         options={"deals": "1", "trump": t}) for t in ("S", "s")]
    study = Study(["S", "s"], [c.options for c in configs], players=3, bots=["random"] * 3,
                  lower_is_better=[False, False])
    for chunk in run(configs, workers=1):
        study.add(chunk)
    paired = study.variants[1].paired
    assert paired is not None
    assert all(paired.win_diff(seat) == (0.0, (0.0, 0.0)) for seat in range(3))
    assert paired.moves_diff() == (0.0, (0.0, 0.0))


def test_results_do_not_depend_on_workers(tmp_path: Path) -> None:
    outs = []
    for workers in (["--workers", "1"], ["--workers", "2"], []):
        out = tmp_path / f"r{len(outs)}.csv"
        assert main(["simulate", "trick-taking", "--games", "60", "--seed", "8", "--quiet", "--set", "deals=1",
                     "--vary", "trump=none,turnup", *workers, "--out", str(out)]) == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] == outs[2]
    assert default_workers() >= 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--vary", "trump"], "--vary 'trump': write KEY=a,b,c"),
        (["--vary", "trump=none,none"], "'none' is given twice"),
        (["--vary", "trump=none,purple"], "--vary trump=purple: option trump='purple'"),
        (["--vary", "wind=1,2"], "unknown option 'wind'"),
        (["--vary", "trump=S,H", "--set", "trump=D"], "--vary trump and --set trump"),
        (["--vary", "trump=S", "--vary", "trump=H"], "--vary trump is given twice"),
        (["--workers", "2", "--cluster", "tcp://127.0.0.1:1"], "drop --workers"),
        (["--cluster", "localhost"], "tcp://HOST:PORT"),
    ],
)
def test_bad_sweep_input_gets_one_clear_line(tmp_path: Path, args: list[str], needle: str) -> None:
    result = run_cli("simulate", "trick-taking", "--games", "2", *args, cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert needle in lines[0]


@pytest.mark.parametrize("columns", [64, 100])
def test_tables_fit_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    result = run_cli("simulate", "trick-taking", "--games", "40", "--players", "6", "--set", "deals=1",
                     "--vary", "trump=none,S", "--vary", "scoring=tricks,hearts", "--workers", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "scoring=hearts" in result.stdout and "95%" in result.stdout and "What stands out" in result.stdout
    assert max(len(line.rstrip()) for line in lines) <= columns
