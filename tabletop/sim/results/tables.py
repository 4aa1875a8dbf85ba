"""The simulator's terminal tables (rich): they fit the terminal's width, or 120 columns in a file."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import IO

from rich import box
from rich.console import Console
from rich.table import Table

from tabletop.i18n import _
from tabletop.sim.inference.stats import Tally, wilson_interval
from tabletop.sim.results.study import Study, VariantFigures

FILE_WIDTH = 120
"""Columns of the tables when the output is not a terminal (and COLUMNS is unset)."""


def make_console(stream: IO[str] | None = None) -> Console:
    """Return a console writing to ``stream`` (stdout): the terminal's width, else :data:`FILE_WIDTH`."""
    stream = stream or sys.stdout
    width = None if stream.isatty() or os.environ.get("COLUMNS") else FILE_WIDTH
    return Console(file=stream, width=width, highlight=False, markup=False, emoji=False)


def pct(rate: float) -> str:
    """Return a rate as a percentage with one decimal ("31.2%")."""
    return f"{rate:.1%}"


def interval(lo: float, hi: float, *, scale: float = 100.0, signed: bool = False) -> str:
    """Return "[29.0, 33.5]" (rates as percentages by default; ``signed`` shows + on differences)."""
    fmt = "{:+.1f}" if signed else "{:.1f}"
    return f"[{fmt.format(lo * scale)}, {fmt.format(hi * scale)}]"


def _table(title: str, first: str, columns: Sequence[str]) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(first, justify="left", no_wrap=True)
    for name in columns:
        table.add_column(name, justify="right")
    return table


def tally_table(title: str, tallies: Sequence[Tally]) -> Table:
    """Return games, wins, win rate with its 95% interval, mean score and its spread per seat or bot."""
    table = _table("", title, [_("games"), _("wins"), _("win rate"), _("95% CI"), _("mean score"), _("score SD")])
    for t in tallies:
        lo, hi = wilson_interval(t.wins, t.games)
        table.add_row(_(t.label), str(t.games), str(t.wins), pct(t.win_rate), interval(lo, hi),
                      f"{t.mean_score:.2f}", f"{t.score_sd:.2f}")
    return table


def seat_table(title: str, rows: list[tuple[str, list[tuple[str, str]]]], width: int) -> Table:
    """Return variants by seats, each cell a (figure, interval) pair, laid out to fit ``width`` columns.

    The cells go on one line when they fit, else on two; when even that is too wide (many seats,
    a narrow terminal) the table turns long: one row per variant and seat.
    """
    seats = max((len(cells) for _, cells in rows), default=0)
    label = max((len(name) for name, _ in rows), default=7)
    one = max((len(f"{a} {b}") for _, cells in rows for a, b in cells), default=0)
    two = max((max(len(a), len(b)) for _, cells in rows for a, b in cells), default=0)
    if label + 2 + seats * (one + 3) <= width or label + 2 + seats * (two + 3) <= width:
        sep = " " if label + 2 + seats * (one + 3) <= width else "\n"
        table = _table(title, _("variant"), [_("seat {n}").format(n=i + 1) for i in range(seats)])
        for name, cells in rows:
            table.add_row(name, *(f"{a}{sep}{b}" for a, b in cells))
        return table
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("variant"), justify="left", min_width=_longest_word(name for name, _cells in rows))
    for name in (_("seat"), "", _("95% CI")):
        table.add_column(name, justify="right", no_wrap=True)
    for name, cells in rows:
        for seat, (a, b) in enumerate(cells):
            table.add_row(name if seat == 0 else "", str(seat + 1), a, b, end_section=seat == len(cells) - 1)
    return table


def win_rate_table(study: Study, width: int = FILE_WIDTH) -> Table:
    """Return each variant's win rate per seat with its 95% interval."""
    rows = [(v.label, [(pct(t.win_rate), interval(*t.win_interval)) for t in v.seats]) for v in study.variants]
    return seat_table(_("Win rate by seat, 95% intervals"), rows, width)


def difference_table(study: Study, width: int = FILE_WIDTH) -> Table:
    """Return each variant's win-rate difference to the first, per seat, paired over the same deals."""
    first = study.variants[0]
    rows = []
    for v in study.variants[1:]:
        assert v.paired is not None
        cells = []
        for seat in range(first.players):
            diff, (lo, hi) = v.paired.win_diff(seat)
            cells.append((f"{diff * 100:+.1f}", f"{interval(lo, hi, signed=True)}{_star(lo, hi)}"))
        rows.append((v.label, cells))
    return seat_table(_("Win rate minus {variant}'s on the same deals (points; paired 95% intervals;"
                        " * excludes 0)").format(variant=first.label), rows, width)


