"""The sidebar beside the table: a banner (the game, or whose eyes the table shows), scores, the game's
notes and the log; and the end-of-deal and end-of-game boxes, which sit there so the table stays in view.

Each box is as tall as what it holds (scores and notes first, the log takes the rest); a text too
long for its line wraps, and a box with more lines than room ends in an ellipsis and shows all on hover.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.events import DealScored, GameOver, game_over_text
from tabletop.i18n import _, ngettext
from tabletop.ui.layout import Rect, TableLayout
from tabletop.ui.paint import theme
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.widgets import draw_panel

if TYPE_CHECKING:
    from tabletop.ui.scene.table import TableScene

WIDE_COLUMN = 0.3
"""A per-seat note wider than this share of the scores box goes on a line under its seat, not in a column."""


class Table(list[list[str]]):
    """Rows of cells, the first row the heading; ``notes[i]`` are lines shown under row ``i``."""

    notes: dict[int, list[str]]


def score_table(scene: TableScene, text: TextCache, width: int, px: int) -> Table:
    """Return the scores box's rows: a seat, its points and its short notes; long notes under the seat."""
    board = scene.director.board
    per_seat = [r for r in board.info if r.per_seat]
    cells = [[_(r.per_seat[s]) if s < len(r.per_seat) else "" for r in per_seat] for s in range(board.players)]
    wide = [any(text.width(row[c], px) > width * WIDE_COLUMN for row in cells) for c in range(len(per_seat))]
    table = Table([["", _("Minus") if scene.lower_is_better else _("Pts"),
                    *(_(r.label) for r, w in zip(per_seat, wide, strict=True) if not w)]])
    table.notes = {}
    for seat in range(board.players):
        name = scene.names[seat] if seat < len(scene.names) else _("Seat {n}").format(n=seat + 1)
        score = str(board.scores[seat]) if seat < len(board.scores) else ""
        table.append([name, score, *(v for v, w in zip(cells[seat], wide, strict=True) if not w)])
        notes = [_("{label}: {text}").format(label=_(r.label), text=v)
                 for r, v, w in zip(per_seat, cells[seat], wide, strict=True) if w and v]
        if notes:
            table.notes[len(table) - 1] = notes
    return table


def table_height(table: Table, text: TextCache, width: int, px: int) -> int:
    """Return how tall :func:`draw_rows` draws ``table`` at ``width``."""
    step = round(px * 1.3)
    lines = len(table) + sum(len(text.wrap(n, px, width - px)) for notes in table.notes.values() for n in notes)
    return lines * step


