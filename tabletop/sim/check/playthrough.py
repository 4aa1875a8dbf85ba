"""One game played through the conformance checks, move by move.

Random bots play the game from its seed (as ``tabletop play GAME --seed S --seats random`` would).
Before each move, the seat to move must have legal actions, each aimed at something on the
table. After it, the events must name declared zones, and each seat's sight (:mod:`.privacy`)
must be the same in a world re-dealt for that seat by the game's ``determinize``; the state
before the move, renamed to match that world, plays the same move again, and the seat must be
shown the same events. At the end, scores and ranks must be well-formed, the game's log, a
snapshot and a cloned state must all reach the same end, and the game played again from its seed
with no views or events asked, with the module-level ``random`` seeded otherwise, must go the
same way. The first failure of each kind is kept; a game that crashes, gets stuck or does not
end stops there.
"""

from __future__ import annotations

import contextlib
import random
import re
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.errors import GameBroken, LogError
from tabletop.engine.events import BotFault, Event, GameOver
from tabletop.engine.game import Game, competition_ranks
from tabletop.engine.guard import TimeLimit, disarm, short, shown_path, what_it_did, where
from tabletop.engine.rng import derive_seed
from tabletop.engine.session import Session
from tabletop.engine.snapshot import Snapshot, copy_state, renamed
from tabletop.engine.views import SPECTATOR
from tabletop.engine.zones import TOP, Zone, check_zones
from tabletop.formats.log import GameLog
from tabletop.plugins.replays import replay
from tabletop.sim.check import hooks, privacy
from tabletop.sim.check.retrace import (
    Trace,
    module_random,
    module_seeds,
    move_limit,
    open_session,
    retrace,
    state_digest,
)
from tabletop.sim.check.stopped import UNFINISHED, Clock, verdict

_BROKEN = re.compile(r"^game .*? failed in (\w+)(?: at move (\d+)| after move \d+)?: ")
"""The start of a :class:`GameBroken` message, which a failure line says otherwise."""
FULL_MOVES = 250
"""Moves of a game checked for hidden cards at every move; after them, every :data:`SPARSE` th move."""
SPARSE = 50


@dataclass(frozen=True)
class Failure:
    """One thing that broke: which check (``kind``), at which move (from 1; 0 the deal, None the
    whole game) and what, in a sentence."""

    kind: str
    move: int | None
    problem: str


@dataclass
class Played:
    """What checking one game found: its failures, how many moves it made and its trace."""

    seed: int
    failures: list[Failure] = field(default_factory=list)
    moves: int = 0
    trace: Trace | None = None
    worlds: int = 0
    """Moves whose events were played again in a renamed world (what the event check could test)."""


@dataclass(frozen=True)
class _Played:
    """A move as the renamed-world check needs it: the state and zones before it, who made it and how,
    its events, and the watched seats' sights before it."""

    state: Any
    zones: dict[str, Zone]
    seat: int
    action: Action
    events: list[Event]
    sights: dict[int, privacy.Sight]


class _Applied:
    """A state played on by applying actions straight to it, with no events (as a search bot does)."""

    def __init__(self, game: Game, state: Any) -> None:
        self.game = game
        self.state = state

    def submit(self, action: Action) -> None:
        self.game.apply(self.state, action, None)


class _Stop(Exception):
    """The game cannot go on (it crashed, got stuck or did not end)."""


