"""Drawing the playtest tools: the notes box, the seats box of "Play from here", note marks, hint marks.

Built from the table's generic pieces (boxes, buttons, the text cache, the theme's colours); what
is clickable comes from :mod:`tabletop.ui.scene.playtest`, what a hint says from :mod:`tabletop.ui.scene.hints`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tabletop.engine.actions import Action
from tabletop.engine.events import seat_name
from tabletop.i18n import _
from tabletop.ui.layout import Rect, TableLayout
from tabletop.ui.paint import theme
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.widgets import Button, button_at, draw_button, draw_panel
from tabletop.ui.scene import choices, overlays

if TYPE_CHECKING:
    from tabletop.bots.judge import Judgement
    from tabletop.ui.scene.table import TableScene


def draw_box(surface: pygame.Surface, text: TextCache, scene: TableScene, lay: TableLayout,
             buttons: list[Button]) -> None:
    """Draw the open box of the playtest tools (notes, or the seats of a game to play on) with its buttons."""
    if scene.overlay == "note":
        _notes_box(surface, text, scene, lay)
    elif scene.overlay == "playfrom":
        _seats_box(surface, text, scene, lay)
    hovered = button_at(buttons, scene.mouse)
    for b in buttons:
        if b.label:  # the listed notes are drawn as rows, not buttons
            draw_button(surface, text, b, lay.font_px, hover=b is hovered)


def _notes_box(surface: pygame.Surface, text: TextCache, scene: TableScene, lay: TableLayout) -> None:
    tools = scene.playtest
    notebook, px = tools.notebook, lay.font_px
    box = tools.box(scene)
    overlays.draw_box(surface, text, box, _("Notes ({count}): public, kept in the game's log").format(
        count=len(notebook.notes)), px)
    rows = tools.note_rows(scene)
    if not rows:
        empty = text.fit(_("No notes yet."), px, theme.TEXT_DIM, box.w - 2 * px)
        surface.blit(empty, (box.x + px, box.y + round(px * 2.6)))
    replay = scene.director.is_replay
    for note, rect in rows:
        if replay and rect.has_point(scene.mouse):
            draw_panel(surface, rect, fill=theme.BUTTON_HOVER, line=theme.ACCENT)
        who = _(seat_name(note.seat)) if note.seat is not None else _("game over")
        line = _("Move {n} ({seat} to move): {text}").format(n=note.n, seat=who, text=note.text)
        surface.blit(text.fit(line, px, theme.TEXT, rect.w - 8), (rect.x + 4, rect.y + (rect.h - px) // 2 - 2))
    field = tools.input_rect(scene)
    seat = _(seat_name(notebook.seat)) if notebook.seat is not None else _("game over")
    label = text.fit(_("Note at move {n} ({seat} to move), in any script; Enter saves:").format(
        n=notebook.move, seat=seat), round(px * 0.9), theme.ACCENT, field.w)
    surface.blit(label, (field.x, field.y - round(px * 1.25)))
    draw_panel(surface, field, fill=theme.OVERLAY, line=theme.ACCENT, width=2)
    if notebook.box is not None:
        _typed(surface, text, notebook.box.shown(), field, px, scene.now)


def _typed(surface: pygame.Surface, text: TextCache, shown: tuple[str, str, str], field: Rect, px: int,
           now: float) -> None:
    """Draw a line being typed: the text, an input method's composition underlined, the caret; the end kept in view."""
    before, composing, after = shown
    head = text.render(before + composing, px, theme.TEXT)
    tail = text.render(after, px, theme.TEXT) if after else None
    room = field.w - 12
    shift = max(0, head.get_width() - room)  # a long note scrolls so the caret stays in the field
    x, y = field.x + 6, field.y + (field.h - head.get_height()) // 2
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(field).inflate(-4, -4))
    surface.blit(head, (x - shift, y))
    caret_x = x - shift + head.get_width()
    if composing:
        start = x - shift + text.render(before, px, theme.TEXT).get_width()
        pygame.draw.line(surface, theme.ACCENT, (start, y + head.get_height() - 2), (caret_x, y + head.get_height() - 2), 2)
    if tail is not None:
        surface.blit(tail, (caret_x + 2, y))
    if int(now * 2) % 2 == 0:
        pygame.draw.line(surface, theme.ACCENT, (caret_x + 1, y + 2), (caret_x + 1, y + head.get_height() - 2), 2)
    surface.set_clip(clip)


