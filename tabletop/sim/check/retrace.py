"""A checked game's line of play as a trace, and the same game played again from its seed.

Every game :mod:`tabletop.sim.check` plays has random bots in every seat, seated exactly as
``tabletop play GAME --seed S --seats random`` seats them, so a failure can be watched at the
table. :func:`open_session` is the one place a checked game's session is made. A :class:`Trace`
holds each move and, at checkpoints, a digest of the whole state: two traces of one seed tell
where two plays of a game parted. :func:`retrace` plays a game again with no views and no events
(as the simulator does), with the module-level ``random`` seeded as it is told;
``python -m tabletop.sim.check.retrace`` does it in a fresh process, so a game that depends on
the process (the order of a set of strings under another ``PYTHONHASHSEED``) shows.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.game import Game
from tabletop.engine.rng import derive_seed
from tabletop.engine.session import MOVE_LIMIT, Session, SessionOptions
from tabletop.engine.session import open_session as engine_open
from tabletop.formats.log import GameLog
from tabletop.plugins import registry

BOT = "random"
"""The bot in every seat of a checked game."""


def open_session(game: Game, seed: int, *, log: GameLog | None = None, events: bool = True) -> Session:
    """Return a session of ``game`` dealt from ``seed`` with random bots in every seat, as
    ``tabletop play`` and ``tabletop simulate`` seat them (so the same seed plays the same game).

    :raises GameBroken: when the game's setup fails.
    """
    return engine_open(game, registry.seat_makers([BOT] * game.players, game), seed=seed, log=log,
                       options=SessionOptions(events=events, bot_timeout=None))


def move_limit(game: Game, max_moves: int | None) -> int:
    """Return the moves after which a checked game counts as never ending (``max_moves``, else the
    game's own ``max_moves``, else the session's limit: the same as at the table and in ``simulate``)."""
    return max_moves or int(getattr(type(game), "max_moves", MOVE_LIMIT))


def module_seeds(seed: int) -> tuple[int, int]:
    """Return the two seeds of the module-level ``random`` a game is played with (the second disturbs it)."""
    return derive_seed(seed, "module random", 1), derive_seed(seed, "module random", 2)


def checkpoint(move: int) -> bool:
    """True at the moves where a trace keeps a digest of the state (every move early, then fewer)."""
    return move <= 64 or move % 64 == 0


def state_digest(game: Game, state: Any) -> str:
    """Return a short digest of the whole state (:meth:`Game.snapshot`), the same in every process."""
    text = json.dumps(game.snapshot(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode("utf-8", "backslashreplace"), digest_size=8).hexdigest()


@dataclass
class Trace:
    """One play of a game: each move (seat and action) and state digests at checkpoints (move, digest).

    A trace read back from JSON holds each move as text (``seat:action``); one made here holds the
    actions themselves, which cost nothing to keep and compare (actions are interned values).
    """

    moves: list[tuple[int, Action] | str] = field(default_factory=list)
    states: list[tuple[int, str]] = field(default_factory=list)

    def start(self, game: Game, state: Any) -> None:
        """Note the state after the deal."""
        self.states.append((0, state_digest(game, state)))

    def moved(self, seat: int, action: Action, game: Game, state: Any) -> None:
        """Note a move, and the state it left where a checkpoint falls."""
        self.moves.append((seat, action))
        if checkpoint(len(self.moves)):
            self.states.append((len(self.moves), state_digest(game, state)))

    def end(self, game: Game, state: Any) -> None:
        """Note the final state."""
        self.states.append((len(self.moves), state_digest(game, state)))

    def parting(self, other: Trace) -> int | None:
        """Return the move (from 1; 0: the deal) at which ``other`` went another way, or None when they agree.

        A state that differs after ``m`` moves counts against move ``m``, which led to it.
        """
        first = None
        for i, (a, b) in enumerate(zip(self.moves, other.moves, strict=False)):
            if a != b and _text(a) != _text(b):
                first = i + 1
                break
        else:
            if len(self.moves) != len(other.moves):
                first = min(len(self.moves), len(other.moves)) + 1
        theirs = dict(other.states)
        for move, digest in self.states:
            if theirs.get(move, digest) != digest:
                return move if first is None else min(first, move)
        return first

    def to_json(self) -> dict[str, Any]:
        """Return the trace as JSON-able data."""
        return {"moves": [_text(m) for m in self.moves], "states": self.states}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Trace:
        """Return the trace :meth:`to_json` wrote."""
        return cls(list(data["moves"]), [(int(m), str(d)) for m, d in data["states"]])


def _text(move: tuple[int, Action] | str) -> str:
    if isinstance(move, str):
        return move
    seat, action = move
    return f"{seat}:{json.dumps(action.to_json(), sort_keys=True)}"


@contextmanager
def module_random(seed: int) -> Iterator[None]:
    """Seed the module-level ``random`` for the block, and put it back as it was afterwards."""
    saved = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(saved)


def retrace(game: Game, seed: int, *, module_seed: int, max_moves: int) -> Trace:
    """Return the trace of ``game`` played from ``seed`` with no views and no events, the module-level
    ``random`` seeded with ``module_seed``.

    :raises GameBroken: when the game fails (or does not end within ``max_moves``).
    """
    trace = Trace()
    with module_random(module_seed):
        session = open_session(game, seed, events=False)
        session.move_limit = max_moves
        trace.start(game, session.state)
        session.on_move = lambda index, seat, action, forced, events: trace.moved(seat, action, game, session.state)
        session.run()
    trace.end(game, session.state)
    return trace


def _main(argv: list[str]) -> None:
    """Play the games a request names (JSON on the command line); write their traces to its ``out`` file."""
    from tabletop.engine.errors import TabletopError
    from tabletop.engine.guard import quiet_worker, time_limit, what_it_did
    from tabletop.plugins import discovery

    quiet_worker()
    request = json.loads(argv[0])
    discovery.discover(Path(request["games_dir"]) if request.get("games_dir") else None)
    registry.examine(request["game"])
    out: list[Any] = []
    for case in request["cases"]:
        try:
            game = registry.make_game(request["game"], players=case["players"], options=case["options"])
        except TabletopError as exc:
            out.append({"error": str(exc)})
            continue
        traces: dict[str, Any] = {}
        for seed, module_seed in case["seeds"]:
            try:
                with time_limit(float(request["game_timeout"])):
                    traces[str(seed)] = retrace(game, seed, module_seed=module_seed,
                                            max_moves=move_limit(game, case["max_moves"])).to_json()
            except BaseException as exc:  # noqa: B036 - a plugin's failure is this game's report
                traces[str(seed)] = {"error": what_it_did(exc)}
        out.append({"traces": traces})
    Path(request["out"]).write_text(json.dumps(out), encoding="utf-8")


if __name__ == "__main__":
    _main(sys.argv[1:])
