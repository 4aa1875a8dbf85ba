"""JSON Lines game logs: a header (game, options, seats, seed, version), one line per action, an end line.

Each line is flushed as it is written, so a crash or a kill loses at most the action in progress.
An action line says when it was made (``at``: seconds since the log was opened) and, for a real
choice, how long its seat thought (``think``). A ``note`` line is a note someone wrote at a move
(public, never sealed); the last line of a game played at the table says how it ended
(``{"type": "closed", "how": "finished" | "left" | "interrupted" | "crashed"}``). A game played
on from another log's position names it in its header (``parent``: that log and move) and starts
with that log's moves, marked ``copied``. A log is never written over: :meth:`GameLog.create`
refuses an existing file.
An undo is a line too (``{"type": "undo", "to": N}``: the game went back to before move N), so
the file stays an exact history of what happened and replays to the same end.
:func:`replay` rebuilds the exact game from a log by submitting every logged action through the
session's one legality gate; it is handed the factory that makes a game from its registered name
(:func:`tabletop.plugins.replays.replay` hands it the registry's), since the engine knows no game.

A *fair* game's log hides what could give its hidden cards away while it is being played: the
header names a game id instead of the seed, and each action line is sealed (encrypted with a key
drawn from the seed). The seed is written when the game ends or is left (an ``end`` or ``seed``
line), which unseals everything; the log of a fair game killed before that cannot be replayed.

Logs are read one line at a time and every field is checked: an edited, cut or hostile log gives
one :class:`LogError` line naming the file and line, and a problem early in a huge log is reported
without reading the rest. The header keeps a digest of the deck, so a deck file changed since the
game was played is reported instead of replaying a different game.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from tabletop import __version__
from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario
from tabletop.engine.errors import LogWriteError
from tabletop.engine.game import Game
from tabletop.engine.guard import shown_path
from tabletop.engine.options import to_json
from tabletop.i18n import _

FORMAT = 1
"""Version of the log format written in every header."""
SCENARIO_SALT = -1
"""The key stream a fair log's scenario is sealed with (action lines use their line numbers)."""
ENDINGS = ("finished", "left", "interrupted", "crashed")
"""How a game played at the table ended, as its log's ``closed`` line says."""


