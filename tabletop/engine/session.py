"""The session: one game in progress, its seats, its seeded randomness, and the loop.

Every action, from a click, a bot, a replayed log or a test, goes through one gate (the loop of
:meth:`Session._play`), which checks it against the game's legal actions before anything changes,
logs it and applies it: :meth:`Session.submit` hands a person's choice to it, :meth:`Session.advance`
and :meth:`Session.run` let bots choose in it. Bots only ever see a
:class:`~tabletop.engine.views.View`. A bot that raises, answers with an illegal action or takes
too long is replaced for that move by a random legal action, reported as a ``BotFault`` event.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, Protocol

from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario, check_arranged, dealt_moves
from tabletop.engine.errors import GameBroken, IllegalAction, TabletopError
from tabletop.engine.events import BotFault, Event, GameOver, ScenarioStarted
from tabletop.engine.game import Game
from tabletop.engine.guard import called, is_user_interrupt, short, time_limit, what_it_did, where
from tabletop.engine.rng import derive_seed, seeded
from tabletop.engine.snapshot import Snapshot, bot_state, copy_state, load_bot_state
from tabletop.engine.views import View, ask, fact_reader
from tabletop.i18n import N_, _


class Player(Protocol):
    """Anything that chooses an action from a view: a bot (a human seat is ``None``)."""

    name: str

    def choose(self, view: View) -> Action:
        """Return one of ``view.legal``."""
        ...


class ActionLog(Protocol):
    """Where a session writes each action as it happens (see :mod:`tabletop.formats.log`)."""

    def action(self, index: int, seat: int, action: Action, note: str | None = None,
               seconds: float | None = None) -> None:
        """Write one action; ``seconds`` is how long its seat thought (a real choice), else None."""
        ...

    def end(self, scores: Sequence[int], ranks: Sequence[int]) -> None: ...


MoveHook = Callable[[int, int, Action, bool, Sequence[Event]], None]
"""Called after each move with (index, seat, action, forced, events): ``forced`` when the action was
the only legal one, ``events`` what the move caused (empty when the session keeps no events)."""


DEFAULT_BOT_TIMEOUT = 10.0
"""Seconds a bot may think about one move before a random legal action replaces its answer."""
HOOK_LIMIT = 10.0
"""Seconds one call into a game's rules may take at the table or in a replay."""
MOVE_LIMIT = 200_000
"""Moves after which a game that has not ended is stopped as broken (a game may set ``max_moves``)."""


