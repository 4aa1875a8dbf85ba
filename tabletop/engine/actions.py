"""Actions: the small immutable values a seat chooses (play cards, discard, bid, pass, draw)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import Card, parse_card


class Action:
    """One choice a seat can make: a ``kind``, the ``cards`` it moves and an optional ``value``.

    Actions compare and hash by value and are serialised to JSON for logs. ``label`` is the
    short text the table shows on a button or in the log ("Play Q♥", "Bid 3", "Pass").
    """

    __slots__ = ("kind", "cards", "value", "label", "_hash")

    kind: str
    cards: tuple[Card, ...]
    value: int | str | None
    label: str

    def __init__(self, kind: str, cards: tuple[Card, ...] = (), value: int | str | None = None,
                 label: str | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "label", label if label is not None else default_label(kind, cards, value))
        object.__setattr__(self, "_hash", hash((kind, self.cards, value)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"actions are immutable (tried to set {name!r})")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.cards == other.cards and self.value == other.value

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Action({self.label!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.cards, self.value, self.label))

    @property
    def card(self) -> Card:
        """The single card of a one-card action."""
        return self.cards[0]

    def to_json(self) -> dict[str, Any]:
        """Return a JSON-able dict that :meth:`from_json` turns back into an equal action."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.cards:
            data["cards"] = [c.id for c in self.cards]
        if self.value is not None:
            data["value"] = self.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Return the action written by :meth:`to_json` (standard cards only; games match by JSON).

        :raises ValueError: when a field is missing or a card is unknown.
        """
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        return cls(data["kind"], tuple(parse_card(c) for c in data.get("cards", ())), data.get("value"))


def default_label(kind: str, cards: tuple[Card, ...], value: int | str | None) -> str:
    """Return "Play Q♥", "Discard 2 3 3", "Bid 3" or "Pass" style text for an action."""
    words = [kind.replace("_", " ").capitalize()]
    words += [c.label for c in cards]
    if value is not None:
        words.append(str(value))
    return " ".join(words)


def play(card: Card) -> Action:
    """Return the (shared) one-card play action for ``card``."""
    action = _PLAYS.get(card)
    if action is None:
        action = _PLAYS[card] = Action("play", (card,))
    return action


_PLAYS: dict[Card, Action] = {}
