"""The ``humanlike`` bot: it chooses as the testers of some logs chose, from a model fitted to their choices.

``humanlike:LOGS`` names the logs (a file, a glob such as ``logs/*.jsonl``, or a folder of them). The bot
replays them with the rules it plays, reads every decision the people made (every seat's, in a log played by
bots alone), fits how they choose (:mod:`tabletop.bots.choices`: which kinds of move and which cards they
favour when they could take them) and draws each move from that model with its own seeded generator: the
same seed gives the same game. The fit is made once per process and set of logs (so a simulation's worker
processes fit it once each, from the same files, to the same weights).
"""

from __future__ import annotations

import glob
import hashlib
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.bots.base import Bot
from tabletop.bots.choices import ChoiceFit, fit_choices
from tabletop.engine.actions import Action
from tabletop.engine.errors import LogError, UserInputError
from tabletop.engine.views import View
from tabletop.formats.decisions import PEOPLE, logged_game
from tabletop.formats.logread import iter_records
from tabletop.i18n import _

PREFIX = "humanlike:"
"""How a seat names this bot with its logs."""
MAX_LOGS = 5000
"""Logs one fit reads at most."""


@dataclass(frozen=True)
class LogSource:
    """The logs a ``humanlike`` bot learns from, as named (``text``) and as found (absolute paths)."""

    text: str
    paths: tuple[Path, ...]

    def key(self) -> str:
        """Return what identifies these logs' contents now (their paths, sizes and times)."""
        digest = hashlib.sha256()
        for path in self.paths:
            info = path.stat()
            digest.update(f"{path}\x1f{info.st_size}\x1f{info.st_mtime_ns}\n".encode())
        return digest.hexdigest()


def find_logs(text: str) -> LogSource:
    """Return the logs ``text`` names: a file, a glob, or a folder (its ``*.jsonl`` files).

    :raises ValueError: when it names no log.
    """
    path = Path(text).expanduser()
    if path.is_dir():
        found = sorted(path.glob("*.jsonl"))
    elif path.is_file():
        found = [path]
    else:
        found = sorted(Path(p) for p in glob.glob(str(path)) if Path(p).is_file())
    if not found:
        raise ValueError(_("no game log at {text}: give a log file, a glob (logs/*.jsonl) or a folder of logs").format(
            text=repr(text)))
    if len(found) > MAX_LOGS:
        raise ValueError(_("{n:,} logs at {text}: at most {most:,}").format(n=len(found), text=repr(text), most=MAX_LOGS))
    return LogSource(text, tuple(p.resolve() for p in found))


@dataclass
class Fitted:
    """A fit and what it was made from: the logs used, and those skipped with why."""

    fit: ChoiceFit
    logs: list[Path] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    all_seats: int = 0
    """Logs with no person at the table, whose every seat was learnt from."""


_FITS: dict[tuple[Any, ...], Fitted] = {}


def fitted(game: Any, source: LogSource) -> Fitted:
    """Return the fit of ``source``'s choices for ``game`` (an instance: its rules replay the logs), made once.

    :raises UserInputError: for a log of another game, or when no log can be replayed by these rules.
    """
    key = (type(game).__module__, type(game).__qualname__, game.players, repr(game.options), source.key())
    known = _FITS.get(key)
    if known is None:
        if len(_FITS) >= 16:
            _FITS.clear()
        known = _FITS[key] = _fit(game, source)
    return known


def _fit(game: Any, source: LogSource) -> Fitted:
    cls = type(game)

    def make(name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Any:
        if name != game.name:
            raise UserInputError(_("humanlike:{logs}: a log of {other}, not {game}: give logs of {game}").format(
                logs=source.text, other=name, game=game.name))
        return cls(players=players, options=options)

    moments: list[tuple[tuple[Action, ...], Action, int]] = []
    used, skipped, all_seats = [], [], 0
    for index, path in enumerate(source.paths):
        try:
            named = next(iter_records(path), (0, {}))[1].get("game")
            if named != game.name:  # said, not skipped: the logs were named by mistake
                raise UserInputError(_("humanlike:{logs}: {file} is a log of {other}, not {game}: give logs of"
                                       " {game}").format(logs=source.text, file=path.name, other=repr(named),
                                                         game=game.name))
            logged = logged_game(path, make)
        except LogError as exc:
            skipped.append(str(exc))
            continue
        people = logged.people()
        all_seats += not any(s in PEOPLE for s in logged.seats)
        moments += [(d.legal, d.chosen, index) for d in logged.decisions if d.seat in people]
        used.append(path)
    if not moments:
        why = skipped[0] if skipped else _("no decision in them")
        raise UserInputError(_("humanlike:{logs}: no choice to learn from ({why})").format(logs=source.text, why=why))
    return Fitted(fit_choices(moments), used, skipped, all_seats)


class HumanlikeBot(Bot):
    """Draws each move from a model of how the testers of some logs chose."""

    name = "humanlike"
    description = "plays as the testers of some logs chose (humanlike:LOGS, a file, glob or folder)"
    parameter = "the logs to learn from: a file, a glob (logs/*.jsonl) or a folder"
    needs_parameter = True

    def __init__(self, rng: random.Random, game: Any = None) -> None:
        super().__init__(rng, game)
        self._game = game
        self._source: LogSource | None = None
        self._fit: ChoiceFit | None = None

    @classmethod
    def parse_parameter(cls, text: str) -> LogSource:
        """Return the logs ``text`` names.

        :raises ValueError: when it names none.
        """
        return find_logs(text)

    def configure(self, value: Any) -> None:
        """Take the logs to learn from."""
        self._source = value

    def choose(self, view: View) -> Action:
        """Return a legal action drawn with the fitted chances (uniform when no logs were named)."""
        legal = view.legal
        if self._fit is None:
            if self._source is None or self._game is None:
                return legal[int(self.rng.random() * len(legal))]
            self._fit = fitted(self._game, self._source).fit
        weights = self._fit.probabilities(legal)
        draw = self.rng.random()
        for action, p in zip(legal, weights, strict=True):
            draw -= p
            if draw < 0:
                return action
        return legal[-1]
