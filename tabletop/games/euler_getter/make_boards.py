"""Make projective-plane boards from hex patches: ``python -m tabletop.games.euler_getter.make_boards``.

A centrally symmetric patch of hexagons (a rhombus, as on the inventor's board, or a hexagon)
becomes the projective plane by gluing opposite points of its rim: the surface is the patch cut by
a circle that runs through the outermost ring of cells, each point of the circle glued to the
opposite one. So a rim cell and its twin on the opposite side are one face, and:

- two neighbouring places share an edge; where both are rim cells next to each other along the rim,
  the circle crosses that edge, and it is the same edge as the one between the two twins;
- every corner where three places of the patch meet is a vertex (all of them lie inside the circle);
  a crossed edge runs from its inner corner out through the circle and back in at its twin's inner
  corner.

Near an acute corner of a rhombus this gives a two-sided face and two faces that share two edges
(the inventor's board has both), which is why boards store edges and vertices explicitly instead
of guessing them from the drawing. Faces are numbered as the inventor does: first half of the rim,
clockwise from the top left, then the inner cells in reading order. What ships is the data this
writes; a test checks that this still writes exactly the shipped files.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from tabletop.games.euler_getter.boardfile import SHIPPED, parse_board_text

Hex = tuple[int, int]
"""A place on the hex grid in axial coordinates (q, r): r is the row, q runs along it."""
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbours in turn, so that corner i of a hexagon lies between neighbours i and i + 1."""


@dataclass(frozen=True)
class Patch:
    """A centrally symmetric set of places: the place opposite ``h`` is ``centre2 - h``."""

    places: frozenset[Hex]
    centre2: Hex

    def opposite(self, h: Hex) -> Hex:
        """Return the place opposite ``h`` through the centre."""
        return (self.centre2[0] - h[0], self.centre2[1] - h[1])


def rhombus(n: int) -> Patch:
    """Return an n-by-n rhombus, every row half a cell right of the one above (the inventor's shape)."""
    return Patch(frozenset((q, r) for q in range(n) for r in range(n)), (n - 1, n - 1))


def hexagon(side: int) -> Patch:
    """Return a hexagon with ``side`` cells along each side."""
    k = side - 1
    return Patch(frozenset((q, r) for q in range(-k, k + 1) for r in range(-k, k + 1) if abs(q + r) <= k), (0, 0))


def _add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def _xy(h: Hex) -> tuple[float, float]:
    return (h[0] + h[1] / 2, h[1] * math.sqrt(3) / 2)


def _reading(h: Hex) -> tuple[float, float]:
    x, y = _xy(h)
    return (y, x)


