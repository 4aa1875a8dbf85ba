"""The report's PNG charts, drawn with matplotlib's Agg canvas (no pyplot, no window).

Each function draws one chart of a :class:`~tabletop.sim.results.study.Study` into a folder and returns
the file's name. PNGs carry no timestamp or version, so the same study draws the same bytes. The one
global step is registering the bundled Japanese font with matplotlib, the first time a chart is saved.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

from tabletop.i18n import _
from tabletop.sim.inference.stats import Contrast
from tabletop.sim.percard.cardstats import CardFigures
from tabletop.sim.results.study import Study

T = TypeVar("T")

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf")
"""One colour per variant (or seat), in order."""
HIGHLIGHT, PLAIN = "#d62728", "#4c72b0"
DPI = 110
SHOWN = 15
"""Cards a chart draws at each end (strongest, weakest): a deck of 200 stays readable; tables hold the rest."""
CJK_FONT = Path(__file__).resolve().parents[1] / "ui" / "fonts" / "NotoSansCJKjp-Regular-subset.otf"
"""The table's bundled Japanese font, also the charts' fallback: card names and the interface in Japanese
(matplotlib's own DejaVu Sans has no kana or kanji)."""
_families: list[str] = []


def figure(width: float, height: float) -> Figure:
    """Return an empty figure of ``width`` x ``height`` inches on an Agg canvas (no window, no pyplot)."""
    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def save(fig: Figure, folder: Path, name: str) -> str:
    """Write ``fig`` as ``folder/name`` (PNG, no timestamp, the bundled Japanese font for what others lack); return the name."""
    families = _font_families()
    for text in fig.findobj(Text):
        text.set_fontfamily(families)
    fig.savefig(folder / name, format="png", metadata={"Software": None})
    return name


def _font_families() -> list[str]:
    """Return matplotlib's sans-serif font, then the bundled Japanese one for what it lacks (registered once)."""
    if not _families:
        _families.append("DejaVu Sans")
        if CJK_FONT.is_file():
            font_manager.fontManager.addfont(str(CJK_FONT))
            _families.append(font_manager.FontProperties(fname=str(CJK_FONT)).get_name())
    return _families


def _seat(seat: int) -> str:
    return _("seat {n}").format(n=seat + 1)


def colour(i: int) -> str:
    """Return the ``i``-th variant's (or seat's) colour."""
    return COLOURS[i % len(COLOURS)]


def _offsets(count: int, width: float = 0.6) -> list[float]:
    if count == 1:
        return [0.0]
    step = width / (count - 1)
    return [-width / 2 + i * step for i in range(count)]


def _errorbars(ax: Any, xs: Sequence[float], ys: Sequence[float], los: Sequence[float], his: Sequence[float],
               *, horizontal: bool = False, **style: Any) -> None:
    """Draw points with interval bars: ``los``/``his`` bound ``ys`` (or ``xs`` when ``horizontal``)."""
    values = xs if horizontal else ys
    below = [max(0.0, v - lo) for v, lo in zip(values, los, strict=True)]
    above = [max(0.0, hi - v) for v, hi in zip(values, his, strict=True)]
    style.setdefault("capsize", 3)
    if horizontal:
        ax.errorbar(xs, ys, xerr=[below, above], fmt="o", **style)
    else:
        ax.errorbar(xs, ys, yerr=[below, above], fmt="o", **style)


def win_rates(study: Study, folder: Path) -> str:
    """Draw each seat's win rate with its 95% interval, one colour per variant, chance dashed."""
    return _seat_wins(study, folder, minus_chance=False)


def seat_advantage(study: Study, folder: Path) -> str:
    """Draw each seat's win rate minus chance in percentage points, with 95% intervals."""
    return _seat_wins(study, folder, minus_chance=True)


def _seat_wins(study: Study, folder: Path, minus_chance: bool) -> str:
    # One chart read two ways: the rates with each variant's chance dashed, or the rates less chance
    # around a zero line.
    players = study.variants[0].players
    fig = figure(max(5.0, 1.1 * players + 2.5), 3.4 if minus_chance else 3.6)
    ax = fig.add_subplot()
    offsets = _offsets(len(study.variants), 0.5)
    for i, v in enumerate(study.variants):
        base = v.chance() if minus_chance else 0.0
        xs = [seat + 1 + offsets[i] for seat in range(players)]
        intervals = [t.win_interval for t in v.seats]
        _errorbars(ax, xs, [100 * (t.win_rate - base) for t in v.seats],
                   [100 * (lo - base) for lo, _ in intervals], [100 * (hi - base) for _, hi in intervals],
                   color=colour(i), label=v.label)
        if not minus_chance:
            ax.axhline(100 * v.chance(), color=colour(i), linestyle="--", linewidth=0.8, alpha=0.6)
    if minus_chance:
        ax.axhline(0, color="black", linewidth=0.8)
        _by_seat(ax, players, _("win rate minus chance (points)"), _("Seat advantage (95% intervals)"),
                 legend=len(study.variants) > 1)
        return save(fig, folder, "seat-advantage.png")
    _by_seat(ax, players, _("win rate (%)"), _("Win rate by seat (95% intervals; dashed: chance)"),
             legend=len(study.variants) > 1)
    return save(fig, folder, "win-rates.png")


def variant_win_rates(study: Study, folder: Path) -> str:
    """Draw each seat's win rate across the variants, with 95% intervals."""
    players = study.variants[0].players
    count = len(study.variants)
    fig = figure(max(5.0, 1.6 * count + 2.5), 3.6)
    ax = fig.add_subplot()
    offsets = _offsets(players, 0.4)
    for seat in range(players):
        xs = [i + offsets[seat] for i in range(count)]
        tallies = [v.seats[seat] for v in study.variants]
        _errorbars(ax, xs, [100 * t.win_rate for t in tallies], [100 * t.win_interval[0] for t in tallies],
                   [100 * t.win_interval[1] for t in tallies], color=colour(seat), label=_seat(seat))
    ax.set_xticks(range(count), [_wrap(v.label) for v in study.variants])
    ax.set_ylabel(_("win rate (%)"))
    ax.set_title(_("Win rate per variant (95% intervals)"))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize="small", ncols=min(players, 6))
    return save(fig, folder, "variant-win-rates.png")


