"""The table scene: turns clicks and keys into commands and choices, cues into animations.

The scene keeps what is on screen (log lines, toasts, moving cards, the selected cards, open
overlays) and asks the
:class:`~tabletop.ui.director.Director` for the game; drawing is in :mod:`tabletop.ui.table_draw`.
Window-wide commands (fullscreen, screenshot, record, leaving) are queued in ``commands`` for
the app that owns the window.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

import pygame

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card
from tabletop.i18n import _
from tabletop.ui import choices
from tabletop.ui.anim import Tween
from tabletop.ui.art import ArtLibrary
from tabletop.ui.controls import CONTROLS, command_for_key
from tabletop.ui.director import Cue, Director
from tabletop.ui.layout import Rect, TableLayout, centered, table_layout
from tabletop.ui.pace import next_pace
from tabletop.ui.text import TextCache
from tabletop.ui.widgets import Button, button_at

TOAST_SECONDS = 3.0
LOG_LINES = 200
APP_COMMANDS = frozenset({"fullscreen", "screenshot", "record", "back", "again", "same"})
"""Commands the scene hands to the app (everything else it handles itself)."""


class TableScene:
    """One game on the table: input, pacing, animation state; ``draw`` renders a frame."""

    def __init__(self, director: Director, art: ArtLibrary, *, names: Sequence[str],
                 size: tuple[int, int], text: TextCache | None = None) -> None:
        from tabletop.ui.table_draw import TableRenderer  # drawing needs the scene's type

        self.director = director
        self.art = art
        self.names = list(names)
        self.size = size
        self.text = text or TextCache()
        self.renderer = TableRenderer(self.text, art)
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.toast: tuple[str, float] | None = None
        self.tweens: list[Tween] = []
        self.drawn: dict[Card, Rect] = {}
        self.overlay: str | None = None  # "help" or "diagnostics", drawn over everything
        self.commands: list[str] = []
        self.mouse: tuple[int, int] = (-1, -1)
        self.now = 0.0
        self._layout_key: tuple[object, ...] | None = None
        self._layout: TableLayout | None = None
        self.selected: list[int] = []  # indices into the bottom hand, for select-then-confirm
        self._selected_at = -1  # the move the selection belongs to (a new move clears it)
        self._confirm: tuple[tuple[object, ...], choices.Confirm] | None = None
        self.reveal_at: tuple[float, float] | None = None  # (start, duration) of the latest reveal

    # -- geometry ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of seats."""
        return self.director.board.players

    @property
    def lower_is_better(self) -> bool:
        """True when the game counts minus points (fewest wins), so scores are labelled so."""
        return bool(getattr(self.director.session.game, "lower_is_better", False))

    def layout(self) -> TableLayout:
        """Return the layout for the current window size and hand sizes (cached)."""
        board = self.director.board
        counts = list(board.counts)
        counts[board.seat] = len(board.hand)
        key = (self.size, tuple(counts))
        if key != self._layout_key or self._layout is None:
            self._layout = table_layout(self.size, players=self.players, hand_counts=counts,
                                        bottom=board.seat, tools=len(CONTROLS))
            self._layout_key = key
        return self._layout

    def hand_rects(self) -> list[Rect]:
        """Return the bottom hand's card rectangles, the hovered legal card and selected cards lifted."""
        lay = self.layout()
        rects = list(lay.spot(self.director.board.seat).cards)
        lifted = set(self.selection())
        hovered = self.hovered_card()
        if hovered is not None:
            lifted.add(hovered)
        for i in lifted:
            if i < len(rects):
                rects[i] = rects[i].moved(0, -lay.lift)
        return rects

    # -- selection (multi-card actions) --------------------------------------------------------
    @property
    def is_selecting(self) -> bool:
        """True when the human's choices are made by selecting cards and confirming."""
        return choices.needs_selection(self.director.legal())

    def selection(self) -> list[int]:
        """Return the selected hand indices (emptied whenever a move has been made since)."""
        if self._selected_at != self.director.session.moves or not self.director.accepts_input:
            self.selected = []
        return self.selected

    def selected_cards(self) -> list[Card]:
        """Return the selected cards in hand order."""
        hand = self.director.board.hand
        return [hand[i] for i in sorted(self.selection()) if i < len(hand)]

    def confirm(self) -> choices.Confirm:
        """Return the confirm button's state for the current selection (asked the engine once per change)."""
        legal = self.director.legal()
        cards = self.selected_cards()
        key = (self.director.session.moves, tuple(sorted(self.selection())), len(legal))
        if self._confirm is None or self._confirm[0] != key:
            reason = None
            if cards and not choices.matching_actions(cards, legal):
                kind = choices.probe_kind(cards, legal)
                reason = self.director.why_not(Action(kind, tuple(cards))) if kind else None
            self._confirm = (key, choices.confirm_for(cards, legal, reason))
        return self._confirm[1]

    def toggle(self, index: int) -> None:
        """Select or unselect the hand card at ``index``."""
        self.selection()
        self._selected_at = self.director.session.moves
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)

    def hovered_card(self) -> int | None:
        """Return the index of the hand card under the mouse if it is a legal choice."""
        if self.overlay is not None:
            return None
        rects = self.layout().spot(self.director.board.seat).cards
        i = choices.hit(self.mouse, rects)
        if i is None or i >= len(self.director.board.hand):
            return None
        return i if self.director.board.hand[i] in choices.playable_cards(self.director.legal()) else None

    def buttons(self) -> list[Button]:
        """Return every clickable button of this frame: toolbar, overlay or action row."""
        lay = self.layout()
        out = [Button(r, _(c.label), c.command, active=self._is_active(c.command))
               for r, c in zip(lay.toolbar, CONTROLS, strict=False)]
        pause = self.director.pause
        if self.overlay is not None:
            return out
        if pause is not None and pause.kind == "deal":
            out.append(Button(lay.overlay_buttons(1, self.players + 1)[0], _("Continue"), "continue"))
        elif pause is not None and pause.kind == "game":
            labels = [(_("Play again"), "again"), (_("Same seed again"), "same"), (_("Back"), "back")]
            out += [Button(r, label, cmd) for r, (label, cmd) in zip(lay.overlay_buttons(3, self.players + 1), labels, strict=True)]
        elif pause is not None:
            out.append(Button(lay.action_buttons(1)[0], _("Continue"), "continue"))
        else:
            legal = self.director.legal()
            actions = choices.button_actions(legal)
            if not self.is_selecting:
                out += [Button(r, a.label, "action", a)
                        for r, a in zip(lay.action_buttons(len(actions)), actions, strict=True)]
                return out
            actions += choices.quick_actions(legal)
            quick, confirm_rect = lay.confirm_row(len(actions))
            out += [Button(r, a.label, "action", a) for r, a in zip(quick, actions, strict=True)]
            state = self.confirm()
            if state.is_enabled:
                out.append(Button(confirm_rect, state.matches[0].label, "confirm", state.matches[0], primary=True))
            else:
                out.append(Button(confirm_rect, _("Confirm"), "confirm", enabled=False, primary=True))
        return out

    def _is_active(self, command: str) -> bool:
        # The Rec button is not lit while recording: it would show in the video. The REC mark,
        # drawn after each frame is captured, says it on screen instead.
        return (command == "help" and self.overlay == "help") or (
            command == "diagnostics" and self.overlay == "diagnostics")

    # -- input ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """React to one pygame event (keys, mouse, resize)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            command = command_for_key(event.key, getattr(event, "unicode", ""))
            if command is not None:
                self.command(command)

    def click(self, pos: tuple[int, int]) -> None:
        """Handle a left click at ``pos``: a button, a card, or the table (continue)."""
        button = button_at(self.buttons(), pos)
        if button is not None:
            if button.command in ("action", "confirm"):
                self.choose(button.payload)
            else:
                self.command(button.command)
            return
        if self.overlay is not None:
            self.overlay = None
            return
        if self.director.pause is not None:
            self.command("continue")
            return
        board = self.director.board
        i = choices.hit(pos, self.hand_rects())
        if i is None or i >= len(board.hand):
            return
        if not self.director.accepts_input:
            self.say(self.director.status())
            return
        legal = self.director.legal()
        if not self.is_selecting:
            self.choose(choices.card_choice(board.hand[i], legal))
        elif board.hand[i] in choices.selectable_cards(legal):
            self.toggle(i)
        else:
            self.say(_("Not allowed: no legal choice uses {card}").format(card=board.hand[i].label))

    def choose(self, action: Action) -> None:
        """Hand ``action`` to the engine; show its reason if refused (the game is unchanged)."""
        reason = self.director.submit(action, self.now)
        if reason is not None:
            self.say(_("Not allowed: {reason}").format(reason=reason))
            self.log.append(f"{action.label}: {reason}")
        else:
            self.selected = []

    def command(self, name: str) -> None:
        """Run a command from a key or a button."""
        if name == "continue":
            self._apply(self.director.resume(self.now))
        elif name == "help":
            self.overlay = None if self.overlay == "help" else "help"
        elif name == "diagnostics":
            self.overlay = None if self.overlay == "diagnostics" else "diagnostics"
        elif name == "speed":
            self.director.set_pace(next_pace(self.director.pace))
            self.say(_("Speed: {speed}").format(speed=_(self.director.pace.name)))
        elif name == "back" and self.overlay is not None:
            self.overlay = None
        elif name in APP_COMMANDS:
            self.commands.append(name)

    def status(self) -> tuple[str, bool]:
        """Return the status line and whether it is a warning (a toast, or why a selection is no choice)."""
        if self.toast is not None:
            return self.toast[0], True
        if self.director.accepts_input and self.selection() and self.is_selecting:
            state = self.confirm()
            if not state.is_enabled:
                return f"{state.hint[:1].upper()}{state.hint[1:]}", True
        return self.director.status(), False

    def say(self, message: str) -> None:
        """Show ``message`` in the status line for a few seconds."""
        self.toast = (message, self.now + TOAST_SECONDS)

    # -- time ----------------------------------------------------------------------------------
    def update(self, now: float) -> None:
        """Advance the game and the animations to ``now``; collect art messages."""
        self.now = now
        self.art.poll()
        for message in self.art.take_messages():
            self.log.append(_("Art: {problem}").format(problem=message))
        self._apply(self.director.update(now))
        self.tweens = [t for t in self.tweens if not t.is_done(now)]
        if self.toast is not None and now >= self.toast[1]:
            self.toast = None

    def _apply(self, cues: list[Cue]) -> None:
        lay = self.layout()
        for cue in cues:
            if cue.kind == "log":
                self.log.append(cue.text)
            elif cue.kind == "move" and cue.duration > 0:
                end_spot = lay.spot(cue.seat).trick_spot
                for card in cue.cards:
                    start = self.drawn.get(card) or centered(lay.trick_card, lay.spot(cue.seat).panel.center)
                    start = Rect(start.x, start.y, *lay.trick_card)
                    self.tweens.append(Tween(card, start, end_spot, self.now, cue.duration))
            elif cue.kind == "muck" and cue.duration > 0:
                # Cards leaving the table fly to its middle; others' cards stay face down.
                target = centered(lay.trick_card, lay.trick_area.center)
                for card in cue.cards:
                    drawn = self.drawn.get(card) if cue.seat == self.director.board.seat else None
                    start = drawn or centered(lay.small_card, lay.spot(cue.seat).panel.center)
                    face = card if cue.seat == self.director.board.seat else None
                    self.tweens.append(Tween(face, start, target, self.now, cue.duration))
            elif cue.kind == "reveal":
                self.reveal_at = (self.now, cue.duration)
            elif cue.kind == "sweep" and cue.duration > 0:
                target = centered(lay.trick_card, lay.spot(cue.seat).panel.center)
                for card in cue.cards:
                    start = self.drawn.get(card, target)
                    self.tweens.append(Tween(card, start, target, self.now, cue.duration))
            elif cue.kind == "deal" and cue.duration > 0:
                source = centered(lay.hand_card, lay.spot(cue.seat).panel.center)
                hand = lay.spot(self.director.board.seat).cards
                step = cue.duration * 0.5 / max(1, len(cue.cards))
                for i, (card, end) in enumerate(zip(cue.cards, hand, strict=False)):
                    self.tweens.append(Tween(card, source, end, self.now + i * step, cue.duration * 0.5))
                # Backs fly to the other seats in the same rhythm, so the whole table is dealt.
                for spot in lay.seats:
                    if spot.seat == self.director.board.seat:
                        continue
                    for i, end in enumerate(spot.cards[:len(cue.cards)]):
                        self.tweens.append(Tween(None, source, end, self.now + i * step, cue.duration * 0.5))

    def moving(self) -> set[Card]:
        """Return the cards drawn by an animation this frame (not at their resting place)."""
        return {t.card for t in self.tweens if t.card is not None}

    def draw(self, surface: pygame.Surface) -> None:
        """Render the whole table for the current moment."""
        self.renderer.draw(surface, self)