def face_names(patch: Patch) -> dict[Hex, str]:
    """Return the face name of every place: rim twins share one."""
    places = patch.places
    rim = [h for h in places if any(_add(h, d) not in places for d in DIRECTIONS)]
    for h in places:
        if patch.opposite(h) not in places:
            raise ValueError(f"the patch is not centrally symmetric: {h} has no opposite place")
    cx, cy = (v / 2 for v in _xy(patch.centre2))
    start = min(rim, key=_reading)

    def angle(h: Hex) -> float:
        x, y = _xy(h)
        return math.atan2(y - cy, x - cx)

    a0 = angle(start)
    ring = sorted(rim, key=lambda h: (angle(h) - a0) % (2 * math.pi))
    names: dict[Hex, str] = {}
    number = 0
    for h in ring[:len(ring) // 2]:
        number += 1
        names[h] = names[patch.opposite(h)] = str(number)
    for h in sorted(places - set(rim), key=_reading):
        number += 1
        names[h] = str(number)
    if len(names) != len(places):
        raise ValueError("the rim does not pair up into opposite twins")
    return names


Corner = frozenset[Hex]
K = TypeVar("K")


def derive(patch: Patch) -> dict[str, tuple[list[str], list[str]]]:
    """Return the faces of the projective plane made from ``patch``: face name -> (edges, vertices)
    in order around the face.

    :raises ValueError: when the patch does not glue up (an edge lies wholly outside the circle).
    """
    places, names = patch.places, face_names(patch)
    corners: set[Corner] = set()
    for h in places:
        for i in range(6):
            left, right = _add(h, DIRECTIONS[i]), _add(h, DIRECTIONS[(i + 1) % 6])
            if left in places and right in places:
                corners.add(frozenset((h, left, right)))
    edges: list[tuple[frozenset[Hex], Corner, Corner]] = []  # the places it separates, its two ends
    done: set[frozenset[Hex]] = set()
    for h in sorted(places, key=_reading):
        for i in range(6):
            other = _add(h, DIRECTIONS[i])
            pair = frozenset((h, other))
            if other not in places or pair in done:
                continue
            done.add(pair)
            ends = [c for c in (frozenset((h, _add(h, DIRECTIONS[i - 1]), other)),
                                frozenset((h, other, _add(h, DIRECTIONS[(i + 1) % 6])))) if c in corners]
            if len(ends) == 2:
                edges.append((pair, ends[0], ends[1]))
            elif len(ends) == 1:  # crossed by the circle: the same edge as the twins' one
                twin = frozenset(patch.opposite(p) for p in pair)
                done.add(twin)
                edges.append((pair, ends[0], frozenset(patch.opposite(p) for p in ends[0])))
            else:
                raise ValueError(f"the edge between {h} and {other} lies outside the rim")
    vertex_names = _labels({c: [names[p] for p in c] for c in sorted(corners, key=_corner_order)})
    edge_names = _labels({(pair, a, b): [names[p] for p in pair] for pair, a, b in edges})
    by_face: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for pair, a, b in edges:
        label = edge_names[(pair, a, b)]
        for face in {names[p] for p in pair}:
            by_face[face].append((label, vertex_names[a], vertex_names[b]))
    return {face: _around(by_face[face]) for face in sorted(by_face, key=_natural)}


def _corner_order(c: Corner) -> list[tuple[float, float]]:
    return sorted(_reading(h) for h in c)


def _natural(name: str) -> tuple[int, str]:
    return (int(name), "") if name.isdigit() else (sys.maxsize, name)


def _labels(items: dict[K, list[str]]) -> dict[K, str]:
    """Name each item by its faces ("1-2-6"), telling apart items with the same faces by b, c, ..."""
    taken: dict[str, int] = defaultdict(int)
    out: dict[K, str] = {}
    for key, faces in items.items():
        base = "-".join(sorted(faces, key=_natural))
        taken[base] += 1
        out[key] = base if taken[base] == 1 else base + "abcdefghijklmnopqrstuvwxyz"[taken[base] - 1]
    return out


def _around(edges: list[tuple[str, str, str]]) -> tuple[list[str], list[str]]:
    """Return a face's edges and vertices in order around it, starting from its first-named edge."""
    edges = sorted(edges, key=lambda e: [_natural(x) for x in re.split(r"-", e[0])])
    first, a, b = edges[0]
    order, vertices, at, used = [first], [a], b, {first}
    while at != a:
        step = next((e for e in edges if e[0] not in used and at in e[1:]), None)
        if step is None:
            raise ValueError(f"the edges {[e[0] for e in edges]} do not go round one face")
        used.add(step[0])
        order.append(step[0])
        vertices.append(at)
        at = step[2] if step[1] == at else step[1]
    if len(order) != len(edges):
        raise ValueError(f"the edges {[e[0] for e in edges]} do not go round one face")
    return order, vertices


def layout_rows(patch: Patch) -> list[list[str | None]]:
    """Return the patch's face names as layout rows: every second row half a cell right, None blank."""
    names = face_names(patch)
    r0 = min(r for _, r in patch.places)
    rows = max(r for _, r in patch.places) - r0 + 1
    spots = {}
    for (q, r), name in names.items():
        row = r - r0
        spots[(row, (2 * q + r - r0 - row % 2) // 2)] = name
    c0 = min(c for _, c in spots)
    width = max(c for _, c in spots) - c0 + 1
    return [[spots.get((row, c0 + c)) for c in range(width)] for row in range(rows)]


def board_text(title: str, about: str, patch: Patch) -> str:
    """Return the TOML text of the board made from ``patch``."""
    faces = derive(patch)
    rows = layout_rows(patch)
    width = max(len(name) for row in rows for name in row if name)
    lines = [
        "# An Euler Getter board: the real projective plane, drawn as hexagons.",
        "# Written by: python -m tabletop.games.euler_getter.make_boards",
        "",
        f"title = {_quote(title)}",
        f"about = {_quote(about)}",
        "",
        "# Rows of faces on a hex grid: every second row sits half a cell to the right; \".\" is blank.",
        "# A face drawn twice, on opposite sides of the rim, is one face.",
        "layout = [",
    ]
    for i, row in enumerate(rows):
        cells = " ".join((name or ".").ljust(width) for name in row).rstrip()
        lines.append(f"  {_quote(' ' * ((width + 1) // 2) * (i % 2) + cells)},")
    lines += [
        "]",
        "",
        "# Each face's edges and vertices, in order around it: edge k joins vertex k and vertex k+1",
        "# (the last edge closes the loop). Labels name the faces they touch; b marks a second one.",
        "[faces]",
    ]
    for face, (edges, vertices) in faces.items():
        lines.append(f"{face} = {{ edges = [{', '.join(map(_quote, edges))}],"
                     f" vertices = [{', '.join(map(_quote, vertices))}] }}")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


BOARDS: dict[str, tuple[str, str, Patch]] = {
    "rhombus-10": ("10 cells (the inventor's board)",
                   "Takehiko Yasuda's original board: a 4 by 4 rhombus whose 12 rim cells pair up into 6.",
                   rhombus(4)),
    "rhombus-17": ("17 cells", "A 5 by 5 rhombus: 16 rim cells pair up into 8, around 9 inner cells.", rhombus(5)),
    "hexagon-28": ("28 cells", "A hexagon of side 4: 18 rim cells pair up into 9, around 19 inner cells.",
                   hexagon(4)),
}
"""The shipped boards: name -> (title, about, patch)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with --check compare) every shipped board; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only check that the shipped files are up to date")
    parser.add_argument("--out", type=Path, default=SHIPPED, help="folder to write into (default: the shipped boards)")
    args = parser.parse_args(argv)
    stale = []
    for name, (title, about, patch) in BOARDS.items():
        text = board_text(title, about, patch)
        parse_board_text(text, f"{name}.toml")  # every board that ships passes the checks players' boards do
        path = args.out / f"{name}.toml"
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print(f"out of date: {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
