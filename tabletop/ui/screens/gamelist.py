"""How the start screen's game list names the games and in which order it lists them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletop.i18n import _
from tabletop.plugins import registry


def listed_name(entry: registry.Entry) -> str:
    """Return how the game list names a game: its title (what its designer called it), else its name."""
    title = getattr(entry.cls, "title", "") if entry.error is None else ""
    return _(title) if isinstance(title, str) and title else entry.name


def listed_names(entries: Sequence[registry.Entry]) -> list[str]:
    """Return how the game list names each of ``entries``: its title, followed by its name where two share a title.

    A deck copied into a second folder keeps its title; the name (the folder) is what tells the two apart.
    """
    titles = [listed_name(e) for e in entries]
    shared = {t for t, n in Counter(titles).items() if n > 1}
    return [f"{t} ({e.name})" if t in shared and t != e.name else t for t, e in zip(titles, entries, strict=True)]


def list_order(entry: registry.Entry) -> tuple[str, str]:
    """Return where a game stands in the list: by its title in the interface's language, then by its name."""
    return listed_name(entry).casefold(), entry.name