def differences(study: Study, folder: Path) -> str:
    """Draw each variant's paired win-rate difference to the first, per seat, with 95% intervals."""
    players = study.variants[0].players
    others = study.variants[1:]
    fig = figure(max(5.0, 1.1 * players + 2.5), 3.6)
    ax = fig.add_subplot()
    offsets = _offsets(len(others), 0.5)
    for i, v in enumerate(others):
        assert v.paired is not None
        figures = [v.paired.win_diff(seat) for seat in range(players)]
        _errorbars(ax, [seat + 1 + offsets[i] for seat in range(players)], [100 * d for d, _ in figures],
                   [100 * lo for _, (lo, _) in figures], [100 * hi for _, (_, hi) in figures],
                   color=colour(i + 1), label=v.label)
    ax.axhline(0, color="black", linewidth=0.8)
    _by_seat(ax, players, _("points"), _("Win rate minus {variant}'s, same deals (paired 95% intervals)").format(
        variant=study.variants[0].label), legend=True)
    return save(fig, folder, "differences.png")


def _by_seat(ax: Any, players: int, ylabel: str, title: str, *, legend: bool) -> None:
    """Label a chart whose x axis is the seats: seat ticks, axis and chart titles, grid, legend."""
    ax.set_xticks(range(1, players + 1), [_seat(s) for s in range(players)])
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    if legend:
        ax.legend(fontsize="small")