class PlayThrough:
    """Checks one game of ``game`` dealt from ``seed``; :meth:`run` returns what it found.

    ``privacy_checks`` off skips the worlds; ``every_seat`` compares every seat with its worlds at
    every move instead of one seat drawn at random (a quick check of few games wants that);
    ``full_moves`` is how many moves are checked in full before only every :data:`SPARSE` th is.
    """

    def __init__(self, game: Game, seed: int, *, max_moves: int | None = None, privacy_checks: bool = True,
                 every_seat: bool = False, full_moves: int = FULL_MOVES, timer_endless: bool = True) -> None:
        self.game = game
        self.seed = seed
        self.limit = move_limit(game, max_moves)
        self.privacy = privacy_checks
        self.every_seat = every_seat
        self.full = full_moves
        self.timer_endless = timer_endless
        """A game the timer stops while it is still making moves, after many, may be judged endless."""
        self.played = Played(seed)
        self.kinds: set[str] = set()
        self.rng = random.Random(derive_seed(seed, "check"))
        self.line: list[tuple[int, Action]] = []
        self.trace = Trace()
        self.known: list[set[Card]] = [set() for _ in range(game.players)]
        self.snapshot: tuple[int, Snapshot, Any] | None = None
        self.zones_now: dict[str, Zone] | None = None
        """The zones as they are now (those after a move are those before the next)."""
        self.session: Session | None = None
        self.snap_at = self.rng.randrange(1, 40)
        self.clock = Clock()
        self.finished = False
        """The game ended (what is left to check is played again from its log, a snapshot, its seed)."""

    # -- the report -----------------------------------------------------------------------------
    def fail(self, kind: str, move: int | None, problem: str, *, fatal: bool = False) -> None:
        """Keep the first failure of ``kind``; stop the game when it cannot go on."""
        if kind not in self.kinds:
            self.kinds.add(kind)
            self.played.failures.append(Failure(kind, move, problem))
        if fatal:
            raise _Stop

    def broke(self, exc: BaseException, move: int | None, what: str) -> None:
        """Report a failure of the game's own code (``what``: which hook, or a sentence) and stop."""
        if isinstance(exc, GameBroken):
            # "game 'x' failed in apply at move 5: raised ..." says the game and the move twice here.
            text, _at_move = _broken_text(exc)
            if isinstance(exc.__cause__, TimeLimit):
                kind, problem = verdict(exc.__cause__, self.game, len(self.line), self.clock, text.partition(":")[0],
                                        endless=self.timer_endless)
                self.fail(kind, move, problem, fatal=True)
            if "legal_actions returned no actions" in text:
                self.fail("stuck", move, text, fatal=True)
            if text.startswith(("scores:", "ranks:")):
                self.fail("scores", move, text, fatal=True)
            self.fail("crash", move, text, fatal=True)
        spot = where(exc, function=True)
        self.fail("crash", move, f"{what} {what_it_did(exc)}" + (f" (at {spot})" if spot else ""), fatal=True)

    # -- the game ---------------------------------------------------------------------------------
    def run(self) -> Played:
        """Play and check the game; return what was found."""
        self.clock = Clock()
        try:
            finished = self._checked()
        except TimeLimit as exc:  # stopped by --game-timeout outside the game's own hooks (in the check's)
            disarm()
            finished, moves = self.finished, len(self.line)
            if finished:  # the game is sound so far; the check's own work was slow (a busy machine)
                self.fail(UNFINISHED, None, f"the game ended after {moves:,} moves, but the check ran past"
                          f" --game-timeout ({exc.seconds:g} s) while playing it again: not a failure of the game;"
                          " a longer --game-timeout checks it to its end")
            else:
                kind, problem = verdict(exc, self.game, moves, self.clock, endless=self.timer_endless)
                self.fail(kind, moves + 1, problem)
            finished = False
        self.played.trace = self.trace if finished else None
        self.played.moves = len(self.line)
        return self.played

    def _checked(self) -> bool:
        """Play the game with every check, then again from its log, a snapshot and its seed; return True
        when it ended."""
        main_seed, other_seed = module_seeds(self.seed)
        with tempfile.TemporaryDirectory(prefix="tabletop-check-") as folder:
            path = Path(folder) / f"{self.game.name}-seed{self.seed}.jsonl"
            with contextlib.suppress(_Stop):
                with module_random(main_seed):
                    session = self._play(path)
                self.finished = True
            # A game that goes another way when played again cannot replay either: say the cause only.
            if self.finished and self._again(main_seed, other_seed):
                with contextlib.suppress(_Stop):
                    self._at_end(session, path)
        return self.finished

    def _play(self, path: Path) -> Session:
        game = self.game
        log = GameLog.create(path, game=game, seat_names=["random"] * game.players, seed=self.seed)
        try:
            try:
                session = open_session(game, self.seed, log=log)
            except GameBroken as exc:
                self.broke(exc, 0, "setup")
            session.move_limit = self.limit + 1  # the check says it first, in its own words
            session.on_move = self._moved
            self.session = session
            zones = self.zones_now = self._zones(session.state, 0)
            self._events(session.take_events(), zones, zones, 0)
            self._see(zones, [], zones)
            if self.privacy:
                self._worlds(session.state, zones, 0, range(game.players), None)
            self.snapshot = (0, session.snapshot(), game.clone_state(session.state))
            self.trace.start(game, session.state)
            while not session.is_over:
                k = session.moves
                if k >= self.limit:
                    self.fail("endless", k + 1, f"the game has not ended after {k:,} moves (set max_moves on the"
                              " game class if it is meant to be that long, or give --max-moves)", fatal=True)
                if k < self.full or (k - self.full) % SPARSE == 0:
                    self._move(session, full=k < self.full)
                else:
                    self._run(session, SPARSE - (k - self.full) % SPARSE)
            self.trace.end(game, session.state)
        finally:
            log.close()
        return session

    def _move(self, session: Session, *, full: bool) -> None:
        """Make one move with every check: legal actions first, the events and the worlds after.

        Past the first moves (not ``full``) what the seats have seen is no longer followed, so no
        move is played again in a renamed world (which must know it).
        """
        game, state = self.game, session.state
        k = session.moves
        try:
            legal = tuple(game.legal_actions(state))
        except Exception as exc:
            self.broke(exc, k + 1, "legal_actions")
        if not legal:
            self.fail("stuck", k + 1, f"seat {state.to_move + 1} has no legal action, and the game is not over",
                      fatal=True)
        before = self.zones_now if self.zones_now is not None else self._zones(state, k + 1)
        self._legal(legal, before, state.to_move, k + 1)
        # One seat a move, drawn at random, is compared with its worlds (unless every seat is): over
        # many games every seat is checked at every stage, at a fraction of the cost of all each move.
        watched = list(range(game.players)) if self.every_seat else [self.rng.randrange(game.players)]
        pre = (copy_state(state), {s: self._sight(state, s, k + 1) for s in watched}) if self.privacy and full else None
        if k == self.snap_at:
            self.snapshot = (k, session.snapshot(), game.clone_state(state))
        if full:
            try:
                session.scores()  # the running scores the table shows: one number per seat
            except GameBroken as exc:
                self.broke(exc, k + 1, "")
            self._hook_types(state, k + 1)
        try:
            events = session.advance(max_moves=1)
        except GameBroken as exc:
            self.broke(exc, k + 1, "")
        seat, action = self.line[-1]
        state = session.state
        after = self.zones_now = self._zones(state, k + 1)
        self._events(events, before, after, k + 1)
        if full:
            self._see(after, events, {**before, **after})
        if self.privacy:
            move = _Played(pre[0], before, seat, action, events, pre[1]) if pre is not None else None
            self._worlds(state, after, k + 1, watched, move)

    def _run(self, session: Session, moves: int) -> None:
        """Make ``moves`` moves with no checks but the session's own (a long game's moves between checks)."""
        self.zones_now = None
        try:
            session.advance(max_moves=min(moves, self.limit - session.moves))
        except GameBroken as exc:
            self.broke(exc, session.moves + 1, "")

    def _moved(self, index: int, seat: int, action: Action, forced: bool, events: Sequence[Event]) -> None:
        self.line.append((seat, action))
        self.clock.move()
        assert self.session is not None  # set before the first move
        self.trace.moved(seat, action, self.game, self.session.state)

    # -- what a seat may do -------------------------------------------------------------------------
    def _legal(self, legal: tuple[Action, ...], zones: dict[str, Zone], seat: int, move: int) -> None:
        """Every legal action is an Action aimed at something on the table."""
        odd = next((a for a in legal if type(a) is not Action), None)
        if odd is not None:
            self.fail("legal", move, f"legal_actions returned {short(repr(odd), 60)}, not an Action", fatal=True)
        hand = next((z for z in zones.values() if z.is_hand_of(seat)), None)
        for action in legal:
            problem = _target_problem(action, zones, hand)
            if problem:
                self.fail("legal", move, f"seat {seat + 1}'s legal action {action.label!r} {problem}")
                return

    def _hook_types(self, state: Any, move: int) -> None:
        """The table's hooks return what the table reads (a status line or None, rows, marks, a dict)."""
        try:
            problem = hooks.wrong_type(self.game, state)
        except Exception as exc:
            self.broke(exc, move, "a table hook (status, info, observe or badges)")
        if problem is not None:
            self.fail("hooks", move, problem)

    # -- what a seat may see ------------------------------------------------------------------------
    def _zones(self, state: Any, move: int) -> dict[str, Zone]:
        try:
            zones = list(self.game.zones(state))
            odd = next((z for z in zones if not isinstance(z, Zone)), None)
            if odd is not None:
                self.fail("zones", move, f"zones returned {short(repr(odd), 60)}, not a Zone", fatal=True)
            check_zones(zones)
        except ValueError as exc:
            self.fail("zones", move, f"its zones are declared wrongly: {exc}", fatal=True)
        except Exception as exc:
            self.broke(exc, move, "zones")
        return {z.id: z for z in zones}

    def _events(self, events: Sequence[Event], before: dict[str, Zone], after: dict[str, Zone], move: int) -> None:
        """Every move of every event names a zone the game declares (else the table cannot show it)."""
        for event in events:
            try:
                moves = tuple(event.moves)
                str(event.label), tuple(event.popups), str(event.pause)  # what the table reads of every event
            except Exception as exc:
                self.broke(exc, move, f"its event {type(event).__name__}")
            for m in moves:
                for end in (m.src, m.dst):
                    if end and end not in before and end not in after:
                        self.fail("zones", move, f"its event {short(str(event.label), 60)!r} moves cards"
                                  f" {'from' if end == m.src else 'to'} zone {end!r}, which the game does not declare")

    def _see(self, zones: dict[str, Zone], events: Sequence[Event], seen_zones: dict[str, Zone]) -> None:
        """Add what every seat sees now, and was shown by ``events``, to what it knows."""
        for seat, known in enumerate(self.known):
            for zone in zones.values():
                if zone.visible_to(seat) or zone.visibility == TOP:
                    known.update(zone.cards)
            for event in events:
                for m in event.moves:
                    known.update(privacy.seen_move(m, seat, seen_zones)[2] if not m.cell else ())

    def _sight(self, state: Any, seat: int, move: int) -> privacy.Sight:
        try:
            return privacy.sight(self.game, state, seat)
        except Exception as exc:
            self.broke(exc, move, f"building {privacy.who(seat)}'s view")
            raise  # not reached: broke() stops the game

    def _worlds(self, state: Any, zones: dict[str, Zone], move: int, seats: Sequence[int],
                played: _Played | None) -> None:
        """Compare each seat's sight with a world re-dealt for it; replay the move in a renamed world."""
        game = self.game
        declared = list(zones.values())
        public = self._sight(state, SPECTATOR, move)
        for seat in seats:
            now = self._sight(state, seat, move)
            self._structure(declared, now, seat, move)
            try:
                world = game.determinize(state, seat, self.rng)
                seen = privacy.sight(game, world, seat)
                public_there = privacy.sight(game, world, SPECTATOR)
                world_zones = list(game.zones(world))
                told_there = privacy.told(game, world, seat)
            except Exception as exc:
                self.fail("worlds", move, f"a world for seat {seat + 1} cannot be dealt (determinize):"
                          f" {what_it_did(exc)}" + _at(exc))
                continue
            try:
                told = privacy.told(game, state, seat)
            except Exception as exc:
                self.broke(exc, move, "scores")
            if told_there != told:  # not the same game to this seat (hidden hands counted at the end)
                continue
            problem = privacy.difference(now, seen, seat) or privacy.difference(public, public_there, SPECTATOR)
            if problem:
                self.fail("leak", move, f"{problem}, a world that differs only in cards seat {seat + 1} cannot see"
                          " (a view that shows a hidden card, or a determinize hook that moves a seen one)")
                continue
            if played is not None:
                swap = privacy.swap_for(declared, world_zones, seat, self.known[seat])
                if swap is None:  # copies of a card: the world is no renaming of the real deal
                    swap = privacy.shuffled_swap(declared, seat, self.known[seat], self.rng)
                if swap:
                    self._renamed(swap, seat, move, played, now, (state, told, public))

    def _renamed(self, swap: dict[Card, Card], seat: int, move: int, played: _Played, now: privacy.Sight,
                 told: tuple[Any, privacy.Told, privacy.Sight]) -> None:
        """Play the move again from the state before it, its hidden cards renamed as the world has them:
        the seat must see the same before and, where the move told everyone the same as in the real
        game (``told``: the real state after it, what it told and what a spectator sees), be shown the
        same events and see the same after."""
        game = self.game
        world = renamed(played.state, swap)
        mover = f"seat {played.seat + 1} {short(played.action.label, 40)!r}"
        try:
            before = privacy.sight(game, world, seat)
            legal = game.legal_actions(world)
        except Exception:  # noqa: BLE001 - a renamed world the rules cannot play says nothing of a leak
            return
        problem = privacy.difference(played.sights[seat], before, seat)
        if problem:
            self.fail("leak", move - 1, f"{problem}, where the cards seat {seat + 1} has never seen lie otherwise"
                      " (its view shows something of cards it cannot see)")
            return
        again = renamed(played.action, swap)
        if again not in legal:
            return
        shown: list[Event] = []
        try:
            game.apply(world, again, shown.append)
            after = privacy.sight(game, world, seat)
            if not privacy.same_told(game, seat, told[0], world, told[1], told[2], played.events, shown):
                return  # the move came out otherwise there, before everyone: no world for this seat to compare
        except Exception:  # noqa: BLE001
            return
        self.played.worlds += 1
        # The game's own events: the session adds the end of the game (its scores are on the table).
        real = [e for e in played.events if not isinstance(e, GameOver | BotFault)]
        labels = [short(str(e.label), 60) for e in real]
        problem = privacy.event_difference(privacy.seen_events(real, seat, played.zones),
                                           privacy.seen_events(shown, seat, played.zones), labels, seat)
        problem = problem or privacy.difference(now, after, seat)
        if problem:
            self.fail("leak", move, f"{problem}, where the cards seat {seat + 1} cannot see lie otherwise"
                      f" (the move: {mover})")

    def _structure(self, declared: list[Zone], seen: privacy.Sight, seat: int, move: int) -> None:
        """A seat's table shows the declared zones and no card they hide from it (it may hide more: a
        card lying face down in a zone everyone sees)."""
        expected = [z.seen_by(seat) for z in declared]
        shown = list(seen.table.zones)
        if [(z.id, z.count) for z in shown] != [(z.id, z.count) for z in expected]:
            self.fail("views", move, f"seat {seat + 1}'s table shows zones {[(z.id, z.count) for z in shown]}, but"
                      f" the game declares {[(z.id, z.count) for z in expected]}")
            return
        for mine, wanted in zip(shown, expected, strict=True):
            wrong = next((i for i, (a, b) in enumerate(zip(mine.items, wanted.items, strict=True))
                          if a.thing is not None and a.thing != b.thing), None)
            if wrong is not None:
                card = mine.items[wrong].thing
                self.fail("views", move, f"seat {seat + 1}'s table shows {getattr(card, 'id', card)!r} at place"
                          f" {wrong + 1} of zone {mine.id!r}, where the zone declares"
                          f" {'a hidden card' if wanted.items[wrong].thing is None else 'another card'}"
                          " (a table hook that shows hidden cards?)")
                return

    # -- at the end -------------------------------------------------------------------------------
    def _at_end(self, session: Session, path: Path) -> None:
        game, state = self.game, session.state
        end = len(self.line)
        try:
            scores, ranks = session.scores(), session.ranks()
        except GameBroken as exc:
            self.broke(exc, None, "")
        self._ranks(scores, ranks)
        final = state_digest(game, state)
        try:
            replayed = replay(path, unbounded=True)  # the whole game is bounded by --game-timeout
            if state_digest(game, replayed.session.state) != final or replayed.session.scores() != scores:
                self.fail("replay", None, "its log replays to another end than the game reached")
        except (LogError, GameBroken) as exc:
            self.fail("replay", None, f"its log does not replay: {str(exc).replace(shown_path(path), 'the log')}")
        if self.snapshot is not None:
            at, snap, clone = self.snapshot
            rest = self.line[at:]
            self._play_on("a snapshot taken", lambda: self._restored(snap), rest, final, at)
            self._play_on("clone_state (with no events)", lambda: _Applied(self.game, clone), rest, final, at)
        if end != session.moves:
            self.fail("replay", None, f"the session counted {session.moves} moves, the check {end}")

    def _ranks(self, scores: list[Any], ranks: list[Any]) -> None:
        n = self.game.players
        expected = competition_ranks(ranks, lower_is_better=True)
        if sorted(ranks) != sorted(expected) or min(ranks) != 1 or not all(1 <= r <= n for r in ranks):
            self.fail("scores", None, f"its final ranks {ranks} are not ranks 1-{n} with ties sharing"
                      " (like 1, 2, 2, 4)")
            return
        lower = self.game.lower_is_better
        for a in range(n):
            for b in range(n):
                if ranks[a] < ranks[b] and (scores[a] < scores[b] if not lower else scores[a] > scores[b]):
                    better = "lower" if lower else "higher"
                    self.fail("scores", None, f"seat {b + 1} scored {scores[b]} and seat {a + 1} {scores[a]}, yet seat"
                              f" {a + 1} ranks above (the {better} score wins here: is lower_is_better set right?)")
                    return

    def _play_on(self, how: str, start: Callable[[], Any], rest: list[tuple[int, Action]], target: str,
                 at: int) -> None:
        """Play the moves ``rest`` on from what ``start`` returns (anything with ``submit`` and ``state``);
        the game must reach the same end (``target``: the digest of its final state)."""
        try:
            player = start()
            for _seat, action in rest:
                player.submit(action)
            digest = state_digest(self.game, player.state)
        except Exception as exc:
            self.fail("replay", at, f"played on from {how} before move {at + 1}, it {what_it_did(exc)}" + _at(exc))
            return
        if digest != target:
            self.fail("replay", at, f"played on from {how} before move {at + 1}, the game reached another end")

    def _restored(self, snap: Snapshot) -> Session:
        session = open_session(self.game, self.seed, events=False)
        session.restore(snap)
        return session

    def _again(self, main_seed: int, other_seed: int) -> bool:
        """The same seed gives the same game: with no views or events, and with module ``random`` disturbed.

        Return True when it does.
        """
        game = self.game
        for module_seed, how in ((main_seed, "with no views or events asked (as in tabletop simulate)"),
                                 (other_seed, "with the module-level random seeded otherwise")):
            try:
                again = retrace(game, self.seed, module_seed=module_seed, max_moves=self.limit)
            except GameBroken as exc:
                text, move = _broken_text(exc)
                self.fail("seed", move, f"played again from its seed {how}, it failed in {text}")
                return False
            except Exception as exc:
                self.fail("seed", None, f"played again from its seed {how}, it {what_it_did(exc)}" + _at(exc))
                return False
            parted = self.trace.parting(again)
            if parted is not None:
                self.fail("seed", parted, f"played again from its seed {how}, the game went another way: it"
                          " depends on something besides its seed (the module-level random, the time, views or"
                          " events that change the game)")
                return False
        return True


