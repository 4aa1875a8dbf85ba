"""Rule variants of a sweep: ``--vary KEY=a,b,c`` options, crossed into every combination.

>>> [v.label for v in expand(parse_vary(["trump=none,turnup", "deals=1,2"]))]
['trump=none deals=1', 'trump=none deals=2', 'trump=turnup deals=1', 'trump=turnup deals=2']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.engine.errors import UserInputError
from tabletop.i18n import _


@dataclass(frozen=True)
class Variant:
    """One combination of varied option values (``values`` as typed, in ``--vary`` order)."""

    values: tuple[tuple[str, str], ...]
    name: str = ""
    """How it is called instead of its values (a version's id, ``v2``)."""

    @property
    def label(self) -> str:
        """Return its name, else ``key=value`` pairs joined by spaces ("plain" for no varied option)."""
        return self.name or " ".join(f"{k}={v}" for k, v in self.values) or "plain"

    def options(self, base: dict[str, str]) -> dict[str, str]:
        """Return ``base`` options with this variant's values set."""
        return {**base, **dict(self.values)}


def parse_vary(items: Sequence[str], *, fixed: Sequence[str] = ()) -> list[tuple[str, list[str]]]:
    """Return ``[(key, values)]`` from ``--vary KEY=a,b`` items; ``fixed`` are the keys ``--set`` gives.

    :raises UserInputError: for an item without ``=``, no value, a value twice, a key twice, or a
        key also set with ``--set``.
    """
    out: list[tuple[str, list[str]]] = []
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        values = [v.strip() for v in text.split(",")]
        if not sep or not key or not any(values):
            raise UserInputError(_("--vary {item}: write KEY=a,b,c, e.g. --vary trump=none,turnup").format(
                item=repr(item)))
        if "" in values:
            raise UserInputError(_("--vary {item}: an empty value between commas").format(item=repr(item)))
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise UserInputError(_("--vary {item}: {value} is given twice").format(item=repr(item),
                                                                                   value=repr(twice[0])))
        if key in fixed:
            raise UserInputError(_("--vary {key} and --set {key}: give {key} in one of them only").format(key=key))
        if any(key == k for k, _values in out):
            raise UserInputError(_("--vary {key} is given twice: list every value in one --vary {key}=a,b").format(
                key=key))
        out.append((key, values))
    return out


def expand(varied: Sequence[tuple[str, Sequence[str]]]) -> list[Variant]:
    """Return every combination of the varied values, the first key changing slowest."""
    keys = [k for k, _ in varied]
    return [Variant(tuple(zip(keys, combo, strict=True)))
            for combo in itertools.product(*(values for _, values in varied))]
