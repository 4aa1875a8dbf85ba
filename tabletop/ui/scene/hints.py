"""Hints: what a search bot makes of the choices at the shown position, worked out off the drawing thread.

A hint is asked for with a key (designer mode, or a replay: never in a fair game, never for a
spectator). It judges the decision of the seat to move on that seat's own view
(:func:`~tabletop.bots.judge.judge`: worlds dealt from what the seat has seen, never its hidden
cards), from a copy of the position, on a thread of its own, within the bot's budget: an ISMCTS
seat's own budget when one sits at the table, else :data:`HINT_BUDGET`. The table marks each legal
action's target with its estimated win rate until the position changes.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence
from typing import Any

from tabletop.bots import rootparallel
from tabletop.bots.ismcts import Budget
from tabletop.bots.judge import Judgement, judge
from tabletop.engine.actions import Action
from tabletop.engine.errors import TabletopError
from tabletop.engine.events import seat_name
from tabletop.engine.snapshot import copy_state
from tabletop.i18n import _
from tabletop.plugins import registry, reserved

HINT_BUDGET = Budget(seconds=0.95, workers=rootparallel.usable_cores(4))
"""How long a hint searches when no ISMCTS bot sits at the table: a tree on each core (up to 4), so it
answers within a second with that many times the playouts of one tree."""
LISTED = 4
"""How many actions a hint's line in the log names (best first)."""


def hint_budget(seats: Sequence[Any]) -> Budget:
    """Return the budget of the first ISMCTS seat at the table (a bot, or a seat's name in a log), or :data:`HINT_BUDGET`."""
    for bot in seats:
        if isinstance(bot, str):
            try:
                budget = registry.parse_bot(bot).value if bot != reserved.HUMAN else None
            except TabletopError:  # a bot that is not installed here
                budget = None
        else:
            budget = getattr(getattr(bot, "bot", bot), "budget", None)  # a plugin bot sits in a watchdog
        if isinstance(budget, Budget):
            return budget
    return HINT_BUDGET


class Hint:
    """One judgement of the position at ``position``, worked out on a thread from a copy of the state."""

    def __init__(self, game: Any, state: Any, seat: int, legal: Sequence[Action], position: int,
                 budget: Budget, played: Action | None = None) -> None:
        self.position = position
        self.seat = seat
        self.legal = tuple(legal)
        self.played = played
        """The move a replay shows was made here (what the hint is compared with), if any."""
        self.judgement: Judgement | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.halt = [False]
        self.asked = time.perf_counter()
        copy = copy_state(state)  # copied here: the search never reads the game the table is playing
        threading.Thread(target=self._run, args=(game, copy, budget), name="hint", daemon=True).start()

    def _run(self, game: Any, state: Any, budget: Budget) -> None:
        try:
            self.judgement = judge(game, state, self.seat, self.legal, budget=budget,
                                   rng=random.Random(self.position), halt=self.halt)
        except Exception as exc:  # a game whose hidden cards cannot be sampled: said, not raised
            self.error = exc
        finally:
            self.done.set()

    def cancel(self) -> None:
        """Stop the search early (the position moved on)."""
        self.halt[0] = True


class Hints:
    """The table's hint: asked for, worked out, shown while its position is on the table."""

    def __init__(self, *, refusal: str = "", budget: Budget = HINT_BUDGET) -> None:
        self.refusal = refusal
        """Why this table gives no hints (a fair game, a spectator), or "" when it does."""
        self.budget = budget
        self.current: Hint | None = None
        self._said: Hint | None = None
        if not refusal and budget.workers > 1:  # the hint's worker processes start now, not at the first hint
            threading.Thread(target=rootparallel.warm, args=(budget.workers,), name="hint-pool", daemon=True).start()

    def ask(self, session: Any, seat: int | None, position: int, played: Action | None = None) -> str:
        """Start judging ``seat``'s decision at ``position`` of ``session``; return what to say."""
        if self.refusal:
            return self.refusal
        if seat is None:
            return _("No hint: nobody is to move here")
        if self.current is not None and self.current.position == position and not self.current.error:
            return _("The hint is shown") if self.current.done.is_set() else _("Working out a hint...")
        self.drop()
        legal = session.legal_actions()
        self.current = Hint(session.game, session.state, seat, legal, position, self.budget, played)
        return _("Working out a hint for {seat}...").format(seat=_(seat_name(seat)))

    def drop(self) -> None:
        """Forget the hint (stopping its search)."""
        if self.current is not None:
            self.current.cancel()
        self.current = None

    def shown(self, position: int) -> Judgement | None:
        """Return the finished judgement of ``position`` (None while working, or for another position)."""
        hint = self.current
        if hint is None:
            return None
        if hint.position != position:
            self.drop()
            return None
        return hint.judgement if hint.done.is_set() else None

    def news(self, position: int) -> list[str]:
        """Return, once, the lines to log when the hint of ``position`` is ready (or why it failed)."""
        hint = self.current
        if hint is None or hint is self._said or hint.position != position or not hint.done.is_set():
            return []
        self._said = hint
        if hint.error is not None or hint.judgement is None:
            return [_("No hint: {problem}").format(problem=hint.error)]
        return describe(hint.judgement, hint.played)


def describe(judgement: Judgement, played: Action | None = None) -> list[str]:
    """Return a hint in words: the best actions with their win rates, and what a replay's move was worth."""
    def said(action: Action) -> str:
        rate = judgement.rate(action)
        label = _(action.label)
        return label if rate is None else _("{action} ({rate:.0%})").format(action=label, rate=rate)

    ranked = sorted(judgement.rates, key=lambda a: -(judgement.rates[a] or 0.0))
    lines = [_("Hint for {seat} (estimated win rates, {n} playouts): {actions}").format(
        seat=_(seat_name(judgement.seat)), n=f"{judgement.iterations:,}",
        actions=", ".join(said(a) for a in ranked[:LISTED]))]
    if played is not None:
        if played == judgement.best:
            lines.append(_("{seat} chose {action}, as the bot would have").format(
                seat=_(seat_name(judgement.seat)), action=said(played)))
        else:
            lines.append(_("{seat} chose {action}; the bot would have chosen {best}").format(
                seat=_(seat_name(judgement.seat)), action=said(played), best=said(judgement.best)))
    return lines
