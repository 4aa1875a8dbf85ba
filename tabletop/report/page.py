"""The report page: one self-contained ``report.html`` (inline style, no script) and the charts beside it.

It reads as a designer's: first the answers to the questions a designer asks (does a seat win too
often; which cards are too strong or too weak; how long a game lasts; does skill matter; what a
variant changes), each with one chart; then the detail behind them.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from tabletop.i18n import _
from tabletop.report.html import check_report_dir, html_image, html_page, html_table
from tabletop.report.tables import (
    card_section,
    difference_table,
    held_cards,
    seat_table,
    shape_table,
)
from tabletop.sim.inference.claims import rule
from tabletop.sim.percard.journeys import KIND_TITLES
from tabletop.sim.results.findings import Findings, judge
from tabletop.sim.results.study import Study

PAGE = "report.html"
__all__ = ["PAGE", "check_report_dir", "html_image", "html_page", "html_table", "write_report"]
"""The page helpers are also the review page's (:mod:`tabletop.report.review_page`)."""



def write_report(folder: Path, study: Study, *, labels: Sequence[dict[str, str]], title: str,
                 facts: Sequence[tuple[str, str]], found: Findings | None = None) -> Path:
    """Write ``folder/report.html`` and its charts; return the page's path.

    ``labels`` maps each variant's card ids to their labels; ``facts`` are (name, value) rows on
    how the run was made (command, seed, ...); ``found`` the study's findings when already judged.
    """
    from tabletop.report import charts

    check_report_dir(folder)
    found = found or judge(study, labels)
    several = len(study.variants) > 1
    heading = _("{game}: balance report").format(game=title)
    games, players = study.variants[0].games, study.variants[0].players
    note = (_("{games} games per variant, {players} players; every variant played the same deals.") if several
            else _("{games} games, {players} players.")).format(games=games, players=players)
    body = [f"<h1>{escape(heading)}</h1>", f"<p class=note>{escape(note)} {escape(rule(found.tried))}</p>"]

    body.append(f"<h2>{escape(_('The answers'))}</h2>")
    body.append(_answer(_("Does a seat win too often?"), found.seats,
                        charts.seat_advantage(study, folder), _("seat advantage")))
    first = found.judged[0] if found.judged else None
    lead = None
    if first is not None and first.kinds:
        kind = first.kinds[0]
        lead = charts.card_effects(first.figures[kind], held_cards(found, 0, kind), folder, f"cards-1-{kind}.png",
                                   _(KIND_TITLES[kind]))
    body.append(_answer(_("Which cards are too strong or too weak?"), found.cards or [
        _("Cards were not watched in this run.")], lead, _("the strongest and weakest cards")))
    body.append(_answer(_("How long does a game last?"), found.length, charts.game_length(study, folder),
                        _("game length")))
    body.append(_answer(_("Does skill matter?"), found.skill,
                        charts.bot_rates(study, folder) if len(set(study.bots)) > 1 else None, _("win rate by bot")))
    if several:
        body.append(_answer(_("What does each variant change?"), found.variants, charts.differences(study, folder),
                            _("paired differences")))

    body.append(f"<h2>{escape(_('Seats'))}</h2>")
    body.append(seat_table(study, found))
    body.append("<div class=charts>" + html_image(charts.win_rates(study, folder), _("win rate by seat"))
                + html_image(charts.scores(study, folder), _("score distributions")) + "</div>")
    if several:
        body.append(f"<h2>{escape(_('Variants against {variant}').format(variant=study.variants[0].label))}</h2>")
        body.append("<p class=note>" + escape(_(
            "Differences are paired game by game: every variant played the same deals, so these intervals are much"
            " narrower than two separate runs would give.")) + "</p>")
        body.append(difference_table(study))
        body.append(html_image(charts.variant_win_rates(study, folder), _("win rate per variant")))

    body.append(f"<h2>{escape(_('Scores and game length'))}</h2>")
    body.append(shape_table(study))

    for i, v in enumerate(study.variants):
        judged = found.judged[i] if i < len(found.judged) else None
        if v.cards is None or judged is None or not judged.kinds:
            continue
        section = _("Cards under {variant}").format(variant=v.label) if several else _("Cards")
        body.append(f"<h2>{escape(section)}</h2>")
        body.append(card_section(v, judged, found, i, folder, open_first=i == 0))

    body.append(f"<h2>{escape(_('How this was made'))}</h2><table class=facts>"
                + "".join(f"<tr><td>{escape(k)}</td><td><code>{escape(v)}</code></td></tr>" for k, v in facts)
                + "</table>")
    page = folder / PAGE
    page.write_text(html_page(heading, body), encoding="utf-8")
    return page


def _answer(question: str, lines: Sequence[str], chart: str | None, alt: str) -> str:
    said = "".join(f"<li>{escape(line)}</li>" for line in lines)
    image = html_image(chart, alt) if chart else ""
    return f"<div class=answer><div class=said><h3>{escape(question)}</h3><ul>{said}</ul></div>{image}</div>"

