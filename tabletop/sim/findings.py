"""What stands out in a study, in sentences ("seat 1 wins 31% [29, 33] where chance is 25%").

Only what its 95% interval supports is said to stand out; each card is judged with intervals widened
for the number of cards (Bonferroni), so a full deck does not turn up a few lucky cards.
"""

from __future__ import annotations

from tabletop.i18n import _, ngettext
from tabletop.sim.cardstats import CardFigures, card_figures, standouts
from tabletop.sim.stats import wilson_interval
from tabletop.sim.study import Study, VariantFigures

MAX_CARDS = 3
"""Cards described one by one; the next :data:`MAX_LISTED` that stand out are listed by name."""
MAX_LISTED = 10


def rate(p: float, lo: float, hi: float) -> str:
    """Return "31% [29, 33]", with a decimal when the interval is narrower than 4 points."""
    digits = 1 if hi - lo < 0.04 else 0
    return f"{p * 100:.{digits}f}% [{lo * 100:.{digits}f}, {hi * 100:.{digits}f}]"


def points(diff: float, lo: float, hi: float, unit: str = "") -> str:
    """Return "+4.2 points [+2.0, +6.4]" (percentage points for rates; ``unit`` for another unit)."""
    return _("{diff:+.1f} {unit} [{lo:+.1f}, {hi:+.1f}]").format(diff=diff, unit=unit or _("points"), lo=lo, hi=hi)


def even_share(v: VariantFigures) -> float:
    """Return the win rate every seat would have if none had an edge (shared wins included)."""
    games = sum(t.games for t in v.seats)
    return sum(t.wins for t in v.seats) / games if games else 0.0


def seat_findings(study: Study) -> list[str]:
    """Return a sentence per seat whose win rate's interval excludes an even share."""
    out = []
    several = len(study.variants) > 1
    for v in study.variants:
        chance = even_share(v)
        for i, t in enumerate(v.seats):
            lo, hi = wilson_interval(t.wins, t.games)
            if lo > chance or hi < chance:
                digits = 1 if hi - lo < 0.04 else 0
                said = (_("Under {variant}, seat {n} wins {rate} where chance is {chance}.") if several
                        else _("Seat {n} wins {rate} where chance is {chance}."))
                out.append(said.format(variant=v.label, n=i + 1, rate=rate(t.win_rate, lo, hi),
                                       chance=f"{chance:.{digits}%}"))
    if not out:
        said = (_("No seat's win rate differs from chance ({chance}) beyond its 95% interval in any variant.")
                if several else
                _("No seat's win rate differs from chance ({chance}) beyond its 95% interval in this run."))
        out.append(said.format(chance=f"{even_share(study.variants[0]):.0%}"))
    v0 = study.variants[0]
    if abs(even_share(v0) - 1 / v0.players) > 0.005:
        out.append(_("(Chance is {chance} rather than {even} because a shared first place counts as a win for every"
                     " seat in it.)").format(chance=f"{even_share(v0):.0%}", even=f"{1 / v0.players:.0%}"))
    return out


def variant_findings(study: Study) -> list[str]:
    """Return what each variant changes against the first, on the same deals (paired intervals)."""
    first = study.variants[0]
    out = []
    for v in study.variants[1:]:
        assert v.paired is not None
        changes = []
        for seat in range(v.players):
            diff, (lo, hi) = v.paired.win_diff(seat)
            if lo > 0 or hi < 0:
                changes.append(_("seat {n}'s win rate by {change}").format(
                    n=seat + 1, change=points(diff * 100, lo * 100, hi * 100)))
        diff, (lo, hi) = v.paired.moves_diff()
        if lo > 0 or hi < 0:
            changes.append(_("game length by {change}").format(change=points(diff, lo, hi, _("moves"))))
        if changes:
            out.append(_("Against {first} on the same deals, {variant} changes {changes}.").format(
                first=first.label, variant=v.label, changes=_join(changes)))
        else:
            out.append(_("Against {first} on the same deals, {variant} changes no seat's win rate and not the game"
                         " length beyond their 95% intervals.").format(first=first.label, variant=v.label))
    return out


