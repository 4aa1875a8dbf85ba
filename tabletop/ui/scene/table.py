"""The table scene: one game on the table, what is on screen of it, and what the mouse rests on.

The scene keeps what is on screen (log lines, toasts, moving cards, popups, the selected cards,
an open choice menu, open overlays) and asks the :class:`~tabletop.ui.scene.director.Director` for the
game; drawing is in :mod:`tabletop.ui.scene.table_draw` (which reads the scene; the scene never draws),
which records what it drew where (``hits``) so a click on anything (a card in any zone, a pile, a
board cell) maps to the legal actions that target it. Its parts, one job each, are mixed in: input
(:mod:`~tabletop.ui.scene.table_input`), buttons (:mod:`~tabletop.ui.scene.table_buttons`), the
replay bar (:mod:`~tabletop.ui.scene.replay_bar`) and motion (:mod:`~tabletop.ui.scene.table_motion`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pygame

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.i18n import _
from tabletop.ui.art import ArtLibrary
from tabletop.ui.layout import (
    MIN_SIZE,
    Needs,
    Rect,
    TableLayout,
    table_layout,
    text_floor,
)
from tabletop.ui.paint.ink import Tip
from tabletop.ui.paint.text import TextCache
from tabletop.ui.scene import choices, drag, menuplace
from tabletop.ui.scene.anim import Tween
from tabletop.ui.scene.controls import CONTROLS, LIVE, NOT_WATCHING, REPLAY, Control
from tabletop.ui.scene.director import Director
from tabletop.ui.scene.places import CellPlace, Place, needs, place_zones
from tabletop.ui.scene.playtest import PlaytestTools
from tabletop.ui.scene.replay_bar import ReplayBar
from tabletop.ui.scene.table_buttons import TableButtons
from tabletop.ui.scene.table_input import TableInput
from tabletop.ui.scene.table_motion import Floating, TableMotion

TOAST_SECONDS = 3.0
"""How long a message stays in the status line."""
LOG_LINES = 500
"""The most lines the log panel keeps (the oldest go)."""
PEEK_SECONDS = 0.6
"""How long the mouse rests on a card before it is shown large beside the cursor (Alt shows it at once)."""


class TableScene(TableInput, TableButtons, ReplayBar, TableMotion):
    """One game on the table: input, pacing, animation state; ``draw`` renders a frame."""

    def __init__(self, director: Director, art: ArtLibrary, *, names: Sequence[str],
                 size: tuple[int, int], text: TextCache | None = None, rules: str = "",
                 log_folder: Path | None = None, art_notes: bool = True, fair: bool = False,
                 title: str = "") -> None:
        self.director = director
        self.title = title
        """The game's name, shown over the sidebar."""
        self.art = art
        self.names = list(names)
        self.size = size
        self.rules = rules
        self.art_notes = art_notes  # a game with no cards has no art to report on
        self.log_folder = log_folder or Path("recordings")
        self.text = text or TextCache()
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.log_intro: list[str] = []
        """The lines a replay's log panel starts with (what it replays), kept when a seek rebuilds the panel."""
        self.log_scroll = 0
        self.toast: tuple[str, float] | None = None
        self.tweens: list[Tween] = []
        self.moving: set[tuple[str, int]] = set()
        self.floating: list[Floating] = []
        self.drawn: dict[tuple[str, int], Rect] = {}
        self.hits: list[tuple[Rect | CellPlace, choices.Target]] = []
        self.overlay: str | None = None  # "help", "diagnostics", "rules" or "leave", drawn over everything
        self.zoom: choices.Target | None = None
        self.menu: tuple[Rect, tuple[Action, ...]] | None = None
        self.commands: list[str] = []
        self.mouse: tuple[int, int] = (-1, -1)
        self.now = 0.0
        self._layout_key: tuple[object, ...] | None = None
        self._layout: TableLayout | None = None
        self._wants: tuple[object, tuple[tuple[int, ...], Needs, int]] = (None, ((), Needs(), 1))
        """What the zones ask of the layout, worked out once per moment of the game."""
        self._places: tuple[object, dict[str, Place]] = (None, {})
        self.selected: list[int] = []  # item indices in the selection zone, for select-then-confirm
        self._selected_at = -1  # the move the selection belongs to (a new move clears it)
        self._confirm: tuple[tuple[object, ...], choices.Confirm] | None = None
        self._log_rows: tuple[object, list[str]] = (None, [])
        self._clickable: tuple[object, choices.Clickable] = (None, choices.clickable((), 0))
        self.fair = fair
        """Fair mode: no god view (and undo only as fair as the director's mode)."""
        self.game_log: Path | None = None
        """Where the game's log is written (the leave box names it)."""
        self.controls: tuple[Control, ...] = ()
        """The toolbar's commands (see :meth:`_toolbar`)."""
        self._toolbar_for: object = None
        self._toolbar()
        self._menu_at: tuple[object, list[Rect]] = (None, [])
        self.jump: str | None = None
        """The move number being typed after J (None: not typing)."""
        self.dragging = False
        self.overlay_scroll = 0
        self.overlay_most = 0
        """How far the open overlay's text scrolls (lines), and the most it can (set as it is drawn)."""
        self._box_hidden: object = None
        """The pause whose end-of-deal box Esc hid (the table stays paused; its buttons join the action row)."""
        self.peek: choices.Target | None = None
        """The card the mouse rests on, shown large beside the cursor."""
        self.tip: Tip | None = None
        """The shortened text the mouse rests on, shown whole."""
        self._rest: tuple[object, float] = (None, 0.0)
        self.carry: drag.Carry | None = None
        """Cards picked up by a press or a click, on their way to where they go."""
        self.recording = False
        """A replay rendered to video: its buttons are left out of the picture (the timeline stays)."""
        self.playtest = PlaytestTools()
        """Notes, hints and a replay's "Play from here" (the table hands it its notebook and hints)."""

    # -- geometry ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self.director.board.players

    @property
    def seat(self) -> int:
        """The seat drawn at the bottom."""
        return self.director.seat

    @property
    def you(self) -> int | None:
        """The seat the table may call "you": the one person at it, when that seat is at the bottom (else None)."""
        humans = self.director.humans
        return self.seat if len(humans) == 1 and self.seat in humans else None

    @property
    def lower_is_better(self) -> bool:
        """True when the game counts minus points (fewest wins), so scores are labelled so."""
        return self.director.board.lower_is_better

    def layout(self) -> TableLayout:
        """Return the layout for the current window size, zones and hand sizes (cached)."""
        board = self.director.board
        moment = (id(board), board.version, self.director.session.moves, self.director.accepts_input,
                  self.director.pause)
        if self._wants[0] != moment:
            self._wants = (moment, (tuple(board.hand_counts()), needs(board.zones(), self.players), self._button_rows()))
        counts, wants, rows = self._wants[1]
        key = (self.size, counts, wants, self.seat, rows, len(self.controls))
        if key != self._layout_key or self._layout is None:
            self._layout = table_layout(self.size, players=self.players, hand_counts=counts, bottom=self.seat,
                                        tools=len(self.controls), needs=replace(wants, button_rows=rows))
            self._layout_key = key
        return self._layout

    def _button_rows(self) -> int:
        """Return 2 when the action buttons' labels would not fit one row of the play area at a readable size."""
        if not self.director.accepts_input:
            return 1
        legal = self.director.legal()
        zone = self.selection_zone()
        actions = choices.button_actions(legal, zone, self.seat)
        if zone is not None:
            actions += choices.quick_actions(choices.zone_actions(legal, zone, self.seat))
        w, h = max(self.size[0], MIN_SIZE[0]), max(self.size[1], MIN_SIZE[1])
        px = text_floor((w, h))
        wanted = sum(len(_(a.label)) * px * 0.62 + px * 2.2 for a in actions) + (px * 8 if zone is not None else 0)
        return 1 if wanted <= w * 0.8 else 2

    def places(self) -> dict[str, Place]:
        """Return where every displayed zone lies (cached per board change and window size)."""
        key = (self.director.board.version, self._layout_key)
        lay = self.layout()
        if self._places[0] != key:
            self._places = (key, place_zones(lay, self.director.board.zones(), bottom=self.seat))
        return self._places[1]

    @property
    def box_hidden(self) -> bool:
        """True when Esc hid the end-of-deal (or end-of-game) box of the current pause."""
        pause = self.director.pause
        return pause is not None and self._box_hidden is pause

    # -- what can be clicked ---------------------------------------------------------------------
    def clickable(self) -> choices.Clickable:
        """Return what a click may use now (indexed once per move)."""
        legal = self.director.legal()
        key = (self.director.session.moves, len(legal), self.director.accepts_input)
        if self._clickable[0] != key:
            owners = {z.id: z.owner for z in self.director.board.zones()}
            self._clickable = (key, choices.clickable(legal, self.seat, owners))
        return self._clickable[1]

    def owner(self, zone_id: str) -> int | None:
        """Return the seat owning zone ``zone_id`` as displayed (None: shared, or no such zone)."""
        zone = self.director.board.zone(zone_id)
        return zone.owner if zone is not None else None

    def actions_at(self, target: choices.Target) -> list[Action]:
        """Return the legal actions a click on ``target`` offers (a pile's top stands for the pile,
        a seat's zone for the seat)."""
        zone = self.director.board.zone(target.zone)
        return choices.actions_for(target, self.director.legal(), self.seat,
                                   owner=zone.owner if zone is not None else None,
                                   stack=zone is not None and zone.hint == "stack")

    def seat_zone(self, point: tuple[int, int]) -> str | None:
        """Return the hand of the seat whose panel (name, count) lies under ``point``, or None."""
        lay = self.layout()
        for spot in lay.seats:
            if spot.panel.has_point(point) or spot.label.has_point(point):
                return next((z.id for z in self.director.board.zones() if z.is_hand_of(spot.seat)), None)
        return None

    def zone_at(self, point: tuple[int, int]) -> choices.Target | None:
        """Return the zone itself under ``point`` where no card is drawn (an empty row, a seat's panel)
        when a click on it offers something, else None."""
        places = [(p.region.w * p.region.h, zone) for zone, p in self.places().items() if p.region.has_point(point)]
        for _size, zone in sorted(places):
            if self.is_clickable(choices.Target(zone)):
                return choices.Target(zone)
        seat = self.seat_zone(point)
        return choices.Target(seat) if seat is not None and self.is_clickable(choices.Target(seat)) else None

    def carried(self) -> drag.Carry | None:
        """Return the cards being carried, or None (a move made since, or a box opened, puts them back)."""
        carry = self.carry
        if carry is not None and (carry.moves != self.director.session.moves or not self.director.accepts_input
                                  or self.overlay is not None or self.zoom is not None):
            self.carry = carry = None
        return carry

    def selection_zone(self) -> str | None:
        """Return the zone whose cards are chosen by select-then-confirm now, or None."""
        return self.clickable().selection_zone

    @property
    def is_selecting(self) -> bool:
        """True when some of the human's choices are made by selecting cards and confirming."""
        return self.selection_zone() is not None

    def selection(self) -> list[int]:
        """Return the selected item indices (emptied whenever a move has been made since)."""
        if self._selected_at != self.director.session.moves or not self.director.accepts_input:
            self.selected = []
        return self.selected

    def selected_cards(self) -> list[Card]:
        """Return the selected cards in zone order."""
        zone_id = self.selection_zone()
        zone = self.director.board.zone(zone_id) if zone_id else None
        if zone is None:
            return []
        cards = [zone.items[i].card for i in sorted(self.selection()) if i < zone.count]
        return [c for c in cards if c is not None]

    def confirm(self) -> choices.Confirm:
        """Return the confirm button's state for the current selection (asked the engine once per change)."""
        legal = choices.zone_actions(self.director.legal(), self.selection_zone(), self.seat)
        cards = self.selected_cards()
        key = (self.director.session.moves, tuple(sorted(self.selection())), len(legal))
        if self._confirm is None or self._confirm[0] != key:
            reason = None
            if cards and not choices.matching_actions(cards, legal):
                kind = choices.probe_kind(cards, legal)
                zone = self.selection_zone()
                probe = Action(kind, tuple(cards), zone=None if zone == choices.hand_of(self.seat) else zone) if kind else None
                reason = self.director.why_not(probe) if probe is not None else None
            self._confirm = (key, choices.confirm_for(cards, legal, reason))
        return self._confirm[1]

    def toggle(self, index: int) -> None:
        """Select or unselect the item at ``index`` of the selection zone."""
        self.selection()
        self._selected_at = self.director.session.moves
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)

    def target_at(self, point: tuple[int, int]) -> choices.Target | None:
        """Return what was drawn topmost under ``point`` last frame (a card, a pile, a cell), or None."""
        for shape, target in reversed(self.hits):
            if shape.has_point(point):
                return target
        return None

    def hovered(self) -> choices.Target | None:
        """Return the target under the mouse when some legal action (or the selection) uses it."""
        if self.overlay is not None or self.menu is not None:
            return None
        target = self.target_at(self.mouse)
        if target is None or not self.director.accepts_input:
            return None
        return target if self.is_clickable(target) else None

    def is_clickable(self, target: choices.Target) -> bool:
        """Return True when a click on ``target`` would choose or select something legal."""
        return self.clickable().allows(target)

    def status(self) -> tuple[str, bool]:
        """Return the status line and whether it is a warning (a toast, or why a selection is no choice)."""
        if self.toast is not None:
            return self.toast[0], True
        carry = self.carried()
        if carry is not None and (carry.clicked or carry.dragging):
            return (_("Drop it where it goes") if carry.dragging
                    else _("Click where it goes (or anywhere else to put it back)")), False
        if self.director.accepts_input and self.selection() and self.is_selecting:
            state = self.confirm()
            if not state.is_enabled:
                hint = _(state.hint)
                return f"{hint[:1].upper()}{hint[1:]}", True
        return _(self.director.status()), False

    def _toolbar(self) -> None:
        """Set the toolbar's commands: a game's or a replay's; a spectator's without Undo, God and Hint."""
        d = self.director
        watching = d.live or (not d.is_replay and d.view == "public")
        key = (d.is_replay, watching)
        if self._toolbar_for != key:
            wanted = (REPLAY if d.is_replay else LIVE) - (NOT_WATCHING if watching else frozenset())
            self.controls = tuple(c for c in CONTROLS if c.command in wanted)
            self._toolbar_for = key

    def keep_clear(self) -> tuple[list[Rect], list[Rect]]:
        """Return what a menu or a banner must not cover, and the cards drawn (see :func:`menuplace.keep_clear`)."""
        return menuplace.keep_clear(self.layout(), self.places(), self.director.board.zones(), self.drawn)

    def banner_spot(self, size: tuple[int, int]) -> Rect:
        """Return where a banner of ``size`` goes (see :func:`menuplace.banner_spot`)."""
        return menuplace.banner_spot(self.layout(), size, *self.keep_clear())

    def say(self, message: str) -> None:
        """Show ``message`` in the status line for a few seconds (in the interface's language)."""
        self.toast = (_(message), self.now + TOAST_SECONDS)

    # -- time ----------------------------------------------------------------------------------
    def update(self, now: float) -> None:
        """Advance the game and the animations to ``now``; collect art messages."""
        self.now = now
        self.art.poll()
        for message in self.art.take_messages():
            if self.art_notes:
                self.log.append(_("Art: {message}").format(message=message))
        for notice in self.art.take_notices():  # the deck file was edited: said where it is seen
            self.log.append(_(notice))
            self.say(notice)
        self._apply(self.director.update(now))
        self._toolbar()
        self.playtest.update(self)
        self.tweens = [t for t in self.tweens if not t.is_done(now)]
        # Only the cards still in flight are hidden where they land: one landed shows at once, even
        # while later moves' cards fly (a kept landing hid a whole pile behind a bot's next moves).
        self.moving = {t.lands for t in self.tweens if t.lands is not None}
        self.floating = [f for f in self.floating if now < f.begin + f.duration]
        if self.toast is not None and now >= self.toast[1]:
            self.toast = None
        self._rest_on(now)

    def _rest_on(self, now: float) -> None:
        """Follow what the mouse rests on: a card (shown large after a moment, or at once while Alt is
        held) or a shortened text (shown whole)."""
        calm = self.overlay is None and self.zoom is None and self.menu is None and self.director.handoff is None
        target = self.target_at(self.mouse) if calm else None
        if target is not None and target.card is None:
            target = None
        tip = self.text.ink.tip_at(self.mouse) if calm and target is None else None
        thing = target or tip
        if thing != self._rest[0]:
            self._rest = (thing, now)
        held = pygame.key.get_mods() & pygame.KMOD_ALT if pygame.display.get_init() else 0
        ready = held or now - self._rest[1] >= PEEK_SECONDS
        self.peek = target if ready and target is not None else None
        self.tip = tip if ready and tip is not None else None

    def log_key(self) -> tuple[object, ...]:
        """Return what the log panel shows (its length, last line and scroll), to know when to redraw it."""
        return (len(self.log), self.log[-1] if self.log else "", self.log_scroll)

    def log_rows(self, width: int, px: int) -> list[str]:
        """Return the log wrapped to ``width``, oldest first (wrapped again only when it changes)."""
        key = (len(self.log), self.log[-1] if self.log else "", self.log[0] if self.log else "", width, px)
        if self._log_rows[0] != key:
            out: list[str] = []
            for line in self.log:
                out += self.text.wrap(line, px, width)
            self._log_rows = (key, out)
        return self._log_rows[1]


