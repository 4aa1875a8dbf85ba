"""The table scene: turns clicks and keys into commands and choices, cues into animations.

The scene keeps what is on screen (log lines, toasts, moving cards, popups, the selected cards,
an open choice menu, open overlays) and asks the :class:`~tabletop.ui.scene.director.Director` for the
game; drawing is in :mod:`tabletop.ui.scene.table_draw` (which reads the scene; the scene never draws),
which records what it drew where (``hits``)
so a click on anything (a card in any zone, a pile, a board cell) maps to the legal actions that
target it. Window-wide commands (fullscreen, screenshot, record, leaving) are queued in
``commands`` for the app that owns the window.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

import pygame

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.engine.events import GameOver, game_over_text
from tabletop.engine.zones import Popup
from tabletop.i18n import N_, _
from tabletop.ui.art import ArtLibrary
from tabletop.ui.layout import (
    MIN_SIZE,
    Needs,
    Rect,
    TableLayout,
    centered,
    table_layout,
    text_floor,
)
from tabletop.ui.paint import theme
from tabletop.ui.paint.ink import Tip
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.widgets import Button, button_at
from tabletop.ui.scene import choices, drag, menuplace, playtest
from tabletop.ui.scene.anim import Tween
from tabletop.ui.scene.controls import (
    CONTROLS,
    LIVE,
    NOT_WATCHING,
    REPLAY,
    Control,
    command_for_key,
)
from tabletop.ui.scene.director import Cue, Director
from tabletop.ui.scene.pace import next_pace
from tabletop.ui.scene.places import CellPlace, Place, needs, place_zones
from tabletop.ui.scene.playtest import PlaytestTools

TOAST_SECONDS = 3.0
LOG_LINES = 500
APP_COMMANDS = frozenset({"fullscreen", "screenshot", "record", "back", "again", "same", "leave", "replay", "resume"})
"""Commands the scene hands to the app (everything else it handles itself)."""


PEEK_SECONDS = 0.6
"""How long the mouse rests on a card before it is shown large beside the cursor (Alt shows it at once)."""
MENU_ALL = 4
"""A click on a card that moves (drop it where it goes) also lists the moves in its menu when it has at most this many choices."""
POPUP_ROOM = (240, 40)
"""How near (pixels across, down) an older popup must be for a new one to replace it: a short line of
popup text is about this wide and tall."""


@dataclass(frozen=True)
class Floating:
    """A popup text rising from where it was said, between two moments."""

    text: str
    at: tuple[int, int]
    begin: float
    duration: float
    zone: str = ""
    seat: int = -1
    popup: Popup | None = None
    """What said it: where it rises from is found again each frame (the window may change size)."""


class TableScene:
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
        self._controls: tuple[object, tuple[Control, ...]] = (None, ())
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

    # -- buttons -----------------------------------------------------------------------------
    @property
    def controls(self) -> tuple[Control, ...]:
        """The toolbar's commands: a game's or a replay's; a spectator's without Undo, God and Hint."""
        d = self.director
        watching = d.live or (not d.is_replay and d.view == "public")
        key = (d.is_replay, watching)
        if self._controls[0] != key:
            wanted = (REPLAY if d.is_replay else LIVE) - (NOT_WATCHING if watching else frozenset())
            self._controls = (key, tuple(c for c in CONTROLS if c.command in wanted))
        return self._controls[1]

    def buttons(self) -> list[Button]:
        """Return every clickable button of this frame: toolbar, overlay, menu or action row."""
        lay = self.layout()
        out = [Button(r, self._tool_label(c), c.command, active=self._is_active(c.command))
               for r, c in zip(lay.toolbar, self.controls, strict=False)]
        pause = self.director.pause
        if self.director.handoff is not None and self.overlay == "leave":
            return [Button(r, label, cmd) for r, (label, cmd) in
                    zip(lay.overlay_buttons(2, 2), [(_("Leave the game"), "leave"), (_("Stay"), "stay")], strict=True)]
        if self.director.handoff is not None:
            # The privacy screen shows nothing of the table, and offers nothing but taking it.
            seat = self.director.handoff
            w, h = min(lay.window.w - 4 * lay.font_px, lay.font_px * 16), round(lay.font_px * 2.4)
            box = centered((w, h), (lay.window.center[0], round(lay.window.h * 0.6)))
            return [Button(box, _("I am Seat {n}: show my hand").format(n=seat + 1), "take_seat", primary=True)]
        if self.overlay == "leave":
            labels = [(_("Leave the game"), "leave"), (_("Stay"), "stay")]
            return out + [Button(r, label, cmd) for r, (label, cmd) in zip(lay.overlay_buttons(2, 2), labels, strict=True)]
        if self.overlay in playtest.OVERLAYS:
            return out + self.playtest.buttons(self)
        if self.overlay is not None or self.zoom is not None:
            return out
        if self.menu is not None:
            anchor, offered = self.menu
            said = [_(a.label) for a in offered]
            return out + [Button(r, label, "action", a)
                          for r, label, a in zip(self.menu_rects(anchor, said), said, offered, strict=True)]
        if pause is not None and pause.kind in ("deal", "game"):
            if pause.kind == "deal":
                labels = [(_("Continue"), "continue")]
            elif self.director.is_replay:
                labels = [(_("From the start"), "seek_start"), (_("Back"), "leave")]
            else:
                labels = [(_("Play again"), "again"), (_("Same seed again"), "same"), (_("Replay"), "replay"),
                          (_("Back"), "leave")]
            rects = (lay.action_buttons(self._widths([label for label, _cmd in labels])) if self.box_hidden
                     else lay.side_buttons(len(labels)))
            out += [Button(r, label, cmd) for r, (label, cmd) in zip(rects, labels, strict=True)]
        elif self.director.is_replay:
            out += self.replay_buttons()
        elif pause is not None:
            out.append(Button(lay.action_buttons(self._widths([_("Continue")]))[0], _("Continue"), "continue"))
        else:
            legal = self.director.legal()
            zone = self.selection_zone()
            actions = choices.button_actions(legal, zone, self.seat)
            if zone is None:
                rects = lay.action_buttons(self._widths([_(a.label) for a in actions]))
                out += [Button(r, _(a.label), "action", a) for r, a in zip(rects, actions, strict=True)]
                return out
            actions += choices.quick_actions(choices.zone_actions(legal, zone, self.seat))
            quick, confirm_rect = lay.confirm_row(self._widths([_(a.label) for a in actions]),
                                                  self._widths([_("Confirm")])[0])
            out += [Button(r, _(a.label), "action", a) for r, a in zip(quick, actions, strict=True)]
            state = self.confirm()
            if len(state.matches) > 1:
                kinds = " / ".join(choices.kind_word(a.kind).capitalize() for a in state.matches)
                out.append(Button(confirm_rect, _("{choices}...").format(choices=kinds), "confirm", None, primary=True))
            elif state.is_enabled:
                out.append(Button(confirm_rect, _(state.matches[0].label), "confirm", state.matches[0], primary=True))
            else:
                out.append(Button(confirm_rect, _("Confirm"), "confirm", enabled=False, primary=True))
        return out

    def _widths(self, labels: Sequence[str]) -> list[int]:
        """Return how wide a button must be to show each of ``labels`` whole."""
        lay = self.layout()
        return [self.text.width(label, lay.font_px) + round(lay.font_px * 1.4) for label in labels]

    def menu_rects(self, anchor: Rect, labels: Sequence[str]) -> list[Rect]:
        """Return the rectangles of a small choice menu of ``labels`` opened at ``anchor``, inside the play
        area: near it, over none of the seats' headers, the piles, the zones' labels and the cards' names
        where the table has room (see :func:`~tabletop.ui.scene.menuplace.menu_box`)."""
        lay = self.layout()
        count = len(labels)
        key = (anchor, tuple(labels), self._layout_key, self.director.board.version)
        if self._menu_at[0] != key:
            widest = max((self.text.render(label, lay.font_px, theme.TEXT).get_width() for label in labels), default=0)
            w = min(max(round(lay.font_px * 7), anchor.w, widest + 2 * lay.margin), lay.play.w // 2)
            h = round(lay.font_px * 1.8)
            keep, cards = self.keep_clear()
            self._menu_at = (key, menuplace.menu_rects(anchor, (w, h), count, lay.play, keep, cards, lay.margin))
        return list(self._menu_at[1])

    def keep_clear(self) -> tuple[list[Rect], list[Rect]]:
        """Return what a menu or a banner must not cover, and the cards drawn (see :func:`menuplace.keep_clear`)."""
        return menuplace.keep_clear(self.layout(), self.places(), self.director.board.zones(), self.drawn)

    def banner_spot(self, size: tuple[int, int]) -> Rect:
        """Return where a banner of ``size`` goes (see :func:`menuplace.banner_spot`)."""
        return menuplace.banner_spot(self.layout(), size, *self.keep_clear())

    def _is_active(self, command: str) -> bool:
        # The Rec button is not lit while recording: it would show in the video. The REC mark,
        # drawn after each frame is captured, says it on screen instead.
        if command == "god":
            return self.director.view == "all"
        if command == "pause":
            return self.director.paused
        if command == "hint":
            return self.playtest.hints.current is not None
        return command in ("help", "diagnostics", "rules", "note") and self.overlay == command

    def _tool_label(self, control: Control) -> str:
        if control.command == "pause" and self.director.paused:
            return _("Play")
        return _(control.label)

    # -- the replay bar --------------------------------------------------------------------------
    def replay_targets(self) -> dict[str, int]:
        """Return where each replay button goes: start, deal/trick/move back and forward, end."""
        d = self.director
        timeline, line = d.timeline, d.line or []
        pos, end = d.session.moves, len(line)
        if timeline is None:
            return {}
        tricks, deals = timeline.marks("trick"), timeline.marks("deal")
        turns = [p for p in timeline.decisions() if d.view != "seat" or timeline.steps[p].seat == d.seat]

        def before(marks: list[int]) -> int:
            return max((m for m in marks if m < pos), default=0)

        def after(marks: list[int]) -> int:
            return min((m for m in marks if m > pos), default=end)

        return {"start": 0, "deal-": before(deals), "trick-": before(tricks), "turn-": before(turns),
                "move-": max(0, pos - 1), "move+": min(end, pos + 1), "turn+": after(turns),
                "trick+": after(tricks), "deal+": after(deals), "end": end}

    def replay_controls(self) -> tuple[tuple[str, str], ...]:
        """Return the replay bar's (label, target) pairs: the trick steps only in a line of play with tricks."""
        timeline = self.director.timeline
        if timeline is not None and timeline.marks("trick"):
            return REPLAY_BUTTONS
        return tuple(b for b in REPLAY_BUTTONS if b[1] not in ("trick-", "trick+"))

    def has_tricks(self) -> bool:
        """True in a game played in tricks: a replay whose line holds one, or a table with a trick zone
        (the help speaks of tricks only then)."""
        d = self.director
        if d.is_replay:
            return d.timeline is not None and bool(d.timeline.marks("trick"))
        return d.board.zone("trick") is not None

    def replay_bar(self) -> tuple[list[Rect], Rect]:
        """Return the replay buttons' rectangles and the timeline slider's, in the action row."""
        lay = self.layout()
        band = lay.buttons
        if self.recording:
            return [], Rect(band.x + lay.margin, band.y + band.h // 4, band.w - 2 * lay.margin, band.h // 2)
        count = len(self.replay_controls())
        item_w = min(round(lay.font_px * 3.4), (band.w * 6 // 10 - lay.margin * count) // count)
        rects = [Rect(band.x + i * (item_w + lay.margin // 2), band.y, item_w, band.h) for i in range(count)]
        x = rects[-1].right + lay.margin * 2
        slider = Rect(x, band.y + band.h // 4, max(10, band.right - x - lay.margin), band.h // 2)
        return rects, slider

    def replay_buttons(self) -> list[Button]:
        """Return the replay bar's buttons (the play/pause one in the middle)."""
        targets = self.replay_targets()
        rects = self.replay_bar()[0]
        if self.recording:
            return []
        pos = self.director.session.moves
        out = []
        for rect, (label, key) in zip(rects, self.replay_controls(), strict=True):
            if key == "pause":
                out.append(Button(rect, _("Play") if self.director.paused else _("Pause"), "pause", primary=True))
            else:
                to = targets.get(key, pos)
                out.append(Button(rect, _(label), "seek", to, enabled=to != pos))
        return out

    def position_at(self, x: int) -> int:
        """Return the move a click at ``x`` on the timeline slider goes to."""
        slider = self.replay_bar()[1]
        end = len(self.director.line or [])
        return round(min(1.0, max(0.0, (x - slider.x) / max(1, slider.w))) * end)

    # -- input ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event (keys, mouse, wheel, resize, typed text)."""
        if self.playtest.handle(self, event):
            return  # a note being typed takes the keyboard
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.dragging and self.director.is_replay:
                self.seek(self.position_at(event.pos[0]))
            if self.carry is not None:
                self.carry.follow(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
            self.mouse = event.pos
            self.release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if not self.pick_up(event.pos):
                self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.right_click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.overlay is not None:
            self.overlay_scroll = min(self.overlay_most, max(0, self.overlay_scroll - event.y))
        elif event.type == pygame.MOUSEWHEEL:
            self.log_scroll = max(0, self.log_scroll + event.y)
        elif event.type == pygame.KEYDOWN:
            if self.jump is not None and self._type_jump(event):
                return
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.command("undo")
                return
            if self.director.is_replay and event.key in REPLAY_KEYS:
                self.command("seek", self.replay_targets().get(REPLAY_KEYS[event.key], self.director.session.moves))
                return
            # Keys reach every command of the mode: a spectator's U, G or I is told why not (no button offers them).
            wanted = REPLAY if self.director.is_replay else LIVE
            command = command_for_key(event.key, getattr(event, "unicode", ""),
                                      tuple(c for c in CONTROLS if c.command in wanted))
            if command is not None:
                self.command(command)

    def right_click(self, pos: tuple[int, int]) -> None:
        """Zoom the card under ``pos`` to full size (or close the zoom)."""
        if self.zoom is not None:
            self.zoom = None
            return
        target = self.target_at(pos)
        if target is not None and target.card is not None:
            self.zoom = target

    def click(self, pos: tuple[int, int]) -> None:
        """Handle a left click at ``pos``: a button, then anything on the table."""
        button = button_at(self.buttons(), pos)
        if self.zoom is not None:
            self.zoom = None
            return
        if button is not None:
            self.menu, self.carry = None, None
            matches = self.confirm().matches if button.command == "confirm" else ()
            if len(matches) > 1:  # the selection fits several actions (play or discard it): ask which
                self.menu = (button.rect, matches)
            elif button.command in ("action", "confirm"):
                self.choose(button.payload)
            else:
                self.command(button.command, button.payload)
            return
        if self.director.handoff is not None:
            if self.overlay is None:
                self.command("take_seat")  # the privacy screen: a click anywhere when ready
            return
        noted = self.playtest.mark_at(self, pos) if self.overlay is None else None
        if noted is not None:
            self.seek(noted)
            return
        if (self.director.is_replay and self.overlay is None
                and (self.director.pause is None or self.director.pause.kind == "trick")
                and self.replay_bar()[1].inset(-4).has_point(pos)):
            self.dragging = True
            self.seek(self.position_at(pos[0]))
            return
        carry = self.carried()
        if carry is not None and carry.clicked:  # the second click of a click-then-click move
            self.carry, self.menu = None, None
            landing = drag.drop_target(self, carry, pos)
            if landing is not None:
                self.drop(carry, landing)
                return
            target = self.target_at(pos)
            if target is None or target == carry.target:
                return  # clicked beside every place it may go, or on itself: put back
        if self.menu is not None:
            self.menu = None
            return
        if self.overlay is not None:
            if self.overlay != "leave" and self.overlay not in playtest.OVERLAYS:  # those close by their buttons
                self.overlay = None
            return
        if self.director.pause is not None:
            self.command("continue")
            return
        target = self.target_at(pos)
        if target is None and self.director.accepts_input:
            target = self.zone_at(pos)
        if target is None:
            return
        if not self.director.accepts_input:
            self.say(self.director.status())
            return
        self.click_target(target)

    def click_target(self, target: choices.Target) -> None:
        """Choose, select, open a menu, or say why not, for a click on ``target``."""
        legal = self.director.legal()
        if target.zone == self.selection_zone() and target.card is not None:
            zone_legal = choices.zone_actions(legal, target.zone, self.seat)
            if target.card in choices.selectable_cards(zone_legal):
                self.toggle(target.item)
            else:
                self.say(_("Not allowed: no legal choice uses {card}").format(card=_(target.card.label)))
            return
        actions = self.actions_at(target)
        moving = choices.movers(actions)
        anchor = self.drawn.get((target.zone, target.item)) or _cell_rect(self.hits, target)
        if len(actions) == 1:
            self.choose(actions[0])
        elif moving:
            # Picked up: the next click, on where it goes, moves it. The menu offers what moves
            # nothing, and every choice when there are few.
            self.carry = drag.Carry(target, tuple(moving), self.mouse, self.director.session.moves, clicked=True)
            rest = tuple(a for a in actions if a not in moving or len(actions) <= MENU_ALL)
            if rest:
                self.menu = (anchor or centered((10, 10), self.mouse), rest)
        elif actions:
            self.menu = (anchor or centered((10, 10), self.mouse), tuple(actions))
        else:
            probe = choices.probe_action(target, legal, self.seat)
            reason = self.director.why_not(probe) if probe is not None else None
            self.say(_("Not allowed: {reason}").format(reason=_(reason or choices.NOTHING_THERE)))

    def pick_up(self, pos: tuple[int, int]) -> bool:
        """Hold what is under ``pos`` when the button goes down on something a move takes somewhere;
        return whether it was picked up (the release then drops it, or clicks it)."""
        if (self.carried() is not None or self.menu is not None or self.overlay is not None or self.zoom is not None
                or self.director.pause is not None or button_at(self.buttons(), pos) is not None):
            return False
        target = self.target_at(pos)
        if target is None or target.cell:
            return False
        moving = choices.movers(self.actions_at(target))
        if not moving:
            return False
        self.carry = drag.Carry(target, tuple(moving), pos, self.director.session.moves)
        return True

    def release(self, pos: tuple[int, int]) -> None:
        """The button came up: drop what is dragged, or click what was pressed without dragging."""
        carry = self.carried()
        if carry is None or carry.clicked:
            return
        self.carry = None
        if not carry.dragging:
            self.click_target(carry.target)
            return
        landing = drag.drop_target(self, carry, pos)
        if landing is not None:
            self.drop(carry, landing)
            return
        spot = self.target_at(pos)
        if spot is not None and spot.zone != carry.target.zone:  # dropped where it may not go: say why
            self._refuse(carry, spot)

    def drop(self, carry: drag.Carry, landing: choices.Target) -> None:
        """Choose the one action that moves the carried cards onto ``landing``; several open the menu."""
        matches = choices.drop_actions(carry.actions, landing)
        if len(matches) == 1:
            self.choose(matches[0])
        elif matches:
            anchor = _cell_rect(self.hits, landing) or centered((10, 10), self.mouse)
            self.menu = (anchor, tuple(matches))
        else:  # the cell of a board dropped on takes none of them
            self._refuse(carry, landing)

    def _refuse(self, carry: drag.Carry, spot: choices.Target) -> None:
        """Say why the carried cards may not go to ``spot`` (the engine's reason for such a move)."""
        first = carry.actions[0]
        probe = Action(first.kind, first.cards, zone=first.zone, cell=spot.cell or None, to=spot.zone)
        self.say(_("Not allowed: {reason}").format(reason=_(self.director.why_not(probe) or choices.NOTHING_THERE)))

    def choose(self, action: Action) -> None:
        """Hand ``action`` to the engine; show its reason if refused (the game is unchanged)."""
        reason = self.director.submit(action, self.now)
        if reason is not None:
            self.say(_("Not allowed: {reason}").format(reason=_(reason)))
            if not self.director.hot_seat:  # a log read by every player would name a card in a hand
                self.log.append(_("{action}: {reason}").format(action=_(action.label), reason=_(reason)))
        else:
            self.selected = []

    def command(self, name: str, payload: object = None) -> None:
        """Run a command from a key or a button (``payload``: a move number for ``seek``)."""
        d = self.director
        if name == "continue" and d.handoff is not None or name == "take_seat":
            d.take_seat()
            # Nothing the last player opened or was told (a card zoomed, a menu, a refusal naming a card) is
            # shown to the next.
            self.selected, self.zoom, self.menu, self.carry, self.toast = [], None, None, None, None
        elif name == "continue":
            if d.pause is None and (d.is_replay or d.paused):
                self.command("pause")  # Space plays and pauses a replay, and ends a pause of the bots
            else:
                self._apply(d.resume(self.now))
        elif name == "undo":
            if d.handoff is not None:
                return
            message = d.undo()
            self.selected, self.menu = [], None
            self.say(message)
            self.log.append(message)
        elif name == "pause":
            self.say(_("Paused") if d.toggle_pause() else _("Playing"))
        elif name == "step":
            d.step()
        elif name == "god":
            if self.fair:
                self.say(_("No god view in a fair game"))
            elif d.live:
                self.say(_("A spectator sees what the public sees: every hand stays face down"))
            elif d.handoff is None:
                d.set_view("seat" if d.view == "all" else "all")
                self.say(_("God view: every hand open") if d.view == "all" else _("God view off"))
        elif name == "view":
            self._next_view()
        elif name == "jump":
            self.jump = "" if self.jump is None else None
        elif name == "seek" and isinstance(payload, int):
            if self.overlay == "note":
                self.playtest.command(self, "close_note")
            self.seek(payload)
        elif name in playtest.COMMANDS:
            self.playtest.command(self, name, payload)
        elif name == "seek_start":
            self.seek(0)
        elif name in ("help", "diagnostics", "rules"):
            self.overlay = None if self.overlay == name else name
            self.overlay_scroll = 0
            if self.overlay == "help" and d.is_replay and not d.paused:
                d.toggle_pause()  # reading the help, nobody watches the replay
        elif name == "symbols":
            self.art.symbols = not self.art.symbols
            self.say(_("Colour-blind symbols on") if self.art.symbols else _("Colour-blind symbols off"))
        elif name == "speed":
            self.director.set_pace(next_pace(self.director.pace))
            self.say(_("Speed: {speed}").format(speed=_(self.director.pace.name)))
        elif name == "savelog":
            self.say(_("Log saved to {file}").format(file=self.save_log()))
        elif name == "stay":
            self.overlay = None
        elif name == "back" and self.jump is not None:
            self.jump = None
        elif name == "back" and self.overlay == "note":
            self.playtest.command(self, "close_note")
        elif name == "back" and (self.overlay is not None or self.zoom is not None or self.menu is not None
                                 or self.carried() is not None):
            self.overlay, self.zoom, self.menu, self.carry = None, None, None, None
        elif (name == "back" and d.pause is not None and d.pause.kind in ("deal", "game")
              and not self.box_hidden):
            self._box_hidden = d.pause  # Esc on a box closes the box: the table stays, paused
        elif name == "back" and not self.director.session.is_over and not self.director.unattended:
            self.overlay = "leave"  # leaving abandons the game: ask first
        elif name in APP_COMMANDS:
            self.commands.append("back" if name == "leave" else name)

    def seek(self, position: int) -> None:
        """Show move ``position`` of a replay at once (animations and toasts of the old moment dropped)."""
        d = self.director
        if d.timeline is None or position == d.session.moves and d.pause is None:
            return
        if position == d.session.moves + 1 and d.is_replay and not d.queue:
            d.step()  # one move forward is played, not jumped to: it is seen moving
            return
        d.seek(position)
        self.tweens, self.floating, self.moving = [], [], set()
        self.relog()

    def relog(self) -> None:
        """Make a replay's log panel say what happened up to the move shown (after a seek)."""
        d = self.director
        if d.is_replay:
            self.log = deque([*self.log_intro, *(_(line) for line in d.log_lines(d.session.moves))], maxlen=LOG_LINES)
            self.log_scroll = 0

    def _next_view(self) -> None:
        d = self.director
        if not d.is_replay:
            self.command("god")
            return
        if d.live:
            self.say(_("A spectator sees what the public sees: every hand stays face down"))
            return
        if d.view == "all":
            d.set_view("seat")
            d.set_seat(0)
        elif d.view == "public" or d.seat + 1 < self.players:
            d.set_view("seat")
            d.set_seat(d.seat + 1 if d.view == "seat" and d.seat + 1 < self.players else 0)
        else:
            d.set_view("all")
        self.say(_("Viewing all hands open") if d.view == "all"
                 else _("Viewing as {seat}").format(seat=self.names[d.seat]))

    def _type_jump(self, event: pygame.event.Event) -> bool:
        """Take a key typed into the jump box; return True when it was for the box."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text, self.jump = self.jump, None
            if text:
                self.seek(min(int(text), len(self.director.line or [])))
            return True
        if event.key == pygame.K_BACKSPACE:
            self.jump = (self.jump or "")[:-1]
            return True
        char = getattr(event, "unicode", "")
        if char.isdigit() and len(self.jump or "") < 6:
            self.jump = (self.jump or "") + char
            return True
        return event.key != pygame.K_ESCAPE and event.key != pygame.K_j

    def save_log(self) -> Path:
        """Write the table's log as text; return the file."""
        self.log_folder.mkdir(parents=True, exist_ok=True)
        path = self.log_folder / f"table-log-{datetime.now():%Y%m%d-%H%M%S}.txt"
        path.write_text("\n".join(self.log) + "\n", encoding="utf-8")
        return path

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

    def _apply(self, cues: list[Cue]) -> None:
        for cue in cues:
            if cue.kind == "log":
                self.log.append(_(cue.text) if cue.over is None else self._game_over_line(cue.over, cue.text))
                self.log_scroll = 0
            elif cue.kind == "popup" and cue.popup is not None:
                at = self._popup_point(cue.popup)
                # Newer news at the same spot replaces the older (tricks played faster than their
                # popups fade would stack them into one unreadable blot); popups of one moment all stay.
                self.floating = [f for f in self.floating if f.begin >= self.now
                                 or abs(f.at[0] - at[0]) > POPUP_ROOM[0] or abs(f.at[1] - at[1]) > POPUP_ROOM[1]]
                self.floating.append(Floating(_(cue.popup.text), at, self.now, cue.duration, cue.popup.zone,
                                              cue.popup.seat, cue.popup))
            elif cue.kind == "move" and cue.move is not None:
                self._animate(cue)

    def _game_over_line(self, over: GameOver, said: str) -> str:
        """Return the log's "Game over: ... wins" naming the winners as the table does ("Seat 2 (Ann)")."""
        winners = [i for i, rank in enumerate(over.ranks) if rank == 1]
        if not winners or max(winners) >= len(self.names):
            return _(said)
        return _(game_over_text([self.names[i] for i in winners]))

    def _animate(self, cue: Cue) -> None:
        move = cue.move
        assert move is not None
        if move.src and move.src == move.dst:
            return  # a reveal in place: the cards simply turn face up
        if cue.duration <= 0 or move.cell:
            return
        lay = self.layout()
        before = self.drawn
        places = self.places()
        src_place = places.get(move.src)
        dst_place = places.get(move.dst)
        fallback = centered(lay.trick_card, lay.trick_area.center)
        zone = self.director.board.zone(move.dst)
        for k, index in enumerate(cue.dst):
            start = before.get((move.src, cue.src[k])) if k < len(cue.src) else None
            if start is None:
                start = src_place.next_slot() if src_place is not None else fallback
            end = dst_place.items[index] if dst_place is not None and index < len(dst_place.items) else (
                dst_place.next_slot() if dst_place is not None else fallback)
            card = zone.items[index].card if zone is not None and index < zone.count else None
            self.tweens.append(Tween(card, start, end, self.now, cue.duration, (move.dst, index)))
            self.moving.add((move.dst, index))
        if not cue.dst and src_place is not None:  # things leaving the table fly to its middle
            for k in cue.src:
                start = before.get((move.src, k)) or src_place.next_slot()
                self.tweens.append(Tween(None, start, fallback, self.now, cue.duration))

    def popup_point(self, floating: Floating) -> tuple[int, int]:
        """Return where a popup rises from in the table as it is laid out now."""
        return self._popup_point(floating.popup) if floating.popup is not None else floating.at

    def _popup_point(self, popup: Popup) -> tuple[int, int]:
        if popup.cell:
            for shape, target in self.hits:
                if target.cell == popup.cell and target.zone == popup.zone and isinstance(shape, CellPlace):
                    return round(shape.center[0]), round(shape.center[1])
        place = self.places().get(popup.zone)
        zone = self.director.board.zone(popup.zone) if popup.zone else None
        if place is not None and zone is not None and popup.seat >= 0:
            mine = [place.items[i] for i, item in enumerate(zone.items) if item.seat == popup.seat and i < len(place.items)]
            if mine:
                # Over the lower part of the seat's cards: their corners (rank and suit) stay in view.
                left, right = min(r.x for r in mine), max(r.right for r in mine)
                return (left + right) // 2, mine[0].bottom - mine[0].h // 4
        if place is not None:
            return place.region.center
        if 0 <= popup.seat < self.players:
            return self.layout().popup_point(popup.seat)
        return self.layout().trick_area.center

    def marked(self) -> set[tuple[str, int]]:
        """Return the (zone, seat) pairs a popup points at now: those cards are outlined (the trick's taker)."""
        return {(f.zone, f.seat) for f in self.floating if f.zone and f.seat >= 0}

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


REPLAY_BUTTONS: tuple[tuple[str, str], ...] = (
    (N_("Start"), "start"), (N_("-Deal"), "deal-"), (N_("-Trick"), "trick-"), (N_("-Turn"), "turn-"), ("-1", "move-"),
    ("", "pause"), ("+1", "move+"), (N_("Turn+"), "turn+"), (N_("Trick+"), "trick+"), (N_("Deal+"), "deal+"),
    (N_("End"), "end"),
)
"""The replay bar: (label, where it goes) in order."""
REPLAY_KEYS: dict[int, str] = {
    pygame.K_LEFT: "move-", pygame.K_RIGHT: "move+", pygame.K_UP: "trick-", pygame.K_DOWN: "trick+",
    pygame.K_PAGEUP: "deal-", pygame.K_PAGEDOWN: "deal+", pygame.K_HOME: "start", pygame.K_END: "end",
}
"""Replay keys and where they go."""


def _cell_rect(hits: Sequence[tuple[Rect | CellPlace, choices.Target]], target: choices.Target) -> Rect | None:
    for shape, t in hits:
        if t == target and isinstance(shape, CellPlace):
            r = round(shape.radius)
            return Rect(round(shape.center[0]) - r, round(shape.center[1]) - r, 2 * r, 2 * r)
    return None