def _seats_box(surface: pygame.Surface, text: TextCache, scene: TableScene, lay: TableLayout) -> None:
    px = lay.font_px
    box = scene.playtest.box(scene)
    at = scene.director.session.moves
    y = overlays.draw_box(surface, text, box, _("Play on from move {n}").format(n=at), px)
    for line in text.wrap(_("The same deal and the same first {n} moves, then a new game with its own log (this one"
                            " stays as it is). Click a seat to change who plays it.").format(n=at), round(px * 0.9),
                          box.w - 2 * px)[:2]:
        surface.blit(text.render(line, round(px * 0.9), theme.TEXT), (box.x + px, y))
        y += round(px * 1.2)


def note_flags(surface: pygame.Surface, scene: TableScene) -> None:
    """Draw a flag above a replay's timeline at each move that has a note (click one to go there)."""
    for move, rect in scene.playtest.note_marks(scene):
        lit = rect.has_point(scene.mouse) or move == scene.director.session.moves
        colour = theme.ACCENT if lit else theme.CHIP
        x = rect.center[0]
        pygame.draw.line(surface, colour, (x, rect.y), (x, rect.bottom + 4), 2)
        pygame.draw.polygon(surface, colour, [(x, rect.y), (rect.right, rect.y + rect.h // 3), (x, rect.y + 2 * rect.h // 3)])


def hint_marks(surface: pygame.Surface, text: TextCache, scene: TableScene, lay: TableLayout) -> list[Rect]:
    """Mark each legal action's target (a card, a pile, a cell, a button) with its estimated win rate; return where."""
    judgement = scene.playtest.hints.shown(scene.director.session.moves)
    if judgement is None:
        return []
    legal = tuple(judgement.rates)
    marked: list[Rect] = []
    done: set[Action] = set()
    for shape, target in reversed(scene.hits):  # topmost first: a card's visible part
        actions = choices.actions_for(target, legal, judgement.seat)
        if len(actions) != 1 or actions[0] in done:
            continue
        done.add(actions[0])
        if isinstance(shape, Rect):
            spot = (shape.x + 2, shape.y - 1)  # just above the card: its corner index stays readable
        else:
            spot = (round(shape.center[0] - shape.radius * 0.5), round(shape.center[1] - shape.radius * 0.4))
        marked.append(_badge(surface, text, judgement, actions[0], spot, lay))
    for button in scene.buttons():
        if isinstance(button.payload, Action) and button.payload in judgement.rates and button.payload not in done:
            marked.append(_badge(surface, text, judgement, button.payload, (button.rect.x, button.rect.y), lay))
    return marked


def _badge(surface: pygame.Surface, text: TextCache, judgement: Judgement, action: Action, at: tuple[int, int],
           lay: TableLayout) -> Rect:
    """Draw an action's win rate in a small tag whose bottom-left is ``at`` (gold: the bot's choice; red: clearly worse)."""
    rate = judgement.rate(action)
    label = "?" if rate is None else f"{rate:.0%}"
    px = max(12, round(lay.font_px * 0.72))
    best, worse = action == judgement.best, judgement.is_clearly_worse(action)
    fill = theme.ACCENT if best else theme.WARN if worse else theme.CHIP
    face = text.render(label, px, theme.TEXT_DARK)
    rect = face.get_rect().inflate(8, 2)
    rect.bottomleft = at
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, theme.TEXT_DARK, rect, 1, border_radius=rect.h // 2)
    surface.blit(face, face.get_rect(center=rect.center))
    return Rect(rect.x, rect.y, rect.w, rect.h)
