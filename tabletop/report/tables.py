"""The report's tables (HTML): seats, variants, scores and length, and every card's figures per kind of move."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from pathlib import Path

from tabletop.i18n import _
from tabletop.report.html import html_image, html_table
from tabletop.sim.inference.claims import ALPHA
from tabletop.sim.inference.stats import Contrast
from tabletop.sim.percard.cardstats import MIN_UNITS, CardFigures, GroupFigures, trick_figures
from tabletop.sim.percard.journeys import KIND_TITLES, TAKEN
from tabletop.sim.results.findings import CardsJudged, Findings
from tabletop.sim.results.study import Study, VariantFigures
from tabletop.sim.results.tables import interval, pct


def mark(text: str, lo: float, hi: float, around: float = 0.0) -> str:
    """Return ``text`` escaped, in red when the interval [lo, hi] leaves out ``around``."""
    return f"<span class=out>{escape(text)}</span>" if lo > around or hi < around else escape(text)


def held_cards(found: Findings, variant: int, kind: int, topic: str = "card") -> set[str]:
    """Return the cards (or, with ``topic`` "group", the groups) whose claim for ``kind`` holds in ``variant``."""
    prefix = f"{kind}:"
    return {key[len(prefix):] for key in found.held(topic, variant) if key.startswith(prefix)}


def seat_table(study: Study, found: Findings) -> str:
    """Return each variant's win rate per seat (red: the seat's claim holds), mean score and spread."""
    players = study.variants[0].players
    rows = []
    for index, v in enumerate(study.variants):
        chance = v.chance()
        held = found.held("seat", index)
        cells = [escape(v.label)]
        for seat, t in enumerate(v.seats):
            lo, hi = t.win_interval
            text = f"{pct(t.win_rate)} {interval(lo, hi)}"
            shown = f"<span class=out>{escape(text)}</span>" if str(seat) in held else escape(text)
            cells.append(shown + "<br><span class=note>" + escape(_("mean {mean:.2f}, SD {sd:.2f}").format(
                mean=t.mean_score, sd=t.score_sd)) + "</span>")
        cells.append(f"{chance:.1%}")
        rows.append(cells)
    return html_table([_("variant"), *(_("seat {n}").format(n=i + 1) for i in range(players)), _("chance")], rows)


def difference_table(study: Study) -> str:
    """Return each variant's paired win-rate difference to the first, per seat."""
    players = study.variants[0].players
    rows = []
    for v in study.variants[1:]:
        assert v.paired is not None
        cells = [escape(v.label)]
        for seat in range(players):
            diff, (lo, hi) = v.paired.win_diff(seat)
            cells.append(mark(f"{diff * 100:+.1f} {interval(lo, hi, signed=True)}", lo, hi))
        rows.append(cells)
    return html_table([_("variant"), *(_("seat {n} (points)").format(n=i + 1) for i in range(players))], rows)


def shape_table(study: Study) -> str:
    """Return each variant's mean score, spread, winning margin and game length (with its paired difference)."""
    rows = []
    for v in study.variants:
        deals = v.mean_deals()
        moves = ""
        if v.paired is not None:
            diff, (lo, hi) = v.paired.moves_diff()
            moves = mark(f"{diff:+.1f} {interval(lo, hi, scale=1, signed=True)}", lo, hi)
        mean = sum(t.score_total for t in v.seats) / max(1, sum(t.games for t in v.seats))
        rows.append([escape(v.label), f"{mean:.2f}", f"{v.score_spread():.2f}", f"{v.mean_margin():.2f}",
                     f"{v.mean_moves():.1f}", "" if deals is None else f"{deals:.2f}", moves])
    return html_table([_("variant"), _("mean score"), _("score SD"), _("winning margin"), _("moves/game"), _("deals/game"),
                  _("moves minus {variant}'s").format(variant=study.variants[0].label)], rows)


