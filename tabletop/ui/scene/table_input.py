"""The table's input: mouse and keys turned into choices, commands, seeks and cards carried.

A mixin of :class:`~tabletop.ui.scene.table.TableScene`: a click goes to a button first, then to
what was drawn under it (a card, a pile, a cell, a seat's panel); a key goes to the jump box or the
note box while one is open, else to its command. Window-wide commands are queued in ``commands``
for the app that owns the window.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Protocol

import pygame

from tabletop.engine.actions import Action
from tabletop.i18n import _
from tabletop.ui.art import ArtLibrary
from tabletop.ui.layout import Rect, centered
from tabletop.ui.paint.widgets import Button, button_at
from tabletop.ui.scene import choices, drag, playtest, table_buttons
from tabletop.ui.scene.anim import Tween
from tabletop.ui.scene.controls import CONTROLS, LIVE, REPLAY, command_for_key
from tabletop.ui.scene.director import Cue
from tabletop.ui.scene.pace import next_pace
from tabletop.ui.scene.places import CellPlace
from tabletop.ui.scene.replay_bar import REPLAY_KEYS
from tabletop.ui.scene.table_motion import Floating

APP_COMMANDS = frozenset({"fullscreen", "screenshot", "record", "back", "again", "same", "leave", "replay", "resume"})
"""Commands the scene hands to the app (everything else it handles itself)."""
MENU_ALL = 4
"""A click on a card that moves (drop it where it goes) also lists the moves in its menu when it has at most this many choices."""


class _Scene(table_buttons.Scene, drag.Scene, Protocol):
    """What input reads and sets of the table scene."""

    art: ArtLibrary
    names: list[str]
    log_folder: Path
    log_intro: list[str]
    toast: tuple[str, float] | None
    tweens: list[Tween]
    moving: set[tuple[str, int]]
    floating: list[Floating]
    hits: list[tuple[Rect | CellPlace, choices.Target]]
    selected: list[int]
    fair: bool
    jump: str | None
    dragging: bool
    overlay_scroll: int
    overlay_most: int
    _box_hidden: object
    carry: drag.Carry | None

    def buttons(self) -> list[Button]: ...

    def toggle(self, index: int) -> None: ...

    def actions_at(self, target: choices.Target) -> list[Action]: ...

    def zone_at(self, point: tuple[int, int]) -> choices.Target | None: ...

    def replay_targets(self) -> dict[str, int]: ...

    def position_at(self, x: int) -> int: ...

    def _apply(self, cues: list[Cue]) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def right_click(self, pos: tuple[int, int]) -> None: ...

    def click(self, pos: tuple[int, int]) -> None: ...

    def click_target(self, target: choices.Target) -> None: ...

    def pick_up(self, pos: tuple[int, int]) -> bool: ...

    def release(self, pos: tuple[int, int]) -> None: ...

    def drop(self, carry: drag.Carry, landing: choices.Target) -> None: ...

    def _refuse(self, carry: drag.Carry, spot: choices.Target) -> None: ...

    def choose(self, action: Action) -> None: ...

    def command(self, name: str, payload: object = None) -> None: ...

    def seek(self, position: int) -> None: ...

    def relog(self) -> None: ...

    def _next_view(self) -> None: ...

    def _type_jump(self, event: pygame.event.Event) -> bool: ...

    def save_log(self) -> Path: ...


class TableInput:
    """A table scene's answers to the mouse, the keys and the commands of its buttons."""

    # The scene's own attributes that input sets (made in TableScene.__init__), typed for the checker.
    mouse: tuple[int, int]
    dragging: bool
    jump: str | None
    log: deque[str]
    log_scroll: int
    overlay: str | None
    overlay_scroll: int
    zoom: choices.Target | None
    menu: tuple[Rect, tuple[Action, ...]] | None
    carry: drag.Carry | None
    selected: list[int]
    toast: tuple[str, float] | None
    tweens: list[Tween]
    floating: list[Floating]
    moving: set[tuple[str, int]]
    _box_hidden: object

    def handle(self: _Scene, event: pygame.event.Event) -> None:
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

    def right_click(self: _Scene, pos: tuple[int, int]) -> None:
        """Zoom the card under ``pos`` to full size (or close the zoom)."""
        if self.zoom is not None:
            self.zoom = None
            return
        target = self.target_at(pos)
        if target is not None and target.card is not None:
            self.zoom = target

    def click(self: _Scene, pos: tuple[int, int]) -> None:
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

    def click_target(self: _Scene, target: choices.Target) -> None:
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

    def pick_up(self: _Scene, pos: tuple[int, int]) -> bool:
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

    def release(self: _Scene, pos: tuple[int, int]) -> None:
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

    def drop(self: _Scene, carry: drag.Carry, landing: choices.Target) -> None:
        """Choose the one action that moves the carried cards onto ``landing``; several open the menu."""
        matches = choices.drop_actions(carry.actions, landing)
        if len(matches) == 1:
            self.choose(matches[0])
        elif matches:
            anchor = _cell_rect(self.hits, landing) or centered((10, 10), self.mouse)
            self.menu = (anchor, tuple(matches))
        else:  # the cell of a board dropped on takes none of them
            self._refuse(carry, landing)

    def _refuse(self: _Scene, carry: drag.Carry, spot: choices.Target) -> None:
        """Say why the carried cards may not go to ``spot`` (the engine's reason for such a move)."""
        first = carry.actions[0]
        probe = Action(first.kind, first.cards, zone=first.zone, cell=spot.cell or None, to=spot.zone)
        self.say(_("Not allowed: {reason}").format(reason=_(self.director.why_not(probe) or choices.NOTHING_THERE)))

    def choose(self: _Scene, action: Action) -> None:
        """Hand ``action`` to the engine; show its reason if refused (the game is unchanged)."""
        reason = self.director.submit(action, self.now)
        if reason is not None:
            self.say(_("Not allowed: {reason}").format(reason=_(reason)))
            if not self.director.hot_seat:  # a log read by every player would name a card in a hand
                self.log.append(_("{action}: {reason}").format(action=_(action.label), reason=_(reason)))
        else:
            self.selected = []

    def command(self: _Scene, name: str, payload: object = None) -> None:
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

    def seek(self: _Scene, position: int) -> None:
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

    def relog(self: _Scene) -> None:
        """Make a replay's log panel say what happened up to the move shown (after a seek)."""
        d = self.director
        if d.is_replay:
            self.log = deque([*self.log_intro, *(_(line) for line in d.log_lines(d.session.moves))], maxlen=self.log.maxlen)
            self.log_scroll = 0

    def _next_view(self: _Scene) -> None:
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

    def _type_jump(self: _Scene, event: pygame.event.Event) -> bool:
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

    def save_log(self: _Scene) -> Path:
        """Write the table's log as text; return the file."""
        self.log_folder.mkdir(parents=True, exist_ok=True)
        path = self.log_folder / f"table-log-{datetime.now():%Y%m%d-%H%M%S}.txt"
        path.write_text("\n".join(self.log) + "\n", encoding="utf-8")
        return path


def _cell_rect(hits: Sequence[tuple[Rect | CellPlace, choices.Target]], target: choices.Target) -> Rect | None:
    for shape, t in hits:
        if t == target and isinstance(shape, CellPlace):
            r = round(shape.radius)
            return Rect(round(shape.center[0]) - r, round(shape.center[1]) - r, 2 * r, 2 * r)
    return None