class GameLog:
    """Writes one game's log, line by line, flushed per line (sealed while a fair game is on)."""

    def __init__(self, stream: IO[str], path: Path | None = None, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.path = path
        self.fair = False
        self.seed = 0
        self.game_id = ""
        self._revealed = False
        self._lines = 0
        self.size = 0  # bytes of whole lines written
        self.copying = False
        """While set, actions are written as ``copied`` from the parent log (a game played on from there)."""
        self.closed_as: str | None = None
        """How the game ended, once the ``closed`` line is written."""
        self.clock = clock
        """What each line's ``at`` is read from (the table's own clock, so think and wait times agree)."""
        self._started = clock()
        self._lock = threading.Lock()

    @classmethod
    def create(cls, path: Path | str, *, game: Game, seat_names: Sequence[str], seed: int,
               fair: bool = False, game_id: str = "", parent: dict[str, Any] | None = None,
               clock: Callable[[], float] = time.monotonic, scenario: Scenario | None = None,
               version: dict[str, str] | None = None) -> GameLog:
        """Open ``path`` (folders made as needed; never an existing file) and write the header of a new game.

        A ``fair`` log names ``game_id`` instead of the seed and seals its actions (and the ``scenario``
        the game starts from, which names cards in hands) until the end; ``parent`` names the log and
        move a game played on from another one starts at; ``version`` the game's version (id and hash).

        :raises LogWriteError: naming the path when it exists or cannot be written (a folder, a full disk...).
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            stream = open(path, "x", encoding="utf-8")  # noqa: SIM115 - kept open for the game
        except FileExistsError:
            raise LogWriteError(_("game log {file}: the file exists already, and a log is never written over:"
                                  " give another name, or move that file").format(file=shown_path(path))) from None
        except OSError as exc:
            raise LogWriteError(f"game log {shown_path(path)}: cannot write it: {_reason(exc)}") from None
        log = cls(stream, path, clock=clock)
        log.header(game=game, seat_names=seat_names, seed=seed, fair=fair, game_id=game_id, parent=parent,
                   scenario=scenario, version=version)
        return log

    def elapsed(self) -> float:
        """Return the seconds since the log was opened (what each line's ``at`` says), to the millisecond."""
        return round(self.clock() - self._started, 3)

    def _write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"
        with self._lock:  # a bot's move on its worker thread and the table's closing line never interleave
            self._write_line(line)

    def _write_line(self, line: str) -> None:
        try:
            self.stream.write(line)
            self.stream.flush()
        except OSError as exc:
            if self.path is not None:  # cut a half-written line off: the log stays whole lines
                with contextlib.suppress(OSError):
                    os.truncate(self.path, self.size)
            where = shown_path(self.path) if self.path else "the game log"
            raise LogWriteError(f"game log {where}: cannot write: {_reason(exc)}; the game stopped, and the"
                                " log holds every move before this one") from None
        self.size += len(line.encode("utf-8"))
        self._lines += 1

    def header(self, *, game: Game, seat_names: Sequence[str], seed: int, fair: bool = False,
               game_id: str = "", parent: dict[str, Any] | None = None, scenario: Scenario | None = None,
               version: dict[str, str] | None = None) -> None:
        """Write the header line: everything needed to set the same game up again (a fair game's
        seed comes at the end). ``deck`` is a digest of the cards the game is played with (their
        every field); ``version`` names the version of the game's files (``{"id": "v2", "hash": ...}``)."""
        self.fair, self.seed, self.game_id = fair, seed, game_id or new_game_id()
        extra: dict[str, Any] = {"fair": True} if fair else {}
        if version is not None:
            extra["version"] = {"id": version["id"], "hash": version["hash"]}
        if scenario is not None:
            data = json.dumps(scenario.to_json(), ensure_ascii=False)
            extra["scenario"] = {"sealed": seal(data, seed, SCENARIO_SALT)} if fair else scenario.to_json()
        self._write({
            "type": "header", "format": FORMAT, "tabletop": __version__, "game": game.name,
            "players": game.players, "options": to_json(game.options), "seats": list(seat_names),
            "seed": None if fair else seed, "deck": deck_digest(game), "game_id": self.game_id, **extra,
            "started": datetime.now(UTC).isoformat(timespec="seconds"), **({"parent": parent} if parent else {}),
        })

    def action(self, index: int, seat: int, action: Action, note: str | None = None,
               seconds: float | None = None) -> None:
        """Write one action (``note`` says e.g. that a fallback replaced a bot's answer; ``seconds``
        is how long its seat thought, for a real choice)."""
        if self.closed_as is not None:
            return  # a bot's move finished after the game was closed is not part of it
        record: dict[str, Any] = {"type": "action", "n": index, "seat": seat}
        if self.copying:
            record["copied"] = True
        else:
            record["at"] = self.elapsed()
            if seconds is not None:
                record["think"] = round(max(0.0, seconds), 3)
        if self.fair and not self._revealed:
            # Each sealed line has its own key stream (the line number), even where undo repeats an n.
            text = json.dumps({"action": action.to_json(), "note": note}, separators=(",", ":"))
            record["sealed"] = seal(text, self.seed, self._lines)
            record["line"] = self._lines
        else:
            record["action"] = action.to_json()
            if note:
                record["note"] = note
        self._write(record)

    def undo(self, to: int) -> None:
        """Write that the game went back to before move ``to`` (the moves after it are undone)."""
        self._write({"type": "undo", "to": to})

    def end(self, scores: Sequence[int], ranks: Sequence[int]) -> None:
        """Write the final scores and ranks (and a fair game's seed, now that nothing is hidden)."""
        record: dict[str, Any] = {"type": "end", "scores": list(scores), "ranks": list(ranks)}
        if self.fair:
            record["seed"] = self.seed
            self._revealed = True
        self._write(record)

    def reveal(self) -> None:
        """Write a fair game's seed now (the game was left before its end), once."""
        if self.fair and not self._revealed and not self.stream.closed:
            self._revealed = True
            self._write({"type": "seed", "seed": self.seed})

    def note(self, move: int, seat: int | None, text: str) -> dict[str, Any]:
        """Write a note someone made at ``move`` (``seat`` to move there): public, never sealed; return its line."""
        record = note_record(move, seat, text, at=self.elapsed())
        self._write(record)
        return record

    def feedback(self, seat: int, answers: list[dict[str, Any]]) -> None:
        """Write a person's answers to the game's questions (none: skipped), sealed like an action in a fair game."""
        record: dict[str, Any] = {"type": "feedback", "seat": seat, "at": self.elapsed()}
        if self.fair:
            record["sealed"] = seal(json.dumps(answers, separators=(",", ":"), ensure_ascii=False), self.seed,
                                    self._lines)
            record["line"] = self._lines
        else:
            record["answers"] = answers
        if self.stream.closed and self.path is not None:  # a remote seat answered after the table closed the log
            with self._lock, open(self.path, "a", encoding="utf-8") as stream:
                stream.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
            return
        self._write(record)

    def closed(self, how: str, moves: int) -> None:
        """Write how the game ended (one of :data:`ENDINGS`) after ``moves`` moves, once: the log's last line."""
        if how not in ENDINGS:
            raise ValueError(f"a game ends {' / '.join(ENDINGS)}, not {how!r}")
        if self.closed_as is None and not self.stream.closed:
            self.closed_as = how
            self._write({"type": "closed", "how": how, "moves": moves, "at": self.elapsed()})

    def close(self) -> None:
        """Close the file (safe to call twice, and after a failed write)."""
        if not self.stream.closed:
            try:
                self.stream.close()
            except OSError:  # the line that could not be written is lost; every one before is kept
                with contextlib.suppress(OSError):
                    self.stream.close()
                if self.path is not None:
                    with contextlib.suppress(OSError):
                        os.truncate(self.path, self.size)


MAX_NOTE = 2000
"""Characters a note keeps (a longer text is cut there)."""


def note_record(move: int, seat: int | None, text: str, *, at: float | None = None) -> dict[str, Any]:
    """Return the log line of a note at ``move`` (``seat`` to move there; ``at``: seconds into the game)."""
    record: dict[str, Any] = {"type": "note", "n": move, "seat": seat, "text": text[:MAX_NOTE]}
    if at is not None:
        record["at"] = at
    record["written"] = datetime.now(UTC).isoformat(timespec="seconds")
    return record


def _reason(exc: OSError) -> str:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    return exc.strerror or str(exc)


def new_game_id() -> str:
    """Return a short random id naming a game without giving its seed away ("g-3f9a2c")."""
    return f"g-{secrets.token_hex(3)}"


def _key_stream(seed: int, salt: int, size: int) -> bytes:
    key = hashlib.blake2b(str(seed).encode(), digest_size=32).digest()
    out = bytearray()
    block = 0
    while len(out) < size:
        out += hashlib.blake2b(f"{salt}:{block}".encode(), key=key, digest_size=64).digest()
        block += 1
    return bytes(out[:size])


SEAL_BLOCK = 256
"""Sealed lines are padded to a multiple of this many bytes: a line's length must not tell what it holds
(five discarded cards with two tens are longer than five without)."""


def seal(text: str, seed: int, salt: int) -> str:
    """Return ``text`` sealed with a key stream drawn from ``seed`` and ``salt``, as hex, padded with spaces
    to a multiple of :data:`SEAL_BLOCK` bytes (JSON ignores them).

    >>> unseal(seal("play AS", 12345, 3), 12345, 3)
    'play AS'
    >>> len(seal("play AS", 1, 0)) == len(seal("discard 10H 10S 10D 10C 9H", 1, 0))
    True
    """
    data = text.encode()
    data += b" " * (-len(data) % SEAL_BLOCK)
    stream = _key_stream(seed, salt, len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big").hex()


def unseal(sealed: str, seed: int, salt: int) -> str:
    """Return the text :func:`seal` sealed.

    :raises ValueError: when it was not sealed with this seed.
    """
    data = bytes.fromhex(sealed)
    stream = _key_stream(seed, salt, len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big").decode().rstrip(" ")


def default_log_path(game_name: str, seed: int | str, folder: Path | str = "logs") -> Path:
    """Return ``logs/<game>-<timestamp>-seed<seed>.jsonl`` (a fair game passes its id, not its seed)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    tag = f"seed{seed}" if isinstance(seed, int) else seed
    path = Path(folder) / f"{game_name}-{stamp}-{tag}.jsonl"
    n = 2
    while path.exists():
        path = Path(folder) / f"{game_name}-{stamp}-{tag}-{n}.jsonl"
        n += 1
    return path


def deck_digest(game: Game) -> str:
    """Return a short digest of the game's deck: every card with its fields, in deck order."""
    digest = hashlib.sha256()
    for card in game.deck():
        digest.update(repr((card.id, card.suit, card.rank, card.value, card.name, card.text, card.points,
                            card.color, card.fields)).encode("utf-8", "backslashreplace"))
    return f"sha256:{digest.hexdigest()[:32]}"


