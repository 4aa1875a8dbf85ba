"""What stands out in a study, in sentences ("seat 1 wins 31% [29, 33] where chance is 25%").

Only what its 95% interval supports is said to stand out; each card is judged with intervals widened
for the number of cards (Bonferroni), so a full deck does not turn up a few lucky cards.
"""

from __future__ import annotations

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


def points(diff: float, lo: float, hi: float, unit: str = "points") -> str:
    """Return "+4.2 points [+2.0, +6.4]" (percentage points for rates)."""
    return f"{diff:+.1f} {unit} [{lo:+.1f}, {hi:+.1f}]"


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
        where = f"Under {v.label}, s" if several else "S"
        for i, t in enumerate(v.seats):
            lo, hi = wilson_interval(t.wins, t.games)
            if lo > chance or hi < chance:
                digits = 1 if hi - lo < 0.04 else 0
                out.append(f"{where}eat {i + 1} wins {rate(t.win_rate, lo, hi)} where chance is"
                           f" {chance:.{digits}%}.")
    if not out:
        scope = "any variant" if several else "this run"
        out.append(f"No seat's win rate differs from chance ({even_share(study.variants[0]):.0%}) beyond its"
                   f" 95% interval in {scope}.")
    v0 = study.variants[0]
    if abs(even_share(v0) - 1 / v0.players) > 0.005:
        out.append(f"(Chance is {even_share(v0):.0%} rather than {1 / v0.players:.0%} because a shared first"
                   " place counts as a win for every seat in it.)")
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
                changes.append(f"seat {seat + 1}'s win rate by {points(diff * 100, lo * 100, hi * 100)}")
        diff, (lo, hi) = v.paired.moves_diff()
        if lo > 0 or hi < 0:
            changes.append(f"game length by {points(diff, lo, hi, 'moves')}")
        if changes:
            out.append(f"Against {first.label} on the same deals, {v.label} changes " + _join(changes) + ".")
        else:
            out.append(f"Against {first.label} on the same deals, {v.label} changes no seat's win rate and not"
                       " the game length beyond their 95% intervals.")
    return out


def shape_findings(study: Study) -> list[str]:
    """Return sentences on game length and on how far apart the scores end."""
    v0 = study.variants[0]
    deals = v0.mean_deals()
    length = f"{v0.mean_moves():.0f} moves" + (f" ({deals:.1f} deals)" if deals is not None else "")
    if len(study.variants) == 1:
        return [f"A game lasts {length} on average; final scores spread with a standard deviation of"
                f" {v0.score_spread():.1f}, and the winner leads the runner-up by {v0.mean_margin():.1f}."]
    by_spread = sorted(study.variants, key=lambda v: (v.score_spread(), v.label))
    most, least = by_spread[-1], by_spread[0]
    return [f"Under {v0.label} a game lasts {length} on average.",
            f"Scores spread most under {most.label} (standard deviation {most.score_spread():.1f}, winner ahead"
            f" by {most.mean_margin():.1f}) and least under {least.label} ({least.score_spread():.1f},"
            f" ahead by {least.mean_margin():.1f})."]


def card_findings(study: Study, labels: list[dict[str, str]]) -> list[str]:
    """Return the cards that stand out in each variant whose cards were watched (``labels``: per variant)."""
    out = []
    several = len(study.variants) > 1
    for v, names in zip(study.variants, labels, strict=True):
        if v.cards is None:
            continue
        where = f"Under {v.label}: " if several else ""
        found = standouts(v.cards, names)
        count = len(card_figures(v.cards, names))
        if not count:
            out.append(f"{where}This game reported no deals, so there are no per-card figures.")
            continue
        if not found:
            out.append(f"{where}No card stands out: for each of the {count} cards, seats dealt it win the deal"
                       " about as often as the others (intervals widened for the number of cards).")
            continue
        for f in found[:MAX_CARDS]:
            out.append(where + card_sentence(f, v.players, lower_is_better=v.lower_is_better,
                                             contest=v.cards.contest or "trick"))
        rest = found[MAX_CARDS:]
        if rest:
            listed = ", ".join(f.label for f in rest[:MAX_LISTED])
            more = f" and {len(rest) - MAX_LISTED} others" if len(rest) > MAX_LISTED else ""
            out.append(f"{where}{len(rest)} more of the {count} cards stand out as well, largest effect"
                       f" first: {listed}{more}.")
    return out


def card_sentence(f: CardFigures, players: int, *, lower_is_better: bool = False, contest: str = "trick") -> str:
    """Return one card's sentence: holders' deal-win rate against the others', and its tricks taken."""
    lower = ", where lower is better" if lower_is_better else ""
    text = (f"{f.label} stands out: seats dealt it win the deal {rate(f.held_win, *f.held_win_ci)} of the time"
            f" against {rate(f.other_win, *f.other_win_ci)} for the others"
            f" (and score {f.points_diff:+.1f} points a deal{lower})")
    took = f.took_rate
    if took is not None:
        where = "showdowns it was shown in" if contest == "showdown" else "tricks it was played to"
        text += f"; it took {rate(took, *f.took_ci)} of the {where} (chance {1 / players:.0%})"
    return text + "."


def findings(study: Study, labels: list[dict[str, str]]) -> list[str]:
    """Return every finding: seats, variants, scores and length, then cards."""
    return (seat_findings(study) + variant_findings(study) + shape_findings(study)
            + card_findings(study, labels))


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
