"""The session: one game in progress, its seats, its seeded randomness, and the loop.

:func:`open_session` starts every game (the window, replays, the simulator, the bench, the probe):
from the game, its seats, the seed, the log and the options, every generator derived from the seed
in one place. Every action, from a click, a bot, a replayed log or a test, goes through one gate
(:func:`play_moves`, the one move loop), which checks it against the game's legal actions before
anything changes, logs it and applies it: :meth:`Session.submit` hands a person's choice to it,
:meth:`Session.advance` and :meth:`Session.run` let bots choose in it. Bots only ever see a
:class:`~tabletop.engine.views.View` and implement one method, ``choose(view)``. A bot that raises,
answers with an illegal action or takes too long is replaced for that move by a random legal
action, reported as a ``BotFault`` event.

Who sits at a session (a person, a bot, the maker of one) and each bot's private copy of the rules
are in :mod:`tabletop.engine.seats`; going back (snapshots, undo, rewinds) in :mod:`tabletop.engine.undo`.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, Protocol

from tabletop import _fast
from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario, check_arranged, dealt_moves
from tabletop.engine.errors import (
    GameBroken,
    GameStopped,
    HookMistake,
    IllegalAction,
    TabletopError,
)
from tabletop.engine.events import BotFault, Event, GameOver, ScenarioStarted
from tabletop.engine.game import Game
from tabletop.engine.guard import called, is_user_interrupt, short, time_limit, what_it_did, where
from tabletop.engine.rng import Seeds
from tabletop.engine.seats import Player, Seat, make_bots, private_rules
from tabletop.engine.undo import Undoable
from tabletop.engine.views import (
    Source,
    View,
    fact_reader,
    game_info,
    new_lease,
    new_view,
    weak,
)
from tabletop.engine.worlds import Worlds
from tabletop.i18n import N_, _


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


@dataclass(frozen=True)
class SessionOptions:
    """How a session runs: whether it keeps events (a table or a timeline listens; the simulator does
    not), how long a bot may think about a move, how long one call into the rules may take
    (``hook_limit``; None: unbounded, as in the simulator, which bounds whole games instead), and
    whether its opener reads nothing but the results (``results_only``: the scores, ranks, moves,
    faults and log, as the simulator does; the private kernel may then run the game, its state
    being the kernel's own)."""

    events: bool = True
    bot_timeout: float | None = DEFAULT_BOT_TIMEOUT
    hook_limit: float | None = None
    results_only: bool = False


def open_session(game: Game, seats: Sequence[Seat] | None = None, *, seed: int, log: ActionLog | None = None,
                 options: SessionOptions = SessionOptions(), scenario: Scenario | None = None) -> Session:
    """Return a new session of ``game`` dealt from ``seed``: how the window, the replay, the simulator,
    the bench and the probe start every game.

    Every generator comes from ``seed`` through :class:`~tabletop.engine.rng.Seeds`: the game's, each
    bot's (a seat given as a :class:`~tabletop.engine.seats.BotMaker` is made here; a bot given ready-made keeps its own)
    and the fallback's. Bots get a private copy of the rules, never the referee's game. Where the
    caller reads only the results and no one listens to events (the simulator), the private kernel
    (see :mod:`tabletop._fast`) stands in for the built-in random and greedy bots and, when they fill
    every seat, for the unmodified built-in trick game: the same games from the same seeds. A
    ``scenario`` places its named cards after the deal (the game then always runs as Python).
    """
    seeds = Seeds(seed)
    specs: list[Seat] = list(seats) if seats is not None else [None] * game.players
    quiet = options.results_only and not options.events and scenario is None
    kernel = _fast.kernel_for(game, specs) if quiet else None
    rules = rng = None
    if kernel is not None:
        rules, specs, rng = kernel.start(seeds, specs)
    return Session(game, make_bots(game, specs, seeds), seed=seed, log=log, events=options.events,
                   bot_timeout=options.bot_timeout, hook_limit=options.hook_limit, rules=rules,
                   rng=rng if rng is not None else seeds.game(), scenario=scenario)


class Session(Undoable):
    """A game being played: state, seats (bots, or ``None`` for a human), rng, events and log.

    Open one with :func:`open_session`; made directly, it takes ready-made bots and runs the game's
    own rules. With ``hook_limit`` (seconds), one call into the game that runs longer (a rule stuck
    in a loop) stops the game with :class:`GameBroken`; it works in the main thread, where the
    system offers SIGALRM. The simulator leaves it off and bounds whole games instead.

    ``rules`` is what runs the hooks (the private kernel standing in for ``game``, from
    :func:`open_session`; default the game itself) and ``rng`` the generator the game draws from
    (default ``Seeds(seed).game()``).
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
        rules: Any = None,
        rng: Any = None,
        scenario: Scenario | None = None,
    ) -> None:
        self.game = game
        self.rules: Any = rules if rules is not None else game
        """What runs the game's hooks: the game itself, or the private kernel standing in for it."""
        self.seed = seed
        self.seats: list[Player | None] = list(seats) if seats is not None else [None] * game.players
        if len(self.seats) != game.players:
            raise ValueError(f"{len(self.seats)} seats given for a {game.players}-player game")
        self.rng = rng if rng is not None else Seeds(seed).game()
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
        self._info = game_info(game)
        self.scenario = scenario
        """Where the game started from (named cards placed after the deal), or None."""
        try:
            with time_limit(hook_limit) if hook_limit is not None else _NO_LIMIT:
                if scenario is None:
                    self.state: Any = self.rules.setup(self.rng, self._emit)
                else:
                    self.state = self._arranged(scenario)
        except BaseException as exc:
            self._broken(exc, "setup")
        self._source = self._source_of(self.state)
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
            legal = _checked(self.rules.legal_actions(self.state))
            if not legal:
                raise HookMistake(_bad_legal(legal, self.state.to_move))
        except BaseException as exc:
            self._broken(exc, "legal_actions")
        return legal

    def view(self, seat: int) -> View:
        """Return what ``seat`` may see now (its legal actions are empty unless it is its turn).

        :raises GameBroken: when the game's ``legal_actions`` or ``observe`` fails.
        """
        legal = self.legal_actions() if self.state.to_move == seat else ()
        view = View(self._info, self._source, seat, legal)
        try:
            view.data()  # observed now, so a failing observe names itself here, not in the table
        except BaseException as exc:
            self._broken(exc, "observe")
        return view

    def table(self, seat: int | None) -> Any:
        """Return the table view of ``seat`` (None: everything, for a god view or a replay).

        :raises GameBroken: when the game's ``table`` fails.
        """
        try:
            return self.rules.table(self.state, seat)
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
            values = getattr(self.rules, hook)(self.state)
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
            self._broken(HookMistake(f"returned {short(repr(values), 80)}: return a list of one {kind}"
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

    # -- the loop ----------------------------------------------------------------------------
    def _play(self, max_moves: int | None, given: tuple[Action, str | None, float | None] | None = None) -> None:
        """Run the one move loop (:func:`play_moves`) on this session."""
        _fast.loop(play_moves)(self, max_moves, given)

    def _after_run(self) -> None:
        """Stop a game that reached the move limit without ending; note a game that just ended."""
        if self.moves >= self.move_limit and self.state.to_move is not None:
            self._broken(HookMistake(f"the game has not ended after {self.moves:,} moves: its end condition"
                                      " (is_game_over, or setting state.to_move to None) never comes true"),
                         "apply", self.moves + 1)
        self._check_finished()

    def _replace(self, seat: int, problem: str, legal: Sequence[Action]) -> Action:
        """Return a random legal action in place of a bot's failed answer, and report the fault."""
        bot = self.seats[seat]
        if self._fallback_rng is None:
            self._fallback_rng = Seeds(self.seed).fallback()
        action = legal[self._fallback_rng.randrange(len(legal))]
        fault = BotFault(seat, getattr(bot, "name", type(bot).__name__), problem, action)
        self.faults.append(fault)
        if self._emit is not None:
            self._emit(fault)
        return action

    def _reason(self, action: Action) -> str:
        try:
            return self.rules.why_illegal(self.state, action)
        except Exception:  # the explanation is a courtesy; legality was already decided
            return N_("not a legal choice now")

    def _broken(self, exc: BaseException, hook: str | None = None, move: int | None = None) -> NoReturn:
        """Stop the game: re-raise the user's interrupt or our own error, else raise GameBroken naming the hook."""
        if is_user_interrupt(exc) or isinstance(exc, TabletopError | IllegalAction):
            raise exc  # the user's, or ours (a log that cannot be written): not the game's fault
        if isinstance(exc, HookMistake):
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

    def _source_of(self, state: Any) -> Source:
        """Return where this session's views are built from (a plain tuple made as the named one: a
        session is opened per simulated game)."""
        return _new_source(Source, (self.rules, state, self._worlds, fact_reader(self.rules)))

    def _worlds(self, seat: int, rng: random.Random) -> Worlds:
        """Return the sampled worlds of ``seat``'s view, played by that seat's own copy of the rules."""
        state = self.state if self.rules is self.game else self.rules.plain_state(self.state)
        return Worlds(private_rules(self.game, seat), state, seat, rng)

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


def play_moves(session: Session, max_moves: int | None,
               given: tuple[Action, str | None, float | None] | None = None) -> None:
    """The one gate: check each action against the legal ones, log it, apply it, until ``max_moves``.

    The first action is ``given`` (a person's choice, raising :class:`IllegalAction` if it is
    not legal), then bots choose until a human must (a bot's illegal answer is replaced). Every
    game runs here, the simulator's too; what a game or bot is trusted with is decided once,
    before the loop: a built-in game's answers are not re-checked, a built-in bot is not timed.
    The private kernel runs a compiled build of this very function where it is built (see
    :func:`tabletop._fast.loop`).
    """
    # The simulator spends its life in this loop: names are bound to locals on purpose.
    rules, state, seats, info, source = session.rules, session.state, session.seats, session._info, session._source
    legal_actions, apply = rules.legal_actions, rules.apply
    emit, log, on_move, pending, strict = session._emit, session.log, session.on_move, session._pending, session._strict
    timeout, clock = session.bot_timeout, time.perf_counter
    # Built-in bots are trusted to be quick; only the others pay for a clock read per move.
    timed = [timeout is not None and not getattr(b, "trusted", False) for b in seats]
    choosers = [None if b is None else b.choose for b in seats]
    # A game may offer its bots fewer moves than a person at the table has (the sandbox: never "end the
    # game"); a game of bots alone is offered everything, so that it can end.
    narrows = getattr(type(rules), "bot_actions", Game.bot_actions) is not Game.bot_actions
    for_bots = rules.bot_actions if narrows and None in seats else None
    moves = session.moves
    left = session.move_limit - moves  # a game that never ends stops at the limit, at no cost per move
    budget = left if max_moves is None else min(max_moves, left)
    stage = "legal_actions"  # which hook a failure came from (a local store costs next to nothing)
    try:
        while budget > 0:
            seat = state.to_move
            if seat is None:
                break
            stage = "legal_actions"
            legal = legal_actions(state)
            # A tuple, so no bot can edit the game's own list of legal actions.
            if strict:
                legal = _checked(legal)
            elif type(legal) is not tuple:
                legal = tuple(legal)
            note = None
            thought: float | None = None  # how long the seat took over a real choice (for the log)
            if given is not None:
                action, note, thought = given
                given = None
                if action not in legal:
                    raise IllegalAction(action, session._reason(action))
            else:
                choose = choosers[seat]
                if choose is None:  # a human seat: the table gathers the choice
                    break
                if len(legal) == 1:
                    action = legal[0]  # a forced move: there is nothing to decide, so no bot is asked
                else:
                    if not legal:
                        raise HookMistake(_bad_legal(legal, seat))
                    offered = legal if for_bots is None else (tuple(for_bots(state, legal)) or legal)
                    # The decision: the bot sees a view that closes when it answers (opened inline: see views).
                    lease = new_lease(source)
                    # The decision's time: limited for a bot not built in, and written to the log.
                    started = clock() if timed[seat] or log is not None else 0.0
                    problem = None
                    try:
                        action = choose(new_view(View, (seat, offered, info, [None, None, weak(lease)])))
                    except BaseException as exc:  # a bot's bug, sys.exit or interrupt must not stop the game
                        problem = _bot_problem(exc)
                        if problem is None:  # but the user's own Ctrl-C does
                            raise
                    else:
                        if action not in legal:
                            problem = N_("chose an illegal action ({action})", action=_describe(action))
                        elif timed[seat] and clock() - started > timeout:  # type: ignore[operator]
                            problem = N_("took {seconds:.1f} s (limit {limit:g} s)",
                                         seconds=clock() - started, limit=timeout)
                    finally:
                        lease.source = None
                    if problem is not None:
                        action = session._replace(seat, problem, offered)
                        note = f"fallback: {problem}"
                    if log is not None:
                        thought = clock() - started
            if log is not None:
                log.action(moves, seat, action, note, thought)
            moves += 1
            stage = "apply"
            if on_move is None:
                apply(state, action, emit)
            else:
                first = len(pending)
                apply(state, action, emit)
                session.moves = moves
                on_move(moves - 1, seat, action, len(legal) == 1, pending[first:])
            budget -= 1
    except BaseException as exc:
        session.moves = moves
        session._broken(exc, stage, moves if stage == "apply" else moves + 1)
    finally:
        session.moves = moves
    session._after_run()


def _bot_problem(exc: BaseException) -> str | None:
    """Return how a bot failed, as its fault says it; None for the user's own interrupt and for a
    seat that stopped the game (they must go on up)."""
    if isinstance(exc, GameStopped):
        return None
    if isinstance(exc, Exception):
        return N_("raised {error}", error=f"{type(exc).__name__}: {short(str(exc))}")
    return None if is_user_interrupt(exc) else what_it_did(exc)


def _describe(action: object) -> str:
    label = getattr(action, "label", None)
    return str(label) if label is not None else repr(action)[:80]


_NO_LIMIT = contextlib.nullcontext()
_new_source: Callable[[type, tuple[Any, ...]], Source] = tuple.__new__
_RULES: dict[type, tuple[int, bool]] = {}
_ACTION_TYPE = frozenset({Action})


def _rules_of(cls: type) -> tuple[int, bool]:
    """Return a game class's move limit and whether its answers are checked each move (worked out once).

    The built-in games are trusted to return proper actions; any other game is checked.
    """
    rules = _RULES.get(cls)
    if rules is None:
        rules = _RULES[cls] = (getattr(cls, "max_moves", MOVE_LIMIT), not cls.__module__.startswith("tabletop.games."))
    return rules


def _checked(legal: Any) -> tuple[Action, ...]:
    """Return a game's legal actions as a tuple, refusing what is not a sequence of actions."""
    if legal is None or isinstance(legal, str | bytes | dict | set | frozenset) or not hasattr(legal, "__iter__"):
        raise HookMistake(f"legal_actions returned {short(repr(legal), 60)}: return a list of actions")
    legal = tuple(legal)
    if set(map(type, legal)) - _ACTION_TYPE:  # the types gathered in C: checked on every move of a plugin game
        raise HookMistake(_bad_legal(legal, -1))
    return legal


def _bad_legal(legal: tuple[Any, ...], seat: int) -> str:
    if not legal:
        return (f"legal_actions returned no actions while seat {seat + 1} is to move: end the game"
                " (set state.to_move to None) or offer at least one action")
    odd = next(a for a in legal if type(a) is not Action)
    return (f"legal_actions returned {short(repr(odd), 60)} (a {type(odd).__name__}), not an Action:"
            " return a list of Action values")
