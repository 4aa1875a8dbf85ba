"""Board files: an Euler Getter board written as TOML data, read, checked in full and found by name.

A board file holds the faces (each face's edges and vertices, in order around it) and a drawing
hint, ``layout``: rows of face names on a hex grid, where every second row (the 2nd, 4th, ...) sits
half a cell to the right and ``.`` leaves a place blank. A face on the rim is drawn twice, on
opposite sides: both drawings are the one face. Files are parsed as data, never executed. Every
problem is reported at once, each naming the file and the face::

    title = "A board"
    layout = ["1 2 .", ". 3 1"]
    [faces]
    1 = { edges = ["a", "b", "c"], vertices = ["p", "q", "r"] }

Boards are found by name among the shipped ones (``boards/*.toml`` beside this module), then in the
designer's games folder as ``<name>.board.toml``; a value ending in ``.toml`` (or naming a folder)
is a path.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.engine.folders import games_dir
from tabletop.formats import tomltext
from tabletop.games.euler_getter.polyhedron import FaceSpec, Polyhedron, build

SHIPPED = Path(__file__).parent / "boards"
"""The folder of the boards that come with tabletop."""
SUFFIX = ".board.toml"
"""How a board file in the games folder is named: ``games/<name>.board.toml``."""
BLANK = "."
"""A blank place in a layout row."""
KEYS = ("title", "about", "layout", "faces")
"""What a board file may hold."""
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]*$")
_MAX_FACES = 2000
MAX_BYTES = 1_000_000
"""The largest board file read (a board of the most faces allowed takes a fraction of it)."""


class BoardError(UserInputError):
    """A board file cannot be used; ``problems`` holds every problem, each naming its face."""

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = list(problems)
        if len(self.problems) == 1:
            message = f"board file {source}: {self.problems[0]}"
        else:
            message = f"board file {source} has {len(self.problems)} problems:\n" + "\n".join(
                f"  {p}" for p in self.problems)
        super().__init__(message)


@dataclass(frozen=True)
class Board:
    """A checked board: its ``name``, ``title``, the surface (``poly``) and the ``layout`` rows
    (face names, None for a blank place) the table draws."""

    name: str
    title: str
    poly: Polyhedron
    layout: tuple[tuple[str | None, ...], ...]
    about: str = ""
    source: str = ""


def parse_board_text(text: str, source: str, *, name: str = "") -> Board:
    """Return the board written in TOML ``text`` (``source`` names it in messages).

    :raises BoardError: listing every problem, each naming the face it is about.
    """
    try:
        data = tomltext.parse(text)
    except tomltext.TomlProblem as exc:
        raise BoardError(source, [exc.located()]) from None
    problems = [f"unknown key {key!r}: a board file holds {', '.join(KEYS)}" for key in data if key not in KEYS]
    title, about = data.get("title", ""), data.get("about", "")
    for key, value in (("title", title), ("about", about)):
        if not isinstance(value, str):
            problems.append(f"{key} must be text in quotes, not {value!r}")
    spec = _faces(data.get("faces"), problems)
    layout = _layout(data.get("layout"), problems)
    if problems:
        raise BoardError(source, problems)
    poly, problems = build(spec)
    if poly is None:
        raise BoardError(source, problems)
    problems = check_layout(layout, poly)
    if problems:
        raise BoardError(source, problems)
    name = name or Path(source).name.removesuffix(SUFFIX).removesuffix(".toml")
    return Board(name, str(title) or name, poly, layout, str(about), source)


def _faces(raw: Any, problems: list[str]) -> dict[str, FaceSpec]:
    if raw is None:
        problems.append("no [faces] table: list each face's edges and vertices")
        return {}
    if not isinstance(raw, dict):
        problems.append("faces must be a table: [faces] then one line per face")
        return {}
    if len(raw) > _MAX_FACES:
        problems.append(f"{len(raw)} faces is more than the {_MAX_FACES} a board may have")
        return {}
    spec: dict[str, FaceSpec] = {}
    for name, face in raw.items():
        where = f"face {name}"
        if not _NAME.match(name):
            problems.append(f"{where}: a face name is letters, digits, '-' and '_' (it is written in the layout)")
            continue
        if not isinstance(face, dict):
            problems.append(f"{where}: write it as {name} = {{ edges = [...], vertices = [...] }}")
            continue
        extra = sorted(set(face) - {"edges", "vertices"})
        if extra:
            problems.append(f"{where}: unknown key {extra[0]!r}; a face has edges and vertices")
        lists = []
        for key in ("edges", "vertices"):
            labels = face.get(key)
            if not isinstance(labels, list) or not all(isinstance(x, str) and x.strip() for x in labels):
                problems.append(f"{where}: {key} must be a list of labels in quotes, e.g. {key} = [\"a\", \"b\"]")
                labels = []
            lists.append(tuple(x.strip() for x in labels))
        spec[name] = (lists[0], lists[1])
    return spec


def _layout(raw: Any, problems: list[str]) -> tuple[tuple[str | None, ...], ...]:
    if not isinstance(raw, list) or not raw or not all(isinstance(row, str) for row in raw):
        problems.append('layout must be a list of rows in quotes, e.g. layout = ["1 2 3", ". 4 1"]')
        return ()
    return tuple(tuple(None if token == BLANK else token for token in row.split()) for row in raw)


def check_layout(layout: Sequence[Sequence[str | None]], poly: Polyhedron) -> list[str]:
    """Return every problem with a layout: unknown faces, faces never drawn, and faces drawn side by
    side that share no edge (rows are offset: the 2nd, 4th... row sits half a cell to the right)."""
    problems = []
    known = set(poly.faces)
    drawn: set[str] = set()
    for r, row in enumerate(layout, 1):
        for token in row:
            if token is None:
                continue
            if token not in known:
                problems.append(f"layout row {r}: {token!r} is not a face of this board (its faces are"
                                f" {', '.join(poly.faces[:12])}{', ...' if len(poly.faces) > 12 else ''})")
            drawn.add(token)
    problems += [f"face {name}: it is not in the layout; draw it at least once" for name in poly.faces
                 if name not in drawn]
    if problems:
        return problems
    touching = {frozenset((poly.faces[f], poly.faces[g])) for f in range(len(poly.faces))
                for g in poly.neighbours(f)}
    reported: set[frozenset[str]] = set()
    for (r, c), (r2, c2) in hex_pairs(layout):
        a, b = layout[r][c], layout[r2][c2]
        if a is None or b is None or a == b:
            continue
        pair = frozenset((a, b))
        if pair in touching or pair in reported:
            continue
        reported.add(pair)
        rows = f"row {r + 1}" if r == r2 else f"rows {r + 1}-{r2 + 1}"
        problems.append(f"face {a}: the layout ({rows}) draws it beside face {b}, but they share no edge")
    return problems


def hex_pairs(layout: Sequence[Sequence[object]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Return each pair of neighbouring places of a hex layout (every second row half a cell right),
    each pair once, as ``((row, column), (row, column))``."""
    pairs = []
    for r, row in enumerate(layout):
        for c in range(len(row)):
            below = (c - 1, c) if r % 2 == 0 else (c, c + 1)
            for r2, c2 in ((r, c + 1), (r + 1, below[0]), (r + 1, below[1])):
                if r2 < len(layout) and 0 <= c2 < len(layout[r2]):
                    pairs.append(((r, c), (r2, c2)))
    return pairs