def shape_findings(study: Study) -> list[str]:
    """Return sentences on game length and on how far apart the scores end."""
    v0 = study.variants[0]
    deals = v0.mean_deals()
    length = (_("{moves:.0f} moves") if deals is None else _("{moves:.0f} moves ({deals:.1f} deals)")).format(
        moves=v0.mean_moves(), deals=deals)
    if len(study.variants) == 1:
        return [_("A game lasts {length} on average; final scores spread with a standard deviation of {sd:.1f}, and"
                  " the winner leads the runner-up by {margin:.1f}.").format(
            length=length, sd=v0.score_spread(), margin=v0.mean_margin())]
    by_spread = sorted(study.variants, key=lambda v: (v.score_spread(), v.label))
    most, least = by_spread[-1], by_spread[0]
    return [_("Under {variant} a game lasts {length} on average.").format(variant=v0.label, length=length),
            _("Scores spread most under {most} (standard deviation {most_sd:.1f}, winner ahead by {most_margin:.1f})"
              " and least under {least} ({least_sd:.1f}, ahead by {least_margin:.1f}).").format(
                most=most.label, most_sd=most.score_spread(), most_margin=most.mean_margin(), least=least.label,
                least_sd=least.score_spread(), least_margin=least.mean_margin())]


def card_findings(study: Study, labels: list[dict[str, str]]) -> list[str]:
    """Return the cards that stand out in each variant whose cards were watched (``labels``: per variant)."""
    out = []
    several = len(study.variants) > 1
    for v, names in zip(study.variants, labels, strict=True):
        if v.cards is None:
            continue
        where = _("Under {variant}: ").format(variant=v.label) if several else ""
        found = standouts(v.cards, names)
        count = len(card_figures(v.cards, names))
        if not count:
            out.append(where + _("This game reported no deals, so there are no per-card figures."))
            continue
        if not found:
            out.append(where + _("No card stands out: for each of the {count} cards, seats dealt it win the deal about"
                                 " as often as the others (intervals widened for the number of cards).").format(
                count=count))
            continue
        for f in found[:MAX_CARDS]:
            out.append(where + card_sentence(f, v.players, lower_is_better=v.lower_is_better,
                                             contest=v.cards.contest or "trick"))
        rest = found[MAX_CARDS:]
        if rest:
            listed = ", ".join(f.label for f in rest[:MAX_LISTED])
            if len(rest) > MAX_LISTED:
                listed = ngettext("{cards} and {n} other", "{cards} and {n} others", len(rest) - MAX_LISTED,
                                  cards=listed, n=len(rest) - MAX_LISTED)
            out.append(where + _("{n} more of the {count} cards stand out as well, largest effect first:"
                                 " {cards}.").format(n=len(rest), count=count, cards=listed))
    return out


def card_sentence(f: CardFigures, players: int, *, lower_is_better: bool = False, contest: str = "trick") -> str:
    """Return one card's sentence: holders' deal-win rate against the others', and its tricks taken."""
    said = (_("{card} stands out: seats dealt it win the deal {held} of the time against {other} for the others"
              " (and score {points:+.1f} points a deal, where lower is better)") if lower_is_better else
            _("{card} stands out: seats dealt it win the deal {held} of the time against {other} for the others"
              " (and score {points:+.1f} points a deal)"))
    text = said.format(card=f.label, held=rate(f.held_win, *f.held_win_ci), other=rate(f.other_win, *f.other_win_ci),
                       points=f.points_diff)
    took = f.took_rate
    if took is not None:
        more = (_("; it took {rate} of the showdowns it was shown in (chance {chance})") if contest == "showdown"
                else _("; it took {rate} of the tricks it was played to (chance {chance})"))
        text += more.format(rate=rate(took, *f.took_ci), chance=f"{1 / players:.0%}")
    return text + _(".")


def findings(study: Study, labels: list[dict[str, str]]) -> list[str]:
    """Return every finding: seats, variants, scores and length, then cards."""
    return (seat_findings(study) + variant_findings(study) + shape_findings(study)
            + card_findings(study, labels))


def _join(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])