def _distributions(ax: Any, series: Sequence[tuple[Counter[int], str, str]]) -> None:
    """Draw each (counts, colour, label) as % of its total: side-by-side bars for a few values, else steps."""
    values = sorted({value for counts, _, _ in series for value in counts})
    if not values:
        return
    if len(values) <= 6:
        offsets = _offsets(len(series), 0.8 * (len(series) - 1) / len(series) if len(series) > 1 else 0)
        width = 0.8 / len(series)
        for (counts, colour, label), offset in zip(series, offsets, strict=True):
            total = sum(counts.values()) or 1
            ax.bar([i + offset for i in range(len(values))], [100 * counts[v] / total for v in values],
                   width=width, color=colour, label=label)
        ax.set_xticks(range(len(values)), [str(v) for v in values])
        return
    lo, hi = values[0], values[-1]
    width = max(1, (hi - lo + 1) // 60)  # at most about 60 bars, whatever the range
    edges = list(range(lo, hi + width + 1, width))
    for counts, colour, label in series:
        total = sum(counts.values()) or 1
        bins: Counter[int] = Counter()
        for value, n in counts.items():
            bins[lo + (value - lo) // width * width] += n
        ax.stairs([100 * bins[e] / total for e in edges[:-1]], [e - 0.5 for e in edges], color=colour,
                  label=label, linewidth=1.4)


def scores(study: Study, folder: Path) -> str:
    """Draw the distribution of final scores per seat, one panel per variant."""
    count = len(study.variants)
    fig = figure(7.5, 2.6 * count + 0.6)
    axes = fig.subplots(count, 1, squeeze=False, sharex=True)
    for row, v in enumerate(study.variants):
        ax = axes[row][0]
        _distributions(ax, [(counts, colour(seat), _seat(seat)) for seat, counts in enumerate(v.scores)])
        ax.set_ylabel(_("% of games"))
        title = _("Final scores: {variant} (lower is better)") if v.lower_is_better else _("Final scores: {variant}")
        ax.set_title(title.format(variant=v.label), fontsize="medium")
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize="small", ncols=min(v.players, 6))
    axes[-1][0].set_xlabel(_("score"))
    return save(fig, folder, "scores.png")


def game_length(study: Study, folder: Path) -> str:
    """Draw the distribution of moves per game (and deals per game when known), per variant."""
    tracked = any(v.mean_deals() is not None for v in study.variants)
    fig = figure(7.5 if not tracked else 10.0, 3.4)
    axes = fig.subplots(1, 2 if tracked else 1, squeeze=False)[0]
    _distributions(axes[0], [(v.moves, colour(i), v.label) for i, v in enumerate(study.variants)])
    if tracked:
        _distributions(axes[1], [(v.deals, colour(i), v.label) for i, v in enumerate(study.variants)])
    axes[0].set_xlabel(_("moves per game"))
    axes[0].set_title(_("Game length in moves"))
    if tracked:
        axes[1].set_xlabel(_("deals per game"))
        axes[1].set_title(_("Game length in deals"))
    for ax in axes:
        ax.set_ylabel(_("% of games"))
        ax.grid(axis="y", alpha=0.3)
        if len(study.variants) > 1:
            ax.legend(fontsize="small")
    return save(fig, folder, "game-length.png")


def top_and_bottom(items: Sequence[T], key: Callable[[T], Any], shown: int = SHOWN) -> tuple[list[T], int]:
    """Return the ``shown`` items with the largest ``key`` and the ``shown`` with the smallest (all of them when
    there are few), ordered by ``key``, and how many were left out between them."""
    ordered = sorted(items, key=key)
    if len(ordered) <= 2 * shown:
        return ordered, 0
    return ordered[:shown] + ordered[-shown:], len(ordered) - 2 * shown


def card_effects(figures: Sequence[CardFigures], held: set[str], folder: Path, name: str, title: str) -> str:
    """Draw per card the win-rate difference of seats that made this move with it, with its 95% interval:
    against seats that made it with another card of its group when it has one, else against all others.

    Only the :data:`SHOWN` strongest and weakest cards are drawn (the report's table holds every card);
    ``held`` (card ids) are drawn in red: their claims hold.
    """
    shown, left_out = top_and_bottom(figures, lambda f: (_versus(f).diff, f.card))
    fig = figure(7.5, max(2.6, 0.24 * len(shown) + 1.5))
    ax = fig.add_subplot()
    ys = list(range(len(shown)))
    for tint, group in ((PLAIN, [y for y in ys if shown[y].card not in held]),
                        (HIGHLIGHT, [y for y in ys if shown[y].card in held])):
        if group:
            contrasts = [_versus(shown[y]) for y in group]
            # A card too rare to be tested has no interval: its point alone is drawn.
            bounds = [c.interval if c.df > 0 else (c.diff, c.diff) for c in contrasts]
            _errorbars(ax, [100 * c.diff for c in contrasts], group, [100 * lo for lo, _hi in bounds],
                       [100 * hi for _lo, hi in bounds], horizontal=True, color=tint, capsize=2, markersize=4)
    if left_out:
        ax.axhline(len(shown) / 2 - 0.5, color="#999999", linewidth=0.8, linestyle=":")
        ax.text(0.99, len(shown) / 2 - 0.5, _("{n} cards between these").format(n=left_out), transform=ax.get_yaxis_transform(),
                ha="right", va="center", fontsize="small", color="#666666", backgroundcolor="white")
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(ys, [_card_name(f) for f in shown], fontsize="small")
    ax.set_ylim(-0.7, len(shown) - 0.3)
    ax.set_xlabel(_("win rate of seats that did it minus the rest's (points; 95% intervals)"))
    ax.set_title(title + "\n" + _("red: the claim holds (Holm); against its peers when it has a group"),
                 fontsize="medium")
    ax.grid(axis="x", alpha=0.3)
    return save(fig, folder, name)


def _versus(f: CardFigures) -> Contrast:
    return f.peers if f.peers is not None else f.win


def _card_name(f: CardFigures) -> str:
    return f"{f.label} ({f.group})" if f.group and f.peers is not None else f.label


def bot_rates(study: Study, folder: Path) -> str:
    """Draw each bot's win rate with its 95% interval (each game a cluster), one colour per variant, chance dashed."""
    names = list(dict.fromkeys(study.bots))
    fig = figure(max(5.0, 1.2 * len(names) + 2.5), 3.4)
    ax = fig.add_subplot()
    offsets = _offsets(len(study.variants), 0.5)
    for i, v in enumerate(study.variants):
        rates = [v.bot_rate(name) for name in names]
        _errorbars(ax, [b + offsets[i] for b in range(len(names))], [100 * r.rate for r in rates],
                   [100 * r.interval[0] for r in rates], [100 * r.interval[1] for r in rates], color=colour(i),
                   label=v.label)
        ax.axhline(100 * v.chance(), color=colour(i), linestyle="--", linewidth=0.8, alpha=0.6)
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel(_("win rate (%)"))
    ax.set_title(_("Win rate by bot (95% intervals; dashed: chance)"))
    ax.grid(axis="y", alpha=0.3)
    if len(study.variants) > 1:
        ax.legend(fontsize="small")
    return save(fig, folder, "bots.png")


def odds(rows: Sequence[Sequence[float]], turns: Sequence[int], labels: Sequence[str], title: str, path: Path) -> Path:
    """Draw the chance of holding at least k cards of a group by each turn, one line per k; write ``path``."""
    fig = figure(7.0, 3.8)
    ax = fig.add_subplot()
    for i, label in enumerate(labels):
        ax.plot(turns, [100 * row[i] for row in rows], marker="o", markersize=3, color=colour(i), label=label)
    ax.set_xlabel(_("turn"))
    ax.set_ylabel(_("chance (%)"))
    ax.set_ylim(-2, 102)
    ax.set_title(title, fontsize="medium")
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    save(fig, path.parent, path.name)
    return path


def _wrap(label: str) -> str:
    return label.replace(" ", "\n")
