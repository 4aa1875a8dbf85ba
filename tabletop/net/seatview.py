"""What one seat may receive over the wire, and reading it back on the joiner's side.

The host sends a seat its table view (``session.table(seat)``: zones as that seat may see them),
its legal actions when it is to move, the deck's catalogue (every card's face, sorted by id: the
same for every seat and every deal, so it tells nothing of where a card lies) and the events of
each move *as that seat may see them*: only their generic parts (what the table shows: a line for
the log, moves between zones, pauses, popups, and the results of deals and games), with every
card a move does not show that seat turned into a face-down back. A card of another seat's action
that the seat did not see (a discard face down) is left out of it too. The rule for a moved card
is the one the table uses locally (:func:`tabletop.engine.zones.seen_move`): a seat also keeps
seeing the cards it saw where they were (its own hand).

>>> from tabletop.engine.cards import parse_cards
>>> from tabletop.engine.zones import OWNER, FAN, Zone, Move
>>> hand = Zone("hand:1", owner=1, visibility=OWNER, hint=FAN)
>>> card = parse_cards("QH")[0]
>>> seen_move(Move("deck", "hand:1", (card,), seat=1), {"hand:1": hand}, 1).cards
(<Card QH>,)
>>> seen_move(Move("deck", "hand:1", (card,), seat=1), {"hand:1": hand}, 0)
Move(src='deck', dst='hand:1', cards=(), backs=1, seat=1, face_up=False, cell='', note='')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import (
    ActionTaken,
    BotFault,
    DealScored,
    Event,
    GameOver,
    InfoChanged,
    Note,
    label_of,
    part_of,
)
from tabletop.engine.zones import Move, Popup, TableView, seen_move
from tabletop.formats.wire import decode, encode


def faces(table: TableView) -> set[Card]:
    """Return every card face up in ``table``."""
    return {item.thing for zone in table.zones for item in zone.items if isinstance(item.thing, Card)}


def event_data(event: Event, seat: int, table: TableView, seen: set[Card] | None = None) -> dict[str, Any]:
    """Return the parts of ``event`` the table shows, as ``seat`` (its view now: ``table``) may see them.

    ``seen`` is :func:`faces` of ``table`` (passed when known, to find it once per move).
    """
    zones = {z.id: z for z in table.zones}
    moves = tuple(seen_move(m, zones, seat) for m in part_of(event, "moves", ()))
    data: dict[str, Any] = {"k": str(getattr(event, "kind", "event"))[:64], "moves": encode(moves),
                            "pause": str(part_of(event, "pause", ""))[:64], "popups": encode(tuple(part_of(event, "popups", ())))}
    if isinstance(event, ActionTaken | BotFault):
        action = event.action if isinstance(event, ActionTaken) else event.replacement
        shown = faces(table) if seen is None else seen
        for move in moves:
            shown.update(move.cards)  # the caller's set grows by cards the seat saw moving: still all seen
        data["seat"] = event.seat
        data["action"] = encode(action if event.seat == seat else seen_action(action, shown))
        if isinstance(event, BotFault):
            data["bot"], data["problem"] = encode(event.bot), encode(event.problem)
    elif isinstance(event, DealScored):
        data.update(deal=event.deal, points=list(event.points), totals=list(event.totals), detail=encode(event.detail))
    elif isinstance(event, GameOver):
        data.update(scores=list(event.scores), ranks=list(event.ranks))
    elif isinstance(event, InfoChanged):
        data["rows"] = encode(event.rows)
    else:
        data["label"] = encode(label_of(event))
    return data


def seen_action(action: Any, seen: set[Card]) -> Action:
    """Return another seat's ``action`` as a seat that saw the cards ``seen`` may know it: whole when
    every card of it was seen, else its kind and value without the cards."""
    if not isinstance(action, Action):
        return Action("move")
    if all(card in seen for card in action.cards):
        return action
    return Action(action.kind, (), action.value)


def event_from_data(data: Any) -> Event:
    """Return the event :func:`event_data` described (the engine's own kinds rebuilt, any other as a
    :class:`~tabletop.engine.events.Note` with its moves: what the table shows of it).

    :raises ValueError: for data :func:`event_data` cannot have written.
    """
    if not isinstance(data, dict):
        raise ValueError(f"not an event: {str(data)[:60]}")
    try:
        kind = str(data["k"])
        moves = tuple(_typed(decode(data["moves"]), Move))
        popups = tuple(_typed(decode(data["popups"]), Popup))
        pause = str(data.get("pause", ""))
        if kind == ActionTaken.kind:
            return ActionTaken(_int(data["seat"]), _action(decode(data["action"])), moves, popups)
        if kind == BotFault.kind:
            return BotFault(_int(data["seat"]), str(decode(data["bot"])), str(decode(data["problem"])),
                            _action(decode(data["action"])))
        if kind == DealScored.kind:
            return DealScored(_int(data["deal"]), _ints(data["points"]), _ints(data["totals"]), str(decode(data["detail"])))
        if kind == GameOver.kind:
            return GameOver(_ints(data["scores"]), _ints(data["ranks"]))
        if kind == InfoChanged.kind:
            return InfoChanged(tuple(decode(data["rows"])))
        label = decode(data.get("label", kind))  # a message stays one: each reader says it in its own language
        return Note(label if isinstance(label, str) else str(label), popups, pause, moves)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not an event: {str(data)[:60]} ({exc})") from None


def catalogue(cards: Iterable[Card]) -> list[Any]:
    """Return the deck's cards, each once, sorted by id (and face), as data: the same for every deal."""
    unique = {id(c): c for c in cards}.values()
    ordered = sorted(unique, key=lambda c: (c.id, repr(c.__reduce__()[1])))
    return [encode(c) for c in ordered]


def action_data(action: Action) -> dict[str, Any]:
    """Return ``action`` as a joiner names it back to the host (:meth:`Action.to_json`)."""
    return action.to_json()


def resolve(data: Mapping[str, Any], legal: Sequence[Action], deck: Mapping[str, Card]) -> Action | str:
    """Return the action a joiner named: the legal one it names, else one built from the host's own
    cards (for the engine to say why it is not legal), else a line saying which card is unknown."""
    key = _key(data)
    for action in legal:
        if _key(action.to_json()) == key:
            return action
    cards = []
    for card_id in data.get("cards", ()):
        card = deck.get(card_id)
        if card is None:
            return f"no card {card_id!r} in this game"
        cards.append(card)
    return Action(data["kind"], tuple(cards), data.get("value"), zone=data.get("zone"), cell=data.get("cell"),
                  seat=data.get("seat"), to=data.get("to"))


def _key(data: Mapping[str, Any]) -> tuple[Any, ...]:
    return (data.get("kind"), tuple(data.get("cards", ())), data.get("value"), data.get("zone"), data.get("cell"),
            data.get("seat"), data.get("to"))


def _typed(values: Any, kind: type) -> list[Any]:
    if not isinstance(values, tuple | list) or not all(isinstance(v, kind) for v in values):
        raise ValueError(f"expected {kind.__name__} values, got {str(values)[:60]}")
    return list(values)


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"expected a whole number, got {str(value)[:40]}")
    return value


def _ints(values: Any) -> tuple[int, ...]:
    """Scores and ranks: whole numbers (a game may score in fractions: those stay numbers)."""
    if not isinstance(values, list) or not all(type(v) in (int, float) for v in values):
        raise ValueError(f"expected numbers, got {str(values)[:40]}")
    return tuple(values)


def _action(value: Any) -> Action:
    if not isinstance(value, Action):
        raise ValueError(f"expected an action, got {str(value)[:40]}")
    return value
