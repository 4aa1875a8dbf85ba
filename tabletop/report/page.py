"""The report page: one self-contained ``report.html`` (inline style, no script) and the charts beside it."""

from __future__ import annotations

import os
from collections.abc import Sequence
from html import escape
from pathlib import Path

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _, language
from tabletop.sim.cardstats import CardFigures, card_figures, standouts
from tabletop.sim.findings import (
    card_findings,
    even_share,
    seat_findings,
    shape_findings,
    variant_findings,
)
from tabletop.sim.study import Study
from tabletop.sim.tables import interval, pct

PAGE = "report.html"

STYLE = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 70em;
       padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
.findings { background: #f5f7fb; border-left: 4px solid #4c72b0; padding: 0.6em 1.2em; }
.findings li { margin: 0.3em 0; }
.findings h4 { margin: 0.6em 0 0.2em; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
.charts img { max-width: calc(50% - 0.5em); }
table { border-collapse: collapse; margin: 0.8em 0; font-variant-numeric: tabular-nums; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #e3e3e3; text-align: right; }
th { background: #fafafa; }
td:first-child, th:first-child { text-align: left; }
.facts td { text-align: left; }
.out { color: #b22222; font-weight: 600; }
img { max-width: 100%; height: auto; display: block; margin: 0.8em 0; }
details { margin: 0.6em 0; }
.note { color: #555; font-size: 0.92em; }
"""


def check_report_dir(folder: Path, *, flag: str = "--report") -> None:
    """Make sure a report can be written into ``folder`` (given with ``flag``) before any work is done.

    :raises TabletopError: when matplotlib is missing or the folder cannot be made or written.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise TabletopError(_("{flag} needs matplotlib: pip install -e '.[report]'").format(flag=flag)) from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TabletopError(_("{flag} {folder}: cannot create the folder ({problem})").format(
            flag=flag, folder=folder, problem=exc.strerror or exc)) from None
    if not os.access(folder, os.W_OK):
        raise TabletopError(_("{flag} {folder}: the folder is not writable").format(flag=flag, folder=folder))


def write_report(folder: Path, study: Study, *, labels: Sequence[dict[str, str]], title: str,
                 facts: Sequence[tuple[str, str]]) -> Path:
    """Write ``folder/report.html`` and its charts; return the page's path.

    ``labels`` maps each variant's card ids to their labels; ``facts`` are (name, value) rows on
    how the run was made (command, seed, ...).
    """
    from tabletop.report import charts

    check_report_dir(folder)
    several = len(study.variants) > 1
    heading = _("{game}: balance report").format(game=title)
    games, players = study.variants[0].games, study.variants[0].players
    note = (_("{games} games per variant, {players} players; every variant played the same deals.") if several
            else _("{games} games, {players} players.")).format(games=games, players=players)
    body = [f"<h1>{escape(heading)}</h1>", f"<p class=note>{escape(note)}</p>"]
    groups = [(_("Seats"), seat_findings(study)), (_("Variants"), variant_findings(study)),
              (_("Scores and length"), shape_findings(study)), (_("Cards"), card_findings(study, list(labels)))]
    body.append(f"<h2>{escape(_('What stands out'))}</h2><div class=findings>" + "".join(
        f"<h4>{name}</h4><ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"
        for name, lines in groups if lines) + "</div>")

    body.append(f"<h2>{escape(_('Seats'))}</h2>")
    body.append(_seat_table(study))
    body.append("<div class=charts>" + html_image(charts.win_rates(study, folder), _("win rate by seat"))
                + html_image(charts.seat_advantage(study, folder), _("seat advantage")) + "</div>")
    body.append(html_image(charts.variant_win_rates(study, folder), _("win rate per variant")))
    if several:
        body.append(f"<h2>{escape(_('Variants against {variant}').format(variant=study.variants[0].label))}</h2>")
        body.append("<p class=note>" + escape(_(
            "Differences are paired game by game: every variant played the same deals, so these intervals are much"
            " narrower than two separate runs would give.")) + "</p>")
        body.append(_difference_table(study))
        body.append(html_image(charts.differences(study, folder), _("paired differences")))

    body.append(f"<h2>{escape(_('Scores and game length'))}</h2>")
    body.append(_shape_table(study))
    body.append("<div class=charts>" + html_image(charts.scores(study, folder), _("score distributions"))
                + html_image(charts.game_length(study, folder), _("game length")) + "</div>")

    body.append(f"<h2>{escape(_('Cards'))}</h2>")
    body.append("<p class=note>" + escape(_(
        "For each card: how seats dealt it did in that deal against seats that were not (deal won = the deal's best"
        " points), and how often it took the trick it was played to (in draw poker: the showdown its hand was shown"
        " in). Red cards stand out beyond chance with intervals widened for the number of cards.")) + "</p>")
    for i, (v, names) in enumerate(zip(study.variants, labels, strict=True)):
        if v.cards is None:
            continue
        figures = card_figures(v.cards, names)
        if not figures:
            continue
        out = {f.card for f in standouts(v.cards, names)}
        contest = "showdowns" if v.cards.contest == "showdown" else "tricks"
        name = charts.cards(figures, out, v.players, folder, f"cards-{i + 1}.png",
                            _("Cards: {variant}").format(variant=v.label) if several else _("Cards"), took=contest)
        if several:
            body.append(f"<h3>{escape(v.label)}</h3>")
        body.append(html_image(name, _("cards under {variant}").format(variant=v.label)))
        body.append(f"<details{' open' if i == 0 else ''}><summary>{escape(_('Every card, strongest first'))}"
                    "</summary>" + _card_table(figures, out, contest) + "</details>")

    body.append(f"<h2>{escape(_('How this was made'))}</h2><table class=facts>"
                + "".join(f"<tr><td>{escape(k)}</td><td><code>{escape(v)}</code></td></tr>" for k, v in facts)
                + "</table>")
    page = folder / PAGE
    page.write_text(html_page(heading, body), encoding="utf-8")
    return page


def html_page(heading: str, body: Sequence[str]) -> str:
    """Return a whole self-contained page titled ``heading`` around ``body`` (HTML parts), in the report's style."""
    return (f"<!doctype html>\n<html lang={language()}><head><meta charset=utf-8>"
            f"<title>{escape(heading)}</title>"
            "<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def html_image(name: str, alt: str) -> str:
    """Return an ``<img>`` of the chart ``name`` beside the page."""
    return f"<img src='{escape(name)}' alt='{escape(alt)}'>"


def html_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Return a table with ``head`` (escaped) and ``rows`` of cells (already HTML)."""
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"


def _mark(text: str, lo: float, hi: float, around: float = 0.0) -> str:
    return f"<span class=out>{escape(text)}</span>" if lo > around or hi < around else escape(text)


def _seat_table(study: Study) -> str:
    players = study.variants[0].players
    rows = []
    for v in study.variants:
        chance = even_share(v)
        cells = [escape(v.label)]
        for t in v.seats:
            lo, hi = t.win_interval
            cells.append(_mark(f"{pct(t.win_rate)} {interval(lo, hi)}", lo, hi, chance)
                         + "<br><span class=note>" + escape(_("mean {mean:.2f}, SD {sd:.2f}").format(
                             mean=t.mean_score, sd=t.score_sd)) + "</span>")
        cells.append(f"{chance:.1%}")
        rows.append(cells)
    return html_table([_("variant"), *(_("seat {n}").format(n=i + 1) for i in range(players)), _("chance")], rows)


def _difference_table(study: Study) -> str:
    players = study.variants[0].players
    rows = []
    for v in study.variants[1:]:
        assert v.paired is not None
        cells = [escape(v.label)]
        for seat in range(players):
            diff, (lo, hi) = v.paired.win_diff(seat)
            cells.append(_mark(f"{diff * 100:+.1f} {interval(lo, hi, signed=True)}", lo, hi))
        rows.append(cells)
    return html_table([_("variant"), *(_("seat {n} (points)").format(n=i + 1) for i in range(players))], rows)


def _shape_table(study: Study) -> str:
    rows = []
    for v in study.variants:
        deals = v.mean_deals()
        moves = ""
        if v.paired is not None:
            diff, (lo, hi) = v.paired.moves_diff()
            moves = _mark(f"{diff:+.1f} {interval(lo, hi, scale=1, signed=True)}", lo, hi)
        mean = sum(t.score_total for t in v.seats) / max(1, sum(t.games for t in v.seats))
        rows.append([escape(v.label), f"{mean:.2f}", f"{v.score_spread():.2f}", f"{v.mean_margin():.2f}",
                     f"{v.mean_moves():.1f}", "" if deals is None else f"{deals:.2f}", moves])
    return html_table([_("variant"), _("mean score"), _("score SD"), _("winning margin"), _("moves/game"), _("deals/game"),
                   _("moves minus {variant}'s").format(variant=study.variants[0].label)], rows)


def _card_table(figures: Sequence[CardFigures], out: set[str], contest: str) -> str:
    rows = []
    for f in sorted(figures, key=lambda f: (-f.win_diff, f.card)):
        name = f"<span class=out>{escape(f.label)}</span>" if f.card in out else escape(f.label)
        took = "" if f.took_rate is None else f"{pct(f.took_rate)} {interval(*f.took_ci)}"
        rows.append([name, str(f.held_deals), f"{pct(f.held_win)} {interval(*f.held_win_ci)}",
                     f"{pct(f.other_win)} {interval(*f.other_win_ci)}",
                     f"{f.win_diff * 100:+.1f} {interval(*f.win_diff_ci, signed=True)}",
                     f"{f.points_diff:+.2f} {interval(*f.points_diff_ci, scale=1, signed=True)}",
                     str(f.played), took])
    shown = (_("showdowns it was in"), _("took its showdown")) if contest == "showdowns" else (
        _("tricks it was in"), _("took its trick"))
    return html_table([_("card"), _("dealt (seat-deals)"), _("deal won when dealt"), _("deal won otherwise"),
                   _("difference (points)"), _("deal points difference"), *shown], rows)