def _target_problem(action: Action, zones: dict[str, Zone], hand: Zone | None) -> str:
    """Return why the table cannot offer ``action`` (its target is not on the table), or ""."""
    if action.zone is not None and action.zone not in zones:
        return f"names zone {action.zone!r}, which the game does not declare"
    if action.to is not None and action.to not in zones:
        return f"moves cards to zone {action.to!r}, which the game does not declare"
    if action.cell is not None:
        board = zones.get(action.to or action.zone or "")
        if board is None or not board.is_board or board.cell(action.cell) is None:
            return f"names cell {action.cell!r}, which no declared board has"
    elif action.cards:
        source = zones[action.zone] if action.zone is not None else hand
        if source is None:
            return "takes cards from the seat's hand, but the game declares no hand for it"
        held = source.cards
        if any(c not in held for c in action.cards) or len(set(action.cards)) < len(action.cards) and (
                Counter(action.cards) - Counter(held)):
            missing = Counter(action.cards) - Counter(held)
            return f"takes {' '.join(c.id for c in missing)}, which {source.id!r} does not hold"
    return ""


def _broken_text(exc: GameBroken) -> tuple[str, int | None]:
    """Return a :class:`GameBroken` message as "hook: what it did (at ...)", and the move it names."""
    text = str(exc)
    match = _BROKEN.match(text)
    if match is None:
        return text, None
    return f"{match[1]}: {text[match.end():]}", int(match[2]) if match[2] else None


def _at(exc: BaseException) -> str:
    spot = where(exc, function=True)
    return f" (at {spot})" if spot else ""
