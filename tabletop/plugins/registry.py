"""The one registry of games and bots that the CLI, start screen, simulator and tests read.

Built-in games and bots are listed here; :mod:`tabletop.plugins.discovery` (a layer above, which this module
never imports) finds plugin ones and registers them with :func:`register_game` and :func:`register_bot`,
once :mod:`tabletop.plugins.checks` finds nothing wrong with their declarations. The reserved names
are in :mod:`tabletop.plugins.reserved`, the error a bad declaration raises in :mod:`tabletop.plugins.errors`.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop import bots as builtin_bots
from tabletop import games as builtin_games
from tabletop.engine import folders
from tabletop.engine.errors import UserInputError
from tabletop.engine.game import Game
from tabletop.engine.guard import is_user_interrupt, printable, short
from tabletop.engine.options import describe as describe_options
from tabletop.engine.rng import Seeds
from tabletop.engine.seats import make_bots
from tabletop.engine.session import DEFAULT_BOT_TIMEOUT
from tabletop.i18n import _
from tabletop.plugins.checks import check_bot_class, check_game_class
from tabletop.plugins.errors import PluginError, describe_error
from tabletop.plugins.process_bot import ProcessBot, new_bot_seed
from tabletop.plugins.reserved import BUILTIN, HUMAN, REMOTE_KINDS
from tabletop.plugins.watchdog import Watchdog

missing_games_dir: Path | None = None
"""The games folder plugin discovery was last given when it was not a folder (for "unknown game")."""


@dataclass
class Entry:
    """A registered game or bot: where it comes from, and its class or the error that broke it.

    ``plugin`` marks entries found by :func:`discover` (they are replaced when it runs again);
    ``extra`` holds facts about the source such as a game folder's ``folder`` and ``art_dir``.
    A plugin's ``info`` is what its probe reported (title, seats, options...), so it can be listed
    without running its code here; ``loader`` imports it in this process when a command needs it.
    """

    name: str
    source: str
    target: str
    cls: Any = None
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    plugin: bool = False
    kind: str = "game"
    info: dict[str, Any] | None = None
    loader: Callable[[], Any] | None = None
    trusted: bool = False
    """The game runs tabletop's own code only (a deck-only folder on the built-in sandbox): the
    simulator plays it like a built-in, in process."""

    @property
    def is_broken(self) -> bool:
        """True when the game or bot could not be imported or declares itself badly."""
        return self.error is not None

    @property
    def is_builtin(self) -> bool:
        """True for the games and bots shipped with tabletop."""
        return self.source == BUILTIN

    @property
    def runs_own_code(self) -> bool:
        """True when only tabletop's own code runs: a built-in, or a folder played by a built-in game."""
        return self.is_builtin or self.trusted

    def load(self) -> Any:
        """Return the class, importing and checking it on first use.

        :raises UserInputError: when the game or bot is broken (with its error).
        """
        if self.cls is None and self.error is None:
            try:
                if self.loader is not None:
                    cls = self.loader()
                else:
                    module, _colon, attr = self.target.partition(":")
                    cls = getattr(importlib.import_module(module), attr)
                problems = check_game_class(cls) if self.kind == "game" else check_bot_class(cls)
                if problems:
                    raise PluginError("; ".join(problems), problems)
                self.cls = cls
            except BaseException as exc:  # a broken plugin must not hide the others, nor end the tool
                if is_user_interrupt(exc):
                    raise
                self.error = describe_error(exc)
        if self.error is not None:
            raise UserInputError(_("{name} ({source}) is broken: {problem}").format(name=self.name, source=self.source,
                                                                                   problem=self.error))
        return self.cls

    def describe(self) -> dict[str, Any]:
        """Return title, summary, seat range and options (name, default, allowed, help) for listings.

        A plugin is described from its probe's report, without importing it here.

        :raises UserInputError: when the game is broken.
        """
        if self.info is not None and self.cls is None:
            if self.error is not None:
                raise UserInputError(f"{self.name} ({self.source}) is broken: {self.error}")
            return self.info
        cls = self.load()
        return {"name": cls.name, "title": printable(str(cls.title)), "summary": printable(str(cls.summary)),
                "min_players": cls.min_players, "max_players": cls.max_players,
                "options": [{"name": i.name, "default": i.default, "allowed": i.allowed(), "help": i.help}
                            for i in describe_options(cls.Options)]}


