"""Drawing the table scene: a cached background, then seats, cards, sidebar and overlays.

Everything that does not change between frames (felt, panel boxes, headings) is drawn once per
window size into a background surface; text comes from the shared :class:`TextCache`; card
images come from the art library's own per-size cache. A frame is mostly blits.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from tabletop.engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from tabletop.engine.events import DealScored, GameOver
from tabletop.i18n import N_, _
from tabletop.ui import choices, overlays, theme
from tabletop.ui.anim import flip_at
from tabletop.ui.art import ArtLibrary
from tabletop.ui.layout import Rect, TableLayout
from tabletop.ui.text import TextCache
from tabletop.ui.widgets import button_at, draw_button, draw_panel

if TYPE_CHECKING:
    from tabletop.ui.table import TableScene


class TableRenderer:
    """Draws a :class:`TableScene`; keeps the background and dimming masks per size."""

    def __init__(self, text: TextCache, art: ArtLibrary) -> None:
        self.text = text
        self.art = art
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[object, ...] | None = None
        self._dim: dict[tuple[int, int], pygame.Surface] = {}
        self._veil_surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        """Render one frame of ``scene`` onto ``surface``."""
        lay = scene.layout()
        surface.blit(self._background(lay, scene), (0, 0))
        moving = scene.moving()
        self._seats(surface, scene, lay)
        self._markers(surface, scene, lay)
        self._trick(surface, scene, lay, moving)
        self._shown(surface, scene, lay)
        self._hand(surface, scene, lay, moving)
        for tween in scene.tweens:
            if tween.has_started(scene.now):
                r = tween.rect_at(scene.now)
                face = self.art.face(tween.card, r[2:]) if tween.card else self.art.back(r[2:])
                surface.blit(face, r[:2])
        self._status(surface, scene, lay)
        self._sidebar(surface, scene, lay)
        self._pause_box(surface, scene, lay)
        buttons = scene.buttons()
        hover = button_at(buttons, scene.mouse)
        tools = len(lay.toolbar)
        for i, b in enumerate(buttons):
            px = round(lay.font_px * 0.85) if i < tools else lay.font_px
            draw_button(surface, self.text, b, px, hover=b is hover)
        if scene.overlay is not None:
            surface.blit(self._veil(lay), (0, 0))
        if scene.overlay == "help":
            overlays.draw_help(surface, self.text, lay.window, lay.font_px)
        elif scene.overlay == "diagnostics":
            problems = self.art.problems() or [_("No art problems reported.")]
            overlays.draw_lines(surface, self.text, lay.overlay, _("Art diagnostics"), problems, lay.font_px)

    # -- pieces --------------------------------------------------------------------------------
    def _background(self, lay: TableLayout, scene: TableScene) -> pygame.Surface:
        key = (lay.window, len(lay.seats))
        if self._bg is not None and key == self._bg_key:
            return self._bg
        bg = pygame.Surface(lay.window[2:]).convert() if pygame.display.get_surface() else pygame.Surface(lay.window[2:])
        bg.fill(theme.FELT_EDGE)
        felt = pygame.Rect(lay.play).inflate(-lay.margin, -lay.margin)
        pygame.draw.rect(bg, theme.FELT, felt, border_radius=lay.margin * 4)
        pygame.draw.rect(bg, theme.SIDEBAR, pygame.Rect(lay.sidebar))
        for spot in lay.seats:
            if spot.side != "bottom":
                draw_panel(bg, spot.panel.inset(-lay.margin // 2))
        for box, title in ((lay.scores, _("Scores")), (lay.trump, ""), (lay.log, _("Log"))):
            draw_panel(bg, box, fill=(32, 40, 48), line=(60, 72, 84))
            if title:
                head = self.text.render(title, lay.font_px, theme.TEXT_DIM)
                bg.blit(head, (box.x + lay.margin, box.y + lay.margin // 2))
        self._bg, self._bg_key = bg, key
        return bg

    def _seats(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        board = scene.director.board
        dealer = board.get("dealer")
        px = lay.font_px
        for spot in lay.seats:
            name = scene.names[spot.seat] if spot.seat < len(scene.names) else _("Seat {n}").format(n=spot.seat + 1)
            width = spot.label.w - spot.dealer_marker.w - 4
            label = self.text.fit(name, px, theme.TEXT, width)
            surface.blit(label, (spot.label.x + 2, spot.label.y + (spot.label.h - label.get_height()) // 2))
            if spot.seat == dealer:
                c = pygame.Rect(spot.dealer_marker)
                pygame.draw.circle(surface, theme.ACCENT, c.center, c.w // 2 - 1)
                d = self.text.render("D", round(px * 0.85), theme.TEXT_DARK)
                surface.blit(d, d.get_rect(center=c.center))
            if spot.seat == board.to_move:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(spot.panel).inflate(lay.margin, lay.margin),
                                 3, border_radius=lay.margin)
            if spot.side == "bottom" or board.shown is not None:
                continue  # shown hands lie face up in the middle instead
            for r in spot.cards:
                surface.blit(self.art.back(r[2:]), r[:2])
            count = board.counts[spot.seat] if spot.seat < len(board.counts) else 0
            badge = self.text.render(str(count), px, theme.TEXT)
            where = badge.get_rect(bottomright=(spot.panel.right - 2, spot.panel.bottom - 2))
            pygame.draw.rect(surface, theme.OVERLAY, where.inflate(8, 2), border_radius=6)
            surface.blit(badge, where)

    def _trick(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, moving: set[Card]) -> None:
        trick = scene.director.board.trick
        sizes = Counter(p.seat for p in trick)
        per_seat: dict[int, int] = {}
        step = round(lay.trick_card[0] * 0.55)  # a set of several cards fans out so each value shows
        for placed in trick:
            k = per_seat.get(placed.seat, 0)
            per_seat[placed.seat] = k + 1
            dx = round((k - (sizes[placed.seat] - 1) / 2) * step)
            r = lay.spot(placed.seat).trick_spot.moved(dx, k * lay.margin // 2)
            scene.drawn[placed.card] = r
            if placed.card not in moving:
                surface.blit(self.art.face(placed.card, lay.trick_card), r[:2])
                if not placed.is_play:  # a discard never raises the bar: shown dimmed
                    surface.blit(self._dimmer(lay.trick_card), r[:2])

    def _markers(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        """Draw the cards each seat keeps in front of it as small chips labelled like the cards."""
        board = scene.director.board
        px = round(lay.font_px * 0.8)
        for spot in lay.seats:
            cards = board.markers(spot.seat)
            if not cards:
                continue
            strip = spot.markers
            x = strip.x + 2
            for card in cards:
                label = self.text.render(card.label, px, theme.TEXT_DARK)
                chip = pygame.Rect(x, strip.y + 2, label.get_width() + px // 2 + 4, strip.h - 4)
                if chip.right > strip.right:
                    break
                pygame.draw.rect(surface, theme.CHIP, chip, border_radius=4)
                pygame.draw.rect(surface, theme.WARN if scene.lower_is_better else theme.ACCENT, chip, 2,
                                 border_radius=4)
                surface.blit(label, label.get_rect(center=chip.center))
                x = chip.right + 3

    def _shown(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        """Draw the hands shown at a reveal or showdown: others' face up toward them, captions for all."""
        board = scene.director.board
        show = board.shown
        if show is None:
            return
        begin, duration = scene.reveal_at or (0.0, 0.0)
        px = lay.font_px
        for spot in lay.seats:
            seat = spot.seat
            hand = show.ordered(seat)
            rects = [] if seat == board.seat else lay.shown_cards(seat, len(hand))
            marked = seat in show.marked
            mark_color = (theme.WARN if scene.lower_is_better else theme.ACCENT) if marked else theme.TEXT
            # Seats turn their cards over one after another, a third of the reveal apart.
            lag = duration * 0.3 * (seat % board.players) / max(1, board.players)
            face_up, factor = flip_at(scene.now, begin + lag, duration)
            singles_out = show.singles_out(seat)
            for card, r in zip(hand, rects, strict=False):
                counts = show.counts(seat, card)
                if counts and singles_out:
                    r = r.moved(0, -lay.margin)
                w = max(1, round(r.w * factor))
                image = self.art.face(card, r[2:]) if face_up else self.art.back(r[2:])
                if w != r.w:
                    image = pygame.transform.scale(image, (w, r.h))
                where = (r.x + (r.w - w) // 2, r.y)
                surface.blit(image, where)
                if face_up and not counts:
                    surface.blit(self._dimmer(r[2:]), where)
                elif face_up and (marked or singles_out):
                    pygame.draw.rect(surface, mark_color if marked else theme.ACCENT, pygame.Rect(r), 3,
                                     border_radius=max(2, r.w // 12))
            caption = "  ".join(w for w in (show.captions[seat], show.points_text(seat)) if w)
            if not caption:
                continue
            label = self.text.render(caption, px, mark_color)
            if rects:
                box = label.get_rect(midtop=(rects[0].x + (rects[-1].right - rects[0].x) // 2,
                                             rects[-1].bottom + lay.margin // 2))
                box.clamp_ip(pygame.Rect(lay.trick_area))
            else:  # the bottom hand is in its place: its caption goes just above the action row
                box = label.get_rect(midbottom=(lay.buttons.center[0], lay.buttons.y - lay.margin))
            pygame.draw.rect(surface, theme.OVERLAY, box.inflate(px // 2, 4), border_radius=6)
            if marked:
                pygame.draw.rect(surface, mark_color, box.inflate(px // 2, 4), 2, border_radius=6)
            surface.blit(label, box)

    def _hand(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, moving: set[Card]) -> None:
        board = scene.director.board
        my_turn = scene.director.accepts_input
        playable = choices.playable_cards(scene.director.legal()) if my_turn else set()
        selected = set(scene.selection())
        show, me = board.shown, board.seat
        singles_out = show is not None and show.singles_out(me)
        marked = show is not None and me in show.marked
        mark_color = theme.WARN if scene.lower_is_better and marked else theme.ACCENT
        for i, (card, r) in enumerate(zip(board.hand, scene.hand_rects(), strict=False)):
            counts = show is None or show.counts(me, card)
            if singles_out and counts:
                r = r.moved(0, -lay.lift)  # the cards that count stand out of the shown hand
            scene.drawn[card] = r
            if card in moving:
                continue
            surface.blit(self.art.face(card, lay.hand_card), r[:2])
            if (my_turn and card not in playable) or not counts:
                surface.blit(self._dimmer(lay.hand_card), r[:2])
            elif i in selected or marked or singles_out:
                pygame.draw.rect(surface, mark_color, pygame.Rect(r), 3, border_radius=max(2, r.w // 12))

    def _veil(self, lay: TableLayout) -> pygame.Surface:
        """A translucent dark layer that quiets the table behind an overlay."""
        surf = self._veil_surface
        if surf is None or surf.get_size() != lay.window[2:]:
            surf = self._veil_surface = pygame.Surface(lay.window[2:], pygame.SRCALPHA)
            surf.fill((0, 0, 0, 110))
        return surf

    def _dimmer(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._dim.get(size)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 120), surf.get_rect(), border_radius=max(2, size[0] // 12))
            self._dim[size] = surf
        return surf

    def _status(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        message, warn = scene.status()
        line = self.text.fit(message, lay.font_px, theme.WARN if warn else theme.TEXT, lay.status.w)
        surface.blit(line, line.get_rect(center=lay.status.center))

    def _sidebar(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        board = scene.director.board
        px = lay.font_px
        bids = board.get("bids") or ()
        has_bids = any(b is not None for b in bids)
        has_tricks = "tricks_won" in board.data
        rows = [["", _("Minus") if scene.lower_is_better else _("Pts"), *([_("Won")] if has_tricks else []),
                 *([_("Bid")] if has_bids else [])]]
        for seat in range(board.players):
            bid = bids[seat] if seat < len(bids) and bids[seat] is not None else "-"
            rows.append([_("Seat {n}").format(n=seat + 1), str(board.scores[seat]),
                         *([str(board.tricks_won[seat])] if has_tricks else []),
                         *([str(bid)] if has_bids else [])])
        box = Rect(lay.scores.x, lay.scores.y + round(px * 1.1), lay.scores.w, lay.scores.h)
        overlays.draw_table_rows(surface, self.text, box, box.y, rows, round(px * 0.9))

        t = lay.trump
        lines = []
        deal = board.get("deal")
        if deal:
            lines.append(_("Deal {n}").format(n=deal))
        turnup = board.get("turnup")
        text_w = t.w - 2 * lay.margin - (lay.small_card[0] + lay.margin if turnup else 0)
        if "trump" in board.data:
            suit = board.get("trump")
            line = (_("Trump: {symbol} {suit}").format(symbol=SUIT_SYMBOLS[suit], suit=_(SUIT_NAMES[suit]))
                    if suit else _("No trump"))
            if suit and self.text.render(line, px, theme.TEXT).get_width() > text_w:
                line = _("Trump: {symbol}").format(symbol=SUIT_SYMBOLS[suit])
            lines.append(line)
        for i, line in enumerate(lines):
            surf = self.text.fit(line, px, theme.TEXT, text_w)
            surface.blit(surf, (t.x + lay.margin, t.y + lay.margin + i * round(px * 1.3)))
        if turnup is not None:
            size = (lay.small_card[0], min(lay.small_card[1], t.h - lay.margin))
            size = (min(size[0], round(size[1] * 5 / 7)), size[1])
            surface.blit(self.art.face(turnup, size), (t.right - size[0] - lay.margin // 2, t.y + lay.margin // 2))

        lg = lay.log
        small = round(px * 0.85)
        step = round(small * 1.25)
        top = lg.y + round(px * 1.3)
        room = max(0, (lg.bottom - top - lay.margin // 2) // step)
        lines = list(scene.log)[-room:] if room else []
        for i, line in enumerate(lines):
            surf = self.text.fit(line, small, theme.TEXT_DIM if i < len(lines) - 3 else theme.TEXT,
                                 lg.w - 2 * lay.margin)
            surface.blit(surf, (lg.x + lay.margin, top + i * step))

    def _pause_box(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        pause = scene.director.pause
        if pause is None or pause.kind not in ("deal", "game"):
            return
        event = pause.event
        px = lay.font_px
        surface.blit(self._veil(lay), (0, 0))
        box = lay.overlay_box(len(scene.names) + 1)
        lower = scene.lower_is_better
        if isinstance(event, DealScored):
            title = (_("Deal {n} scored: minus points, fewest wins") if lower
                     else _("Deal {n} scored")).format(n=event.deal)
            y = overlays.draw_box(surface, self.text, box, title, px)
            rows = [[_("Seat"), _("Minus this deal") if lower else _("This deal"),
                     _("Minus total") if lower else _("Total")]]
            rows += [[scene.names[i], f"{p:+d}", str(t)] for i, (p, t) in
                     enumerate(zip(event.points, event.totals, strict=True))]
        elif isinstance(event, GameOver):
            y = overlays.draw_box(surface, self.text, box, _game_over_title(event, scene.names), px)
            rows = [[_("Seat"), _("Minus points") if lower else _("Score"), _("Rank")]]
            rows += [[scene.names[i], str(s), str(r)] for i, (s, r) in
                     enumerate(zip(event.scores, event.ranks, strict=True))]
        else:
            return
        overlays.draw_table_rows(surface, self.text, box, y, rows, px)


SUIT_WORDS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"), N_("jokers"))
"""The suit names of :data:`SUIT_NAMES`, marked for translation where the trump is shown."""


def _game_over_title(event: GameOver, names: list[str]) -> str:
    winners = [names[i] for i, r in enumerate(event.ranks) if r == 1]
    if len(winners) > 1:
        return _("Game over: {names} win").format(names=_(" and ").join(winners))
    return _("Game over: {name} wins").format(name=winners[0]) if winners else _("Game over")
