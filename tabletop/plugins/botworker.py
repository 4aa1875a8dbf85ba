"""The other end of :mod:`tabletop.plugins.process_bot`: runs one bot in its own process, fed views as data.

Run as ``python -m tabletop.plugins.botworker`` (above the plugins, which find a designer's bots). It reads
one JSON request per line on stdin and answers one JSON line on stdout. The first request names the bot, the game's rules (name,
players, options), the seat and the bot's own seed; it never receives the game's seed or state,
so nothing in this process can tell where the other seats' cards are.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.zones import TableView
from tabletop.formats.wire import decode, json


class RemoteView:
    """What the bot sees: the same questions as :class:`~tabletop.engine.views.View`, answered from data."""

    def __init__(self, game: Any, seat: int, legal: tuple[Action, ...], data: dict[str, Any],
                 table: TableView | None) -> None:
        self.seat = seat
        self.legal = legal
        self._game = game
        self._data = data
        self._table = table

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return int(self._game.players)

    @property
    def options(self) -> Any:
        """The game's options (frozen)."""
        return self._game.options

    @property
    def game_name(self) -> str:
        """The registered name of the game being played."""
        return str(self._game.name)

    @property
    def table(self) -> TableView:
        """The table as this seat sees it."""
        if self._table is None:
            raise AttributeError("the table view was not sent")
        return self._table

    def data(self) -> dict[str, Any]:
        """Return the whole observation as a dict (a fresh copy)."""
        return dict(self._data)

    def fact(self, name: str) -> Any:
        """Return one entry of the observation (``view.fact("trick")`` is ``view.trick``)."""
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(f"this game's view has no {name!r}; it has {', '.join(self._data)}") from None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return self.fact(name)


def serve(lines: Any, out: Any) -> None:
    """Answer requests from ``lines`` on ``out`` until the input ends."""
    from tabletop.plugins import discovery as plugins
    from tabletop.plugins import registry

    bot: Any = None
    game: Any = None
    for line in lines:
        try:
            request = json.loads(line)
            op = request.get("op")
            if op == "start":
                if request.get("games_dir"):
                    plugins.discover(Path(request["games_dir"]))
                game = registry.make_game(request["game"], players=request["players"], options=request["options"])
                bot = registry.parse_bot(request["bot"]).make(random.Random(request["bot_seed"]), game)
                answer: dict[str, Any] = {"ok": True, "name": str(getattr(bot, "name", request["bot"]))}
            elif op == "choose":
                legal = tuple(decode(a) for a in request["legal"])
                view = RemoteView(game, request["seat"], legal, decode(request["data"]),
                                  decode(request["table"]) if request.get("table") is not None else None)
                choice = bot.choose(view)
                answer = {"index": legal.index(choice)} if choice in legal else {"error": f"chose {choice!r}"}
            elif op == "save":
                answer = {"state": [list(r.getstate()[1]) + [r.getstate()[0], r.getstate()[2]]
                                    for r in _generators(bot)]}
            elif op == "load":
                for rng, saved in zip(_generators(bot), request["state"], strict=False):
                    rng.setstate((saved[-2], tuple(saved[:-2]), saved[-1]))
                answer = {"ok": True}
            else:
                answer = {"error": f"unknown request {op!r}"}
        except Exception as exc:  # reported to the parent, which replaces the move
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(answer) + "\n")
        out.flush()


def _generators(bot: Any) -> list[random.Random]:
    return [v for v in vars(bot).values() if isinstance(v, random.Random)]


def main() -> None:
    """Serve stdin to stdout; anything the bot prints goes to stderr, not into the answers."""
    out = sys.stdout
    sys.stdout = sys.stderr
    serve(sys.stdin, out)


if __name__ == "__main__":
    main()
