"""Games at a version: today's files recorded as a version on every use, and any stored version made
into a game again, for the logs played with it.

A game from the games folder (rules in Python, or a deck alone) has versions; a built-in or an
installed package's game has none (tabletop's own version, in every header, says which it was).
:func:`record_use` records the version of today's files and counts the use; its id and hash go into
the log's header. :func:`make_game` makes a game at a version: today's registered game when the
version is today's files, else the stored version, written out of the store and loaded as any
plugin is (probed first in a child process, then imported under the same guard, as a module of its
own so it lives beside today's); a deck-only version is played by the built-in sandbox.
:data:`log_games` is the factory every reader of logs hands to :func:`tabletop.formats.logreplay.replay`:
it makes each log's game at the version the log names.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from tabletop.engine.errors import LogError, UserInputError
from tabletop.engine.game import Game
from tabletop.engine.guard import shown_path
from tabletop.formats.feedback import FEEDBACK_FILE, Question, load_feedback
from tabletop.formats.log import deck_digest
from tabletop.formats.logreplay import GameFactory
from tabletop.formats.resume import Resume, moves_on
from tabletop.games.sandbox import sandbox_class
from tabletop.i18n import _
from tabletop.plugins import discovery, registry
from tabletop.versions.checkout import checkout, manifest_of
from tabletop.versions.index import GameVersions, VersionRecord
from tabletop.versions.record import folder_hash, record_version
from tabletop.versions.snapshot import folder_files
from tabletop.versions.store import Store, VersionError, store_dir

_classes: dict[tuple[str, str], type[Game]] = {}
"""Games loaded from the store in this process, by name and the folder the version was written out to."""


def store() -> Store:
    """Return the version store of the games folder discovery last looked in (or ``$TABLETOP_VERSIONS``)."""
    return Store(store_dir())


def game_folder(name: str) -> Path | None:
    """Return the folder of game ``name`` when it is a game of the games folder (with versions), else None."""
    try:
        entry = registry.game_entry(name)
    except UserInputError:
        return None
    folder = entry.extra.get("folder")
    return Path(folder) if entry.plugin and folder is not None and not entry.is_broken else None


def declared_options(name: str) -> list[dict[str, Any]]:
    """Return the options game ``name`` declares today (name, default, allowed), as a version keeps them."""
    try:
        described = registry.game_entry(name).describe()
    except UserInputError:
        return []
    return [{"name": o.get("name"), "default": o.get("default"), "allowed": o.get("allowed")}
            for o in described.get("options") or [] if isinstance(o, dict)]


def record_use(name: str, *, kind: str, games: int = 1, playtests: int = 0,
               version: str = "") -> dict[str, str] | None:
    """Record one use of game ``name``: of today's files (kept as a version when they are new), or of
    the stored ``version`` (a hash) a game played on from an old log plays in; return what the log's
    header says of it, or None for a game without versions.

    A store that cannot be read or written does not stop the game: one warning line says so, and the
    log names no version.
    """
    try:
        versions = GameVersions(store(), name)
        if version:
            record = versions.by_hash(version)
            if record is None:
                raise VersionError(_("{game}: version {hash} is not in the version store {root}").format(
                    game=name, hash=version[:12], root=shown_path(versions.store.root)))
        else:
            folder = game_folder(name)
            if folder is None:
                return None
            record = record_version(versions.store, name, folder, options=declared_options(name))
        versions.use(record, kind, games=games, playtests=playtests)
    except VersionError as exc:
        print(_("tabletop: warning: {problem}; the version was not recorded").format(problem=exc), file=sys.stderr)
        return None
    return record.ref()


def current_version(name: str) -> VersionRecord:
    """Return the version today's files of game ``name`` are, recorded now if they are new (not counted as a use).

    :raises VersionError: for a game without versions, or files or a store that cannot be read or written.
    """
    folder = game_folder(name)
    if folder is None:
        raise VersionError(_("{game} is not a game of the games folder, so it has no versions").format(game=name))
    return record_version(store(), name, folder, options=declared_options(name))


def today(name: str) -> str:
    """Return the hash of today's files of game ``name`` ("" for a game without versions or unreadable files)."""
    folder = game_folder(name)
    if folder is None:
        return ""
    try:
        return folder_hash(name, folder, store())
    except VersionError:
        return ""


def has_code(name: str, version: str) -> bool:
    """True when the stored ``version`` of game ``name`` holds Python (its rules or bots run as a plugin's).

    :raises VersionError: when the version is missing or damaged in the store.
    """
    return manifest_of(store(), version).has_code


def game_class_at(name: str, version: str) -> type[Game]:
    """Return the class of game ``name`` at the stored ``version`` (a hash): today's when it is today's files.

    :raises VersionError: when the version or one of its files is missing or damaged in the store.
    :raises UserInputError: when its rules are broken (as any broken plugin, naming the file).
    """
    if version == today(name):
        return registry.game_class(name)
    folder = checkout(store(), name, version)
    key = (name, str(folder))
    if key not in _classes or _classes[key].__module__ not in sys.modules:  # (a test may forget the module)
        try:
            if (folder / "__init__.py").is_file():
                module = f"{discovery.module_name(name)}_v{version[:12]}"
                _classes[key] = discovery.load_folder_game(name, folder, module=module)
            else:
                _classes[key] = sandbox_class(name, folder)
        except UserInputError as exc:
            raise UserInputError(_("{game} at version {hash} ({folder}) is broken: {problem}").format(
                game=name, hash=version[:12], folder=shown_path(folder), problem=exc)) from None
    return _classes[key]