_games: dict[str, Entry] = {}
_bots: dict[str, Entry] = {}


def _ensure_builtins() -> None:
    if not _games:
        for name, target in builtin_games.BUILTIN.items():
            _games[name] = Entry(name, BUILTIN, target)
    if not _bots:
        for name, target in builtin_bots.BUILTIN.items():
            _bots[name] = Entry(name, BUILTIN, target, kind="bot")


# -- registering ----------------------------------------------------------------------------
def register_game(cls: type[Game], source: str = "code", *, plugin: bool = False,
                  extra: dict[str, Any] | None = None) -> Entry:
    """Register a game class under ``cls.name`` (validated now, not mid-deal) and return its entry.

    :raises PluginError: listing every problem with the declaration, or naming the clash.
    """
    return _register(_games, cls, check_game_class(cls), "game", source, plugin, extra)


def register_bot(cls: type, source: str = "code", *, plugin: bool = False,
                 extra: dict[str, Any] | None = None) -> Entry:
    """Register a bot class under ``cls.name`` and return its entry.

    :raises PluginError: when the class is not a usable bot or its name is taken.
    """
    return _register(_bots, cls, check_bot_class(cls), "bot", source, plugin, extra)


def _register(table: dict[str, Entry], cls: Any, problems: list[str], kind: str, source: str,
              plugin: bool, extra: dict[str, Any] | None) -> Entry:
    _ensure_builtins()
    if problems:
        raise PluginError(f"{kind} {getattr(cls, 'name', cls)!r} ({source}): " + "; ".join(problems), problems)
    target = f"{cls.__module__}:{cls.__qualname__}"
    old = table.get(cls.name)
    if old is not None:
        if old.cls is cls or old.target == target:
            return old  # the same class found twice (say, code and an entry point): keep the first
        raise PluginError(
            f"{kind} name {cls.name!r} ({source}) is already taken by {old.source}; rename one of them"
        )
    entry = Entry(cls.name, source, target, cls=cls, extra=dict(extra or {}), plugin=plugin, kind=kind)
    table[cls.name] = entry
    return entry


def add_plugin(kind: str, name: str, source: str, info: dict[str, Any], loader: Callable[[], Any], *,
               extra: dict[str, Any] | None = None) -> Entry:
    """Record a plugin game or bot (``kind``) that its probe found sound; it is imported on first use."""
    _ensure_builtins()
    table = _games if kind == "game" else _bots
    old = table.get(name)
    target = str(info.get("target") or "")
    if old is not None:
        if target and (old.target == target or old.cls is not None and
                       f"{old.cls.__module__}:{old.cls.__qualname__}" == target):
            return old  # the same class found twice (say, code and an entry point): keep the first
        return add_broken(kind, name, source,
                          f"{kind} name {name!r} is already taken by {old.source}; rename one of them", extra=extra)
    entry = Entry(name, source, target, extra=dict(extra or {}), plugin=True, kind=kind, info=_printable(info),
                  loader=loader)
    table[name] = entry
    return entry