class Session:
    """A game being played: state, seats (bots, or ``None`` for a human), rng, events and log.

    With ``hook_limit`` (seconds), one call into the game that runs longer (a rule stuck in a
    loop) stops the game with :class:`GameBroken`; it works in the main thread, where the
    system offers SIGALRM. The simulator leaves it off and bounds whole games instead.

    ``rng`` is the game's generator when the caller has made it already: it must be
    ``rng.seeded(seed)`` (the simulator seeds it together with the bots' generator).
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Player | None] | None = None,
        *,
        seed: int,
        log: ActionLog | None = None,
        bot_timeout: float | None = DEFAULT_BOT_TIMEOUT,
        events: bool = True,
        hook_limit: float | None = None,
        rng: random.Random | None = None,
        scenario: Scenario | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.seats: list[Player | None] = list(seats) if seats is not None else [None] * game.players
        if len(self.seats) != game.players:
            raise ValueError(f"{len(self.seats)} seats given for a {game.players}-player game")
        self.rng = rng if rng is not None else seeded(seed)
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
        self.move_limit, self._strict = _rules_of(type(game))
        self._final: tuple[list[Any], list[Any]] | None = None
        self.hook_limit = hook_limit
        self.scenario = scenario
        """Where the game started from (named cards placed after the deal), or None."""
        try:
            with time_limit(hook_limit) if hook_limit is not None else _NO_LIMIT:
                if scenario is None:
                    self.state: Any = game.setup(self.rng, self._emit)
                else:
                    self.state = self._arranged(scenario)
        except BaseException as exc:
            self._broken(exc, "setup")
        self._check_finished()

    def _arranged(self, scenario: Scenario) -> Any:
        """Set the game up, place the scenario's cards, and show the start as one deal: the setup's own
        events would show cards where they were before the scenario moved them."""
        state = self.game.setup(self.rng, None)
        self.game.arrange(state, scenario)
        check_arranged(self.game, state, scenario)
        if self._emit is not None:
            zones = self.game.zones(state)
            self._emit(ScenarioStarted(scenario.title, state.to_move if state.to_move is not None else 0,
                                       dealt_moves(zones)))
        return state

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
        """Return the actions the seat to move may choose (empty when the game is over).

        :raises GameBroken: when the game's ``legal_actions`` fails or returns anything but actions.
        """
        if self.state.to_move is None:
            return ()
        try:
            legal = _checked(self.game.legal_actions(self.state))
            if not legal:
                raise _HookMistake(_bad_legal(legal, self.state.to_move))
        except BaseException as exc:
            self._broken(exc, "legal_actions")
        return legal

    def view(self, seat: int) -> View:
        """Return what ``seat`` may see now (its legal actions are empty unless it is its turn).

        :raises GameBroken: when the game's ``legal_actions`` or ``observe`` fails.
        """
        legal = self.legal_actions() if self.state.to_move == seat else ()
        view = View(self.game, self.state, seat, legal)
        try:
            view.data()  # observed now, so a failing observe names itself here, not in the table
        except BaseException as exc:
            self._broken(exc, "observe")
        return view

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
        self._final = None  # the final scores are checked again if the game ends again
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
        """Return the table view of ``seat`` (None: everything, for a god view or a replay).

        :raises GameBroken: when the game's ``table`` fails.
        """
        try:
            return self.game.table(self.state, seat)
        except BaseException as exc:
            self._broken(exc, "table")

    def reason(self, action: Action) -> str | None:
        """Return why ``action`` is not legal now, or None when it is."""
        if self.state.to_move is not None and action in self.legal_actions():
            return None
        if self.state.to_move is None:
            return N_("the game is over")
        return self._reason(action)

    def scores(self) -> list[int]:
        """Return each seat's score so far.

        :raises GameBroken: when the game's ``scores`` fails or is not one number per seat.
        """
        return self._per_seat("scores", 0)

    def ranks(self) -> list[int]:
        """Return each seat's rank (1 the best).

        :raises GameBroken: when the game's ``ranks`` fails or is not one whole number per seat.
        """
        return self._per_seat("ranks", 1)

    def _per_seat(self, hook: str, final: int) -> list[Any]:
        """Return the game's ``scores`` or ``ranks`` (``final``: where the ended game's copy is kept), checked."""
        if self._final is not None:
            return list(self._final[final])
        try:
            values = getattr(self.game, hook)(self.state)
        except BaseException as exc:
            self._broken(exc, hook)
        if type(values) is list and len(values) == self.game.players:
            for v in values:  # the usual answer, checked in one pass (a loop: cheaper than all())
                if type(v) is not int:
                    break
            else:
                return list(values)
        return self._numbers(hook, values)

    def _numbers(self, hook: str, values: Any) -> list[Any]:
        values = list(values) if isinstance(values, list | tuple) else values
        if (not isinstance(values, list) or len(values) != self.game.players or not all(
                isinstance(v, int | float) and not isinstance(v, bool) and v == v for v in values)
                or hook == "ranks" and not all(isinstance(v, int) for v in values)):
            kind = "whole number" if hook == "ranks" else "number"
            self._broken(_HookMistake(f"returned {short(repr(values), 80)}: return a list of one {kind}"
                                      f" per seat ({self.game.players})"), hook)
        return values

    def take_events(self) -> list[Event]:
        """Return and forget the events that happened since the last call."""
        events = self._pending[:]
        self._pending.clear()
        return events

    # -- the one gate ------------------------------------------------------------------------
    def submit(self, action: Action, seat: int | None = None, *, note: str | None = None,
               seconds: float | None = None) -> list[Event]:
        """Check ``action`` (for ``seat``, default the seat to move), apply it, and return its events.

        ``seconds`` is how long the person thought about it, written to the log with the action.

        :raises IllegalAction: with the reason, leaving the state exactly as it was.
        """
        to_move = self.state.to_move
        if to_move is None:
            raise IllegalAction(action, N_("the game is over"))
        if seat is not None and seat != to_move:
            raise IllegalAction(action, N_("it is not your turn (waiting for seat {n})", n=to_move + 1))
        with time_limit(self.hook_limit) if self.hook_limit is not None else _NO_LIMIT:
            self._play(1, (action, note, seconds))
        return self.take_events()

    def choose(self, action: Action) -> list[Event]:
        """Apply a human's choice for the seat to move (see :meth:`submit`)."""
        return self.submit(action)

    def advance(self, max_moves: int | None = None) -> list[Event]:
        """Let bots move until a human must choose, the game ends, or ``max_moves`` were made.

        With a ``hook_limit``, a call that runs past it (plus the bots' time limit) stops the game.
        """
        limit = None if self.hook_limit is None else self.hook_limit + (self.bot_timeout or 0)
        with time_limit(limit) if limit is not None else _NO_LIMIT:
            self._play(max_moves)
        return self.take_events()

    def run(self) -> None:
        """Play to the end; every seat must be a bot (the simulator's loop)."""
        if any(s is None for s in self.seats):
            raise ValueError("run() needs a bot in every seat; use advance() with human seats")
        self._play(None)

    # -- internals ---------------------------------------------------------------------------
    def _play(self, max_moves: int | None, given: tuple[Action, str | None, float | None] | None = None) -> None:
        """The gate: check each action against the legal ones, log it, apply it, until ``max_moves``.

        The first action is ``given`` (a person's choice, raising :class:`IllegalAction` if it is
        not legal), then bots choose until a human must (a bot's illegal answer is replaced).
        """
        # The simulator spends its life in this loop: names are bound to locals on purpose.
        game, state, seats = self.game, self.state, self.seats
        legal_actions, apply = game.legal_actions, game.apply
        emit, log, timeout = self._emit, self.log, self.bot_timeout
        clock = time.perf_counter
        strict = self._strict
        on_move = self.on_move
        pending = self._pending
        moves = self.moves
        left = self.move_limit - moves  # a game that never ends stops at the limit, at no cost per move
        budget = left if max_moves is None else min(max_moves, left)
        # Built-in bots are trusted to be quick; only the others pay for a clock read per move.
        timed = [timeout is not None and not getattr(b, "trusted", False) for b in seats]
        by_legal = _quick_choosers(game, state, seats)
        if given is None and log is None and on_move is None and not strict and not any(timed) and None not in seats:
            self._play_quick(by_legal, budget)
            return
        stage = "legal_actions"  # which hook a failure came from (a local store costs next to nothing)
        try:
            while budget > 0:
                seat = state.to_move
                if seat is None:
                    break
                stage = "legal_actions"
                thought: float | None = None  # how long the seat took over a real choice (for the log)
                if given is not None:
                    action, note, thought = given
                    given = None
                    legal = _checked(legal_actions(state)) if strict else legal_actions(state)
                    if action not in legal:
                        raise IllegalAction(action, self._reason(action))
                else:
                    bot = seats[seat]
                    if bot is None:
                        break
                    # A tuple, so no bot can edit the game's own list of legal actions.
                    legal = _checked(legal_actions(state)) if strict else tuple(legal_actions(state))
                    if not legal:
                        raise _HookMistake(_bad_legal(legal, seat))
                    note = None
                    if len(legal) == 1:
                        # A forced move: there is nothing to decide, so no bot is asked.
                        action = legal[0]
                    else:
                        started = clock() if timed[seat] or log is not None else 0.0
                        quick = by_legal[seat]
                        answer: object = None
                        problem = None
                        try:
                            if quick is not None:
                                answer = quick(legal)
                            else:
                                answer = ask(bot.choose, game, state, seat, legal)
                        except BaseException as exc:  # a bot's bug, sys.exit or interrupt must not stop the game
                            problem = _bot_problem(exc)
                            if problem is None:  # but the user's own Ctrl-C does
                                raise
                        else:
                            if answer not in legal:
                                problem = N_("chose an illegal action ({action})", action=_describe(answer))
                            elif timed[seat] and clock() - started > timeout:  # type: ignore[operator]
                                problem = N_("took {seconds:.1f} s (limit {limit:g} s)",
                                             seconds=clock() - started, limit=timeout)
                        if problem is None:
                            action = answer  # type: ignore[assignment]  # found in ``legal`` above
                        else:
                            action = self._replace(seat, bot, problem, legal)
                            note = f"fallback: {problem}"
                        if log is not None:
                            thought = clock() - started
                if log is not None:
                    log.action(moves, seat, action, note, thought)
                moves += 1
                first = len(pending)
                stage = "apply"
                apply(state, action, emit)
                if on_move is not None:
                    self.moves = moves
                    on_move(moves - 1, seat, action, len(legal) == 1, pending[first:])
                budget -= 1
        except BaseException as exc:
            self.moves = moves
            self._broken(exc, stage, moves if stage == "apply" else moves + 1)
        finally:
            self.moves = moves
        self._after_run()

    def _play_quick(self, quick: list[Callable[[Sequence[Action]], Action] | None], budget: int) -> None:
        """The loop of :meth:`_play` when bots fill every seat, none is timed, the game is trusted and
        nothing is logged or watched (the simulator's case): the same checks and the same handling
        of failures, without the per-move bookkeeping. ``quick`` holds, per seat, how to ask the bot
        without a view (see :func:`_quick_choosers`; None: it is asked ``choose`` with a view)."""
        game, state, seats = self.game, self.state, self.seats
        legal_actions, apply, emit = game.legal_actions, game.apply, self._emit
        choose = [getattr(bot, "choose", None) for bot in seats]
        moves = self.moves
        stage = "legal_actions"
        try:
            while budget > 0:
                seat = state.to_move
                if seat is None:
                    break
                stage = "legal_actions"
                legal = legal_actions(state)
                if len(legal) == 1:
                    action = legal[0]
                else:
                    if not legal:
                        raise _HookMistake(_bad_legal(tuple(legal), seat))
                    problem = None
                    try:
                        chooser = quick[seat]
                        if chooser is not None:
                            action = chooser(legal)
                        else:
                            # A tuple, so no bot can edit the game's own list of legal actions.
                            action = ask(choose[seat], game, state, seat, tuple(legal))
                    except BaseException as exc:  # a bot's bug, sys.exit or interrupt must not stop the game
                        problem = _bot_problem(exc)
                        if problem is None:  # but the user's own Ctrl-C does
                            raise
                    else:
                        if action not in legal:
                            problem = N_("chose an illegal action ({action})", action=_describe(action))
                    if problem is not None:
                        action = self._replace(seat, seats[seat], problem, legal)
                moves += 1
                stage = "apply"
                apply(state, action, emit)
                budget -= 1
        except BaseException as exc:
            self.moves = moves
            self._broken(exc, stage, moves if stage == "apply" else moves + 1)
        finally:
            self.moves = moves
        self._after_run()

    def _after_run(self) -> None:
        """Stop a game that reached the move limit without ending; note a game that just ended."""
        if self.moves >= self.move_limit and self.state.to_move is not None:
            self._broken(_HookMistake(f"the game has not ended after {self.moves:,} moves: its end condition"
                                      " (is_game_over, or setting state.to_move to None) never comes true"),
                         "apply", self.moves + 1)
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
            return N_("not a legal choice now")

    def _broken(self, exc: BaseException, hook: str | None = None, move: int | None = None) -> NoReturn:
        """Stop the game: re-raise the user's interrupt or our own error, else raise GameBroken naming the hook."""
        if is_user_interrupt(exc) or isinstance(exc, TabletopError | IllegalAction):
            raise exc  # the user's, or ours (a log that cannot be written): not the game's fault
        if isinstance(exc, _HookMistake):
            what, spot = str(exc), None
        else:
            what, spot = what_it_did(exc), where(exc, function=True)
        hook = hook or called(exc) or "its own code"
        at = f" (at {spot})" if spot else ""
        if hook == "setup":
            when = ""
        elif hook in ("scores", "ranks"):
            when = f" after move {self.moves}"
        else:
            when = f" at move {move if move is not None else self.moves + 1}"
        raise GameBroken(_("game {name} failed in {hook}{when}: {problem}{at}").format(
            name=repr(self.game.name), hook=hook, when=when, problem=what, at=at)) from exc

    def _check_finished(self) -> None:
        if self._finished or self.state.to_move is not None:
            return
        self._finished = True
        scores, ranks = self.scores(), self.ranks()
        self._final = (scores, ranks)  # checked once: the state of a finished game does not change
        if self._emit is not None:
            self._emit(GameOver(tuple(scores), tuple(ranks)))
        if self.log is not None:
            self.log.end(scores, ranks)


