"""What a browser seat is sent: the seat's view as plain JSON the page draws, in the tester's language.

The page gets what a joiner's table gets (the seat's table view, its events as it may see them,
its legal actions) mapped to plain JSON, with every text already said in the page's language and
every click worked out here with the desktop table's own rules (:mod:`tabletop.engine.targets`):
for each card, pile, zone and board cell, the legal actions a click on it chooses, or the probe
whose refusal says why it does nothing. Cards are named by id; each message carries the faces of
the cards it names (``cards``) and no other, so the page never holds a card its seat was not
shown. A card's picture is a URL by content hash (:class:`~tabletop.net.webpage.CardImages`), or
none, and the page draws a face from the card's name, rank and text.

>>> from tabletop.engine.cards import parse_cards
>>> from tabletop.engine.zones import OWNER, FAN, Zone, items
>>> zone = Zone("hand:1", "Hand", owner=1, visibility=OWNER, hint=FAN, items=items(parse_cards("QH")))
>>> faces = Faces(None, "en")
>>> zone_data(zone.seen_by(0), faces, "en")["items"], faces.cards
([[None, -1, '']], {})
>>> zone_data(zone.seen_by(1), faces, "en")["items"], faces.cards["QH"]["label"]
([['QH', -1, '']], 'Q♥')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import DealScored, Event, GameOver, InfoChanged, part_of
from tabletop.engine.loglines import line_for
from tabletop.engine.targets import (
    KIND_WORDS,
    Target,
    actions_for,
    button_actions,
    probe_action,
    quick_actions,
    selectable_cards,
    selection_zone,
    zone_actions,
)
from tabletop.engine.zones import STACK, Cell, InfoRow, Item, Piece, TableView, Zone
from tabletop.i18n import translate
from tabletop.net.protocol import PROTOCOL
from tabletop.net.webpage import CardImages


def say(text: Any, lang: str) -> str:
    """Return ``text`` (a message or plain text) in language ``lang``."""
    return translate(text, lang) if isinstance(text, str) else "" if text is None else str(text)


class Faces:
    """The cards one message names, each once with what the page draws of it."""

    def __init__(self, images: CardImages | None, lang: str) -> None:
        self.images = images
        self.lang = lang
        self.cards: dict[str, dict[str, Any]] = {}

    def name(self, card: Card) -> str:
        """Return ``card``'s id, its face kept for the message."""
        if card.id not in self.cards:
            lang = self.lang
            self.cards[card.id] = {
                "label": say(card.label, lang), "name": say(card.name, lang), "text": say(card.text, lang),
                "rank": card.rank, "suit": card.suit, "red": card.is_red, "color": card.color,
                "points": card.points, "fields": [[k, v] for k, v in card.fields],
                "art": self.images.url(card) if self.images is not None else None}
        return card.id


def item_data(item: Item, faces: Faces, lang: str) -> list[Any]:
    """Return one item of a zone: [card id, a piece, or None when hidden; who put it there; its note]."""
    thing = item.thing
    shown: Any = None
    if isinstance(thing, Card):
        shown = faces.name(thing)
    elif isinstance(thing, Piece):
        shown = {"piece": thing.id, "label": say(thing.label, lang), "seat": thing.seat}
    return [shown, item.seat, say(item.note, lang)]


def cell_data(cell: Cell, lang: str) -> dict[str, Any]:
    """Return one board cell: its id, label, holder and pieces."""
    return {"id": cell.id, "label": say(cell.label, lang), "seat": cell.seat,
            "pieces": [{"piece": p.id, "label": say(p.label, lang), "seat": p.seat} for p in cell.pieces]}


def zone_data(zone: Zone, faces: Faces, lang: str) -> dict[str, Any]:
    """Return a zone as the seat sees it (its hidden items without faces)."""
    return {"id": zone.id, "label": say(zone.label, lang), "owner": zone.owner, "vis": zone.visibility,
            "hint": zone.hint, "count": zone.count, "items": [item_data(i, faces, lang) for i in zone.items],
            "cells": [cell_data(c, lang) for c in zone.cells], "layout": [list(row) for row in zone.layout]}


def row_data(row: InfoRow, lang: str) -> dict[str, Any]:
    """Return a side-panel row: a label with one text, or one value per seat."""
    return {"label": say(row.label, lang), "text": say(row.text, lang), "per_seat": [say(v, lang) for v in row.per_seat]}


def table_data(table: TableView, faces: Faces, lang: str) -> dict[str, Any]:
    """Return the seat's whole table: zones, side-panel rows, status line, scores and badges."""
    return {"seat": table.seat, "players": table.players, "to_move": table.to_move,
            "status": say(table.status, lang), "scores": list(table.scores),
            "badges": [[say(b, lang) for b in seat] for seat in table.badges], "lower": table.lower_is_better,
            "info": [row_data(r, lang) for r in table.info], "zones": [zone_data(z, faces, lang) for z in table.zones]}


def event_line(event: Event, reader: int) -> str:
    """Return the log line ``reader`` reads for ``event`` (already as that seat may see it), "" for none."""
    if isinstance(event, InfoChanged):
        return ""
    moves = part_of(event, "moves", ())
    return line_for(event, reader, moves, moves)