def _printable(value: Any) -> Any:
    """Return a plugin's report with every text safe to print (no terminal escapes, no NULs)."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {k: _printable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_printable(v) for v in value]
    return value


def add_broken(kind: str, name: str, source: str, error: str, *, extra: dict[str, Any] | None = None) -> Entry:
    """Record a game or bot (``kind``) that could not be loaded, so listings show it with its error."""
    _ensure_builtins()
    table = _games if kind == "game" else _bots
    key = name if name not in table else f"{name} [{source}]"
    entry = Entry(name, source, "", error=printable(error), extra=dict(extra or {}), plugin=True, kind=kind)
    table[key] = entry
    return entry


def fail_trial(entry: Entry, error: str) -> None:
    """Mark a plugin game broken by its probe's test game (``error``): commands refuse it, but
    :func:`examine` still lets ``tabletop check`` play it to find out why."""
    if entry.error is None and entry.loader is not None:
        entry.error = error
        entry.extra["trial"] = error


def examine(name: str) -> Entry:
    """Return the entry of game ``name`` for ``tabletop check``: a game broken only by its probe's test
    game (it imports and declares itself soundly) is let through in this process, to be checked.

    :raises UserInputError: for an unknown name.
    """
    entry = game_entry(name)
    if entry.error is not None and entry.error == entry.extra.get("trial"):
        entry.error = None
    return entry


def forget_plugins() -> None:
    """Drop every plugin entry (:func:`tabletop.plugins.discovery.discover` calls this before looking again)."""
    for table in (_games, _bots):
        for key in [k for k, e in table.items() if e.plugin]:
            del table[key]


def game_entries() -> list[Entry]:
    """Return every known game entry, broken ones included, sorted by name."""
    _ensure_builtins()
    return [_games[k] for k in sorted(_games)]


def bot_entries() -> list[Entry]:
    """Return every known bot entry, sorted by name."""
    _ensure_builtins()
    return [_bots[k] for k in sorted(_bots)]


def game_entry(name: str) -> Entry:
    """Return the entry of the game registered as ``name`` (a working one before a clashing broken one).

    :raises UserInputError: for an unknown name (listing the known ones).
    """
    _ensure_builtins()
    entry = _games.get(name)
    if entry is None:
        known = ", ".join(sorted(e.name for e in _games.values() if not e.is_broken))
        missing = missing_games_dir
        if missing:
            raise UserInputError(_("unknown game {name}; known games: {known} (there is no games folder {folder}:"
                                   " check --games-dir)").format(name=repr(name), known=known, folder=missing))
        raise UserInputError(_("unknown game {name}; known games: {known}").format(name=repr(name), known=known))
    return entry


def game_class(name: str) -> type[Game]:
    """Return the game class registered as ``name``.

    :raises UserInputError: for an unknown name (listing the known ones) or a broken game.
    """
    return game_entry(name).load()


def make_game(name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Game:
    """Return the game ``name`` for ``players`` seats with ``options`` (raw values, checked)."""
    return game_class(name)(players=players, options=options or {})


def bot_class(name: str) -> type:
    """Return the bot class registered as ``name``.

    :raises UserInputError: for an unknown or broken bot.
    """
    return bot_entry(name).load()


def expand_seats(spec: Sequence[str] | str, players: int, *, remote: bool = False) -> list[str]:
    """Return one seat name per player from ``"random"`` (all seats) or ``"human,random,..."``
    (``remote`` seats too, where the game is hosted for other machines).

    :raises UserInputError: when the count does not match or a name is unknown.
    """
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else [s.strip() for s in spec]
    if any(not n for n in names):
        shown = short(",".join(names), 60)
        raise UserInputError(f"seats {shown!r}: seat {names.index('') + 1} has no name; give one name per seat"
                             " (e.g. human,random,random,random), or one for all")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UserInputError(_("{count} seats given ({names}) for {players} players: give one name per seat, or one"
                               " for all").format(count=len(names), names=", ".join(names), players=players))
    for n in names:
        if n in REMOTE_KINDS and not remote:
            raise UserInputError(_("seat {n} is {remote}: remote seats are played from another machine; host the game"
                                   " with tabletop host").format(n=names.index(n) + 1, remote=repr(n)))
        if n not in (HUMAN, *REMOTE_KINDS):
            parse_bot(n.removeprefix(PROCESS))
    return names


@dataclass(frozen=True)
class BotChoice:
    """A seat's bot as named (``ismcts:200ms``): the registered bot and its parameter, parsed once."""

    spec: str
    name: str
    entry: Entry
    cls: Any
    value: Any = None
    has_value: bool = False

    def make(self, rng: random.Random, game: Game) -> Any:
        """Return a new bot of this kind, configured with the parameter if one was given."""
        bot = self.cls(rng, game)
        if self.has_value:
            bot.configure(self.value)
        return bot