def draw_rows(surface: pygame.Surface, text: TextCache, box: Rect, top: int, table: Table, px: int) -> int:
    """Draw ``table`` in columns (the first left-aligned, the rest right-aligned) with each row's notes
    wrapped under it; return the y after it. Cells too wide are shortened (whole on hover)."""
    if not table:
        return top
    step = round(px * 1.3)
    ncol = len(table[0])
    widths = [max(text.width(row[c], px) for row in table) + px // 2 for c in range(1, ncol)]
    first_w = max(box.w * 0.3, box.w - sum(widths))
    col_w = [(box.w - first_w) / max(1, ncol - 1)] * (ncol - 1) if sum(widths) > box.w - first_w else widths
    y = top
    for r, cells in enumerate(table):
        if y + step > box.bottom:
            text.ink.tip(box, "\n".join(" ".join(c for c in row if c) for row in table))
            break
        color = theme.TEXT_DIM if r == 0 else theme.TEXT
        name = cells[0]
        if " (" in name and text.width(name, px) > round(first_w) - 4:
            # "Seat 2 (random)" too wide: "Seat 2" says which seat; the whole name shows on hover.
            name = name.split(" (")[0]
            text.ink.tip(Rect(box.x, y, round(first_w), step), cells[0])
        text.draw(surface, name, px, color, box, width=round(first_w) - 4, topleft=(box.x, y))
        right = box.x + first_w
        for c in range(1, ncol):
            right += col_w[c - 1]
            cell = Rect(round(right - col_w[c - 1]), y, round(col_w[c - 1]), step)
            text.draw(surface, cells[c], px, color, cell, width=cell.w - 4, topright=(round(right), y))
        y += step
        for note in table.notes.get(r, []):
            inner = Rect(box.x + px, y, box.w - px, box.bottom - y)
            y = text.draw_wrapped(surface, [note], px, theme.TEXT_DIM, inner, y, step=step)
    return y


def info_lines(scene: TableScene) -> list[str]:
    """Return the game's notes for everybody (trump, the deal, the board), one text each."""
    return [_("{label}: {text}").format(label=_(r.label), text=_(r.text)) if r.label else _(r.text)
            for r in scene.director.board.info if not r.per_seat]


def draw_sidebar(surface: pygame.Surface, text: TextCache, scene: TableScene, lay: TableLayout) -> None:
    """Draw the scores, notes and log boxes, each as tall as it needs (the log takes what is left)."""
    px, m = lay.small_px, lay.margin
    head = lay.font_px
    pad = m
    inner_w = lay.side_body.w - 2 * pad
    table = score_table(scene, text, inner_w, px)
    notes = info_lines(scene)
    step = round(px * 1.25)
    note_lines = sum(len(text.wrap(n, px, inner_w)) for n in notes)
    score_h = pad + round(head * 1.3) + table_height(table, text, inner_w, px) + pad
    info_h = pad * 2 + note_lines * step if notes else 0
    scores, info, log = lay.side_boxes(score_h, info_h)
    for box in (scores, info, log):
        if box.h > 0:
            draw_panel(surface, box, fill=theme.SIDE_PANEL, line=theme.SIDE_LINE)
    body = scores.inset(pad)
    text.draw(surface, _("Scores"), head, theme.TEXT_DIM, body, topleft=body[:2])
    draw_rows(surface, text, body, body.y + round(head * 1.3), table, px)
    if info.h > 0:
        body = info.inset(pad)
        text.draw_wrapped(surface, notes, px, theme.TEXT, body, body.y, step=step)
    _log(surface, text, scene, log.inset(pad), head, px)


def _log(surface: pygame.Surface, text: TextCache, scene: TableScene, box: Rect, head: int, px: int) -> None:
    """Draw the log's newest lines that fit (older ones dim), and, when scrolled, how many newer lines lie below."""
    text.draw(surface, _("Log"), head, theme.TEXT_DIM, box, topleft=box[:2])
    step = round(px * 1.25)
    top = box.y + round(head * 1.3)
    lines = scene.log_rows(box.w, px)
    hint_h = step if scene.log_scroll else 0
    room = max(0, (box.bottom - top - hint_h) // step)
    scene.log_scroll = min(scene.log_scroll, max(0, len(lines) - room))
    end = len(lines) - scene.log_scroll
    shown = lines[max(0, end - room):end] if room else []
    for i, line in enumerate(shown):
        colour = theme.TEXT_DIM if i < len(shown) - 3 or scene.log_scroll else theme.TEXT
        text.draw(surface, line, px, colour, box, topleft=(box.x, top + i * step))
    if scene.log_scroll:
        hint = ngettext("\u2193 {n} newer line below (scroll down)", "\u2193 {n} newer lines below (scroll down)",
                        scene.log_scroll, n=scene.log_scroll)
        text.draw(surface, hint, px, theme.ACCENT, box, bottomleft=(box.x, box.bottom))


def draw_banner(surface: pygame.Surface, text: TextCache, scene: TableScene, lay: TableLayout) -> None:
    """Draw the banner: whose eyes the table shows when not the bottom seat's (god view in red), else the game."""
    d = scene.director
    box = lay.banner
    if d.view == "all":
        label, fill, colour = (_("All hands open") if d.is_replay else _("GOD VIEW: every hand open")), (96, 24, 24), \
            theme.TEXT
    elif d.view == "public":
        label, fill, colour = _("Spectator: public cards only"), theme.SIDE_PANEL, theme.TEXT
    elif d.is_replay:
        label, fill, colour = _("Viewing as Seat {n}").format(n=d.seat + 1), theme.SIDE_PANEL, theme.TEXT
    else:
        label, fill, colour = scene.title, theme.SIDEBAR, theme.ACCENT
    if fill != theme.SIDEBAR:
        draw_panel(surface, box, fill=fill, line=theme.WARN if d.view == "all" else theme.SIDE_LINE,
                   width=2 if d.view == "all" else 1)
    inner = box.inset(lay.margin // 2)
    text.draw(surface, label, lay.font_px, colour, inner, center=box.center)


def draw_end_box(surface: pygame.Surface, text: TextCache, scene: TableScene, lay: TableLayout,
                 buttons: int) -> Rect | None:
    """Draw the end-of-deal or end-of-game box in the sidebar (the table stays in view); return it, or None.

    ``buttons`` is how many of the box's buttons are drawn after it, along its bottom.
    """
    pause = scene.director.pause
    if pause is None or pause.kind not in ("deal", "game") or scene.box_hidden:
        return None
    event = pause.event
    lower = scene.lower_is_better
    if isinstance(event, DealScored):
        title = (_("Deal {n} scored: minus points, fewest wins") if lower else _("Deal {n} scored")).format(n=event.deal)
        rows = [[_("Seat"), _("Deal"), _("Total")]]
        rows += [[scene.names[i], f"{p:+d}", str(t)] for i, (p, t) in
                 enumerate(zip(event.points, event.totals, strict=True))]
    elif isinstance(event, GameOver):
        title = game_over_title(event, scene.names, scene.you)
        rows = [[_("Seat"), _("Minus") if lower else _("Score"), _("Rank")]]
        rows += [[scene.names[i], str(s), str(r)] for i, (s, r) in
                 enumerate(zip(event.scores, event.ranks, strict=True))]
    else:
        return None
    box = lay.side_body
    m, px = lay.margin, lay.small_px
    text.ink.cover(box)
    draw_panel(surface, box, fill=theme.OVERLAY, line=theme.ACCENT, width=2)
    inner = box.inset(m)
    title_lines = text.wrap(title, lay.font_px, inner.w)
    y = inner.y
    for line in title_lines:
        text.draw(surface, line, lay.font_px, theme.ACCENT, inner, midtop=(inner.center[0], y))
        y += round(lay.font_px * 1.3)
    table = Table(rows)
    table.notes = {}
    bottom = lay.side_buttons(buttons)[0].y - m if buttons else inner.bottom
    hint_box = Rect(inner.x, bottom - round(px * 1.3), inner.w, round(px * 1.3))
    draw_rows(surface, text, Rect(inner.x, y, inner.w, max(1, hint_box.y - y)), y + m // 2, table, px)
    text.draw(surface, _("Esc hides this box"), px, theme.TEXT_DIM, hint_box, midtop=(hint_box.center[0], hint_box.y))
    return box


def game_over_title(event: GameOver, names: Sequence[str], viewer: int | None) -> str:
    """Return "Game over: you win", "Game over: Seat 2 wins" or "... Seat 1 (you) and Seat 3 win".

    ``viewer`` is the seat of the person at the table (None for a replay or a spectator: nobody is "you").

    >>> game_over_title(GameOver((5, 3), (1, 2)), ["Seat 1 (you)", "Seat 2"], 0)
    'Game over: you win'
    >>> game_over_title(GameOver((5, 3), (2, 1)), ["Seat 1 (you)", "Seat 2"], 0)
    'Game over: Seat 2 wins'
    >>> game_over_title(GameOver((5, 3), (1, 2)), ["Seat 1 (human)", "Seat 2"], None)
    'Game over: Seat 1 (human) wins'
    """
    winners = [i for i, r in enumerate(event.ranks) if r == 1]
    if viewer is not None and winners == [viewer]:
        return _("Game over: you win")
    return _(game_over_text([names[i] for i in winners]))
