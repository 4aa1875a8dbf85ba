"""Views as data: what a bot in another process receives (cards, actions and the table as JSON).

Only data crosses: cards by their fields, actions by theirs, the table view's zones, items and
rows by name, texts to translate (:class:`~tabletop.i18n.Message`) by their template and fields, so
the other side says them in its own language. Nothing on the other side is unpickled or executed;
a value of any other type is refused rather than sent.

>>> from tabletop.engine.cards import parse_cards
>>> value = {"hand": tuple(parse_cards("AS 10H")), "led": None}
>>> decode(json.loads(json.dumps(encode(value)))) == value
True
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.zones import Cell, InfoRow, Item, Move, Piece, Popup, TableView, Zone
from tabletop.i18n import Message

_RECORDS: dict[str, type] = {c.__name__: c for c in (TableView, Zone, Cell, Piece)}
_TUPLES: dict[str, type] = {c.__name__: c for c in (Item, InfoRow, Move, Popup)}

__all__ = ["decode", "encode", "json"]


def encode(value: Any) -> Any:
    """Return ``value`` as JSON-able data (see :func:`decode`).

    :raises TypeError: for a value that is not plain data, a card, an action or a table part.
    """
    if isinstance(value, Message):
        return {"$msg": [value.template, {k: encode(v) for k, v in value.fields.items()}, value.plural, value.number]}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return {"$card": [encode(v) for v in value.__reduce__()[1]]}
    if isinstance(value, Action):
        return {"$action": [value.kind, encode(value.cards), encode(value.value), value.label, value.zone,
                            value.cell, value.seat, value.to]}
    name = type(value).__name__
    if isinstance(value, tuple) and _TUPLES.get(name) is type(value):
        return {"$tuple": name, "items": [encode(v) for v in value]}
    if isinstance(value, tuple):
        return {"$tuple": "", "items": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return {"$set": [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"$dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if _RECORDS.get(name) is type(value) and dataclasses.is_dataclass(value):
        return {"$record": name, "fields": {f.name: encode(getattr(value, f.name))
                                            for f in dataclasses.fields(value)}}
    raise TypeError(f"cannot send a {name} to a bot in another process")


def decode(data: Any) -> Any:
    """Return the value :func:`encode` turned into ``data``.

    :raises ValueError: for data that :func:`encode` cannot have made.
    """
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise ValueError(f"not encoded data: {str(data)[:60]}")
    if "$msg" in data:
        return _message(data["$msg"])
    if "$card" in data:
        id_, suit, rank, value, name, text, points, color, fields = data["$card"]
        return Card(id_, suit=suit, rank=rank, value=value, name=name, text=text, points=points, color=color,
                    fields=tuple(tuple(f) for f in decode(fields)))
    if "$action" in data:
        kind, cards, value, label, zone, cell, seat, to = data["$action"]
        return Action(kind, tuple(decode(cards)), decode(value), label, zone=zone, cell=cell, seat=seat, to=to)
    if "$tuple" in data:
        items = [decode(v) for v in data["items"]]
        kind = _TUPLES.get(data["$tuple"])
        return kind(*items) if kind is not None else tuple(items)
    if "$set" in data:
        return frozenset(decode(v) for v in data["$set"])
    if "$dict" in data:
        return {_hashable(decode(k)): decode(v) for k, v in data["$dict"]}
    if "$record" in data:
        record = _RECORDS.get(data["$record"])
        if record is None:
            raise ValueError(f"unknown record {data['$record']!r}")
        return record(**{k: _hashable(decode(v)) for k, v in data["fields"].items()})
    raise ValueError(f"not encoded data: {str(data)[:60]}")


_PLACE = re.compile(r"\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*(?::[-+#0.,a-z]?[0-9]{0,2}(?:\.[0-9])?[a-z%]?)?\}|[{}]")


def _message(data: Any) -> Message:
    """Return the message ``data`` holds, its template checked: plain ``{name}`` places (short formats
    such as ``{n:+d}``), so no text received can reach into attributes or ask for a huge width."""
    template, fields, plural, number = data
    if (not isinstance(template, str) or not isinstance(plural, str) or type(number) is not int
            or not isinstance(fields, dict)):
        raise ValueError(f"not a message: {str(data)[:60]}")
    for text in (template, plural):
        for place in _PLACE.findall(text):
            if place in ("{", "}"):
                raise ValueError(f"not a message template: {text[:60]!r}")
    try:
        return Message(template, {str(k): decode(v) for k, v in fields.items()}, plural, number)
    except (KeyError, IndexError, ValueError) as exc:
        raise ValueError(f"not a message: {template[:60]!r} ({exc})") from None


def _hashable(value: Any) -> Any:
    """Lists stand for tuples where a value must hash (dict keys, frozen records)."""
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value