def bot_choices(game: Entry | None = None) -> list[str]:
    """Return every usable bot as a seat may name it: a bot with strengths once per strength
    (``ismcts:50ms``, ``ismcts:200ms``...), as the start screen offers them; with ``game``, only the bots
    that fit it (:func:`bot_fits`)."""
    out: list[str] = []
    for entry in bot_entries():
        cls = _loaded(entry)
        if cls is None or getattr(cls, "needs_parameter", False):  # offered bare, it could not play
            continue
        if game is not None and not bot_fits(entry, cls, game):
            continue
        presets = getattr(cls, "presets", ()) or ()
        out += [f"{entry.name}:{p}" for p in presets] if presets else [entry.name]
    return out


def bot_names(game: Entry | None = None) -> list[str]:
    """Return the bots a screen offers (with ``game``: those that fit it), ``random`` first (it plays every game).

    The one order every screen lists bots in: the start screen's seats and a replay's "Play from here".
    """
    names = bot_choices(game) or ["random"]
    return sorted(names, key=lambda n: n != "random")


def bot_fits(entry: Entry, cls: Any, game: Entry) -> bool:
    """True when bot ``entry`` (its class ``cls``) was made for ``game`` or plays any game: a game folder's
    bots play that folder's game only; a bot's ``fits`` (its ``games``) says for the rest."""
    folder = entry.extra.get("folder")
    if folder is not None:
        return bool(game.extra.get("folder") == folder)
    fits = getattr(cls, "fits", None)
    if game.cls is None or not callable(fits):
        return True
    try:
        return bool(fits(game.cls))
    except Exception:  # noqa: BLE001 - a plugin bot's own test: broken, it is offered (its seat says the rest)
        return True


def _loaded(entry: Entry) -> Any:
    try:
        return entry.load()
    except UserInputError:
        return None


def parse_bot(spec: str) -> BotChoice:
    """Return the bot named by ``spec``: a bot's name, optionally with one parameter after a colon.

    :raises UserInputError: for an unknown or broken bot, or a parameter it does not take (naming the bot).
    """
    name, colon, text = (part.strip() for part in spec.partition(":"))
    if name == HUMAN:
        raise UserInputError(f"{spec!r}: {HUMAN!r} is a person at the table and takes no parameter")
    entry = bot_entry(name)
    cls = entry.load()
    if not colon:
        if getattr(cls, "needs_parameter", False):
            raise UserInputError(_("bot {name} needs its parameter after a colon: {parameter}").format(
                name=repr(name), parameter=getattr(cls, "parameter", "")))
        return BotChoice(spec, name, entry, cls)
    takes = getattr(cls, "parameter", "")
    if not takes or not callable(getattr(cls, "parse_parameter", None)):
        takers = [e.name for e in bot_entries() if getattr(_loaded(e), "parameter", "")]
        others = f"; bots that take one: {', '.join(takers)}" if takers else ""
        raise UserInputError(f"bot {name!r} takes no parameter (got {spec!r}){others}")
    if not text:
        raise UserInputError(f"bot {name!r}: nothing after the colon in {spec!r}; its parameter is {takes}")
    try:
        value = cls.parse_parameter(text)
    except ValueError as exc:
        raise UserInputError(f"bot {name!r}: bad parameter {text!r}: {exc}") from None
    except Exception as exc:  # a plugin's parser: its bug must read as a message, not a traceback
        raise UserInputError(f"bot {name!r} ({entry.source}): its parameter parser failed on {text!r}:"
                             f" {describe_error(exc)}") from None
    return BotChoice(spec, name, entry, cls, value, True)


def bot_entry(name: str) -> Entry:
    """Return the entry of the bot registered as ``name``.

    :raises UserInputError: for an unknown name (listing the known seats).
    """
    _ensure_builtins()
    entry = _bots.get(name)
    if entry is None:
        known = ", ".join([HUMAN, *sorted(e.name for e in _bots.values() if not e.is_broken)])
        raise UserInputError(_("unknown bot {name}; known seats: {known}").format(name=repr(name), known=known))
    return entry


