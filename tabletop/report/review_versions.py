"""The playtest review by version: each version's games, think time, waits, notes and answers side by side,
and the testers' answers to the game's questions charted by version, the cards they named set beside
what the simulator found for those cards.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from pathlib import Path

from tabletop.i18n import _
from tabletop.report.charts import colour, figure, save
from tabletop.report.html import html_image, html_table
from tabletop.sim.playtests import Review, summary

BEFORE = ""
"""The version of a log from before versions were kept."""


def shown_version(label: str) -> str:
    """Return how a table names a version ("before versions" for a log older than them)."""
    return label or _("before versions")


def version_table(review: Review) -> str:
    """Return a table with a row per version: logs, games with a person, decisions, think and waiting time,
    notes and answers."""
    rows = []
    for version in review.versions():
        games = review.games_of(version)
        logs = {g.path for g in games}
        think = [d.seconds for d in review.decisions if d.log in logs]
        waits = [w for g in games for waits in g.waiting.values() for w in waits]
        _n, _total, mean, median, _longest = summary(think)
        people = sum("human" in g.seats or "remote" in g.seats for g in games)
        answers = sum(bool(f.answers) for g in games for f in g.feedback)
        rows.append([escape(shown_version(version)), str(len(games)), str(people), str(len(think)),
                     f"{mean:.1f}" if think else "", f"{median:.1f}" if think else "",
                     f"{summary(waits)[2]:.1f}" if waits else "", str(sum(len(g.notes) for g in games)), str(answers)])
    return html_table([_("version"), _("logs"), _("with a person"), _("decisions"), _("mean think (s)"),
                       _("median think (s)"), _("mean wait (s)"), _("notes"), _("answers")], rows)


def feedback_section(review: Review, folder: Path) -> list[str]:
    """Return the answers to the game's questions, question by question and version by version (HTML parts)."""
    answered = [(g.version, a) for g in review.games for f in g.feedback for a in f.answers or ()]
    skipped = sum(f.answers == () for g in review.games for f in g.feedback)
    if not answered:
        said = (_("Every person skipped the questions ({n} times).").format(n=skipped) if skipped
                else _("No answers in these logs (a game with a feedback.toml asks them after the game)."))
        return [f"<p>{escape(said)}</p>"]
    out = []
    if skipped:
        out.append("<p class=note>" + escape(_("Skipped {n} times.").format(n=skipped)) + "</p>")
    questions = list(dict.fromkeys((a["id"], a["kind"], a["label"]) for _v, a in answered))
    for index, (qid, kind, label) in enumerate(questions):
        mine = [(v, a["value"]) for v, a in answered if a["id"] == qid]
        out.append(f"<h3>{escape(label)}</h3>")
        if kind == "rating":
            out.append(_ratings(review, mine))
            out.append(html_image(ratings_chart(review, mine, label, folder, index), label))
        elif kind == "card":
            out.append(_cards(review, mine))
        else:
            rows = [[escape(shown_version(v)), escape(str(text)).replace("\n", "<br>")] for v, text in mine if text]
            out.append(html_table([_("version"), _("answer")], rows))
    return out


def _ratings(review: Review, answers: list[tuple[str, object]]) -> str:
    rows = []
    for version in review.versions():
        values = [int(str(v)) for ver, v in answers if ver == version]
        if values:
            counts = Counter(values)
            rows.append([escape(shown_version(version)), str(len(values)), f"{sum(values) / len(values):.1f}",
                         *(str(counts.get(r, 0)) for r in range(1, 6))])
    return html_table([_("version"), _("answers"), _("mean"), "1", "2", "3", "4", "5"], rows)


def _cards(review: Review, answers: list[tuple[str, object]]) -> str:
    rows = []
    for version in review.versions():
        counts = Counter(str(v) for ver, v in answers if ver == version)
        for card, n in counts.most_common():
            found = review.named.get((version, card), _("not simulated (review --sim-games 0)"))
            rows.append([escape(shown_version(version)), escape(card), str(n), escape(found)])
    return html_table([_("version"), _("card"), _("named"), _("what the simulator found")], rows)


def ratings_chart(review: Review, answers: list[tuple[str, object]], label: str, folder: Path, index: int) -> str:
    """Draw how often each rating was given, a group of bars per rating and a bar per version."""
    versions = [v for v in review.versions() if any(ver == v for ver, _a in answers)]
    fig = figure(5.5, 3.0)
    ax = fig.add_subplot()
    width = 0.8 / max(1, len(versions))
    for i, version in enumerate(versions):
        counts = Counter(int(str(v)) for ver, v in answers if ver == version)
        ax.bar([r - 0.4 + width * (i + 0.5) for r in range(1, 6)], [counts.get(r, 0) for r in range(1, 6)],
               width=width * 0.9, color=colour(i), alpha=0.75, label=shown_version(version))
    ax.set_xticks(range(1, 6), [str(r) for r in range(1, 6)])
    ax.set_ylabel(_("answers"))
    ax.set_title(label)
    ax.grid(axis="y", alpha=0.3)
    if len(versions) > 1:
        ax.legend(fontsize="small")
    return save(fig, folder, f"rating-{index + 1}.png")
