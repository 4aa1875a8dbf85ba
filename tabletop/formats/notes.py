"""Notes of played games as Markdown: each note with its move, the seat to move and what the position was.

``tabletop notes LOG...`` prints :func:`notes_markdown`. The position is summed up from the game
replayed to the note's move (the last move made, the scores, the side panel's rows, as every seat
sees them); a log that cannot be replayed (a fair game whose seed was never written, a changed
deck) still lists its notes, with the reason in place of the positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from tabletop.engine.errors import LogError
from tabletop.engine.events import seat_name
from tabletop.engine.guard import shown_path
from tabletop.engine.session import HOOK_LIMIT, Session, SessionOptions, open_session
from tabletop.engine.views import SPECTATOR
from tabletop.formats.logreplay import GameFactory, Replay, VersionedGames, replay
from tabletop.formats.playtest import Note, Playtest, ending, read_playtest
from tabletop.i18n import _


def positions(result: Replay, wanted: Iterable[int]) -> dict[int, str]:
    """Return a one-line summary of the replayed game at each ``wanted`` move (0 to its last)."""
    game = result.session.game
    line = result.line
    wanted = sorted({w for w in wanted if 0 <= w <= len(line)})
    session = open_session(game, seed=result.seed, options=SessionOptions(events=False, hook_limit=HOOK_LIMIT),
                           scenario=result.session.scenario)
    out: dict[int, str] = {}
    for position in wanted:
        while session.moves < position:
            session.submit(line[session.moves][1])
        out[position] = summary(session, line[position - 1] if position else None)
    return out


def summary(session: Session, last: tuple[int, object] | None) -> str:
    """Return what a position shows every seat: the last move, the scores, the side panel's rows."""
    parts = []
    if last is not None:
        seat, action = last
        parts.append(_("after {seat}: {action}").format(seat=_(seat_name(seat)), action=_(str(getattr(action, "label", action)))))
    else:
        parts.append(_("before the first move"))
    parts.append(_("scores {scores}").format(scores=" / ".join(str(s) for s in session.scores())))
    view = session.table(SPECTATOR)
    for row in view.info:
        if row.per_seat:
            parts.append(f"{_(row.label)} {' / '.join(_(v) for v in row.per_seat)}")
        elif row.text:
            parts.append(f"{_(row.label)}: {_(row.text)}" if row.label else _(row.text))
    return "; ".join(parts)


def notes_markdown(paths: Sequence[Path], make_game: GameFactory) -> str:
    """Return every note of the logs at ``paths`` as Markdown: a table per log (move, seat to move, position, text).

    :raises LogError: for a file that is not a log.
    """
    out = [f"# {_('Notes')}", ""]
    total = 0
    for path in paths:
        played = read_playtest(path)
        out += _section(played, make_game)
        total += len(played.notes)
    if not total:
        out += [_("No notes in these logs."), ""]
    return "\n".join(out)


def _section(played: Playtest, make_game: GameFactory) -> list[str]:
    header = played.header
    seed = header.get("seed")
    about = _("{game}, {players} players, {how} after {moves} moves").format(
        game=header.get("game"), players=header.get("players"), how=ending(played), moves=len(played.moves))
    if isinstance(seed, int):
        about += ", " + _("seed {seed}").format(seed=seed)
    version = make_game.version_label(header) if isinstance(make_game, VersionedGames) else ""
    if version:
        about += ", " + _("version {version}").format(version=version)
    lines = [f"## {shown_path(played.path)}", "", about, ""]
    if not played.notes:
        return lines + [_("No notes."), ""]
    found: dict[int, str] = {}
    problem = ""
    try:
        result = replay(played.path, make_game, allow_incomplete=True)
        found = positions(result, (n.n for n in played.notes))
    except LogError as exc:
        problem = _("(not replayed: {problem})").format(problem=exc)
    lines += [f"| {_('Move')} | {_('To move')} | {_('Position')} | {_('Note')} |", "|---:|---|---|---|"]
    for note in sorted(played.notes, key=lambda n: n.n):
        lines.append(f"| {note.n} | {_to_move(note)} | {_cell(found.get(note.n, problem))} | {_cell(note.text)} |")
    return lines + [""]


def _to_move(note: Note) -> str:
    return _(seat_name(note.seat)) if note.seat is not None else _("nobody (game over)")


def _cell(text: str) -> str:
    """Return ``text`` as one Markdown table cell: pipes escaped, lines joined by <br>."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\r\n", "\n").replace("\n", "<br>")
