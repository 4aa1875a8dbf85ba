"""The session: one game in progress, its seats, its seeded randomness, and the loop.

Every action, from a click, a bot, a replayed log or a test, goes through one gate (the loop of
:meth:`Session._play`), which checks it against the game's legal actions before anything changes,
logs it and applies it: :meth:`Session.submit` hands a person's choice to it, :meth:`Session.advance`
and :meth:`Session.run` let bots choose in it. Bots only ever see a
:class:`~tabletop.engine.views.View`. A bot that raises, answers with an illegal action or takes
too long is replaced for that move by a random legal action, reported as a ``BotFault`` event.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tabletop.engine.actions import Action
from tabletop.engine.errors import GameBroken, IllegalAction
from tabletop.engine.events import BotFault, Event, GameOver
from tabletop.engine.game import Game
from tabletop.engine.rng import derive_seed
from tabletop.engine.snapshot import Snapshot, bot_state, copy_state, load_bot_state
from tabletop.engine.views import View, close_view, open_view


class Player(Protocol):
    """Anything that chooses an action from a view: a bot (a human seat is ``None``)."""

    name: str

    def choose(self, view: View) -> Action:
        """Return one of ``view.legal``."""
        ...


class ActionLog(Protocol):
    """Where a session writes each action as it happens (see :mod:`tabletop.engine.log`)."""

    def action(self, index: int, seat: int, action: Action, note: str | None = None) -> None: ...

    def end(self, scores: Sequence[int], ranks: Sequence[int]) -> None: ...


MoveHook = Callable[[int, int, Action, bool, Sequence[Event]], None]
"""Called after each move with (index, seat, action, forced, events): ``forced`` when the action was
the only legal one, ``events`` what the move caused (empty when the session keeps no events)."""


DEFAULT_BOT_TIMEOUT = 10.0
"""Seconds a bot may think about one move before a random legal action replaces its answer."""


class Session:
    """A game being played: state, seats (bots, or ``None`` for a human), rng, events and log."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Player | None] | None = None,
        *,
        seed: int,
        log: ActionLog | None = None,
        bot_timeout: float | None = DEFAULT_BOT_TIMEOUT,
        events: bool = True,
    ) -> None:
        self.game = game
        self.seed = seed
        self.seats: list[Player | None] = list(seats) if seats is not None else [None] * game.players
        if len(self.seats) != game.players:
            raise ValueError(f"{len(self.seats)} seats given for a {game.players}-player game")
        self.rng = random.Random(seed)
        self._fallback_rng: random.Random | None = None
        self.log = log
        self.bot_timeout = bot_timeout
        self.moves = 0
        self.faults: list[BotFault] = []
        self._pending: list[Event] = []
        self._emit: Callable[[Event], None] | None = self._pending.append if events else None
        self._finished = False
        self.on_move: MoveHook | None = None
        """Told of every move once it is applied (a timeline records the game through it)."""
        self.state: Any = game.setup(self.rng, self._emit)
        self._check_finished()

    # -- what the table and tests ask ----------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat that must choose now, or None when the game is over."""
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.to_move is None

    @property
    def waiting_for_human(self) -> bool:
        """True when the seat to move is a human one (the table must gather a choice)."""
        seat = self.state.to_move
        return seat is not None and self.seats[seat] is None

    def legal_actions(self) -> tuple[Action, ...]:
        """Return the actions the seat to move may choose (empty when the game is over)."""
        if self.state.to_move is None:
            return ()
        return tuple(self.game.legal_actions(self.state))

    def view(self, seat: int) -> View:
        """Return what ``seat`` may see now (its legal actions are empty unless it is its turn)."""
        legal = tuple(self.game.legal_actions(self.state)) if self.state.to_move == seat else ()
        return View(self.game, self.state, seat, legal)

    # -- snapshots, undo -----------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        """Return a copy of the session as it is now: state, bots' generators, move count."""
        fallback = self._fallback_rng.getstate() if self._fallback_rng is not None else None
        # A position where the game is over has had its end reported (or is about to).
        finished = self._finished or self.state.to_move is None
        return Snapshot(self.moves, copy_state(self.state), finished, len(self.faults),
                        tuple(bot_state(b) for b in self.seats), fallback)

    def restore(self, snapshot: Snapshot) -> None:
        """Put the session back exactly as it was at ``snapshot`` (which stays usable), events dropped.

        The same decisions from there give the same game: the state's generator and every bot's
        come back with it, so later shuffles, draws and bot choices repeat.
        """
        self.state = copy_state(snapshot.state)
        self.rng = getattr(self.state, "rng", self.rng)
        self.moves = snapshot.moves
        self._finished = snapshot.finished
        del self.faults[snapshot.faults:]
        for bot, saved in zip(self.seats, snapshot.bots, strict=False):
            load_bot_state(bot, saved)
        if snapshot.fallback is None:
            self._fallback_rng = None
        else:
            self._fallback_rng = random.Random()
            self._fallback_rng.setstate(snapshot.fallback)
        self._pending.clear()

    def rewind(self, snapshot: Snapshot) -> None:
        """Undo back to ``snapshot`` and write the undo to the log, so it stays an exact history."""
        self.restore(snapshot)
        undo = getattr(self.log, "undo", None)
        if undo is not None:
            undo(snapshot.moves)

    def table(self, seat: int | None) -> Any:
        """Return the table view of ``seat`` (None: everything, for a god view or a replay)."""
        return self.game.table(self.state, seat)

    def reason(self, action: Action) -> str | None:
        """Return why ``action`` is not legal now, or None when it is."""
        if self.state.to_move is not None and action in self.game.legal_actions(self.state):
            return None
        if self.state.to_move is None:
            return "the game is over"
        return self._reason(action)

    def scores(self) -> list[int]:
        """Return each seat's score so far."""
        return list(self.game.scores(self.state))

    def ranks(self) -> list[int]:
        """Return each seat's rank (1 the best)."""
        return list(self.game.ranks(self.state))

    def take_events(self) -> list[Event]:
        """Return and forget the events that happened since the last call."""
        events = self._pending[:]
        self._pending.clear()
        return events

    # -- the one gate ------------------------------------------------------------------------
    def submit(self, action: Action, seat: int | None = None, *, note: str | None = None) -> list[Event]:
        """Check ``action`` (for ``seat``, default the seat to move), apply it, and return its events.

        :raises IllegalAction: with the reason, leaving the state exactly as it was.
        """
        to_move = self.state.to_move
        if to_move is None:
            raise IllegalAction(action, "the game is over")
        if seat is not None and seat != to_move:
            raise IllegalAction(action, f"it is not your turn (waiting for seat {to_move + 1})")
        self._play(1, (action, note))
        return self.take_events()

    def choose(self, action: Action) -> list[Event]:
        """Apply a human's choice for the seat to move (see :meth:`submit`)."""
        return self.submit(action)

    def advance(self, max_moves: int | None = None) -> list[Event]:
        """Let bots move until a human must choose, the game ends, or ``max_moves`` were made."""
        self._play(max_moves)
        return self.take_events()

    def run(self) -> None:
        """Play to the end; every seat must be a bot (the simulator's loop)."""
        if any(s is None for s in self.seats):
            raise ValueError("run() needs a bot in every seat; use advance() with human seats")
        self._play(None)

    # -- internals ---------------------------------------------------------------------------
    def _play(self, max_moves: int | None, given: tuple[Action, str | None] | None = None) -> None:
        """The gate: check each action against the legal ones, log it, apply it, until ``max_moves``.

        The first action is ``given`` (a person's choice, raising :class:`IllegalAction` if it is
        not legal), then bots choose until a human must (a bot's illegal answer is replaced).
        """
        # The simulator spends its life in this loop: names are bound to locals on purpose.
        game, state, seats = self.game, self.state, self.seats
        legal_actions, apply = game.legal_actions, game.apply
        emit, log, timeout = self._emit, self.log, self.bot_timeout
        clock = time.perf_counter
        on_move = self.on_move
        pending = self._pending
        budget = -1 if max_moves is None else max_moves
        moves = self.moves
        # Built-in bots are trusted to be quick; only the others pay for a clock read per move.
        timed = [timeout is not None and not getattr(b, "trusted", False) for b in seats]
        # A bot that needs nothing but the legal actions says so, and is spared building a view.
        by_legal = [getattr(b, "choose_from_legal", None) if getattr(b, "trusted", False) else None
                    for b in seats]
        if given is None and log is None and on_move is None and not any(timed) and None not in seats:
            self._play_quick(by_legal, budget)
            return
        try:
            while budget != 0:
                seat = state.to_move
                if seat is None:
                    break
                if given is not None:
                    action, note = given
                    given = None
                    legal = legal_actions(state)
                    if action not in legal:
                        raise IllegalAction(action, self._reason(action))
                else:
                    bot = seats[seat]
                    if bot is None:
                        break
                    # A tuple, so no bot can edit the game's own list of legal actions.
                    legal = tuple(legal_actions(state))
                    note = None
                    if len(legal) == 1:
                        # A forced move: there is nothing to decide, so no bot is asked.
                        action = legal[0]
                    else:
                        started = clock() if timed[seat] else 0.0
                        quick = by_legal[seat]
                        answer: object = None
                        problem = None
                        try:
                            if quick is not None:
                                answer = quick(legal)
                            else:
                                view = open_view(game, state, seat, legal)
                                try:
                                    answer = bot.choose(view)
                                finally:
                                    close_view(view)
                        except Exception as exc:  # a bot's bug must not stop the game
                            problem = f"raised {type(exc).__name__}: {exc}"
                        else:
                            if answer not in legal:
                                problem = f"chose an illegal action ({_describe(answer)})"
                            elif timed[seat] and clock() - started > timeout:  # type: ignore[operator]
                                problem = f"took {clock() - started:.1f} s (limit {timeout:g} s)"
                        if problem is None:
                            action = answer  # type: ignore[assignment]  # found in ``legal`` above
                        else:
                            action = self._replace(seat, bot, problem, legal)
                            note = f"fallback: {problem}"
                if log is not None:
                    log.action(moves, seat, action, note)
                moves += 1
                first = len(pending)
                try:
                    apply(state, action, emit)
                except Exception as exc:
                    self.moves = moves
                    self._broken(exc)
                if on_move is not None:
                    self.moves = moves
                    on_move(moves - 1, seat, action, len(legal) == 1, pending[first:])
                budget -= 1
        finally:
            self.moves = moves
        self._check_finished()

    def _play_quick(self, quick: list[Callable[[Sequence[Action]], Action] | None], budget: int) -> None:
        """The loop of :meth:`_play` when bots fill every seat, none is timed and nothing is logged
        or watched (the simulator's case): the same checks, without the per-move bookkeeping.
        ``quick`` holds, per seat, the bot's ``choose_from_legal`` (None: it is asked ``choose``)."""
        game, state = self.game, self.state
        legal_actions, apply, emit = game.legal_actions, game.apply, self._emit
        choose = [getattr(bot, "choose", None) for bot in self.seats]
        moves = self.moves
        try:
            while budget != 0:
                seat = state.to_move
                if seat is None:
                    break
                legal = legal_actions(state)
                if len(legal) == 1:
                    action = legal[0]
                else:
                    try:
                        chooser = quick[seat]
                        if chooser is not None:
                            action = chooser(legal)
                        else:
                            # A tuple, so no bot can edit the game's own list of legal actions.
                            view = open_view(game, state, seat, tuple(legal))
                            try:
                                action = choose[seat](view)
                            finally:
                                close_view(view)
                    except Exception as exc:  # a bot's bug must not stop the game
                        action = self._replace(seat, self.seats[seat], f"raised {type(exc).__name__}: {exc}", legal)
                    else:
                        if action not in legal:
                            action = self._replace(seat, self.seats[seat],
                                                   f"chose an illegal action ({_describe(action)})", legal)
                moves += 1
                try:
                    apply(state, action, emit)
                except Exception as exc:
                    self.moves = moves
                    self._broken(exc)
                budget -= 1
        finally:
            self.moves = moves
        self._check_finished()

    def _replace(self, seat: int, bot: Player, problem: str, legal: Sequence[Action]) -> Action:
        if self._fallback_rng is None:
            self._fallback_rng = random.Random(derive_seed(self.seed, "fallback"))
        action = legal[self._fallback_rng.randrange(len(legal))]
        fault = BotFault(seat, getattr(bot, "name", type(bot).__name__), problem, action)
        self.faults.append(fault)
        if self._emit is not None:
            self._emit(fault)
        return action

    def _reason(self, action: Action) -> str:
        try:
            return self.game.why_illegal(self.state, action)
        except Exception:  # the explanation is a courtesy; legality was already decided
            return "not a legal choice now"

    def _broken(self, exc: Exception) -> None:
        name = self.game.name
        raise GameBroken(
            f"game {name!r} failed while applying move {self.moves}: {type(exc).__name__}: {exc}"
        ) from exc

    def _check_finished(self) -> None:
        if self._finished or self.state.to_move is not None:
            return
        self._finished = True
        if self._emit is None and self.log is None:
            return  # nobody listens (the simulator asks for the results itself)
        scores, ranks = self.scores(), self.ranks()
        if self._emit is not None:
            self._emit(GameOver(tuple(scores), tuple(ranks)))
        if self.log is not None:
            self.log.end(scores, ranks)


def _describe(action: object) -> str:
    label = getattr(action, "label", None)
    return str(label) if label is not None else repr(action)[:80]
