"""What a ``humanlike`` bot learnt, in words: how many choices, how well the fit explains them, and the preferences
that hold after Holm's correction (each with its interval)."""

from __future__ import annotations

import math
from typing import Any

from tabletop.bots.choices import describe
from tabletop.bots.humanlike import PREFIX, Fitted, find_logs, fitted
from tabletop.engine.errors import UserInputError
from tabletop.i18n import _
from tabletop.sim.inference.claims import ALPHA
from tabletop.sim.inference.stats import holm, normal_p

SHOWN = 8
"""Preferences named one by one; the rest that hold are counted."""


def fit_lines(game: Any, spec: str) -> list[str]:
    """Return what the ``humanlike:LOGS`` bot named by ``spec`` learnt for ``game``, fitting it now if needed.

    :raises UserInputError: for logs that name no file, or of another game, or that none can be replayed.
    """
    text = spec.split(":", 1)[1] if ":" in spec else ""
    if not text:
        raise UserInputError(_("bot {bot}: name the logs to learn from, e.g. {prefix}logs/").format(
            bot=repr(spec), prefix=PREFIX))
    try:
        source = find_logs(text)
    except ValueError as exc:
        raise UserInputError(_("bot {bot}: {problem}").format(bot=repr(spec), problem=exc)) from None
    return describe_fit(spec, fitted(game, source))


def describe_fit(spec: str, found: Fitted) -> list[str]:
    """Return a fit in words: its data, how much better than chance it explains the choices, its preferences."""
    fit = found.fit
    whose = (_("every seat's (no person played them)") if found.all_seats == len(found.logs)
             else _("the people's"))
    lines = [_("{bot}: fitted to {n:,} choices, {whose}, in {logs} logs; the choices made get a typical chance of"
               " {fit:.0%} from the fit, {uniform:.0%} from a random choice").format(
        bot=spec, n=fit.decisions, whose=whose, logs=len(found.logs), fit=math.exp(fit.loglik),
        uniform=math.exp(fit.uniform))]
    if found.skipped:
        lines.append(_("  {n} logs could not be replayed with these rules (another version?), first: {why}").format(
            n=len(found.skipped), why=found.skipped[0]))
    features = [f for f in fit.weights if math.isfinite(fit.errors.get(f, math.inf)) and fit.errors[f] > 0]
    pvalues = [normal_p(fit.weights[f] / fit.errors[f]) for f in features]
    held = sorted(((f, p) for f, p in zip(features, holm(pvalues), strict=True) if p <= ALPHA),
                  key=lambda fp: -abs(fit.weights[fp[0]]))
    for feature, p in held[:SHOWN]:
        odds, lo, hi = fit.odds(feature)
        lines.append(_("  {what}: chosen {odds:.2g}x as often as the other choices of its moments [{lo:.2g},"
                       " {hi:.2g}] (Holm-adjusted p = {p:.2g} over {tried} preferences tried)").format(
            what=describe(feature), odds=odds, lo=lo, hi=hi, p=p, tried=len(features)))
    if len(held) > SHOWN:
        lines.append(_("  and {n} more preferences").format(n=len(held) - SHOWN))
    if not held:
        lines.append(_("  no preference holds after Holm's correction over {tried} tried: as far as these logs show,"
                       " the choices look random").format(tried=len(features)))
    return lines
