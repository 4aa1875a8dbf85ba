"""The playtest review page: ``tabletop review LOG...`` writes DIR/review.html and its charts beside it.

Drawn in the balance report's style (its page, tables and chart helpers): think time per decision
per seat and per kind of decision, the slowest decisions with the command that opens each at its
move, the waiting time per seat, each game's length in minutes, what a search bot made of the
people's choices, and every note.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from tabletop.engine.events import seat_name
from tabletop.engine.guard import shown_path
from tabletop.i18n import _
from tabletop.report.page import check_report_dir, html_image, html_page, html_table
from tabletop.report.review_versions import feedback_section, shown_version, version_table
from tabletop.sim.playtests import Decision, Review, summary, version_order

PAGE = "review.html"
SLOWEST = 12
"""How many of the slowest decisions the page lists."""


def write_review(folder: Path, review: Review, *, title: str) -> Path:
    """Write ``folder/review.html`` and its charts for ``review``; return the page's path.

    :raises TabletopError: when matplotlib is missing or the folder cannot be written.
    """
    from tabletop.report import review_charts as charts

    check_report_dir(folder, flag="--out")
    seats = review.seat_names()
    body = [f"<h1>{escape(title)}</h1>", "<p class=note>" + escape(_(
        "Think time runs from the moment a choice was the seat's to its click (bots: their search); a forced move"
        " is no decision. Waiting time is the time between the end of a seat's turn and the start of its next."))
            + "</p>"]
    body += [f"<h2>{escape(_('Games'))}</h2>", _games(review)]
    if review.versions() != [""]:  # the same numbers, version by version
        body += [f"<h2>{escape(_('By version'))}</h2>", version_table(review)]
    if any(g.minutes is not None for g in review.games):
        body.append(html_image(charts.game_minutes(review, folder), _("game length in minutes")))

    body.append(f"<h2>{escape(_('Think time per decision'))}</h2>")
    if review.decisions:
        body.append(_seconds_table(seats, review.think_by_seat(), _("decisions")))
        body.append("<div class=charts>" + html_image(charts.think_by_seat(review, folder, seats), _("think time per seat"))
                    + html_image(charts.think_by_kind(review, folder), _("think time per kind of decision")) + "</div>")
        body.append(_kind_table(review))
        body.append(f"<h3>{escape(_('The slowest decisions'))}</h3>")
        body.append(_slowest(review.slowest(SLOWEST), seats))
    else:
        body.append("<p>" + escape(_("These logs time no decisions (they were written before tabletop timed them).")) + "</p>")

    body.append(f"<h2>{escape(_('Waiting time per seat'))}</h2>")
    waiting = review.waiting_by_seat()
    if waiting:
        body.append(_seconds_table(seats, waiting, _("waits")))
        body.append(html_image(charts.waiting_by_seat(review, folder, seats), _("waiting time per seat")))
    else:
        body.append("<p>" + escape(_("No waits to show (each seat moved at most once, or the logs keep no times).")) + "</p>")

    body.append(f"<h2>{escape(_('What a search bot makes of the choices'))}</h2>")
    body.append(_verdicts(review, seats))
    body.append(f"<h2>{escape(_('Notes'))}</h2>")
    body.append(_notes(review))
    body.append(f"<h2>{escape(_('What the testers answered'))}</h2>")
    body += feedback_section(review, folder)
    page = folder / PAGE
    page.write_text(html_page(title, body), encoding="utf-8")
    return page


def _minutes(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"


def _games(review: Review) -> str:
    rows = []
    for g in review.games:
        parent = ""
        if g.parent is not None:
            parent = escape(_("played on from {file} at move {n}").format(
                file=Path(str(g.parent.get("log", "?"))).name, n=g.parent.get("move", "?")))
        problem = f"<br><span class=note>{escape(g.problem)}</span>" if g.problem else ""
        rows.append([escape(shown_path(g.path)) + problem, escape(g.game), escape(shown_version(g.version)),
                     escape(", ".join(g.seats)), str(g.moves), escape(g.how), _minutes(g.minutes), parent])
    return html_table([_("log"), _("game"), _("version"), _("seats"), _("moves"), _("ended"), _("minutes"),
                       _("parent")], rows)


def _seconds_table(seats: Sequence[str], by_seat: dict[int, list[float]], counted: str) -> str:
    rows = []
    for seat, values in by_seat.items():
        n, total, mean, median, longest = summary(values)
        name = seats[seat] if seat < len(seats) else _(seat_name(seat))
        rows.append([escape(name), str(n), f"{total / 60:.1f}", f"{mean:.1f}", f"{median:.1f}", f"{longest:.1f}"])
    return html_table([_("seat"), counted, _("total (min)"), _("mean (s)"), _("median (s)"), _("longest (s)")], rows)


def _kind_table(review: Review) -> str:
    rows = []
    for (seat, kind), values in review.think_by_kind().items():
        n, _total, mean, median, longest = summary(values)
        rows.append([escape(_(seat_name(seat))), escape(kind), str(n), f"{mean:.1f}", f"{median:.1f}", f"{longest:.1f}"])
    return html_table([_("seat"), _("kind of decision"), _("decisions"), _("mean (s)"), _("median (s)"),
                       _("longest (s)")], rows)


def replay_command(path: Path, move: int) -> str:
    """Return the command that opens ``path`` in the replay viewer at ``move``."""
    shown = shown_path(path)
    quoted = shown if all(ch.isalnum() or ch in "/._-+" for ch in shown) else "'" + shown.replace("'", "'\\''") + "'"
    return f"tabletop replay {quoted} --window --at {move}"


def _slowest(decisions: Sequence[Decision], seats: Sequence[str]) -> str:
    rows = []
    for d in decisions:
        name = seats[d.seat] if d.seat < len(seats) else _(seat_name(d.seat))
        rows.append([f"{d.seconds:.1f}", escape(name), escape(d.label), str(d.n), escape(shown_path(d.log)),
                     f"<a href='{escape(d.log.resolve().as_uri())}'><code>{escape(replay_command(d.log, d.n))}</code></a>"])
    return html_table([_("seconds"), _("seat"), _("decision"), _("move"), _("log"), _("open it at that move")], rows)


def _verdicts(review: Review, seats: Sequence[str]) -> str:
    if review.budget is None:
        return "<p>" + escape(_("Not searched (--search 0).")) + "</p>"
    if not review.verdicts:
        return "<p>" + escape(_("No decision by a person in these logs (only bots played, or the logs cannot be"
                                " replayed).")) + "</p>"
    intro = "<p class=note>" + escape(_(
        "Each decision a person made was searched by ISMCTS ({budget} iterations) on that seat's own view, never the"
        " hidden cards. A choice is clearly worse when its estimated win rate is 10 points or more below the bot's"
        " choice; a decision has one sensible option when every other option is clearly worse.").format(
        budget=review.budget)) + "</p>"
    rows = []
    for seat in sorted({v.seat for v in review.verdicts}):
        mine = [v for v in review.verdicts if v.seat == seat]
        worse = sum(v.clearly_worse for v in mine)
        single = sum(v.one_sensible for v in mine)
        rows.append([escape(seats[seat] if seat < len(seats) else _(seat_name(seat))), str(len(mine)),
                     f"{worse} ({worse / len(mine):.0%})", f"{single} ({single / len(mine):.0%})"])
    table = html_table([_("seat"), _("decisions searched"), _("choice clearly worse"), _("only one sensible option")],
                       rows)
    worse_rows = [[escape(shown_path(v.log)), str(v.n), escape(_(seat_name(v.seat))), escape(v.chosen),
                   _rate(v.chosen_rate), escape(v.best), _rate(v.best_rate),
                   f"<code>{escape(replay_command(v.log, v.n))}</code>"]
                  for v in review.verdicts if v.clearly_worse]
    listed = ""
    if worse_rows:
        listed = (f"<details><summary>{escape(_('The clearly worse choices'))}</summary>"
                  + html_table([_("log"), _("move"), _("seat"), _("chosen"), _("win rate"), _("the bot's choice"),
                                _("win rate"), _("open it at that move")], worse_rows) + "</details>")
    return intro + table + listed


def _rate(rate: float | None) -> str:
    return "" if rate is None else f"{rate:.0%}"


def _notes(review: Review) -> str:
    rows = []
    for g in sorted(review.games, key=lambda g: version_order(g.version)):  # grouped by version
        for note, after in sorted(g.notes, key=lambda pair: pair[0].n):
            who = _(seat_name(note.seat)) if note.seat is not None else _("nobody (game over)")
            rows.append([escape(shown_version(g.version)), escape(shown_path(g.path)), str(note.n), escape(who),
                         escape(after), escape(note.text).replace("\n", "<br>"),
                         f"<code>{escape(replay_command(g.path, note.n))}</code>"])
    if not rows:
        return "<p>" + escape(_("No notes in these logs.")) + "</p>"
    return html_table([_("version"), _("log"), _("move"), _("to move"), _("after"), _("note"),
                       _("open it at that move")], rows)