def make_seats(names: Sequence[str], game: Game, seed: int, *,
               bot_timeout: float | None = DEFAULT_BOT_TIMEOUT) -> list[Any]:
    """Return a bot (or None for a human or a remote seat) per seat for a game dealt from ``seed``, made as
    :func:`~tabletop.engine.session.open_session` makes them from :func:`seat_makers` (for tests and
    tools that hold the bots themselves).

    :raises UserInputError: for an unknown or broken bot, or a plugin bot that fails to start.
    """
    return make_bots(game, seat_makers(names, game, bot_timeout=bot_timeout), Seeds(seed))


PROCESS = "process:"
"""A seat named ``process:NAME`` runs bot NAME in a process of its own (for bots you do not trust)."""


@dataclass(frozen=True)
class SeatMaker:
    """How one seat's bot is made when a session opens (a :class:`~tabletop.engine.seats.BotMaker`).

    ``how`` is ``trusted`` (a built-in bot, called directly, drawing from the generator the built-in
    bots share: the window, ``tabletop play`` and ``tabletop simulate`` seat the very same bots),
    ``watched`` (a plugin bot, or one with ``trusted = False``: its own generator, derived from the
    seed and the seat, so one stuck and drawing late does not shift the others' draws, and a
    :class:`~tabletop.plugins.watchdog.Watchdog` that gives up on a move after ``bot_timeout``
    seconds) or ``process`` (a bot in a process of its own, fed views as data). Trust comes from
    where a bot was installed, not from what it says of itself.
    """

    choice: BotChoice
    how: str
    bot_timeout: float | None = DEFAULT_BOT_TIMEOUT

    @property
    def bot_class(self) -> type:
        """The class of the bot it makes."""
        return self.choice.cls

    @property
    def shares_rng(self) -> bool:
        """True for a built-in bot (it draws from the generator the built-in bots share)."""
        return self.how == "trusted"

    def __call__(self, seeds: Seeds, seat: int, rules: Any) -> Any:
        """Return the bot of ``seat``, given its own copy of the rules.

        :raises UserInputError: when a plugin bot's constructor fails.
        """
        choice = self.choice
        if self.how == PROCESS:
            # Its seed is drawn at random, never derived from the game's: nothing of the deal can be computed back.
            return ProcessBot(choice.spec, rules, seat=seat, bot_seed=new_bot_seed(), timeout=self.bot_timeout,
                              games_dir=folders.games_dir().resolve())
        if self.how == "trusted":
            return choice.make(seeds.bots(), rules)
        try:
            bot = choice.make(seeds.bot(seat), rules)
        except Exception as exc:  # the bot's own constructor: report it like any broken plugin
            raise UserInputError(_("bot {name} ({source}) failed to start: {problem}").format(
                name=repr(choice.spec), source=choice.entry.source, problem=describe_error(exc))) from exc
        return Watchdog(bot, self.bot_timeout)


def seat_makers(names: Sequence[str], game: Game, *,
                bot_timeout: float | None = DEFAULT_BOT_TIMEOUT) -> list[SeatMaker | None]:
    """Return how to make each seat's bot (None for a human), the names looked up once: the seats
    :func:`~tabletop.engine.session.open_session` takes.

    :raises UserInputError: for an unknown or broken bot.
    """
    makers: list[SeatMaker | None] = []
    for n in names:
        if n in (HUMAN, *REMOTE_KINDS):  # a remote seat's player comes from the host (tabletop.net.seat)
            makers.append(None)
        elif n.startswith(PROCESS):
            # Checked here (an unknown bot, a bad parameter), not in the other process.
            choice = parse_bot(n.removeprefix(PROCESS))
            if getattr(choice.cls, "samples_worlds", False):
                raise UserInputError(f"{n!r}: bot {choice.name!r} searches sampled states of the game, which a bot in"
                                     f" a process of its own never receives (it gets views as data); name it without"
                                     f" {PROCESS!r}")
            makers.append(SeatMaker(choice, PROCESS, bot_timeout))
        else:
            choice = parse_bot(n)
            trusted = choice.entry.is_builtin and getattr(choice.cls, "trusted", True)
            makers.append(SeatMaker(choice, "trusted" if trusted else "watched", bot_timeout))
    return makers