def event_web(event: Event, reader: int, faces: Faces, lang: str) -> dict[str, Any]:
    """Return an event (as seat ``reader`` may see it) as the page shows it: a log line, moves, popups, results."""
    moves = part_of(event, "moves", ())
    data: dict[str, Any] = {
        "line": say(event_line(event, reader), lang), "seat": getattr(event, "seat", None),
        "pause": str(part_of(event, "pause", "")),
        "moves": [{"src": m.src, "dst": m.dst, "cards": [faces.name(c) for c in m.cards], "backs": m.backs,
                   "seat": m.seat, "up": m.face_up, "cell": m.cell} for m in moves],
        "popups": [{"text": say(p.text, lang), "zone": p.zone, "cell": p.cell, "seat": p.seat}
                   for p in part_of(event, "popups", ())]}
    if isinstance(event, GameOver):
        data["over"] = {"scores": list(event.scores), "ranks": list(event.ranks)}
    elif isinstance(event, DealScored):
        data["deal"] = {"deal": event.deal, "points": list(event.points), "totals": list(event.totals),
                        "detail": say(event.detail, lang)}
    return data


def table_message(kind: str, moves: int, table: TableView, events: Sequence[Event], reader: int,
                  images: CardImages | None, lang: str) -> dict[str, Any]:
    """Return a ``state`` or ``update`` message: the table after ``moves`` moves and the events that led there."""
    faces = Faces(images, lang)
    data = {"t": kind, "moves": moves, "table": table_data(table, faces, lang),
            "events": [event_web(e, reader, faces, lang) for e in events]}
    data["cards"] = faces.cards
    return data


def ask_message(move: int, legal: Sequence[Action], table: TableView, seat: int, lang: str,
                images: CardImages | None) -> dict[str, Any]:
    """Return an ``ask``: the seat's legal actions and what each click, selection and button chooses."""
    faces = Faces(images, lang)
    index = {action: i for i, action in enumerate(legal)}
    targets: list[list[Any]] = []
    probes: list[list[Any]] = []

    def aim(target: Target, actions: Sequence[Action]) -> None:
        if actions:
            targets.append([target.zone, target.item, target.cell, [index[a] for a in actions]])
            return
        probe = probe_action(target, legal, seat)
        if probe is not None:
            probes.append([target.zone, target.item, target.cell, probe.to_json()])

    for zone in table.zones:
        stack = zone.hint == STACK
        for cell in zone.cells:
            target = Target(zone.id, -1, None, cell.id)
            aim(target, actions_for(target, legal, seat))
        shown = range(max(0, zone.count - 1), zone.count) if stack else range(zone.count)
        for i in shown:
            target = Target(zone.id, i, zone.items[i].card)
            aim(target, actions_for(target, legal, seat, owner=zone.owner, stack=stack))
        target = Target(zone.id)
        aim(target, actions_for(target, legal, seat, owner=zone.owner, stack=stack))
    chosen = selection_zone(legal, seat)
    selecting = zone_actions(legal, chosen, seat)
    return {"t": "ask", "move": move,
            "legal": [{"label": say(a.label, lang), "kind": a.kind, "act": a.to_json(),
                       "word": say(KIND_WORDS.get(a.kind) or a.kind.replace("_", " "), lang),
                       "cards": [faces.name(c) for c in a.cards]} for a in legal],
            "targets": targets, "probes": probes,
            "buttons": [index[a] for a in button_actions(legal, chosen, seat)],
            "selection": None if chosen is None else {
                "zone": chosen, "cards": sorted(c.id for c in selectable_cards(selecting)),
                "acts": [index[a] for a in selecting], "quick": [index[a] for a in quick_actions(selecting)]},
            "cards": faces.cards}


def welcome_messages(game: Mapping[str, Any], seat: int, players: int, presence: list[str], history: Sequence[Event],
                     moves: int, table: TableView | None, over: Mapping[str, Any] | None, images: CardImages | None,
                     lang: str) -> list[dict[str, Any]]:
    """Return a page's ``welcome`` (the game, who sits where, the log so far) and ``state`` (its table now, and
    how the game ended when it has); ``game`` holds the game's name, title, rules and seat names."""
    # Before the first move the deal's events come with the table (state), lines and all.
    told = history if moves else []
    lines = [line for line in (say(event_line(e, seat), lang) for e in told) if line]
    welcome = {"t": "welcome", "v": PROTOCOL, "seat": seat, "players": players, "lang": lang,
               "game": {"name": game["name"], "title": say(game["title"], lang), "rules": say(game["rules"], lang)},
               "names": [say(n, lang) for n in game["names"]], "seats": presence,
               "back": images.url(None) if images is not None else None, "log": lines}
    if table is None:
        return [welcome]
    state = table_message("state", moves, table, history if moves == 0 else [], seat, images, lang)
    if over is not None:
        state["over"] = dict(over)  # a page opened on a finished game shows how it ended
    return [welcome, state]