def card_section(v: VariantFigures, judged: CardsJudged, found: Findings, variant: int, folder: Path, *,
                 open_first: bool) -> str:
    """Return one variant's card detail: per kind of move a chart of the strongest and weakest cards and a table of
    every card, the groups' table, tricks taken, and what the seats' own zones held at the end."""
    from tabletop.report import charts

    tally = v.cards
    assert tally is not None
    peers = (_("Peers are the cards with the same {by}.").format(by=tally.by) if tally.by
             else _("The deck has no column that groups its cards, so each card is compared with all the others."))
    out = ["<p class=note>" + escape(_(
        "A unit is a seat in one deal. For each thing a seat can do with a card (dealt, drawn, taken from a row,"
        " played, discarded, won in a trick, kept), the win rate of the seats that did it with the card (at least"
        " once in the deal) is compared with the others' (the difference), and that difference with the mean"
        " difference of its peers. Won: the deal's best points, or the game's winner when a deal has no score of its"
        " own. Intervals in the tables are widened for the number of cards compared (Bonferroni) and account for the"
        " seats of one game depending on each other; red: the claim holds after Holm's correction over every claim"
        " of the report. Moves made in fewer than {least} units are listed but not tested.").format(
        least=MIN_UNITS) + " " + peers) + "</p>"]
    for n, kind in enumerate(judged.kinds):
        figures = judged.figures[kind]
        held = held_cards(found, variant, kind)
        title = _(KIND_TITLES[kind])
        out.append(f"<h3>{escape(title)}</h3>")
        out.append(html_image(charts.card_effects(figures, held, folder, f"cards-{variant + 1}-{kind}.png", title),
                        title))
        summary = _("Every card ({n}), strongest first").format(n=len(figures))
        out.append(f"<details{' open' if open_first and n == 0 else ''}><summary>{escape(summary)}</summary>"
                   + card_table(figures, held) + "</details>")
        groups = judged.groups.get(kind, [])
        if groups:
            out.append(group_table(groups, held_cards(found, variant, kind, "group")))
    tricks = trick_figures(tally, {f.card: f.label for figures in judged.figures.values() for f in figures})
    if tricks:
        showdown = tally.contest == "showdown"
        out.append("<h3>" + escape(_("Showdowns taken") if showdown else _("Tricks taken")) + "</h3>")
        out.append(html_table([_("card"), _("showdowns it was in") if showdown else _("tricks it was in"), _("took it")],
                         [[escape(t.label), str(t.played), f"{pct(t.rate)} {interval(*t.interval)}"]
                          for t in sorted(tricks, key=lambda t: (-t.rate, t.card))]))
    if tally.areas:
        out.append("<h3>" + escape(_("What the seats' own zones held at the end")) + "</h3>")
        out.append(areas_table(tally.areas))
    return "\n".join(out)


def _versus(f: CardFigures) -> Contrast:
    return f.peers if f.peers is not None else f.win


def card_table(figures: Sequence[CardFigures], held: set[str]) -> str:
    """Return every card's row for one kind of move, strongest first; ``held``: ids whose claim holds (red)."""
    level = 1 - ALPHA / max(1, len(figures))
    taken = any(f.kind == TAKEN and f.offered for f in figures)
    rows = []
    for f in sorted(figures, key=lambda f: (-_versus(f).diff, f.card)):
        name = f"<span class=out>{escape(f.label)}</span>" if f.card in held else escape(f.label)
        win = f.win
        peers = f.peers
        row = [name, escape(f.group), str(f.times), str(f.units), f"{f.mean_round:.1f}", f"{f.mean_move:.1f}",
               pct(win.mean_a), pct(win.mean_b), _diff(win, level, 100), _diff(peers, level, 100) if peers else "",
               _diff(f.points, level, 1)]
        if taken:
            rate = f.take_rate
            row += [str(f.offered), "" if rate is None else pct(rate)]
        if not f.tested:
            row = [f"<span class=note>{cell}</span>" for cell in row]
        rows.append(row)
    head = [_("card"), _("group"), _("times"), _("seat-deals"), _("mean round"), _("mean move"), _("won when it did"),
            _("won otherwise"), _("difference (points)"), _("against its peers (points)"), _("points difference")]
    if taken:
        head += [_("offered"), _("taken when offered")]
    return html_table(head, rows)


def group_table(groups: Sequence[GroupFigures], held: set[str]) -> str:
    """Return each group's row: seats that did it with any card of the group against the rest."""
    level = 1 - ALPHA / max(1, len(groups))
    rows = [[f"<span class=out>{escape(g.group)}</span>" if g.group in held else escape(g.group), str(g.units),
             pct(g.win.mean_a), pct(g.win.mean_b), _diff(g.win, level, 100), _diff(g.points, level, 1)]
            for g in sorted(groups, key=lambda g: (-g.win.diff, g.group))]
    return html_table([_("group"), _("seat-deals"), _("won when it did"), _("won otherwise"), _("difference (points)"),
                  _("points difference")], rows)


def areas_table(areas: dict[str, list[int]]) -> str:
    """Return each kind of own zone (tableau, won cards): how many cards it held at the end, winners against others."""
    rows = []
    for label, (n, total, squares, won, won_total, _won_squares) in sorted(areas.items()):
        mean = total / n if n else 0.0
        sd = math.sqrt(max(0.0, squares / n - mean * mean)) if n else 0.0
        others = n - won
        rows.append([escape(_(label)), str(n), f"{mean:.1f}", f"{sd:.1f}",
                     f"{won_total / won:.1f}" if won else "", f"{(total - won_total) / others:.1f}" if others else ""])
    return html_table([_("zone"), _("seat-games"), _("mean cards"), _("SD"), _("winners' mean"), _("others' mean")], rows)


def _diff(c: Contrast | None, level: float, scale: float) -> str:
    if c is None:
        return ""
    lo, hi = c.at(level)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return escape(f"{c.diff * scale:+.1f}")
    return escape(f"{c.diff * scale:+.1f} {interval(lo, hi, scale=scale, signed=True)}")


