"""The playtest review's PNG charts (matplotlib's Agg canvas, through the balance report's chart helpers).

Each function draws one chart of a :class:`~tabletop.sim.playtests.Review` into a folder and returns
the file's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tabletop.i18n import _
from tabletop.report.charts import colour, figure, save
from tabletop.sim.playtests import Review, summary


def think_by_seat(review: Review, folder: Path, seats: Sequence[str]) -> str:
    """Draw each seat's think time per decision as a box plot (seconds)."""
    by_seat = review.think_by_seat()
    fig = figure(max(5.0, 1.3 * len(by_seat) + 2.5), 3.6)
    ax = fig.add_subplot()
    order = list(by_seat)
    parts = ax.boxplot([by_seat[s] for s in order], patch_artist=True, showfliers=True)
    for i, box in enumerate(parts["boxes"]):
        box.set_facecolor(colour(order[i]))
        box.set_alpha(0.6)
    ax.set_xticks(range(1, len(order) + 1), [_wrap(seats[s] if s < len(seats) else str(s + 1)) for s in order])
    ax.set_ylabel(_("seconds per decision"))
    ax.set_title(_("Think time per decision, by seat"))
    ax.grid(axis="y", alpha=0.3)
    return save(fig, folder, "think-by-seat.png")


def think_by_kind(review: Review, folder: Path) -> str:
    """Draw the median (bar) and mean (dot) think time of each kind of decision, per seat."""
    by_kind = review.think_by_kind()
    kinds = sorted({kind for _seat, kind in by_kind})
    seats = sorted({seat for seat, _kind in by_kind})
    fig = figure(max(5.0, 1.2 * len(kinds) * max(1, len(seats)) ** 0.5 + 3.0), 3.6)
    ax = fig.add_subplot()
    width = 0.8 / max(1, len(seats))
    for i, seat in enumerate(seats):
        xs, medians, means = [], [], []
        for k, kind in enumerate(kinds):
            values = by_kind.get((seat, kind))
            if values:
                _n, _total, mean, median, _longest = summary(values)
                xs.append(k - 0.4 + width * (i + 0.5))
                medians.append(median)
                means.append(mean)
        ax.bar(xs, medians, width=width * 0.9, color=colour(seat), alpha=0.7,
               label=_("seat {n}").format(n=seat + 1))
        ax.plot(xs, means, "o", color="black", markersize=3)
    ax.set_xticks(range(len(kinds)), kinds)
    ax.set_ylabel(_("seconds (bar: median; dot: mean)"))
    ax.set_title(_("Think time by kind of decision"))
    ax.grid(axis="y", alpha=0.3)
    if len(seats) > 1:
        ax.legend(fontsize="small", ncols=min(len(seats), 6))
    return save(fig, folder, "think-by-kind.png")


def waiting_by_seat(review: Review, folder: Path, seats: Sequence[str]) -> str:
    """Draw each seat's total waiting time (minutes) with its mean wait between turns written on the bar."""
    waiting = review.waiting_by_seat()
    order = list(waiting)
    fig = figure(max(5.0, 1.3 * len(order) + 2.5), 3.4)
    ax = fig.add_subplot()
    totals = [sum(waiting[s]) / 60 for s in order]
    bars = ax.bar(range(len(order)), totals, color=[colour(s) for s in order], alpha=0.75)
    for bar, seat in zip(bars, order, strict=True):
        _n, _total, mean, _median, _longest = summary(waiting[seat])
        ax.annotate(_("{seconds:.0f} s a wait").format(seconds=mean), (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center", va="bottom", fontsize="small")
    ax.set_xticks(range(len(order)), [_wrap(seats[s] if s < len(seats) else str(s + 1)) for s in order])
    ax.set_ylabel(_("minutes waited in all"))
    ax.set_title(_("Waiting time per seat (between its turns)"))
    ax.grid(axis="y", alpha=0.3)
    return save(fig, folder, "waiting-by-seat.png")


def game_minutes(review: Review, folder: Path) -> str:
    """Draw each game's length in minutes at the table."""
    games = [g for g in review.games if g.minutes is not None]
    fig = figure(max(5.0, 0.6 * len(games) + 3.0), 3.0)
    ax = fig.add_subplot()
    ax.bar(range(len(games)), [g.minutes or 0.0 for g in games], color=colour(0), alpha=0.75)
    ax.set_xticks(range(len(games)), [_wrap(g.path.stem, 14) for g in games], fontsize="x-small", rotation=20)
    ax.set_ylabel(_("minutes"))
    ax.set_title(_("Game length at the table"))
    ax.grid(axis="y", alpha=0.3)
    return save(fig, folder, "game-minutes.png")


def _wrap(text: str, width: int = 16) -> str:
    """Break a long tick label into lines of about ``width`` characters."""
    words, lines, line = text.replace("-", "- ").split(), [], ""
    for word in words:
        if line and len(line) + len(word) > width:
            lines.append(line)
            line = ""
        line = f"{line}{word}" if line.endswith("-") or not line else f"{line} {word}"
    return "\n".join([*lines, line])
