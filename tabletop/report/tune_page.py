"""``tabletop tune --out DIR``: the tuning's page (DIR/tune.html) and the diff of the tuned version (DIR/diff.html)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from tabletop.engine.guard import shown_path
from tabletop.i18n import _
from tabletop.report.diff_page import write_diff_page
from tabletop.report.html import html_table, write_page
from tabletop.sim.tune.free import Free
from tabletop.sim.tune.proposal import Proposal
from tabletop.sim.tune.search import CONFIRMED, Outcome
from tabletop.sim.tune.targets import MEASURES, Target
from tabletop.sim.tune.verdict import already_met, impossible_lines, moved, shown

PAGE = "tune.html"


def noise_note(outcome: Outcome) -> str:
    """Return how the search met the noise of simulated games, with this run's sizes."""
    return _("Every candidate played the same {screen} deals (common random numbers: candidates differ by their values,"
             " not by their luck); Optuna's TPE sampler chose each batch from the scores of the earlier ones; then the"
             " {confirmed} best and the game as it is played {confirm} fresh deals each, so the best is not flattered"
             " by the deals it was picked on. Every figure below comes from those fresh deals, with its 95%"
             " interval.").format(screen=outcome.screen_games, confirmed=CONFIRMED, confirm=outcome.confirm_games)


def write_tune_page(folder: Path, *, title: str, facts: Sequence[tuple[str, str]], outcome: Outcome,
                    free: Sequence[Free], targets: Sequence[Target], proposal: Proposal | None,
                    options: dict[str, object]) -> Path:
    """Write ``folder/tune.html`` (and ``diff.html`` when a version was recorded); return the page's path.

    :raises TabletopError: naming the folder when it cannot be written.
    """
    best = dict(outcome.best.candidate.choice)
    body = [f"<h1>{escape(title)}</h1>",
            html_table([_("what"), _("value")], [[escape(k), escape(v)] for k, v in facts]).replace(
                "<table>", "<table class=facts>", 1)]
    body.append(f"<h2>{escape(_('The proposal'))}</h2>")
    rows = [[escape(f.name), escape(str(f.original) if f.original is not None else _("(as in the deck)")),
             escape(str(best.get(f.name, "-")))] for f in free]
    body.append(html_table([_("free value"), _("as it is"), _("proposed")], rows))
    written = []
    if proposal is not None:
        written.append(_("The tuned deck: {file} (the deck itself is untouched; copy it over the deck to adopt"
                         " it).").format(file=shown_path(proposal.deck)))
        if proposal.version is not None and proposal.before is not None:
            written.append(_("Recorded as version {id} {name} (compare: tabletop diff GAME {before} {id}; on the same"
                             " deals: tabletop simulate GAME --versions {before},{id}).").format(
                id=proposal.version.id, name=repr(proposal.version.name), before=proposal.before.id))
    if options:
        written.append(_("Options: {options}").format(options=" ".join(f"--set {k}={v}" for k, v in options.items())))
    body += [f"<p>{escape(line)}</p>" for line in written]
    if proposal is not None and proposal.changes is not None:
        diff = write_diff_page(folder / "diff.html", title, proposal.changes)
        body.append(f"<p><a href='{escape(diff.name)}'>{escape(_('What changed (diff)'))}</a></p>")
    body.append(f"<h2>{escape(_('How each target moved'))}</h2>")
    body.append(html_table([_("target"), _("as it is"), _("proposed"), _("verdict")],
                           [[escape(m.target.text), escape(shown(m.before)), escape(shown(m.after)),
                             escape(m.sureness())] for m in moved(outcome, targets)]))
    body.append("<p class=note>" + escape("; ".join(f"{name}: {_(unit)}" for name, unit in MEASURES.items()
                                                    if any(t.measure == name for t in targets))) + "</p>")
    body += [f"<p>{escape(line)}</p>" for line in already_met(outcome, targets)]
    body.append(f"<h2>{escape(_('Targets that cannot be met together'))}</h2>")
    said = impossible_lines(outcome, targets)
    body.append("<ul>" + "".join(f"<li>{escape(s)}</li>" for s in said) + "</ul>" if said
                else f"<p>{escape(_('None: some candidate met each pair of targets together.'))}</p>")
    body.append(f"<h2>{escape(_('How noise was handled'))}</h2><p>{escape(noise_note(outcome))}</p>")
    if outcome.timed:
        body.append("<p class=note>" + escape(_("The budget was a time: how many candidates were tried depends on this"
                                                " machine's speed and load, so another run may answer otherwise. A"
                                                " budget of games gives the same answer on any machine.")) + "</p>")
    body.append(f"<h2>{escape(_('Every candidate screened'))}</h2>")
    head = [_("candidate"), *[t.text for t in targets], _("score")]
    rows = [[escape(m.candidate.label), *[escape(shown(m.figures.get(t.measure), 0)) for t in targets],
             f"{outcome.scores.get(m.candidate.label, 0.0):.3f}"]
            for m in [outcome.baseline, *outcome.screened]]
    body.append(html_table(head, rows))
    body.append("<p class=note>" + escape(_("Screening figures come from {n} games each (the score: each target's miss"
                                            " divided by the miss of the game as it is; lower is better).").format(
        n=outcome.screen_games)) + "</p>")
    return write_page(folder, PAGE, title, body)
