"""Drawing the table scene: a cached background, then seats, zones, moving cards, sidebar and overlays.

Every zone is drawn by its hint alone (fan, stack, row, spread, grid, hex), at the place
:mod:`tabletop.ui.scene.places` gives it. While drawing, the renderer records what it drew where in the
scene's ``hits`` (topmost last), which is what clicks and hover are tested against, and every text,
card and button in the text cache's :class:`~tabletop.ui.paint.ink.Ink` (what the layout audit reads).
Everything that does not change between frames (felt, panel boxes) is drawn once per window size,
the table itself into a layer redrawn only when it changes; text comes from the shared
:class:`TextCache`; card images from the art library's per-size cache.
"""

from __future__ import annotations

import pygame

from tabletop import i18n
from tabletop.engine.guard import shown_path
from tabletop.engine.zones import FAN, GRID, HEX, SPREAD, STACK, Zone
from tabletop.i18n import _
from tabletop.ui.art import ArtLibrary
from tabletop.ui.art.readable import FaceLabel
from tabletop.ui.layout import Rect, TableLayout, centered, clamp_into
from tabletop.ui.paint import theme
from tabletop.ui.paint.ink import CARD, CELL, FACE, POPUP, TEXT, Mark, Tip
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.widgets import Button, button_at, draw_button, draw_panel
from tabletop.ui.scene import choices, overlays, playtest, playtest_draw, sidebar
from tabletop.ui.scene.controls import REPLAY_HELP
from tabletop.ui.scene.drag import draw_dragged, draw_targets
from tabletop.ui.scene.felt import Shadows, felt
from tabletop.ui.scene.places import CellPlace, Place, hex_corners
from tabletop.ui.scene.table import TableScene

SEAT_COLOURS: tuple[theme.Color, ...] = (
    (214, 72, 64), (64, 118, 214), (236, 190, 60), (92, 176, 96), (168, 96, 200), (240, 140, 60),
)
"""Each seat's colour on boards and pieces (seat 1 red, seat 2 blue, ...)."""
game_over_title = sidebar.game_over_title


