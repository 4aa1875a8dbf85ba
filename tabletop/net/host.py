"""The host's side of remote seats: the seats of a game in progress, served to joiners by code.

The game runs where it always runs (the table's session, the referee); the host only carries
what each seat may see out of it and the seats' choices back into it. Each remote seat has a
join code (and spectators share a watch code); a joiner that says the right code gets the
seat's welcome (the game's name, rules, the deck's catalogue and the art manifest), the table as
the seat sees it now, and from then on one update per move (:mod:`tabletop.net.seatview`) and an
``ask`` when its seat is to choose. Its answers reach the session through the seat's
:class:`~tabletop.net.seat.RemotePlayer`, the seat kind the session asks like any player. A
browser seat (``mode`` web) is the same seat sent the same things as the page's plain JSON
(:mod:`tabletop.net.webview`), in its tester's language, with the log so far when it (re)joins.

Threads: the connections are :class:`~tabletop.net.server.SeatServer`'s, on a thread of its own;
the session calls the host from its own thread (each move, through ``session.on_move``, and each
ask). What a seat's joiners may send is bounded per minute and in all
(:class:`~tabletop.net.guard.Budget`): past it, notes are refused and a flood is cut off.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from websockets.asyncio.server import ServerConnection

from tabletop.engine.errors import TabletopError
from tabletop.engine.events import Event, GameOver
from tabletop.engine.guard import printable
from tabletop.engine.views import SPECTATOR
from tabletop.engine.zones import TableView
from tabletop.formats.wire import decode, encode
from tabletop.i18n import LANGUAGES, N_, _, translate
from tabletop.net import protocol, webview
from tabletop.net.artshare import ArtShare
from tabletop.net.askround import QuestionRound
from tabletop.net.gameinfo import Asked, GameInfo
from tabletop.net.guard import (
    MESSAGES_PER_MINUTE,
    MESSAGES_TOTAL,
    NOTES_PER_MINUTE,
    NOTES_TOTAL,
    Budget,
)
from tabletop.net.protocol import HISTORY, dumps, new_code, same_code
from tabletop.net.seatview import catalogue, event_data, event_from_data, faces
from tabletop.net.server import (
    ART_RATE,
    Joiner,
    SeatServer,
    lan_addresses,
    server_tls,
)
from tabletop.net.webpage import link
from tabletop.plugins.process_bot import new_bot_seed

__all__ = ["ART_POLL", "AWAY", "HERE", "INBOX", "LOCAL", "MAX_WATCHERS", "STAND_IN",
           "WAITING", "GameInfo", "Host", "Joiner", "lan_addresses", "server_tls"]

MAX_WATCHERS = 32
"""Spectators one host feeds at most."""
ART_POLL = 0.5
"""Seconds between looks at the art folder for changed files (hot reload reaches joiners)."""
INBOX = 16
"""Choices and questions one seat may have waiting at once."""

WAITING, HERE, AWAY, STAND_IN, LOCAL = "waiting", "here", "away", "bot", "local"
"""A seat's presence: remote and not joined yet, joined, dropped, dropped and played by a bot, not remote."""