def check_scenario(game: Game, scenario: Scenario) -> None:
    """Set ``game`` up once from ``scenario`` (seed 0, nobody watching), so its mistakes are found before
    a window opens or a simulation starts.

    :raises ScenarioError: naming the scenario's file and line.
    :raises GameBroken: when the game's own code fails while placing the cards.
    """
    Session(game, seed=0, events=False, scenario=scenario)


def _quick_choosers(game: Any, state: Any, seats: Sequence[Player | None]) -> list[Callable[[Sequence[Action]], Action] | None]:
    """Return, per seat, how to ask its bot for a move given the legal actions alone, without a view (else None).

    A trusted bot that needs nothing but the legal actions says so with ``choose_from_legal(legal)``;
    one that needs only a few facts of its view names them in ``reads`` and takes them in
    ``choose_from_facts(legal, *facts)``, read for the seat to move as :meth:`View.fact` gives them.
    """
    choosers: list[Callable[[Sequence[Action]], Action] | None] = []
    for seat, bot in enumerate(seats):
        chooser = None
        if getattr(bot, "trusted", False):
            chooser = getattr(bot, "choose_from_legal", None)
            if chooser is None:
                names = getattr(bot, "reads", None)
                read = fact_reader(game) if names else None
                if read is not None:
                    chooser = _from_facts(bot.choose_from_facts, read, game, state, seat, tuple(names))  # type: ignore[union-attr,arg-type]
        choosers.append(chooser)
    return choosers