class TableRenderer:
    """Draws a :class:`TableScene`; keeps the background, the table's layer and dimming masks per size."""

    def __init__(self, text: TextCache, art: ArtLibrary) -> None:
        self.text = text
        self.art = art
        self.shadows = Shadows()
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[object, ...] | None = None
        self._dim: dict[tuple[int, int], pygame.Surface] = {}
        self._veil_surface: pygame.Surface | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] | None = None
        self._layer_hits: list[tuple[Rect | CellPlace, choices.Target]] = []
        self._layer_drawn: dict[tuple[str, int], Rect] = {}
        self._layer_ink: tuple[list[Mark], list[Tip]] = ([], [])
        self._full = True
        self._dirty: list[Rect] = []
        self._dimmed_faces: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}

    def draw(self, surface: pygame.Surface, scene: TableScene) -> None:
        """Render one frame of ``scene`` onto ``surface``.

        Everything but the viewer's hand, the hover marks and what moves is drawn into a cached
        layer, redrawn only when the table changes (a move, a selection, new art, the log), so a
        frame where only the mouse moved costs one blit of that layer and the hand's cards.
        """
        lay = scene.layout()
        ink = self.text.ink
        self.text.floor = lay.min_px
        ink.clear()
        if scene.director.handoff is not None:
            self._privacy(surface, scene, lay)
            self._full = True  # the table comes back whole once it is taken
            return
        places = scene.places()
        hover = scene.hovered()
        board = scene.director.board
        hand = board.hand()
        # A new board (undo, a seek, another seat's eyes) starts its versions again: its id tells them apart.
        key = (lay, id(board), board.version, scene.director.view, scene.clickable(), tuple(scene.selection()),
               frozenset(scene.moving), frozenset(scene.marked()), self.art.version, scene.log_key(),
               id(scene.director.pause), i18n.language())
        pause = scene.director.pause
        end_box = pause is not None and pause.kind in ("deal", "game") and not scene.box_hidden
        # Boxes, and a replay's timeline, may lie anywhere: such frames are put back whole.
        boxed = (scene.overlay is not None or scene.zoom is not None or scene.menu is not None
                 or scene.jump is not None or scene.director.is_replay or end_box
                 or scene.playtest.hints.current is not None)
        if key != self._layer_key or self._layer is None:
            bookmark = ink.mark()
            self._layer = self._draw_layer(scene, lay, places, hand)
            self._layer_ink = ink.since(bookmark)
            self._layer_key = key
            self._full = True
        else:
            ink.extend(*self._layer_ink)
        layer = self._layer
        if self._full or boxed or surface.get_size() != layer.get_size():
            surface.blit(layer, (0, 0))
        else:
            # Only what changes from frame to frame is put back: the hand, the status line, the
            # buttons, and wherever something moved, glowed or floated last frame.
            for r in (*self._live(lay), *self._dirty):
                surface.blit(layer, r[:2], pygame.Rect(r))
        self._full = boxed  # what a box covered is restored whole once it is gone
        self._dirty = []
        scene.hits = list(self._layer_hits)
        drawn = dict(self._layer_drawn)
        if hand is not None and hand.id in places:
            self._zone(surface, scene, lay, hand, places[hand.id], hover, drawn)
        scene.drawn = drawn
        if hover is not None and (hand is None or hover.zone != hand.id):
            self._dirty += self._hover_mark(surface, scene, lay, places, hover)
        for tween in scene.tweens:
            if tween.has_started(scene.now):
                r = tween.rect_at(scene.now)
                face = self.art.table_face(tween.card, r[2:], lay.min_px)[0] if tween.card else self.art.back(r[2:])
                surface.blit(face, r[:2])
                self._dirty.append(r)
        self._dirty += self._floating(surface, scene, lay)
        self._dirty += playtest_draw.hint_marks(surface, self.text, scene, lay)
        self._status(surface, scene, lay)
        if scene.director.is_replay:
            self._timeline(surface, scene)
        buttons = scene.buttons()
        tools = len(lay.toolbar)
        if end_box:
            sidebar.draw_end_box(surface, self.text, scene, lay, len(buttons) - tools)
        self._dirty += draw_targets(surface, scene)
        hovered_button = button_at(buttons, scene.mouse)
        for i, b in enumerate(buttons):
            px = lay.small_px if i < tools else lay.font_px
            draw_button(surface, self.text, b, px, hover=b is hovered_button)
        if scene.jump is not None:
            self._jump_box(surface, scene, lay)
        self._dirty += draw_dragged(surface, scene, self.art)
        self._overlay(surface, scene, lay, buttons[tools:], hovered_button)
        if scene.zoom is not None and scene.zoom.card is not None:
            self._veiled(surface, lay)
            h = round(lay.window.h * 0.86)
            size = (round(h * 5 / 7), h)
            r = centered(size, lay.window.center)
            overlays.draw_peek(surface, self.text, self.art.face(scene.zoom.card, size), r, scene.zoom.card.id,
                               lay.margin)
        self._rested(surface, scene, lay)

    def _overlay(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, buttons: list[Button],
                 hovered: Button | None) -> None:
        """Draw the open overlay (help, diagnostics, rules, leave) over a veil."""
        if scene.overlay is None:
            return
        self._veiled(surface, lay)
        if scene.overlay == "help":
            extra = REPLAY_HELP if scene.director.is_replay else ()
            overlays.draw_help(surface, self.text, lay.window, lay.font_px, scene.controls, extra,
                               tricks=scene.has_tricks())
        elif scene.overlay == "diagnostics":
            problems = self.art.problems() or [_("No art problems reported.")]
            scene.overlay_most = overlays.draw_lines(surface, self.text, lay.overlay, _("Art diagnostics"), problems,
                                                     lay.small_px, scene.overlay_scroll)
        elif scene.overlay == "rules":
            scene.overlay_most = overlays.draw_lines(surface, self.text, lay.overlay, _("Rules"),
                                                     [scene.rules or _("No rules text.")], lay.small_px,
                                                     scene.overlay_scroll)
        elif scene.overlay == "leave":
            self._leave_box(surface, scene, lay, buttons)
        elif scene.overlay in playtest.OVERLAYS:
            playtest_draw.draw_box(surface, self.text, scene, lay, buttons)

    def _leave_box(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, buttons: list[Button]) -> None:
        """Ask before leaving a game that is not over, saying where its log is kept."""
        box = lay.overlay_box(2)
        y = overlays.draw_box(surface, self.text, box, _("Leave this game?"), lay.font_px)
        kept = (_("The game is not over. Its log is kept: {file}").format(file=shown_path(scene.game_log))
                if scene.game_log is not None else _("The game is not over."))
        inner = box.inset(lay.font_px)
        body = Rect(inner.x, y, inner.w, max(1, min(inner.bottom, buttons[0].rect.y if buttons else inner.bottom) - y))
        self.text.draw_wrapped(surface, [kept], lay.font_px, theme.TEXT, body, y)  # a long path takes two lines
        hovered = button_at(buttons, scene.mouse)
        for b in buttons:
            draw_button(surface, self.text, b, lay.font_px, hover=b is hovered)

    def _rested(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        """Show what the mouse rests on: a card large beside the cursor, or a shortened text's whole wording."""
        if scene.overlay is not None or scene.zoom is not None:
            return
        if scene.peek is not None and scene.peek.card is not None:
            size = overlays.peek_size(lay.window)
            rect = overlays.peek_rect(size, scene.mouse, lay.window, lay.margin)
            image = self.art.face(scene.peek.card, size)
            self._dirty.append(overlays.draw_peek(surface, self.text, image, rect, scene.peek.card.id, lay.margin))
        elif scene.tip is not None:
            self._dirty.append(overlays.draw_tip(surface, self.text, scene.tip.full, scene.mouse, lay.window,
                                                 lay.small_px, lay.margin))

    def _draw_layer(self, scene: TableScene, lay: TableLayout, places: dict[str, Place],
                    hand: Zone | None) -> pygame.Surface:
        """Draw the table without the viewer's hand and without hover into the cached layer."""
        layer = self._layer
        if layer is None or layer.get_size() != lay.window[2:]:
            layer = pygame.Surface(lay.window[2:])
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
        layer.blit(self._background(lay), (0, 0))
        scene.hits = []
        self._seats(layer, scene, lay)
        drawn: dict[tuple[str, int], Rect] = {}
        for zone in scene.director.board.zones():
            place = places.get(zone.id)
            if place is not None and (hand is None or zone.id != hand.id):
                self._zone(layer, scene, lay, zone, place, None, drawn)
        sidebar.draw_banner(layer, self.text, scene, lay)
        sidebar.draw_sidebar(layer, self.text, scene, lay)
        if scene.director.view == "all" and not scene.director.is_replay:
            # God view is unmistakable, in the window and in any recording of it.
            pygame.draw.rect(layer, theme.WARN, pygame.Rect(lay.play).inflate(-lay.margin, -lay.margin), 3,
                             border_radius=lay.margin * 4)
        self._layer_hits = list(scene.hits)
        self._layer_drawn = drawn
        return layer

    def invalidate(self) -> None:
        """Redraw the whole window next frame (something drew over it, such as the REC mark)."""
        self._full = True

    def _live(self, lay: TableLayout) -> tuple[Rect, ...]:
        """The parts of the window drawn afresh every frame: the hand, the status line, the buttons."""
        top = lay.toolbar[0].y if lay.toolbar else lay.sidebar.y
        bottom = lay.toolbar[-1].bottom + 3 if lay.toolbar else top
        tools = Rect(lay.sidebar.x, top, lay.sidebar.w, bottom - top)
        band = Rect(lay.play.x, lay.buttons.y, lay.play.w, lay.status.bottom + 3 - lay.buttons.y)
        return (lay.hand_area.inset(-lay.margin), band, tools)

    def _hover_mark(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, places: dict[str, Place],
                    hover: choices.Target) -> list[Rect]:
        """Mark what the mouse points at outside the hand (every drawing of a cell, or an outline); return where."""
        marked: list[Rect] = []
        if hover.cell:
            zone = scene.director.board.zone(hover.zone)
            place = places.get(hover.zone)
            if zone is not None and place is not None:
                labels = {c.id: c.label or c.id for c in zone.cells}
                seats = {c.id: c.seat for c in zone.cells}
                for cell in place.cells:
                    if cell.cell == hover.cell:
                        self._cell(surface, lay, zone, cell, labels, seats, place, lit=True)
                        r = round(cell.radius) + 4
                        marked.append(Rect(round(cell.center[0]) - r, round(cell.center[1]) - r, 2 * r, 2 * r))
            return marked
        for shape, target in scene.hits:
            if target == hover and isinstance(shape, Rect):
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(shape), 3, border_radius=max(2, shape.w // 12))
                marked.append(shape.inset(-4))
        return marked

    # -- sessions: privacy screen, replay timeline ---------------------------------------------
    def _privacy(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        """Hide the whole table while it is passed to the next human (hot-seat)."""
        seat = scene.director.handoff
        assert seat is not None
        scene.hits = []
        surface.fill(theme.FELT_EDGE)
        px = lay.font_px
        inner = lay.window.inset(2 * px)
        self.text.draw(surface, _("Pass to Seat {n}").format(n=seat + 1), round(px * 2.4), theme.ACCENT, inner,
                       center=(lay.window.center[0], round(lay.window.h * 0.3)))
        for i, line in enumerate((_("Everyone else, please look away."),
                                  _("Seat {n}: click when ready to see your hand.").format(n=seat + 1))):
            self.text.draw(surface, line, px, theme.TEXT, inner,
                           center=(lay.window.center[0], round(lay.window.h * 0.42) + i * px * 2))
        buttons = scene.buttons()
        if scene.overlay == "leave":  # Esc behind the privacy screen: the box shows nothing of the table
            self._leave_box(surface, scene, lay, buttons)
            return
        hovered = button_at(buttons, scene.mouse)
        for b in buttons:
            draw_button(surface, self.text, b, px, hover=b is hovered)

    def _timeline(self, surface: pygame.Surface, scene: TableScene) -> None:
        """Draw the replay's timeline: a track, a tall mark per deal, a short one per trick, the knob."""
        d = scene.director
        timeline = d.timeline
        end = len(d.line or [])
        if timeline is None or end <= 0:
            return
        bar = scene.replay_bar()[1]
        track = pygame.Rect(bar.x, bar.center[1] - 2, bar.w, 4)
        pygame.draw.rect(surface, theme.PANEL_LINE, track, border_radius=2)
        done = pygame.Rect(track.x, track.y, round(track.w * d.session.moves / end), track.h)
        pygame.draw.rect(surface, theme.ACCENT, done, border_radius=2)

        def x_of(position: int) -> int:
            return bar.x + round(bar.w * position / end)

        for at in timeline.marks("trick"):
            pygame.draw.line(surface, theme.TEXT_DIM, (x_of(at), bar.center[1] - 4), (x_of(at), bar.center[1] + 4))
        for at in timeline.marks("deal"):
            pygame.draw.line(surface, theme.TEXT, (x_of(at), bar.y), (x_of(at), bar.bottom), 2)
        playtest_draw.note_flags(surface, scene)
        knob = (x_of(d.session.moves), bar.center[1])
        pygame.draw.circle(surface, theme.ACCENT, knob, max(5, bar.h // 2))
        pygame.draw.circle(surface, theme.FELT_EDGE, knob, max(5, bar.h // 2), 2)

    def _jump_box(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        box = lay.overlay_box(1)
        y = overlays.draw_box(surface, self.text, box, _("Go to move"), lay.font_px)
        end = len(scene.director.line or [])
        hint = _("(0 to {end}; Enter to go, Esc to cancel)").format(end=end)
        inner = box.inset(lay.font_px)
        self.text.draw(surface, f"{scene.jump or ''}_  {hint}", lay.font_px, theme.TEXT, inner,
                       midtop=(box.center[0], y))

    # -- pieces --------------------------------------------------------------------------------
    def _background(self, lay: TableLayout) -> pygame.Surface:
        key = (lay.window, tuple(s.panel for s in lay.seats), lay.around)
        if self._bg is not None and key == self._bg_key:
            return self._bg
        bg = felt(lay.window[2:], lay.play, lay.sidebar, lay.margin)
        if pygame.display.get_surface() is not None:
            bg = bg.convert()
        for spot in lay.seats:
            if spot.side != "bottom":
                draw_panel(bg, spot.panel.inset(-lay.margin // 2), alpha=150)
        self._bg, self._bg_key = bg, key
        return bg

    def _seats(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        """Each seat's name, its hand's count and its badge (the dealer's letter) on its label line."""
        board = scene.director.board
        counts = board.hand_counts()
        hands = {z.owner for z in board.zones() if z.hint == FAN and z.owner is not None}
        px = lay.font_px
        coloured = _has_board(board.zones())
        for spot in lay.seats:
            name = scene.names[spot.seat] if spot.seat < len(scene.names) else _("Seat {n}").format(n=spot.seat + 1)
            badges = board.badges[spot.seat] if spot.seat < len(board.badges) else ()
            label = spot.label.inset(2)
            right = label.right
            if badges:
                c = pygame.Rect(spot.dealer_marker).inflate(-4, -4)
                pygame.draw.circle(surface, theme.ACCENT, c.center, c.w // 2)
                mark = Rect(c.x, c.y, c.w, c.h)
                self.text.draw(surface, _(badges[0])[:1].upper(), lay.small_px, theme.TEXT_DARK, mark,
                               center=c.center)
                right = c.x - lay.margin // 2
            if spot.side != "bottom" and spot.seat in hands:
                count = str(counts[spot.seat])
                box = Rect(label.x, label.y, right - label.x, label.h)
                r = self.text.draw(surface, count, lay.small_px, theme.TEXT, box,
                                   midright=(right - lay.margin // 2, label.center[1]))
                pygame.draw.rect(surface, theme.OVERLAY, pygame.Rect(r).inflate(lay.margin, 2), 1,
                                 border_radius=lay.margin)
                right = r.x - lay.margin
            colour = SEAT_COLOURS[spot.seat % len(SEAT_COLOURS)] if coloured else theme.TEXT
            box = Rect(label.x + 2, label.y, max(1, right - label.x - 2), label.h)
            self.text.draw(surface, name, px, colour, box, midleft=(box.x, label.center[1]))
            if spot.seat == board.to_move:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(spot.panel).inflate(lay.margin, lay.margin),
                                 3, border_radius=lay.margin)

    def _card(self, surface: pygame.Surface, image: pygame.Surface, r: Rect, box: Rect, group: str,
              label: FaceLabel | None = None) -> None:
        """Blit a card with its shadow; record it, and the name its face shows."""
        both, (dx, dy) = self.shadows.baked(image)
        surface.blit(both, (r.x + dx, r.y + dy))
        self.text.ink.add(CARD, r, box, group, group=group)
        if label is not None:
            self.text.ink.add(FACE, label.rect.moved(r.x, r.y), r, label.text, label.px, group=group)

    def _zone(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, zone: Zone, place: Place,
              hover: choices.Target | None, drawn: dict[tuple[str, int], Rect]) -> None:
        more = scene.director.board.more.get(zone.id, 0)  # items (or cells) that did not fit: counted
        if zone.hint in (HEX, GRID):
            self._board(surface, scene, lay, zone, place, hover)
            if more:
                self._count(surface, lay, f"+{more}", place.region)
            return
        if zone.hint == STACK:
            self._pile(surface, scene, lay, zone, place, hover, drawn, zone.count + more)
            return
        mine = zone.is_hand_of(scene.seat)
        my_turn = scene.director.accepts_input
        selected = set(scene.selection()) if zone.id == scene.selection_zone() else set()
        marked = {seat for z, seat in scene.marked() if z == zone.id}
        hits = scene.hits
        for i, (item, r) in enumerate(zip(zone.items, place.items, strict=False)):
            target = choices.Target(zone.id, i, item.card)
            lifted = (hover == target and (mine or zone.hint != FAN)) or i in selected
            if lifted:
                r = r.moved(0, -(lay.lift if mine else max(2, r.h // 8)))
            drawn[(zone.id, i)] = r
            hits.append((r, target))
            if (zone.id, i) in scene.moving:
                continue
            image, label = (self.art.table_face(item.card, r[2:], lay.min_px) if item.card is not None
                            else (self.art.back(r[2:]), None))
            clickable = my_turn and scene.is_clickable(target)
            if item.note == "discard" or (mine and my_turn and not clickable and not selected):
                image = self._dimmed(image)
            self._card(surface, image, r, place.region, zone.id, label)
            if i in selected or (lifted and not mine) or item.seat in marked or item.note == "shown" and zone.hint != FAN:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(r), 3, border_radius=max(2, r.w // 12))
            elif my_turn and clickable and not mine:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(r), 1, border_radius=max(2, r.w // 12))
        if zone.hint == SPREAD:
            self._owners(surface, scene, lay, zone, place)
        elif zone.label and place.caption.w > 0 and place.items:
            self.text.draw(surface, _(zone.label), lay.small_px, theme.TEXT_DIM, place.caption,
                           midleft=(place.caption.x, place.caption.center[1]))
        if more:
            self._count(surface, lay, f"+{more}", place.region)

    def _owners(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, zone: Zone, place: Place) -> None:
        """Label each seat's cards in a spread with the seat's name, where it covers no card and no other label."""
        px = lay.small_px
        done: set[int] = set()
        cards = list(place.items)
        taken: list[Rect] = []
        for item, r in zip(zone.items, place.items, strict=False):
            if item.seat < 0 or item.seat in done:
                continue
            done.add(item.seat)
            name = _("Seat {n}").format(n=item.seat + 1)  # "Seat 3", not "Seat 3 (random)": the seat tells them apart
            shown, size = self.text.fitted(name, px, r.w + lay.margin * 2)
            w, h = self.text.width(shown, size) + lay.margin, round(size * 1.15)
            for spot in (Rect(r.center[0] - w // 2, r.bottom + 2, w, h), Rect(r.center[0] - w // 2, r.y - h - 2, w, h)):
                spot = clamp_into(spot, lay.trick_area)
                if not any(spot.collides(c) for c in cards) and not any(spot.collides(t) for t in taken):
                    pygame.draw.rect(surface, theme.OVERLAY, pygame.Rect(spot), border_radius=4)
                    self.text.draw(surface, name, px, theme.TEXT, spot, width=spot.w, center=spot.center)
                    taken.append(spot)
                    break

    def _pile(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, zone: Zone, place: Place,
              hover: choices.Target | None, drawn: dict[tuple[str, int], Rect], total: int) -> None:
        spot = Rect(place.region.x + (place.region.w - place.card[0]) // 2, place.region.y, *place.card)
        top = zone.top
        target = choices.Target(zone.id, zone.count - 1 if top else -1, top.card if top else None)
        lifted = hover is not None and hover.zone == zone.id
        r = spot.moved(0, -max(2, spot.h // 10)) if lifted else spot
        scene.hits.append((r, target))
        for i in range(zone.count):
            drawn[(zone.id, i)] = r
        # Cards flying onto the pile are not on it yet: it shows what lay there before (30 cards and
        # one on its way look like 30 cards, not an empty place).
        landed = zone.count
        while landed and (zone.id, landed - 1) in scene.moving:
            landed -= 1
        shown = zone.items[landed - 1] if landed else None
        if shown is None:
            pygame.draw.rect(surface, theme.PANEL_LINE, pygame.Rect(spot), 2, border_radius=max(2, spot.w // 12))
        else:
            top = shown
            if landed > 1:  # a pile looks like one: edges of the cards under the top
                depth = min(3, landed - 1)
                for k in range(depth, 0, -1):
                    under = r.moved(k * max(1, r.w // 50), k * max(1, r.w // 50))
                    pygame.draw.rect(surface, theme.CHIP if top.card else theme.BUTTON_LINE, pygame.Rect(under),
                                     border_radius=max(2, r.w // 12))
                    pygame.draw.rect(surface, theme.SHADE, pygame.Rect(under), 1, border_radius=max(2, r.w // 12))
            image, label = self.art.table_face(top.card, r[2:], lay.min_px) if top.card else (self.art.back(r[2:]), None)
            self._card(surface, image, r, place.region, zone.id, label)
        if scene.director.accepts_input and scene.is_clickable(target):
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(r), 3 if lifted else 1, border_radius=max(2, r.w // 12))
        caption = _("{zone} {count}").format(zone=_(zone.label), count=total) if zone.label else str(total)
        box = place.caption
        lines = self.text.wrap(caption, lay.small_px, box.w)[:2]
        step = box.h // 2
        for i, line in enumerate(lines):
            self.text.draw(surface, line, lay.small_px, theme.TEXT, box, midtop=(box.center[0], box.y + i * step))
        if len(self.text.wrap(caption, lay.small_px, box.w)) > 2:
            self.text.ink.tip(box, caption)

    def _board(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, zone: Zone, place: Place,
               hover: choices.Target | None) -> None:
        seats = {c.id: c.seat for c in zone.cells}
        labels = {c.id: c.label or c.id for c in zone.cells}
        hovered_cell = hover.cell if hover is not None and hover.zone == zone.id else ""
        for cell in place.cells:
            self._cell(surface, lay, zone, cell, labels, seats, place, lit=cell.cell == hovered_cell)
            scene.hits.append((cell, choices.Target(zone.id, -1, None, cell.cell)))

    def _cell(self, surface: pygame.Surface, lay: TableLayout, zone: Zone, cell: CellPlace, labels: dict[str, str],
              seats: dict[str, int | None], place: Place, *, lit: bool) -> None:
        px = max(lay.min_px, round(min(lay.font_px * 1.2, cell.radius * 0.6)))
        owner = seats.get(cell.cell)
        fill = SEAT_COLOURS[owner % len(SEAT_COLOURS)] if owner is not None else (196, 206, 196)
        if lit:
            fill = theme.blend(fill, theme.ACCENT, 0.55)
        shape = _cell_shape(zone, cell)
        shade = [(x + 2, y + 3) for x, y in shape]
        pygame.draw.polygon(surface, theme.SHADE, shade)
        pygame.draw.polygon(surface, fill, shape)
        pygame.draw.polygon(surface, theme.ACCENT if lit else theme.FELT_EDGE, shape, 3 if lit else 2)
        r = round(cell.radius * 0.8)
        box = Rect(round(cell.center[0]) - r, round(cell.center[1]) - r, 2 * r, 2 * r)
        self.text.ink.add(CELL, box, box, cell.cell)
        self.text.draw(surface, labels.get(cell.cell, cell.cell), px,
                       theme.TEXT if owner is not None else theme.TEXT_DARK, box,
                       center=(round(cell.center[0]), round(cell.center[1])))

    def _floating(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> list[Rect]:
        """Draw the popups rising from where they were said, each on a plate (readable on any colour),
        moved off any text and off each other."""
        where: list[Rect] = []
        if not scene.floating:
            return where
        px = round(lay.font_px * 1.3)
        pad = max(3, lay.margin // 2)
        # Off every text, and off the row of buttons and the status line (drawn after the popups).
        texts = [m.rect for m in self.text.ink.marks if m.kind == TEXT] + [lay.buttons, lay.status]
        area = lay.play.inset(lay.margin)
        for f in scene.floating:
            t = min(1.0, max(0.0, (scene.now - f.begin) / f.duration))
            colour = theme.WARN if f.text.startswith(("-", "\u2212")) else theme.TEXT if f.text.startswith(
                ("\u00b1", "0")) else theme.ACCENT
            shown, size = self.text.fitted(f.text, px, lay.play.w // 2)
            label = self.text.render(shown, size, colour)
            x, y = scene.popup_point(f)
            plate = label.get_rect(center=(x, round(y - lay.font_px * t))).inflate(2 * pad, pad)
            box = _free_spot(Rect(plate.x, plate.y, plate.w, plate.h), [*texts, *where], area)
            alpha = round(255 * (1 - t * t))
            tile = pygame.Surface(box[2:], pygame.SRCALPHA)
            pygame.draw.rect(tile, (*theme.PLATE, 215), tile.get_rect(), border_radius=pad * 2)
            pygame.draw.rect(tile, (*colour, 255), tile.get_rect(), 2, border_radius=pad * 2)
            tile.blit(label, label.get_rect(center=tile.get_rect().center))
            tile.set_alpha(alpha)
            surface.blit(tile, box[:2])
            self.text.ink.add(POPUP, box, lay.play, f.text, size)
            where.append(box)
        return where

    def _count(self, surface: pygame.Surface, lay: TableLayout, count: str, region: Rect) -> None:
        """Count, in a zone's corner, the items too many to draw (+N)."""
        px = lay.small_px
        w, h = self.text.width(count, px) + lay.margin, round(px * 1.3)
        box = Rect(region.right - w - 2, region.bottom - h - 2, w, h)
        pygame.draw.rect(surface, theme.OVERLAY, pygame.Rect(box), border_radius=6)
        self.text.draw(surface, count, px, theme.TEXT, box, center=box.center)

    def _veiled(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """Quiet the whole window under a box: what lies under the veil is no longer read (the record starts again)."""
        surf = self._veil_surface
        if surf is None or surf.get_size() != lay.window[2:]:
            surf = self._veil_surface = pygame.Surface(lay.window[2:], pygame.SRCALPHA)
            surf.fill((0, 0, 0, 130))
        surface.blit(surf, (0, 0))
        self.text.ink.clear()

    def _dimmed(self, image: pygame.Surface) -> pygame.Surface:
        """Return ``image`` with the dimming layer already on it (one blit a frame instead of two)."""
        cached = self._dimmed_faces.get(id(image))
        if cached is None or cached[0] is not image:
            dim = image.copy()
            dim.blit(self._dimmer(image.get_size()), (0, 0))
            if len(self._dimmed_faces) > 256:
                self._dimmed_faces.clear()
            cached = self._dimmed_faces[id(image)] = (image, dim)
        return cached[1]

    def _dimmer(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._dim.get(size)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 120), surf.get_rect(), border_radius=max(2, size[0] // 12))
            self._dim[size] = surf
        return surf

    def _status(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        message, warn = scene.status()
        self.text.draw(surface, message, lay.font_px, theme.WARN if warn else theme.TEXT, lay.status,
                       center=lay.status.center)


def _free_spot(box: Rect, taken: list[Rect], area: Rect) -> Rect:
    """Return ``box`` moved as little as it takes (down, up, then further) to lie on none of ``taken``,
    inside ``area``; where nothing is free, where it was."""
    start = clamp_into(box, area)
    for k in range(12):
        dy = (k + 1) // 2 * (box.h + 2) * (1 if k % 2 else -1)
        spot = clamp_into(start.moved(0, dy), area)
        if not any(spot.collides(t) for t in taken):
            return spot
    return start


def _has_board(zones: tuple[Zone, ...]) -> bool:
    return any(z.hint in (HEX, GRID) for z in zones)


def _cell_shape(zone: Zone, cell: CellPlace) -> list[tuple[float, float]]:
    if zone.hint == HEX:
        return hex_corners(cell.center, cell.radius * 0.97)
    r = cell.radius * 0.94
    cx, cy = cell.center
    return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
