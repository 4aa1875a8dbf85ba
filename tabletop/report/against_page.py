"""``review --against-sim``: the testers set beside bots on the same deals (``against-sim.html`` in the review's folder)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from tabletop.i18n import _
from tabletop.report.html import html_table, write_page
from tabletop.sim.against import Comparison
from tabletop.sim.inference.claims import rule, sureness

PAGE = "against-sim.html"


def write_against_page(folder: Path, found: Sequence[Comparison]) -> Path:
    """Write ``folder/against-sim.html``: per version, what differs beyond luck, then every measure tried.

    :raises TabletopError: naming the folder when it cannot be written.
    """
    title = _("Testers against bots, on the same deals")
    body = [f"<h1>{escape(title)}</h1>"]
    for c in found:
        body.append(f"<h2>{escape(c.version)}: {escape(_('{games} logs against {bots}').format(games=c.games, bots=c.bots))}</h2>")
        held = c.held()
        body.append("<ul>" + "".join(f"<li>{escape(d.claim.text)} ({escape(sureness(d.claim, c.tried))})</li>"
                                     for d in held) + "</ul>" if held
                    else f"<p>{escape(_('No measure differs beyond what luck explains.'))}</p>")
        rows = [[escape(d.what), f"{d.testers:.2f}", f"{d.bots:.2f}",
                 escape(f"[{d.interval[0]:+.2f}, {d.interval[1]:+.2f}]"), f"{d.claim.adjusted:.3g}",
                 "<span class=out>*</span>" if d.claim.holds else ""] for d in c.differences]
        body.append(html_table([_("measure"), _("testers"), _("bots"), _("difference, 95% interval"),
                                _("Holm-adjusted p"), ""], rows))
        body.append(f"<p class=note>{escape(rule(c.tried))}</p>")
    return write_page(folder, PAGE, title, body)