def make_game(name: str, *, version: str = "", players: int | None = None,
              options: dict[str, Any] | None = None) -> Game:
    """Return game ``name`` at ``version`` (a hash; "" for today's files) for ``players`` with raw ``options``.

    :raises UserInputError: for an unknown game, a version the store cannot give, or bad options.
    """
    if not version:
        return registry.make_game(name, players=players, options=options)
    return game_class_at(name, version)(players=players, options=options or {})


def logged_version(header: dict[str, Any]) -> str:
    """Return the hash of the version a log's header names ("" for a log written before versions were kept)."""
    ref = header.get("version")
    return str(ref["hash"]) if isinstance(ref, dict) and isinstance(ref.get("hash"), str) else ""


def on_today(start: Resume) -> tuple[Resume, list[str]]:
    """Return ``start`` (a position of a log) made again with today's files, and the cards of the log's
    version that today's deck no longer holds.

    :raises UserInputError: when a move up to the position cannot be made with today's files.
    """
    options = start.options
    logged = make_game(start.game, version=logged_version(start.header), players=start.players, options=options)
    game = registry.make_game(start.game, players=start.players, options=options)
    ids = {card.id for card in game.deck()}
    missing = [card for card in dict.fromkeys(c.id for c in logged.deck()) if card not in ids]
    return replace(start, moves=moves_on(start, game)), missing


def feedback_questions(name: str, version: str = "") -> list[Question]:
    """Return the questions of game ``name``'s ``feedback.toml`` at ``version`` (a hash; "" for today's files),
    none for a game without one.

    :raises FeedbackError: listing the problems of the file.
    :raises VersionError: when the version cannot be written out of the store.
    """
    folder = game_folder(name) if not version or version == today(name) else checkout(store(), name, version)
    return load_feedback(folder / FEEDBACK_FILE) if folder is not None else []


def version_label(header: dict[str, Any]) -> str:
    """Return how a log's version is named: ``v3 "cheaper reds"`` as this store knows its hash (a log from
    another machine may call it otherwise), else as the log says; "" for a log written before versions."""
    ref = header.get("version")
    if not isinstance(ref, dict):
        return ""
    try:
        record = GameVersions(store(), str(header.get("game"))).by_hash(str(ref.get("hash")))
    except VersionError:
        record = None
    return record.label() if record is not None else str(ref.get("id"))


def version_of(name: str, ref: str) -> VersionRecord:
    """Return the version of game ``name`` that ``ref`` names (an id, a name or the start of a hash).

    :raises VersionError: for one the store does not hold.
    """
    return GameVersions(store(), name).find(ref)


class LogGames:
    """The factory of the games logs are read with: each log's game at the version its header names."""

    def __call__(self, name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Game:
        """Return today's game ``name`` (what a log without a version is read with)."""
        return registry.make_game(name, players=players, options=options)

    def for_log(self, header: dict[str, Any], path: Path) -> GameFactory:
        """Return the factory of the game logged in ``path`` (whose header is ``header``).

        :raises LogError: naming the log when its version is not in the store, or when it was played
            before versions were kept and its deck file has changed since.
        """
        ref = header.get("version")
        if not isinstance(ref, dict):
            return self._before_versions(header, path)
        version = str(ref["hash"])

        def make(name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Game:
            try:
                return make_game(name, version=version, players=players, options=options)
            except VersionError as exc:
                raise LogError(_("{file}: played with {game} {id} ({hash}), which cannot be loaded: {problem}").format(
                    file=shown_path(path), game=name, id=ref.get("id"), hash=version[:12], problem=exc)) from None

        return make

    def _before_versions(self, header: dict[str, Any], path: Path) -> GameFactory:
        """Return the factory of a log written before versions were kept: today's game, if its deck is the log's."""

        def make(name: str, *, players: int | None = None, options: dict[str, Any] | None = None) -> Game:
            made = registry.make_game(name, players=players, options=options)
            logged = header.get("deck")
            if isinstance(logged, str) and logged != deck_digest(made):
                raise LogError(self._no_copy(header, path, name, deck=True))
            return made

        return make

    def version_label(self, header: dict[str, Any]) -> str:
        """Return how the version a log names is called (see :func:`version_label`)."""
        return version_label(header)

    def explain(self, header: dict[str, Any], path: Path, error: LogError) -> LogError:
        """Return ``error`` (a log that does not replay) with the files changed since, for a log written
        before versions were kept: its rules may have changed, and no copy of them exists."""
        if isinstance(header.get("version"), dict) or game_folder(str(header.get("game"))) is None:
            return error
        changed = changed_since(str(header.get("game")), header.get("started"))
        if not changed:
            return error
        return LogError(f"{error}; " + self._no_copy(header, path, str(header.get("game")), deck=False))

    def _no_copy(self, header: dict[str, Any], path: Path, name: str, *, deck: bool) -> str:
        changed = changed_since(name, header.get("started"))
        folder = game_folder(name)
        if deck and folder is not None:
            deck_files = [f for f in ("deck.toml", "deck.csv") if (folder / f).is_file()]
            changed = list(dict.fromkeys([*(shown_path(folder / f) for f in deck_files), *changed]))
        return _("{file} was played before tabletop kept versions, and since then {files} changed; no copy of the"
                 " files it was played with exists, so it replays only with them restored").format(
            file=shown_path(path), files=", ".join(changed) or _("the game's files"))


def changed_since(name: str, started: Any) -> list[str]:
    """Return the files of game ``name``'s folder changed after ``started`` (a log's ISO start time)."""
    folder = game_folder(name)
    if folder is None or not isinstance(started, str):
        return []
    try:
        # The start is written to the second: a file is changed since only from the next second on.
        moment = datetime.fromisoformat(started).timestamp() + 1
        return [shown_path(path) for _rel, path, info in folder_files(folder) if info.st_mtime >= moment]
    except (ValueError, VersionError):
        return []


log_games = LogGames()
"""The factory every reader of logs uses."""
