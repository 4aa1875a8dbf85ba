"""A remote seat played headless by a bot on the joiner's machine (``tabletop join ... --bot NAME``).

The bot gets what a bot in a process of its own gets (:mod:`tabletop.plugins.botworker`): its seat's
legal actions, observation and table view as data, and a seed of its own drawn by the host for
each game (never derived from the game's), so it chooses as ``process:NAME`` would with that seed.
It needs the game only where the bot itself reads the game's rules or options: a game this
machine does not have (a designer's plugin) is known by its name, seats and options alone, which
is all a bot that plays from its view needs.
"""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.errors import TabletopError, UserInputError
from tabletop.engine.events import GameOver
from tabletop.engine.zones import TableView
from tabletop.formats.wire import decode
from tabletop.i18n import _
from tabletop.net.client import Connection, Welcome
from tabletop.net.mirror import ANSWER_SECONDS
from tabletop.net.seatview import action_data, event_from_data
from tabletop.plugins import registry
from tabletop.plugins.botworker import RemoteView


@dataclass
class BotResult:
    """How a bot's remote game ended: ``over`` (with the scores and ranks), ``ended`` or ``lost`` (with why)."""

    outcome: str
    message: str = ""
    scores: tuple[int, ...] = ()
    ranks: tuple[int, ...] = ()
    moves: int = 0


class GameFacts:
    """A game this machine does not have, as a bot may know it: name, seats and options."""

    def __init__(self, welcome: Welcome) -> None:
        game = welcome.game
        self.name = str(game["name"])
        self.title = str(game.get("title") or self.name)
        self.players = welcome.players
        self.options = SimpleNamespace(**dict(game.get("options") or {}))


def bot_game(welcome: Welcome) -> Any:
    """Return the game for a bot: this machine's own copy when it has the game, else its :class:`GameFacts`."""
    game = welcome.game
    try:
        return registry.make_game(game["name"], players=welcome.players, options=dict(game.get("options") or {}))
    except TabletopError:
        return GameFacts(welcome)


def check_bot(spec: str) -> registry.BotChoice:
    """Return the bot named ``spec`` if it can play a remote seat.

    :raises UserInputError: for an unknown bot, or one that needs the game's hidden state.
    """
    choice = registry.parse_bot(spec)
    if getattr(choice.cls, "samples_worlds", False):
        raise UserInputError(_("--bot {bot}: it searches sampled states of the game, which a remote seat never"
                               " receives (it gets its view as data); choose another bot").format(bot=repr(spec)))
    return choice


def play_bot(connection: Connection, welcome: Welcome, spec: str, *, say: Callable[[str], None] = print) -> BotResult:
    """Play ``welcome``'s seat with bot ``spec`` until the game ends or the host goes; return how it ended."""
    choice = check_bot(spec)
    game = bot_game(welcome)
    bot = choice.make(random.Random(welcome.bot_seed or 0), game)
    fallback = random.Random(welcome.bot_seed or 0)
    seat = welcome.seat
    table: TableView | None = None
    moves = 0
    while True:
        try:
            kind, message = connection.inbox.get(timeout=1.0)
        except queue.Empty:
            continue
        if kind in ("state", "update"):
            decoded = decode(message["table"])
            table = decoded if isinstance(decoded, TableView) else table
            moves = message["moves"]
            for data in message["events"]:
                event = event_from_data(data)
                if isinstance(event, GameOver):
                    return BotResult("over", scores=tuple(event.scores), ranks=tuple(event.ranks), moves=moves)
        elif kind == "ask":
            legal = tuple(a for a in (decode(x) for x in message["legal"]) if isinstance(a, Action))
            if not legal:
                continue
            view = RemoteView(game, seat, legal, _observation(message.get("data")), table)
            try:
                action = bot.choose(view)
            except Exception as exc:  # the bot's own bug: a random legal move keeps the game going
                say(_("bot {bot} failed ({problem}); playing a random move").format(bot=spec, problem=exc))
                action = None
            if action not in legal:
                action = legal[fallback.randrange(len(legal))]
            _answer(connection, message["move"], action, legal, fallback, say)
        elif kind == "welcome" and message is not welcome:
            welcome = message
            game = bot_game(welcome)
            bot = choice.make(random.Random(welcome.bot_seed or 0), game)
        elif kind == "end":
            return BotResult("ended", str(message), moves=moves)
        elif kind == "lost":
            return BotResult("lost", str(message), moves=moves)


def _answer(connection: Connection, move: int, action: Action, legal: tuple[Action, ...], fallback: random.Random,
            say: Callable[[str], None]) -> None:
    """Send ``action`` for ``move``; a refusal (which a legal choice should never get) is said, and a
    random legal choice sent instead, so the host is never left waiting."""
    deadline = time.monotonic() + ANSWER_SECONDS
    while time.monotonic() < deadline:
        reply = connection.ask({"t": "act", "move": move, "action": action_data(action)}, answer=("ok", "refused"),
                               timeout=ANSWER_SECONDS)
        if reply is None or reply["t"] == "ok" or connection.lost is not None:
            return
        if reply.get("move") != move:
            return  # the move is over: the host asks again
        say(_("the host refused {action}: {reason}").format(action=action.label, reason=decode(reply["reason"])))
        action = legal[fallback.randrange(len(legal))]


def _observation(data: Any) -> dict[str, Any]:
    if data is None:
        return {}
    value = decode(data)
    return value if isinstance(value, dict) else {}