class Host(SeatServer):
    """Serves the remote seats ``seats`` of a ``players``-seat game at ``bind`` (``web``: those played in a
    browser, for which :meth:`link` gives the tester's link).

    ``on_drop`` is what happens when a joined seat drops while it is to choose: ``wait`` (for it to
    rejoin, at most ``rejoin_wait`` seconds, then the game ends), ``bot`` (``stand_in`` plays its
    moves until it is back) or ``end``; a window asks its user instead (:meth:`decide`).
    ``server`` options go to :class:`~tabletop.net.server.SeatServer` (TLS, queue and time limits).
    """

    def __init__(self, *, seats: Sequence[int], players: int, art: ArtShare | None = None, on_drop: str = "wait",
                 stand_in: str = "random", rejoin_wait: float = 300.0, web: Sequence[int] = (),
                 **server: Any) -> None:
        super().__init__(**server)
        self.seats = tuple(seats)
        self.web = tuple(s for s in web if s in self.seats)
        self.players = players
        self.art = art
        self.on_drop = on_drop
        self.stand_in = stand_in
        self.rejoin_wait = rejoin_wait
        self.codes = {seat: new_code() for seat in self.seats}
        self.watch_code = new_code()
        self._conns: dict[int, Joiner] = {}
        self._watchers: list[Joiner] = []
        self._presence = [WAITING if s in self.seats else LOCAL for s in range(players)]
        self._away_since: dict[int, float] = {}
        self._decisions: dict[int, str] = {}
        self._players: dict[int, Any] = {}
        self._session: Any = None
        self._notes: Callable[[int, int | None, str], Any] | None = None
        self._round = QuestionRound()
        self._info: GameInfo | None = None
        self._bot_seeds: dict[int, int] = {}
        self._views: dict[int, TableView] = {}
        self._history: dict[int, list[Any]] = {}  # each seat's events as sent: the log a seat (re)joining gets
        self._initial: dict[int, list[Any]] = {}
        self._asks: dict[int, Asked] = {}
        self._note_budgets: dict[int, Budget] = {}
        self._message_budgets: dict[int, Budget] = {}
        self._moves = 0
        self._to_move: int | None = None
        self._over: dict[str, list[Any]] | None = None
        self._failed: str | None = None
        self._game_id = secrets.randbelow(2**31)  # drawn, then one more a game: no two hosts' games alike

    # -- links and endings -------------------------------------------------------------------------
    def link(self, seat: int | None = None) -> str:
        """Return the link that opens seat ``seat`` in a browser (None: the spectators' link)."""
        assert self.address is not None
        code = self.watch_code if seat is None else self.codes[seat]
        return link("https" if self.tls is not None else "http", self.address.host, self.address.port, code)

    def ended(self, reason: str) -> None:
        """Tell every joiner the game stopped before its end (``reason``); they stay connected for the next one."""
        for joiner in self._all():
            self._post(joiner, dumps({"t": "end", "reason": self._said(joiner, reason)}))

    def _said(self, joiner: Joiner, text: str) -> Any:
        """Return ``text`` as ``joiner`` reads it: plain text in its language for a browser, else a message."""
        return translate(text, joiner.lang) if joiner.is_web else encode(text)

    # -- what the table and the session ask ----------------------------------------------------------
    def attach(self, session: Any, *, info: GameInfo, initial: Sequence[Event] = (),
               notes: Callable[[int, int | None, str], Any] | None = None) -> None:
        """Serve ``session`` (a new game: joiners already here are welcomed to it); ``initial`` are the
        events its setup made (the deal), shown to each seat that joins before the first move;
        ``notes`` writes a joiner's note into the game's log (at a move, with the seat to move there).

        Call it from the thread the session runs in, before the first move.
        """
        previous = session.on_move

        def moved(index: int, seat: int, action: Any, forced: bool, events: Sequence[Event]) -> None:
            if previous is not None:
                previous(index, seat, action, forced, events)
            self._publish(events)

        views: dict[int, TableView] = {}
        shown: dict[int, list[Any]] = {}
        history: dict[int, list[Any]] = {}
        try:
            info.deck = info.deck or catalogue(session.game.deck())
            for seat in self._viewers():
                table = views[seat] = session.table(seat)
                seen = faces(table)
                encode(table)  # what cannot travel is found now, before anyone joins
                shown[seat] = [event_data(e, seat, table, seen) for e in initial]
                history[seat] = list(shown[seat])
        except (TypeError, ValueError) as exc:
            self._failed = _("this game's table cannot be sent to other machines: {problem}").format(problem=exc)
            raise TabletopError(self._failed) from None
        with self._lock:
            self._session, self._info, self._notes = session, info, notes
            self._game_id += 1
            self._asks.clear()
            self._bot_seeds = {}
            self._initial, self._views, self._history = shown, views, history
            self._note_budgets.clear()
            self._moves, self._to_move, self._over = session.moves, session.to_move, None
        self._round.clear()
        session.on_move = moved
        for joiner in self._all():
            self._call(self._welcome, joiner)

    def ask_feedback(self, questions: list[dict[str, str]], cards: list[dict[str, str]],
                     write: Callable[[int, list[dict[str, Any]]], str | None]) -> None:
        """Send the game's questions to every remote seat (the game is over); ``write`` keeps a seat's answers
        (an empty list: skipped) and returns a problem, or None. Each seat answers once."""
        text = self._round.ask(questions, cards, write)
        for joiner in self._all():
            if joiner.seat in self.seats:
                self._post(joiner, text)

    def register(self, seat: int, player: Any) -> None:
        """Make ``player`` the one the session asks for remote seat ``seat`` (see :func:`tabletop.net.seat.remote_players`)."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat + 1} is not a remote seat")
        self._players[seat] = player

    def player(self, seat: int) -> Any:
        """Return the player of remote seat ``seat``."""
        return self._players[seat]

    @property
    def session(self) -> Any:
        """The session being served (None before :meth:`attach`)."""
        return self._session

    def why(self, action: Any) -> str:
        """Return the engine's reason why ``action`` is not legal now (the session's thread)."""
        return self._session.reason(action) or N_("not a legal choice now")

    def presence(self, seat: int) -> str:
        """Return ``seat``'s presence: waiting, here, away, bot (a stand-in plays it) or local."""
        with self._lock:
            return self._presence[seat]

    @property
    def all_joined(self) -> bool:
        """True once every remote seat has a joiner (or a stand-in)."""
        with self._lock:
            return all(self._presence[s] in (HERE, STAND_IN) for s in self.seats)

    def away_for(self, seat: int) -> float | None:
        """Seconds since ``seat`` dropped, or None when it is not away."""
        with self._lock:
            since = self._away_since.get(seat)
        return None if since is None else time.monotonic() - since

    def decide(self, seat: int, what: str) -> None:
        """Choose what happens while dropped ``seat`` is to move: ``wait`` or ``bot`` (a window's answer)."""
        if what not in ("wait", "bot"):
            raise ValueError(f"decide {what!r}: wait or bot")
        with self._lock:
            self._decisions[seat] = what
            if what == "bot" and self._presence[seat] == AWAY:
                self._presence[seat] = STAND_IN
        self._call(self._announce)

    def away_action(self, seat: int) -> str:
        """Return what a dropped seat to move does now: ``wait``, ``bot`` or ``end`` (``on_drop`` and its wait)."""
        with self._lock:
            decided = self._decisions.get(seat)
            since = self._away_since.get(seat)
        if decided is not None:
            return decided
        if self.on_drop in ("bot", "end"):
            return self.on_drop
        if since is not None and time.monotonic() - since > self.rejoin_wait:
            return "end"
        return "wait"

    def stand_in_for(self, seat: int) -> None:
        """Say that a bot plays dropped ``seat`` now (until it rejoins)."""
        with self._lock:
            if self._presence[seat] != AWAY:
                return
            self._presence[seat] = STAND_IN
        self._note(N_("A bot plays seat {n} until it is back", n=seat + 1))
        self._call(self._announce)

    def bot_seed(self, seat: int) -> int:
        """Return the seed of a bot joining as ``seat`` in this game: drawn at random for each game, as a bot
        in a process of its own gets one (a seed derived from the game's could be searched back to it)."""
        with self._lock:
            return self._bot_seeds.setdefault(seat, new_bot_seed())

    # -- the session's side (its thread) ---------------------------------------------------------------
    def ask(self, seat: int, legal: Sequence[Any], data: Callable[[], Any]) -> int:
        """Tell ``seat`` it is to choose among ``legal`` (``data``: its observation, for a bot); return the move."""
        legal_data = [encode(a) for a in legal]
        try:
            observed = encode(data())
        except (TypeError, ValueError):
            observed = None  # a bot joiner then plays from the legal actions and the table alone
        with self._lock:
            move = self._moves
            asked = self._asks[seat] = Asked(move, tuple(legal), dumps({"t": "ask", "move": move, "legal": legal_data}),
                                              dumps({"t": "ask", "move": move, "legal": legal_data, "data": observed}))
            joiner = self._conns.get(seat)
        if joiner is not None:
            self._post(joiner, self._ask_text(joiner, asked))
        return move

    def unask(self, seat: int) -> None:
        """The seat's choice is made (or the game stopped): no question is pending for it."""
        with self._lock:
            self._asks.pop(seat, None)

    def _ask_text(self, joiner: Joiner, asked: Asked) -> str:
        """Return the ask ``joiner`` is sent: a bot's (with its observation), a table's, or a browser's."""
        if joiner.mode == "bot":
            return asked.bot
        if joiner.is_web:
            with self._lock:
                table = self._views.get(joiner.seat)
            if table is not None:
                return dumps(webview.ask_message(asked.move, asked.legal, table, joiner.seat, joiner.lang, self.images))
        return asked.person

    def _publish(self, events: Sequence[Event]) -> None:
        """Send each seat and spectator the move just made, as it may see it (the session's thread)."""
        session = self._session
        try:
            over = None
            if session.is_over:
                events = [*events, GameOver(tuple(session.scores()), tuple(session.ranks()))]
                over = {"scores": list(session.scores()), "ranks": list(session.ranks())}
            with self._lock:
                self._moves, self._to_move, self._over = session.moves, session.to_move, over
            for seat in self._viewers():
                table = session.table(seat)
                seen = faces(table)
                data = [event_data(e, seat, table, seen) for e in events]
                saw = [event_from_data(d) for d in data]
                with self._lock:
                    self._views[seat] = table
                    kept = self._history.setdefault(seat, [])
                    kept += data
                    del kept[:-HISTORY]
                    targets = self._watchers[:] if seat == SPECTATOR else [self._conns[seat]] if seat in self._conns else []
                # Each form is made once a move, and only for a seat someone reads it in (most often one).
                texts: dict[str, str] = {}
                for joiner in targets:
                    form = joiner.lang if joiner.is_web else ""
                    if form not in texts:
                        texts[form] = dumps(
                            webview.table_message("update", session.moves, table, saw, seat, self.images, form)
                            if joiner.is_web else
                            {"t": "update", "moves": session.moves, "table": encode(table), "events": data})
                    self._post(joiner, texts[form])
        except (TypeError, ValueError) as exc:  # a game's table holding what cannot travel
            self._failed = _("this game's table cannot be sent to other machines: {problem}").format(problem=exc)
            self.close(self._failed)

    def _viewers(self) -> list[int]:
        return [*self.seats, SPECTATOR]

    # -- the connections' side (the server's loop) ------------------------------------------------------
    def _seat_of(self, code: str) -> int | None:
        if same_code(code, self.watch_code):
            return SPECTATOR
        return next((s for s, c in self.codes.items() if same_code(code, c)), None)

    async def _seat(self, ws: ServerConnection, hello: dict[str, Any], peer: str, seat: int) -> Joiner | None:
        """Return the joiner ``hello`` seats at ``seat``, welcomed; None when refused (and closed)."""
        mode = hello["mode"]
        if mode != "web" and (seat == SPECTATOR) != (mode == "watch"):
            why = ("this is the watch code: join with --watch" if seat == SPECTATOR else
                   f"this code is for seat {seat + 1}: join without --watch (spectators use the watch code)")
            await ws.close(4001, why)
            return None
        name = printable(" ".join(str(hello.get("name", "")).split()))[:40]
        lang = str(hello.get("lang", "en"))
        joiner = Joiner(ws, seat, mode, name, peer, lang if lang in LANGUAGES else "en")
        with self._lock:
            if seat == SPECTATOR:
                if len(self._watchers) >= MAX_WATCHERS:
                    refused = f"this table has {MAX_WATCHERS} spectators already"
                else:
                    refused = ""
                    self._watchers.append(joiner)
            elif seat in self._conns:
                refused = f"seat {seat + 1} is taken: someone is connected with this code"
            else:
                refused = ""
                self._conns[seat] = joiner
                self._presence[seat] = HERE
                self._away_since.pop(seat, None)
                self._decisions.pop(seat, None)
                if name and self._info is not None:
                    self._info.names[seat] = _("Seat {n} ({who})").format(n=seat + 1, who=name)
        if refused:
            self._note(N_("A joiner from {peer} was refused: {why}", peer=peer, why=refused))
            await ws.close(4002, refused)
            return None
        if seat == SPECTATOR:
            self._note(N_("A spectator joined from {peer}", peer=peer))
        else:
            self._note(N_("Seat {n} joined from {peer}", n=seat + 1, peer=peer))
        self._welcome(joiner)
        self._announce()
        return joiner

    def _welcome(self, joiner: Joiner) -> None:
        """Offer ``joiner`` the game (welcome), the table as its seat sees it now, and its pending ask."""
        info = self._info
        if info is None:
            return
        seat = joiner.seat
        with self._lock:
            ask = self._asks.get(seat) if seat != SPECTATOR else None
            if joiner.is_web:
                messages = self._web_welcome(joiner, info)
            else:
                welcome = {"t": "welcome", "v": protocol.PROTOCOL, "seat": seat, "players": self.players,
                           "game": {"name": info.name, "title": encode(info.title), "rules": encode(info.rules),
                                    "art_deck": info.art_deck, "options": info.options},
                           "names": list(info.names), "deck": info.deck,
                           "art": self.art.manifest() if self.art is not None else {}, "seats": list(self._presence),
                           "game_id": self._game_id}
                if joiner.mode == "bot":
                    welcome["bot_seed"] = self._bot_seeds.setdefault(seat, new_bot_seed())
                table = self._views.get(seat)
                messages = [welcome, {"t": "state", "moves": self._moves,
                                      "table": encode(table) if table is not None else None,
                                      "events": self._initial.get(seat, []) if self._moves == 0 else [],
                                      "log": self._history.get(seat, [])[:] if self._moves else []}]
        # Offered in one go on the loop's thread: no move's update can come between them.
        for message in messages:
            self._offer(joiner, dumps(message))
        if ask is not None:
            self._offer(joiner, self._ask_text(joiner, ask))
        questions = self._round.pending(seat) if seat in self.seats else None
        if questions is not None:  # rejoined (a page reloaded) before answering: asked again
            self._offer(joiner, questions)

    def _web_welcome(self, joiner: Joiner, info: GameInfo) -> list[dict[str, Any]]:
        """Return a browser seat's welcome and state (under the lock)."""
        game = {"name": info.name, "title": info.title, "rules": info.rules, "names": info.names}
        seen = [event_from_data(d) for d in self._history.get(joiner.seat, [])]
        return webview.welcome_messages(game, joiner.seat, self.players, list(self._presence), seen, self._moves,
                                        self._views.get(joiner.seat), self._over, self.images, joiner.lang)

    def _dispatch(self, joiner: Joiner, message: dict[str, Any]) -> str:
        """Act on a joiner's message (the loop's thread); return why to cut it off ("" to go on)."""
        budget = self._message_budgets.setdefault(joiner.seat, Budget(MESSAGES_PER_MINUTE, MESSAGES_TOTAL))
        if not budget.spend():
            return (f"too many messages: {MESSAGES_TOTAL} from this seat" if budget.used_up else
                    f"too many messages: over {MESSAGES_PER_MINUTE} in a minute")
        kind = message["t"]
        if kind == "want":
            self._want(joiner, message["files"])
        elif kind == "note":
            self._note_from(joiner, message)
        elif kind == "answers":
            self._answers_from(joiner, message["answers"])
        elif joiner.seat == SPECTATOR:
            self.reply(joiner, {"t": "refused", "reason": encode(N_("a spectator does not play")),
                                "move": message.get("move"), "id": message.get("id")})
        else:
            self._to_seat(joiner, message)
        return ""

    def reply(self, joiner: Joiner, message: dict[str, Any]) -> None:
        """Send ``message`` to ``joiner`` (from any thread); a browser reads its reason as text in its language."""
        if joiner.is_web and "reason" in message:
            message = {**message, "reason": webview.say(decode(message["reason"]), joiner.lang)}
        super().reply(joiner, message)

    def _to_seat(self, joiner: Joiner, message: dict[str, Any]) -> None:
        """Hand an ``act`` or ``why`` to the seat's player when it is asked; else refuse it now."""
        seat = joiner.seat
        if message.get("seat") is not None and message["seat"] != seat:
            self.reply(joiner, {"t": "refused", "move": message.get("move"),
                                "reason": encode(N_("this connection plays seat {n}, not seat {m}", n=seat + 1,
                                                    m=message["seat"] + 1))})
            return
        with self._lock:
            asked = seat in self._asks
            to_move = self._to_move
        if not asked:
            reason = (N_("the game is over") if to_move is None else
                      N_("it is not your turn (waiting for seat {n})", n=to_move + 1))
            if message["t"] == "why":
                self.reply(joiner, {"t": "reason", "id": message["id"], "reason": encode(reason)})
            else:
                self.reply(joiner, {"t": "refused", "move": message["move"], "reason": encode(reason)})
            return
        if not self.player(seat).deliver(joiner, message):
            self.reply(joiner, {"t": "refused", "move": message.get("move"), "id": message.get("id"),
                                "reason": encode(N_("too many choices at once: wait for the answer"))})

    def _note_from(self, joiner: Joiner, message: dict[str, Any]) -> None:
        """Write a joiner's note into the game's log, saying who wrote it (notes are public; a seat's are bounded)."""
        write = self._notes
        seat = message.get("seat")
        if write is None or seat is not None and not 0 <= seat < self.players:
            return
        budget = self._note_budgets.setdefault(joiner.seat, Budget(NOTES_PER_MINUTE, NOTES_TOTAL))
        if not budget.spend():
            why = (N_("no more notes from this seat in this game ({n} written)", n=NOTES_TOTAL) if budget.used_up
                   else N_("too many notes: at most {n} a minute", n=NOTES_PER_MINUTE))
            self.reply(joiner, {"t": "refused", "move": message["move"], "reason": encode(why)})
            return
        who = _(self._who(joiner)) + (f" ({joiner.name})" if joiner.name else "")
        text = " ".join(str(message["text"]).split())
        try:
            write(min(message["move"], self._moves), seat, f"{who}: {text}")
        except (TabletopError, OSError, ValueError) as exc:  # a full disk: the game goes on without the note
            self._note(N_("A note from {who} was not written: {why}", who=who, why=str(exc)))

    def _answers_from(self, joiner: Joiner, answers: list[dict[str, Any]]) -> None:
        """Keep a remote seat's answers to the questions it was sent (once; anything else is refused)."""
        seat = joiner.seat
        problem = self._round.answer(seat, answers) if seat in self.seats else N_("no questions were asked")
        if problem:
            self._note(N_("The answers of {who} were not kept: {why}", who=self._who(joiner), why=str(problem)))

    def _want(self, joiner: Joiner, digests: list[str]) -> None:
        if self.art is None:
            return
        known = set(joiner.art)
        for digest in digests:
            if digest not in known and self.art.path(digest) is not None:
                joiner.art.append(digest)
                known.add(digest)
        if joiner.queue.empty():
            joiner.queue.put_nowait(None)  # wakes the writer, which sends art when nothing else waits

    async def _send_art(self, joiner: Joiner, digest: str) -> None:
        path = self.art.path(digest) if self.art is not None else None
        if path is None:
            return
        try:
            data = await asyncio.to_thread(path.read_bytes)
        except OSError:
            return  # gone meanwhile: the next look at the folder says so
        await asyncio.wait_for(joiner.ws.send(bytes.fromhex(digest) + data), self.send_seconds + len(data) / ART_RATE)
        self.sent_bytes += len(data)

    def _leave(self, joiner: Joiner) -> None:
        seat = joiner.seat
        with self._lock:
            if seat == SPECTATOR:
                if joiner in self._watchers:
                    self._watchers.remove(joiner)
                left = False
            else:
                left = self._conns.get(seat) is joiner
                if left:
                    del self._conns[seat]
                    self._presence[seat] = STAND_IN if self._decisions.get(seat) == "bot" else AWAY
                    self._away_since[seat] = time.monotonic()
        if left:
            self._note(N_("Seat {n} disconnected", n=seat + 1))
            self._announce()

    def _announce(self) -> None:
        """Tell every joiner who is here (the loop's thread)."""
        with self._lock:
            text = dumps({"t": "seats", "seats": list(self._presence),
                          "names": list(self._info.names) if self._info is not None else []})
        for joiner in self._all():
            self._offer(joiner, text)

    def _helpers(self) -> list[Any]:
        return [self._watch_art()]

    async def _watch_art(self) -> None:
        """Look at the art folder (and the faces file) every so often; tell every joiner what changed."""
        while True:
            await asyncio.sleep(ART_POLL)
            art = self.art  # set (and replaced) by each game the host serves
            if art is None:
                continue
            changes = await asyncio.to_thread(art.refresh)
            if changes:
                text = dumps({"t": "art", "files": changes})
                for joiner in self._all():
                    if not joiner.is_web:  # a browser is sent each card's picture with the card
                        self._offer(joiner, text)
            images = self.images
            if images is not None and await asyncio.to_thread(images.refresh, bool(changes)):
                for joiner in self._all():
                    if joiner.is_web:  # the table again, its cards with their new pictures
                        self._offer(joiner, dumps(self._web_table(joiner)))

    def _web_table(self, joiner: Joiner) -> dict[str, Any]:
        """Return a browser seat's table as it stands (a ``state`` without events)."""
        with self._lock:
            table, moves = self._views.get(joiner.seat), self._moves
        if table is None:
            return {"t": "seats", "seats": list(self._presence), "names": []}
        return webview.table_message("state", moves, table, (), joiner.seat, self.images, joiner.lang)

    def _all(self) -> list[Joiner]:
        with self._lock:
            return [*self._conns.values(), *self._watchers]
