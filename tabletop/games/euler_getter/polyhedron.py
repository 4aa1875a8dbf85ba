"""Polyhedra: a closed surface cut into faces, each face given by its edges and vertices (labels only).

This is the seed project's board model for Euler Getter. A face lists its edges and its vertices in
order around its boundary: edge ``k`` joins vertex ``k`` and vertex ``k + 1`` (the last edge joins
the last vertex back to the first), so the labels alone say which vertices each edge joins.
:func:`build` checks that the faces close up into a surface on which Euler Getter cannot tie: every
edge separates two faces, every vertex meets three edges, the faces hang together, and the Euler
characteristic ``V - E + F`` is odd.

>>> square = {"A": (("a", "b", "c", "d"), ("1", "2", "3", "4"))}
>>> build(square)[1][0]
'face A: edge a is on this face only: every edge separates two faces (write its label on the face across it)'
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

FaceSpec = tuple[Sequence[str], Sequence[str]]
"""A face as written in a board file: its edges and its vertices, in order around it."""


@dataclass(frozen=True)
class Polyhedron:
    """A checked closed surface: face names, edge and vertex labels, and each face's edges and
    vertices as indices into them (in order around the face)."""

    faces: tuple[str, ...]
    edges: tuple[str, ...]
    vertices: tuple[str, ...]
    face_edges: tuple[tuple[int, ...], ...]
    face_vertices: tuple[tuple[int, ...], ...]
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {name: i for i, name in enumerate(self.faces)})

    @property
    def euler(self) -> int:
        """The Euler characteristic of the whole surface, ``V - E + F``."""
        return len(self.vertices) - len(self.edges) + len(self.faces)

    def chi(self, faces: Iterable[int]) -> int:
        """Return the Euler characteristic of the closed area of ``faces`` (indices): the faces with
        all their edges and vertices, each counted once."""
        chosen = set(faces)
        edges = {e for f in chosen for e in self.face_edges[f]}
        vertices = {v for f in chosen for v in self.face_vertices[f]}
        return len(vertices) - len(edges) + len(chosen)

    def gain(self, face: int, edges: set[int], vertices: set[int]) -> int:
        """Return how much adding ``face`` changes the Euler characteristic of an area whose closure
        holds ``edges`` and ``vertices``: one face, minus the edges it adds, plus the vertices it adds."""
        new_edges = sum(1 for e in self.face_edges[face] if e not in edges)
        new_vertices = sum(1 for v in self.face_vertices[face] if v not in vertices)
        return 1 - new_edges + new_vertices

    def neighbours(self, face: int) -> set[int]:
        """Return the faces that share an edge with ``face``."""
        mine = set(self.face_edges[face])
        return {f for f, edges in enumerate(self.face_edges) if f != face and mine.intersection(edges)}


def build(spec: Mapping[str, FaceSpec]) -> tuple[Polyhedron | None, list[str]]:
    """Return the polyhedron of ``spec`` (face name -> (edges, vertices) in order), or None and every
    problem found, each naming the face (or edge, vertex) it is about."""
    problems: list[str] = []
    if not spec:
        return None, ["there are no faces"]
    ends: dict[str, list[tuple[str, frozenset[str]]]] = defaultdict(list)
    vertex_faces: dict[str, list[str]] = defaultdict(list)
    for name, (edges, vertices) in spec.items():
        where = f"face {name}"
        if not edges:
            problems.append(f"{where}: it has no edges")
            continue
        if len(edges) != len(vertices):
            problems.append(f"{where}: it lists {len(edges)} edges but {len(vertices)} vertices; list them in"
                            " order around the face, edge k joining vertex k and vertex k+1")
            continue
        for kind, labels in (("edge", edges), ("vertex", vertices)):
            twice = sorted(label for label, n in Counter(labels).items() if n > 1)
            if twice:
                problems.append(f"{where}: it lists {kind} {', '.join(twice)} twice; a face goes round each"
                                f" {kind} once")
        for k, edge in enumerate(edges):
            ends[edge].append((name, frozenset((vertices[k], vertices[(k + 1) % len(vertices)]))))
        for vertex in vertices:
            vertex_faces[vertex].append(name)
    if problems:
        return None, problems
    for edge, seen in ends.items():
        names = [name for name, _ in seen]
        if len(seen) == 1:
            problems.append(f"face {names[0]}: edge {edge} is on this face only: every edge separates two faces"
                            " (write its label on the face across it)")
        elif len(seen) > 2:
            problems.append(f"face {names[0]}: edge {edge} is on {len(seen)} faces ({', '.join(names)}); an edge"
                            " separates exactly two faces")
        elif seen[0][1] != seen[1][1]:
            problems.append(f"face {names[1]}: edge {edge} joins {_pair(seen[1][1])} here but {_pair(seen[0][1])}"
                            f" on face {names[0]}; write the vertices in the same order around both faces")
    if problems:
        return None, problems
    degree: Counter[str] = Counter()
    for seen in ends.values():
        for vertex in seen[0][1]:
            degree[vertex] += 1
        if len(seen[0][1]) == 1:
            degree[next(iter(seen[0][1]))] += 1  # a loop meets its vertex at both ends
    for vertex, faces in vertex_faces.items():
        if degree[vertex] != 3:
            problems.append(f"face {faces[0]}: vertex {vertex} meets {degree[vertex]} edges (faces"
                            f" {', '.join(faces)}); every vertex must meet exactly three")
    if problems:
        return None, problems
    poly = _index(spec)
    pieces = _pieces(poly)
    if len(pieces) > 1:
        firsts = ", ".join(poly.faces[min(p)] for p in pieces)
        problems.append(f"the faces fall into {len(pieces)} separate pieces (starting at faces {firsts});"
                        " join them into one surface")
    if poly.euler % 2 == 0:
        problems.append(f"its Euler characteristic V - E + F = {len(poly.vertices)} - {len(poly.edges)} +"
                        f" {len(poly.faces)} = {poly.euler} is even, so the players could tie; Euler Getter"
                        " needs a surface with an odd one (the projective plane has 1)")
    return (None if problems else poly), problems


def _pair(vertices: frozenset[str]) -> str:
    ordered = sorted(vertices)
    return " and ".join(ordered) if len(ordered) == 2 else f"{ordered[0]} to itself"


def _index(spec: Mapping[str, FaceSpec]) -> Polyhedron:
    edge_ids: dict[str, int] = {}
    vertex_ids: dict[str, int] = {}
    face_edges, face_vertices = [], []
    for edges, vertices in spec.values():
        face_edges.append(tuple(edge_ids.setdefault(e, len(edge_ids)) for e in edges))
        face_vertices.append(tuple(vertex_ids.setdefault(v, len(vertex_ids)) for v in vertices))
    return Polyhedron(tuple(spec), tuple(edge_ids), tuple(vertex_ids), tuple(face_edges), tuple(face_vertices))


def _pieces(poly: Polyhedron) -> list[set[int]]:
    by_edge: dict[int, list[int]] = defaultdict(list)
    for f, edges in enumerate(poly.face_edges):
        for e in edges:
            by_edge[e].append(f)
    left = set(range(len(poly.faces)))
    pieces = []
    while left:
        start = min(left)
        piece, todo = {start}, [start]
        while todo:
            f = todo.pop()
            for e in poly.face_edges[f]:
                for g in by_edge[e]:
                    if g not in piece:
                        piece.add(g)
                        todo.append(g)
        pieces.append(piece)
        left -= piece
    return pieces