def shape_table(study: Study) -> Table:
    """Return each variant's mean score, spread, winning margin and game length (with its difference)."""
    several = len(study.variants) > 1
    tracked = any(v.mean_deals() is not None for v in study.variants)
    title = (_("Scores and game length (per game; mean score, SD: its spread, margin: the winner's lead;"
               " moves vs 1st: paired 95% interval)") if several else
             _("Scores and game length (per game; mean score, SD: its spread, margin: the winner's lead)"))
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("variant"), justify="left", min_width=_longest_word(v.label for v in study.variants))
    for name in [_("mean"), _("SD"), _("margin"), _("moves"), *([_("deals")] if tracked else [])]:
        table.add_column(name, justify="right", no_wrap=True)
    if several:
        table.add_column(_("moves vs 1st"), justify="right")
    for v in study.variants:
        mean = sum(t.score_total for t in v.seats) / max(1, sum(t.games for t in v.seats))
        cells = [f"{mean:.2f}", f"{v.score_spread():.2f}", f"{v.mean_margin():.2f}", f"{v.mean_moves():.1f}"]
        if tracked:
            deals = v.mean_deals()
            cells.append("" if deals is None else f"{deals:.2f}")
        if several:
            if v.paired is None:
                cells.append("")
            else:
                diff, (lo, hi) = v.paired.moves_diff()
                cells.append(f"{diff:+.1f} {interval(lo, hi, scale=1, signed=True)}{_star(lo, hi)}")
        table.add_row(v.label, *cells)
    return table


def bots_table(study: Study) -> Table:
    """Return each variant's win rate per bot (when the seats hold different bots)."""
    names = list(dict.fromkeys(study.bots))
    table = _table(_("Win rate by bot, 95% intervals"), _("variant"), names)
    for v in study.variants:
        table.add_row(v.label, *(f"{pct(v.bots[n].win_rate)} {interval(*v.bots[n].win_interval)}" for n in names))
    return table


def _longest_word(labels: Iterable[str]) -> int:
    return max((len(word) for label in labels for word in label.split()), default=7)


def _star(lo: float, hi: float) -> str:
    return "*" if lo > 0 or hi < 0 else " "


def print_study(console: Console, study: Study) -> None:
    """Print the tables of a study: one variant's seat and bot tables, or the comparison of several."""
    if len(study.variants) == 1:
        v = study.variants[0]
        console.print(tally_table(_("seat"), v.seats))
        console.print(tally_table(_("bot"), list(v.bots.values())))
        console.print(_length_line(v))
        return
    console.print(win_rate_table(study, console.width))
    console.print(difference_table(study, console.width))
    console.print(shape_table(study))
    if len(set(study.bots)) > 1:
        console.print(bots_table(study))


def _length_line(v: VariantFigures) -> str:
    deals = v.mean_deals()
    if deals is None:
        line = _("game length: {moves:.1f} moves per game; scores spread (SD) {sd:.2f}, winning margin {margin:.2f}")
    else:
        line = _("game length: {moves:.1f} moves, {deals:.2f} deals per game; scores spread (SD) {sd:.2f},"
                 " winning margin {margin:.2f}")
    return line.format(moves=v.mean_moves(), deals=deals, sd=v.score_spread(), margin=v.mean_margin())


def chance_text(p: float) -> str:
    """Return a chance as a percentage that never rounds a possible event to 0% or a sure one to 100%.

    >>> chance_text(0), chance_text(0.0004), chance_text(0.25), chance_text(0.9996), chance_text(1)
    ('0%', '<0.1%', '25.0%', '>99.9%', '100%')
    """
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.0005:
        return "<0.1%"
    if p > 0.9995:
        return ">99.9%"
    return f"{float(p):.1%}"


def odds_rows(head: Sequence[str], rows: Sequence[Sequence[object]]) -> Table:
    """Return a table of chances (numbers are shown as percentages, text as it is)."""
    table = _table("", head[0], head[1:])
    for row in rows:
        table.add_row(*(cell if isinstance(cell, str) else chance_text(float(cell)) for cell in row))  # type: ignore[arg-type]
    return table
