"""The table's buttons: the toolbar, the action row (or the select-then-confirm row), a choice menu,
the boxes' buttons (leave, the end of a deal or game, the privacy screen).

A mixin of :class:`~tabletop.ui.scene.table.TableScene`: which buttons a frame has follows from the
game's moment and what is open; a click is matched against them (:mod:`tabletop.ui.scene.table_input`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tabletop.engine.actions import Action
from tabletop.i18n import _
from tabletop.ui.layout import Rect, centered
from tabletop.ui.paint import theme
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.widgets import Button
from tabletop.ui.scene import choices, menuplace, playtest
from tabletop.ui.scene.controls import Control
from tabletop.ui.scene.playtest import PlaytestTools


class Scene(playtest.TableScene, Protocol):
    """What the buttons read of the table scene (input reads it too)."""

    controls: tuple[Control, ...]
    text: TextCache
    _menu_at: tuple[object, list[Rect]]
    menu: tuple[Rect, tuple[Action, ...]] | None
    zoom: choices.Target | None
    playtest: PlaytestTools

    @property
    def seat(self) -> int: ...

    @property
    def box_hidden(self) -> bool: ...

    def selection_zone(self) -> str | None: ...

    def confirm(self) -> choices.Confirm: ...

    def replay_buttons(self) -> list[Button]: ...

    def menu_rects(self, anchor: Rect, labels: Sequence[str]) -> list[Rect]: ...

    def keep_clear(self) -> tuple[list[Rect], list[Rect]]: ...

    def _widths(self, labels: Sequence[str]) -> list[int]: ...

    def _is_active(self, command: str) -> bool: ...

    def _tool_label(self, control: Control) -> str: ...


class TableButtons:
    """The buttons of a table scene's frame, and the sizes they are given."""

    # The scene's own attribute that the menu sets (made in TableScene.__init__), typed for the checker.
    _menu_at: tuple[object, list[Rect]]

    def buttons(self: Scene) -> list[Button]:
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

    def _widths(self: Scene, labels: Sequence[str]) -> list[int]:
        """Return how wide a button must be to show each of ``labels`` whole."""
        lay = self.layout()
        return [self.text.width(label, lay.font_px) + round(lay.font_px * 1.4) for label in labels]

    def menu_rects(self: Scene, anchor: Rect, labels: Sequence[str]) -> list[Rect]:
        """Return the rectangles of a small choice menu of ``labels`` opened at ``anchor``, inside the play
        area: near it, over none of the seats' headers, the piles, the zones' labels and the cards' names
        where the table has room (see :func:`~tabletop.ui.scene.menuplace.menu_rects`)."""
        lay = self.layout()
        count = len(labels)
        key = (anchor, tuple(labels), lay, self.director.board.version)
        if self._menu_at[0] != key:
            widest = max((self.text.render(label, lay.font_px, theme.TEXT).get_width() for label in labels), default=0)
            w = min(max(round(lay.font_px * 7), anchor.w, widest + 2 * lay.margin), lay.play.w // 2)
            h = round(lay.font_px * 1.8)
            keep, cards = self.keep_clear()
            self._menu_at = (key, menuplace.menu_rects(anchor, (w, h), count, lay.play, keep, cards, lay.margin))
        return list(self._menu_at[1])

    def _is_active(self: Scene, command: str) -> bool:
        # The Rec button is not lit while recording: it would show in the video. The REC mark,
        # drawn after each frame is captured, says it on screen instead.
        if command == "god":
            return self.director.view == "all"
        if command == "pause":
            return self.director.paused
        if command == "hint":
            return self.playtest.hints.current is not None
        return command in ("help", "diagnostics", "rules", "note") and self.overlay == command

    def _tool_label(self: Scene, control: Control) -> str:
        if control.command == "pause" and self.director.paused:
            return _("Play")
        return _(control.label)
