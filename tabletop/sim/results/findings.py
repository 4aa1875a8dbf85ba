"""What a study says in sentences, question by question, claiming only what holds after Holm's correction.

The questions a designer asks: does a seat win too often; which cards are too strong or too weak; what
a rule variant changes; does skill matter; how long a game lasts. Every claim any of them could make
is tried together (:mod:`tabletop.sim.inference.claims`), so the chance that anything said is a fluke stays at
most 5% however many seats, cards and variants there are; each claim says how sure it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tabletop.i18n import _
from tabletop.sim.inference.claims import Claim, rule, settle, sureness
from tabletop.sim.inference.stats import normal_p, wilson_interval
from tabletop.sim.percard.cardstats import (
    CardFigures,
    CardTally,
    GroupFigures,
    card_figures,
    group_figures,
)
from tabletop.sim.percard.journeys import CHOSEN, KIND_VERBS, KIND_WORDS, TAKEN
from tabletop.sim.results.across import across_versions
from tabletop.sim.results.study import Study, VariantFigures

SEAT, CARD, GROUP, VARIANT, SKILL = "seat", "card", "group", "variant", "skill"
"""Topics of claims."""
PRICED = (TAKEN,)
"""Kinds of move whose groups are tried as claims: a seat chose the card, at a price."""
MAX_CARDS = 8
"""Card claims said one by one; the rest that hold are counted."""


def rate(p: float, lo: float, hi: float) -> str:
    """Return "31% [29, 33]", with a decimal when the interval is narrower than 4 points."""
    digits = 1 if hi - lo < 0.04 else 0
    return f"{p * 100:.{digits}f}% [{lo * 100:.{digits}f}, {hi * 100:.{digits}f}]"


def points(diff: float, lo: float, hi: float, unit: str = "") -> str:
    """Return "+4.2 points [+2.0, +6.4]" (percentage points for rates; ``unit`` for another unit)."""
    return _("{diff:+.1f} {unit} [{lo:+.1f}, {hi:+.1f}]").format(diff=diff, unit=unit or _("points"), lo=lo, hi=hi)


def even_share(v: VariantFigures) -> float:
    """Return the win rate every seat would have if none had an edge (shared wins included)."""
    return v.chance()


@dataclass
class CardsJudged:
    """One variant's card figures per kind of move (in the order the report shows them), its group figures,
    and the (kind, card) pairs made by exactly the seats of an earlier kind (every card dealt is played, in a
    trick game): those say nothing new, so they are not tried as claims again."""

    kinds: list[int]
    figures: dict[int, list[CardFigures]]
    groups: dict[int, list[GroupFigures]]
    repeated: set[tuple[int, str]] = field(default_factory=set)


def judge_cards(tally: CardTally, labels: dict[str, str]) -> CardsJudged:
    """Return every card's and group's figures for every kind of move the tally saw."""
    kinds = tally.kinds()
    repeated = set()
    for (kind, card), seen in tally.cards.items():
        earlier = kinds[:kinds.index(kind)] if kind in kinds else []
        if any((k, card) in tally.cards and tally.cards[(k, card)].batches == seen.batches for k in earlier):
            repeated.add((kind, card))
    return CardsJudged(kinds, {k: card_figures(tally, labels, k) for k in kinds},
                       {k: group_figures(tally, k) for k in kinds} if tally.groups else {}, repeated)


@dataclass
class Findings:
    """Every answer of a study in sentences, by question, and the claims tried (with which held)."""

    claims: list[Claim]
    seats: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    skill: list[str] = field(default_factory=list)
    length: list[str] = field(default_factory=list)
    judged: list[CardsJudged | None] = field(default_factory=list)

    @property
    def tried(self) -> int:
        """How many claims were tried."""
        return len(self.claims)

    def held(self, topic: str, variant: int = 0) -> dict[str, Claim]:
        """Return the claims of ``topic`` that hold in ``variant``, by what they are about."""
        return {c.key: c for c in self.claims if c.topic == topic and c.variant == variant and c.holds}

    def lines(self) -> list[str]:
        """Return every answer, question by question, then the rule claims were made by."""
        return [*self.seats, *self.variants, *self.length, *self.skill, *self.cards, rule(self.tried)]


def judge(study: Study, labels: Sequence[dict[str, str]], *, versions: bool = False) -> Findings:
    """Try every claim of a study, settle them together, and say the answers (``versions``: the variants are
    versions of the game, and each card that stands out is followed through all of them)."""
    judged = [judge_cards(v.cards, names) if v.cards is not None else None
              for v, names in zip(study.variants, labels, strict=True)]
    claims = (seat_claims(study) + variant_claims(study) + skill_claims(study)
              + [c for i, j in enumerate(judged) if j is not None for c in card_claims(study, i, j)])
    held = settle(claims)
    tried = len(claims)
    found = Findings(claims, judged=judged)
    said = {topic: [f"{c.text} ({sureness(c, tried)})." for c in held if c.topic == topic]
            for topic in (SEAT, VARIANT, SKILL)}
    several = len(study.variants) > 1
    found.seats = said[SEAT] or [
        (_("No seat wins more or less often than chance ({chance}) beyond what luck explains, in any variant.")
         if several else _("No seat wins more or less often than chance ({chance}) beyond what luck explains."))
        .format(chance=f"{study.variants[0].chance():.0%}")]
    v0 = study.variants[0]
    if abs(v0.chance() - 1 / v0.players) > 0.005:
        found.seats.append(_("(Chance is {chance} rather than {even} because a shared first place counts as a win for"
                             " every seat in it.)").format(chance=f"{v0.chance():.0%}", even=f"{1 / v0.players:.0%}"))
    found.variants = said[VARIANT] + [
        _("Against {first} on the same deals, {variant} changes no seat's win rate and not the game length beyond"
          " what luck explains.").format(first=v0.label, variant=v.label)
        for index, v in enumerate(study.variants[1:], start=1)
        if not any(c.topic == VARIANT and c.variant == index and c.holds for c in claims)]
    found.skill = said[SKILL] or skill_note(study)
    found.length = shape_findings(study)
    found.cards = _card_lines(study, judged, [c for c in held if c.topic in (CARD, GROUP)], tried)
    if versions and any(c.topic == CARD for c in held):
        found.cards = across_versions(study, [j.figures if j is not None else None for j in judged], held, tried)
    return found


def findings(study: Study, labels: Sequence[dict[str, str]]) -> list[str]:
    """Return every finding in sentences: seats, variants, length, skill, cards, and the rule they were judged by."""
    return judge(study, labels).lines()


# -- seats ----------------------------------------------------------------------------------------
def seat_claims(study: Study) -> list[Claim]:
    """Return a claim per variant and seat: its win rate differs from chance (games are independent)."""
    out = []
    several = len(study.variants) > 1
    for index, v in enumerate(study.variants):
        chance = v.chance()
        for seat, t in enumerate(v.seats):
            if not t.games or chance in (0.0, 1.0):
                continue
            z = (t.win_rate - chance) / (chance * (1 - chance) / t.games) ** 0.5
            lo, hi = wilson_interval(t.wins, t.games)
            digits = 1 if hi - lo < 0.04 else 0
            said = (_("Under {variant}, seat {n} wins {rate} where chance is {chance}") if several
                    else _("Seat {n} wins {rate} where chance is {chance}"))
            out.append(Claim(SEAT, said.format(variant=v.label, n=seat + 1, rate=rate(t.win_rate, lo, hi),
                                               chance=f"{chance:.{digits}%}"),
                             normal_p(z), t.win_rate - chance, str(seat), index))
    return out


def seat_findings(study: Study) -> list[str]:
    """Return the seat answers alone (judged with every other claim of the study)."""
    return judge(study, [{} for _ in study.variants]).seats


# -- variants ---------------------------------------------------------------------------------------
def variant_claims(study: Study) -> list[Claim]:
    """Return claims of what each variant changes against the first on the same deals (paired by game)."""
    first = study.variants[0]
    out = []
    for index, v in enumerate(study.variants[1:], start=1):
        assert v.paired is not None
        for seat in range(v.players):
            diff, (lo, hi), p = v.paired.win_test(seat)
            out.append(Claim(VARIANT, _("Against {first} on the same deals, {variant} changes seat {n}'s win rate by"
                                        " {change}").format(first=first.label, variant=v.label, n=seat + 1,
                                                            change=points(diff * 100, lo * 100, hi * 100)),
                             p, diff, f"seat {seat}", index))
        diff, (lo, hi), p = v.paired.moves_test()
        out.append(Claim(VARIANT, _("Against {first} on the same deals, {variant} changes the game length by"
                                    " {change}").format(first=first.label, variant=v.label,
                                                        change=points(diff, lo, hi, _("moves"))),
                         p, diff / max(1.0, first.mean_moves()), "moves", index))
    return out


def variant_findings(study: Study) -> list[str]:
    """Return the variant answers alone (judged with every other claim of the study)."""
    return judge(study, [{} for _ in study.variants]).variants


# -- skill ------------------------------------------------------------------------------------------
def skill_claims(study: Study) -> list[Claim]:
    """Return a claim per variant and bot (when the seats hold different bots): it wins more or less than chance."""
    if len(set(study.bots)) < 2:
        return []
    out = []
    several = len(study.variants) > 1
    for index, v in enumerate(study.variants):
        for name in dict.fromkeys(study.bots):
            r = v.bot_rate(name)
            seats = ", ".join(str(s + 1) for s, b in enumerate(study.bots) if b == name)
            said = (_("Under {variant}, {bot} (in seat {seats}) wins {rate} where chance is {chance}") if several
                    else _("{bot} (in seat {seats}) wins {rate} where chance is {chance}"))
            out.append(Claim(SKILL, said.format(variant=v.label, bot=name, seats=seats, rate=rate(r.rate, *r.interval),
                                                chance=f"{v.chance():.0%}"), r.p, r.rate - v.chance(), name, index))
    return out


def skill_note(study: Study) -> list[str]:
    """Return what the run can say of skill when no bot claim holds."""
    if len(set(study.bots)) < 2:
        return [_("Every seat played {bot}, so this run cannot say whether skill matters: tabletop ladder GAME --bots"
                  " random,BOT rotates bots through the seats and says.").format(bot=study.bots[0])]
    return [_("No bot wins more or less often than chance beyond what luck explains. Each bot kept its seats in"
              " every game, so seat and bot are mixed here: tabletop ladder rotates them.")]


# -- length -----------------------------------------------------------------------------------------
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


# -- cards ------------------------------------------------------------------------------------------
def card_claims(study: Study, index: int, judged: CardsJudged) -> list[Claim]:
    """Return a claim per kind of move and card that was tested: against its peers when it has a group,
    else against every other card; and, for the moves a seat chooses and pays for (buying, drafting), a
    claim per group against every other card ("the 3-cost cards are too cheap"). A group's strength in
    other moves is no news (aces take tricks): the tables show it, the answers do not."""
    v = study.variants[index]
    where = _("Under {variant}: ").format(variant=v.label) if len(study.variants) > 1 else ""
    out = []
    for kind in judged.kinds:
        verb = _(KIND_VERBS[kind])
        for f in judged.figures[kind]:
            if (kind, f.card) in judged.repeated:
                continue
            if f.peers is not None and f.peers.df > 0 and f.tested:
                c = f.peers
                said = (_("{card} is stronger than its peers ({group}): seats that {verb} it won {a} of the time,"
                          " {mine:+.0f} points against the seats that did not, where the other cards of its group"
                          " make {theirs:+.0f}") if c.diff > 0 else
                        _("{card} is weaker than its peers ({group}): seats that {verb} it won {a} of the time,"
                          " {mine:+.0f} points against the seats that did not, where the other cards of its group"
                          " make {theirs:+.0f}"))
            elif not f.group and f.tested:
                c = f.win
                said = (_("{card} is strong: seats that {verb} it won {a} of the time, against {b} for the others")
                        if c.diff > 0 else
                        _("{card} is weak: seats that {verb} it won {a} of the time, against {b} for the others"))
            else:
                continue
            text = where + said.format(card=f.label, group=f.group, verb=verb, a=f"{f.win.mean_a:.0%}",
                                       b=f"{f.win.mean_b:.0%}", mine=c.mean_a * 100, theirs=c.mean_b * 100)
            text += _(": {change}").format(change=points(c.diff * 100, c.interval[0] * 100, c.interval[1] * 100))
            out.append(Claim(CARD, text, c.p, c.diff, f"{kind}:{f.card}", index))
        for g in judged.groups.get(kind, []) if kind in PRICED else ():
            c = g.win
            if c.units_a < 10 or c.units_b < 10 or c.df < 1:
                continue
            said = (_("Cards of {group} are strong: seats that {verb} one won {a} of the time, against {b} for the"
                      " others") if c.diff > 0 else
                    _("Cards of {group} are weak: seats that {verb} one won {a} of the time, against {b} for the"
                      " others"))
            text = where + said.format(group=g.group, verb=verb, a=f"{c.mean_a:.0%}", b=f"{c.mean_b:.0%}")
            text += _(": {change}").format(change=points(c.diff * 100, c.interval[0] * 100, c.interval[1] * 100))
            out.append(Claim(GROUP, text, c.p, c.diff, f"{kind}:{g.group}", index))
    return out


def _card_lines(study: Study, judged: Sequence[CardsJudged | None], held: Sequence[Claim], tried: int) -> list[str]:
    """Return one sentence per card (or group) with claims that hold: its lead claim, then the other moves."""
    if all(j is None for j in judged):
        return []
    if not any(j is not None and j.kinds for j in judged):
        return [_("No card moved between zones the game declares, so there are no per-card figures.")]
    out: list[str] = []
    by_subject: dict[tuple[int, str, str], list[Claim]] = {}
    for claim in held:  # largest effect first: the subjects come in that order
        by_subject.setdefault((claim.variant, claim.topic, claim.key.split(":", 1)[1]), []).append(claim)
    for claims in by_subject.values():
        # A subject's sentence leads with the move that best shows a seat's choice (bought before played...).
        claims.sort(key=lambda c: CHOSEN.index(int(c.key.split(":", 1)[0])))
        lead, others = claims[0], claims[1:]
        line = f"{lead.text} ({sureness(lead, tried)})"
        if others:
            line += _("; also when {moves}").format(moves=_(", ").join(
                _("{what} ({change:+.0f} points)").format(what=_(KIND_WORDS[int(c.key.split(":", 1)[0])]),
                                                          change=c.size * 100) for c in others))
        out.append(line + ".")
    if len(out) > MAX_CARDS:
        rest = len(out) - MAX_CARDS
        out = out[:MAX_CARDS] + [_("{n} more cards or groups stand out as well (see the report's card tables).").format(
            n=rest)]
    if not out:
        v = next(j for j in judged if j is not None)
        count = len({f.card for figures in v.figures.values() for f in figures})
        tally = study.variants[0].cards
        against = (_("its peers ({by})").format(by=tally.by) if tally is not None and tally.by
                   else _("the other cards"))
        out.append(_("No card stands out: for each of the {count} cards and each thing a seat did with it, seats that"
                     " did it win about as often as seats that did it with {against}.").format(
            count=count, against=against))
    return out