def _from_facts(choose: Callable[..., Action], read: Callable[[Any, Any, int, str], Any], game: Any, state: Any,
                seat: int, names: tuple[str, ...]) -> Callable[[Sequence[Action]], Action]:
    """Return ``choose(legal, *facts)`` as a function of ``legal``, the facts read for ``seat`` when it is asked."""
    def from_facts(legal: Sequence[Action]) -> Action:
        return choose(legal, *[read(game, state, seat, name) for name in names])
    return from_facts


def _bot_problem(exc: BaseException) -> str | None:
    """Return how a bot failed, as its fault says it; None for the user's own interrupt (it must go on up)."""
    if isinstance(exc, Exception):
        return N_("raised {error}", error=f"{type(exc).__name__}: {short(str(exc))}")
    return None if is_user_interrupt(exc) else what_it_did(exc)


def _describe(action: object) -> str:
    label = getattr(action, "label", None)
    return str(label) if label is not None else repr(action)[:80]


_NO_LIMIT = contextlib.nullcontext()
_RULES: dict[type, tuple[int, bool]] = {}


def _rules_of(cls: type) -> tuple[int, bool]:
    """Return a game class's move limit and whether its answers are checked each move (worked out once).

    The built-in games are trusted to return proper actions; any other game is checked.
    """
    rules = _RULES.get(cls)
    if rules is None:
        rules = _RULES[cls] = (getattr(cls, "max_moves", MOVE_LIMIT), not cls.__module__.startswith("tabletop.games."))
    return rules


class _HookMistake(Exception):
    """A game hook returned something it must not (no legal actions, a score that is not a number)."""


def _checked(legal: Any) -> tuple[Action, ...]:
    """Return a game's legal actions as a tuple, refusing what is not a sequence of actions."""
    if legal is None or isinstance(legal, str | bytes | dict | set | frozenset) or not hasattr(legal, "__iter__"):
        raise _HookMistake(f"legal_actions returned {short(repr(legal), 60)}: return a list of actions")
    legal = tuple(legal)
    for action in legal:
        if type(action) is not Action:
            raise _HookMistake(_bad_legal(legal, -1))
    return legal


def _bad_legal(legal: tuple[Any, ...], seat: int) -> str:
    if not legal:
        return (f"legal_actions returned no actions while seat {seat + 1} is to move: end the game"
                " (set state.to_move to None) or offer at least one action")
    odd = next(a for a in legal if type(a) is not Action)
    return (f"legal_actions returned {short(repr(odd), 60)} (a {type(odd).__name__}), not an Action:"
            " return a list of Action values")