# -- finding boards ------------------------------------------------------------------------------
def shipped_boards() -> list[str]:
    """Return the names of the boards that come with tabletop, sorted."""
    return sorted(p.name.removesuffix(".toml") for p in SHIPPED.glob("*.toml"))


def designer_boards(folder: Path | None = None) -> list[str]:
    """Return the names of the boards in the games folder (``<name>.board.toml``), sorted."""
    folder = folder if folder is not None else games_dir()
    if not folder.is_dir():
        return []
    return sorted(p.name.removesuffix(SUFFIX) for p in folder.glob(f"*{SUFFIX}"))


def board_path(value: str) -> Path:
    """Return the file the ``board`` option names: a shipped board, ``<games>/<name>.board.toml``, or a path.

    :raises UserInputError: when there is no such board, listing the known ones.
    """
    value = value.strip()
    if value.endswith(".toml") or "/" in value or "\\" in value:
        path = Path(value).expanduser()
        if not path.is_file():
            raise UserInputError(f"board file {value}: no such file")
        return path
    shipped = SHIPPED / f"{value}.toml"
    if _NAME.match(value) and shipped.is_file():
        return shipped
    mine = games_dir() / f"{value}{SUFFIX}"
    if _NAME.match(value) and mine.is_file():
        return mine
    known = shipped_boards() + designer_boards()
    raise UserInputError(f"unknown board {value!r}: the boards are {', '.join(known)}; put your own in"
                         f" {games_dir() / ('NAME' + SUFFIX)} or give the path of a .toml board file")


_cache: dict[tuple[str, int, int], Board] = {}


def load_board(value: str) -> Board:
    """Return the board the ``board`` option names, read and checked (cached until the file changes).

    :raises UserInputError: when it cannot be found or read; :class:`BoardError` when it is wrong.
    """
    path = board_path(value)
    try:
        stat = path.stat()
        key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
        board = _cache.get(key)
        if board is None:
            text = tomltext.read_text(path, limit=MAX_BYTES)
            name = path.name.removesuffix(SUFFIX).removesuffix(".toml")
            board = _cache[key] = parse_board_text(text, str(path), name=name)
    except tomltext.TomlProblem as exc:
        raise BoardError(str(path), [exc.located()]) from None
    except OSError as exc:
        raise UserInputError(f"board file {path}: cannot be read ({exc.strerror or exc})") from None
    return board


def describe(board: Board) -> Mapping[str, int]:
    """Return the counts of a board: faces, edges, vertices, Euler characteristic and cells drawn."""
    poly = board.poly
    drawn = sum(1 for row in board.layout for token in row if token is not None)
    return {"faces": len(poly.faces), "edges": len(poly.edges), "vertices": len(poly.vertices),
            "euler": poly.euler, "drawn": drawn}
