"""Drawing the table scene: a cached background, then seats, zones, moving cards, sidebar and overlays.

Every zone is drawn by its hint alone (fan, stack, row, spread, grid, hex), at the place
:mod:`tabletop.ui.places` gives it. While drawing, the renderer records what it drew where in the
scene's ``hits`` (topmost last), which is what clicks and hover are tested against. Everything
that does not change between frames (felt, panel boxes, headings) is drawn once per window size;
text comes from the shared :class:`TextCache`; card images from the art library's per-size cache.
"""

from __future__ import annotations

import pygame

from tabletop.engine.events import DealScored, GameOver, game_over_text
from tabletop.engine.guard import shown_path
from tabletop.engine.zones import FAN, GRID, HEX, ROW, SPREAD, STACK, Zone
from tabletop.i18n import _, ngettext
from tabletop.ui import choices, overlays, playtest, playtest_draw, theme
from tabletop.ui.art import ArtLibrary
from tabletop.ui.controls import REPLAY_HELP
from tabletop.ui.drag import draw_dragged, draw_targets
from tabletop.ui.layout import Rect, TableLayout, centered
from tabletop.ui.places import CellPlace, Place, hex_corners
from tabletop.ui.table import TableScene
from tabletop.ui.text import TextCache
from tabletop.ui.widgets import Button, button_at, draw_button, draw_panel

SEAT_COLOURS: tuple[theme.Color, ...] = (
    (214, 72, 64), (64, 118, 214), (236, 190, 60), (92, 176, 96), (168, 96, 200), (240, 140, 60),
)
"""Each seat's colour on boards and pieces (seat 1 red, seat 2 blue, ...)."""


class TableRenderer:
    """Draws a :class:`TableScene`; keeps the background and dimming masks per size."""

    def __init__(self, text: TextCache, art: ArtLibrary) -> None:
        self.text = text
        self.art = art
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple[object, ...] | None = None
        self._dim: dict[tuple[int, int], pygame.Surface] = {}
        self._veil_surface: pygame.Surface | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] | None = None
        self._layer_hits: list[tuple[Rect | CellPlace, choices.Target]] = []
        self._layer_drawn: dict[tuple[str, int], Rect] = {}
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
        if scene.director.handoff is not None:
            self._privacy(surface, scene, lay)
            self._full = True  # the table comes back whole once it is taken
            return
        places = scene.places()
        hover = scene.hovered()
        board = scene.director.board
        hand = board.hand()
        # A new board (undo, a seek, another seat's eyes) starts its versions again: its id tells them apart.
        key = (lay.window, id(board), board.version, scene.director.view, scene.clickable(), tuple(scene.selection()),
               frozenset(scene.moving), frozenset(scene.marked()), self.art.version, scene.log_key(),
               id(scene.director.pause))
        pause = scene.director.pause
        # Boxes, and a replay's timeline, may lie anywhere: such frames are put back whole.
        boxed = (scene.overlay is not None or scene.zoom is not None or scene.menu is not None
                 or scene.jump is not None or scene.director.is_replay or scene.playtest.hints.current is not None
                 or (pause is not None and pause.kind in ("deal", "game")))
        if key != self._layer_key or self._layer is None:
            self._layer = self._draw_layer(scene, lay, places, hand)
            self._layer_key = key
            self._full = True
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
                face = self.art.face(tween.card, r[2:]) if tween.card else self.art.back(r[2:])
                surface.blit(face, r[:2])
                self._dirty.append(r)
        self._dirty += self._floating(surface, scene, lay)
        self._dirty += playtest_draw.hint_marks(surface, self.text, scene, lay)
        self._status(surface, scene, lay)
        if scene.director.is_replay:
            self._timeline(surface, scene)
        self._pause_box(surface, scene, lay)
        self._dirty += draw_targets(surface, scene)
        buttons = scene.buttons()
        hovered_button = button_at(buttons, scene.mouse)
        tools = len(lay.toolbar)
        for i, b in enumerate(buttons):
            px = round(lay.font_px * 0.85) if i < tools else lay.font_px
            draw_button(surface, self.text, b, px, hover=b is hovered_button)
        if scene.jump is not None:
            self._jump_box(surface, scene, lay)
        self._dirty += draw_dragged(surface, scene, self.art)
        if scene.overlay is not None:
            surface.blit(self._veil(lay), (0, 0))
        if scene.overlay == "help":
            extra = REPLAY_HELP if scene.director.is_replay else ()
            overlays.draw_help(surface, self.text, lay.window, lay.font_px, scene.controls, extra)
        elif scene.overlay == "diagnostics":
            problems = self.art.problems() or [_("No art problems reported.")]
            overlays.draw_lines(surface, self.text, lay.overlay, _("Art diagnostics"), problems, lay.font_px)
        elif scene.overlay == "rules":
            overlays.draw_lines(surface, self.text, lay.overlay, _("Rules"), [scene.rules or _("No rules text.")],
                                lay.font_px)
        elif scene.overlay == "leave":
            self._leave_box(surface, scene, lay, buttons[tools:])
        elif scene.overlay in playtest.OVERLAYS:
            playtest_draw.draw_box(surface, self.text, scene, lay, buttons[tools:])
        if scene.zoom is not None and scene.zoom.card is not None:
            surface.blit(self._veil(lay), (0, 0))
            h = round(lay.window.h * 0.86)
            size = (round(h * 5 / 7), h)
            r = centered(size, lay.window.center)
            surface.blit(self.art.face(scene.zoom.card, size), r[:2])

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
        self._sidebar(layer, scene, lay)
        self._view_mark(layer, scene, lay)
        self._layer_hits = list(scene.hits)
        self._layer_drawn = drawn
        return layer

    def invalidate(self) -> None:
        """Redraw the whole window next frame (something drew over it, such as the REC mark)."""
        self._full = True

    def _live(self, lay: TableLayout) -> tuple[Rect, ...]:
        """The parts of the window drawn afresh every frame: the hand, the status line, the buttons."""
        top = lay.toolbar[0].y if lay.toolbar else lay.sidebar.y
        bottom = lay.toolbar[-1].bottom if lay.toolbar else top
        tools = Rect(lay.sidebar.x, top, lay.sidebar.w, bottom - top)
        band = Rect(lay.play.x, lay.buttons.y, lay.play.w, lay.status.bottom - lay.buttons.y)
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

    # -- sessions: privacy screen, god view, replay timeline --------------------------------------
    def _privacy(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        """Hide the whole table while it is passed to the next human (hot-seat)."""
        seat = scene.director.handoff
        assert seat is not None
        scene.hits = []
        surface.fill(theme.FELT_EDGE)
        px = lay.font_px
        title = self.text.fit(_("Pass to Seat {n}").format(n=seat + 1), round(px * 2.4), theme.ACCENT,
                              lay.window.w - 4 * px)
        surface.blit(title, title.get_rect(center=(lay.window.center[0], round(lay.window.h * 0.3))))
        for i, line in enumerate((_("Everyone else, please look away."),
                                  _("Seat {n}: click when ready to see your hand.").format(n=seat + 1))):
            text = self.text.fit(line, px, theme.TEXT, lay.window.w - 4 * px)
            surface.blit(text, text.get_rect(center=(lay.window.center[0], round(lay.window.h * 0.42) + i * px * 2)))
        buttons = scene.buttons()
        if scene.overlay == "leave":  # Esc behind the privacy screen: the box shows nothing of the table
            self._leave_box(surface, scene, lay, buttons)
            return
        hovered = button_at(buttons, scene.mouse)
        for b in buttons:
            draw_button(surface, self.text, b, px, hover=b is hovered)

    def _leave_box(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, buttons: list[Button]) -> None:
        """Ask before leaving a game that is not over, saying where its log is kept."""
        box = lay.overlay_box(2)
        y = overlays.draw_box(surface, self.text, box, _("Leave this game?"), lay.font_px)
        kept = (_("The game is not over. Its log is kept: {file}").format(file=shown_path(scene.game_log))
                if scene.game_log is not None else _("The game is not over."))
        for row in self.text.wrap(kept, lay.font_px, box.w - 2 * lay.font_px)[:2]:  # a long path takes two lines
            note = self.text.fit(row, lay.font_px, theme.TEXT, box.w - 2 * lay.font_px)
            surface.blit(note, note.get_rect(midtop=(box.center[0], y)))
            y += round(lay.font_px * 1.3)
        hovered = button_at(buttons, scene.mouse)
        for b in buttons:
            draw_button(surface, self.text, b, lay.font_px, hover=b is hovered)

    def _view_mark(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        """Say on the table itself (so recordings show it) when every hand is open, or whose view it is."""
        d = scene.director
        if d.view == "seat" and not d.is_replay:
            return
        if d.view == "all":
            text, colour = (_("All hands open") if d.is_replay else _("GOD VIEW: every hand open")), theme.WARN
        elif d.view == "public":
            text, colour = _("Spectator: public cards only"), theme.TEXT
        else:
            text, colour = _("Viewing as Seat {n}").format(n=d.seat + 1), theme.TEXT
        label = self.text.fit(text, round(lay.font_px * 0.9), colour, lay.trick_area.w - 2 * lay.margin)
        box = label.get_rect(topleft=(lay.trick_area.x + lay.margin, lay.trick_area.y + lay.margin // 2))
        box = box.inflate(lay.margin * 2, lay.margin // 2)
        if d.view == "all" and not d.is_replay:
            # God view is unmistakable, in the window and in any recording of it.
            pygame.draw.rect(surface, theme.WARN, pygame.Rect(lay.play).inflate(-lay.margin, -lay.margin), 3,
                             border_radius=lay.margin * 4)
            pygame.draw.rect(surface, (90, 20, 20), box, border_radius=6)
            pygame.draw.rect(surface, theme.WARN, box, 2, border_radius=6)
        else:
            pygame.draw.rect(surface, theme.OVERLAY, box, border_radius=6)
        surface.blit(label, label.get_rect(center=box.center))

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
        line = self.text.fit(f"{scene.jump or ''}_  {hint}", lay.font_px, theme.TEXT, box.w - 2 * lay.font_px)
        surface.blit(line, line.get_rect(midtop=(box.center[0], y)))

    # -- pieces --------------------------------------------------------------------------------
    def _background(self, lay: TableLayout) -> pygame.Surface:
        key = (lay.window, len(lay.seats), lay.seats[0].area if lay.seats else None)
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
        px = lay.font_px
        for spot in lay.seats:
            name = scene.names[spot.seat] if spot.seat < len(scene.names) else _("Seat {n}").format(n=spot.seat + 1)
            badges = board.badges[spot.seat] if spot.seat < len(board.badges) else ()
            width = spot.label.w - (spot.dealer_marker.w + 4 if badges else 0) - 4
            label = self.text.fit(name, px, SEAT_COLOURS[spot.seat % len(SEAT_COLOURS)] if _has_board(board.zones())
                                  else theme.TEXT, width)
            surface.blit(label, (spot.label.x + 2, spot.label.y + (spot.label.h - label.get_height()) // 2))
            if badges:
                c = pygame.Rect(spot.dealer_marker)
                pygame.draw.circle(surface, theme.ACCENT, c.center, c.w // 2 - 1)
                d = self.text.fit(_(badges[0])[:1].upper(), round(px * 0.85), theme.TEXT_DARK, c.w)
                surface.blit(d, d.get_rect(center=c.center))
            if spot.seat == board.to_move:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(spot.panel).inflate(lay.margin, lay.margin),
                                 3, border_radius=lay.margin)

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
            image = self.art.face(item.card, r[2:]) if item.card is not None else self.art.back(r[2:])
            clickable = my_turn and scene.is_clickable(target)
            if item.note == "discard" or (mine and my_turn and not clickable and not selected):
                image = self._dimmed(image)
            surface.blit(image, r[:2])
            if i in selected or (lifted and not mine) or item.seat in marked or item.note == "shown" and zone.hint != FAN:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(r), 3, border_radius=max(2, r.w // 12))
            elif my_turn and clickable and not mine:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(r), 1, border_radius=max(2, r.w // 12))
        if zone.hint == SPREAD:
            self._owners(surface, scene, lay, zone, place)
        if zone.hint == FAN and not mine and zone.count:
            self._count(surface, lay, str(zone.count + more), place.region)
        elif more:
            self._count(surface, lay, f"+{more}", place.region)
        if zone.hint == ROW and zone.label and zone.owner is None and place.items:
            # The row's name just left of its first card, or above it when there is no room there.
            label = _(zone.label)
            caption = self.text.render(label, round(lay.font_px * 0.8), theme.TEXT_DIM)
            first = place.items[0]
            if first.x - place.region.x >= caption.get_width() + 6:
                surface.blit(caption, caption.get_rect(midright=(first.x - 6, first.center[1])))
            else:
                caption = self.text.fit(label, round(lay.font_px * 0.8), theme.TEXT_DIM, place.region.w)
                surface.blit(caption, caption.get_rect(bottomleft=(first.x, first.y - 1)))

    def _owners(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout, zone: Zone, place: Place) -> None:
        """Label each seat's cards in a spread with the seat's name, so who played what is plain."""
        px = round(lay.font_px * 0.7)
        done: set[int] = set()
        for item, r in zip(zone.items, place.items, strict=False):
            if item.seat < 0 or item.seat in done:
                continue
            done.add(item.seat)
            name = _("Seat {n}").format(n=item.seat + 1)  # "Seat 3", not "Seat 3 (random)": the seat tells them apart
            tag = self.text.fit(name, px, theme.TEXT, r.w + 4)
            box = tag.get_rect(midtop=(r.center[0], r.bottom + 1))
            box.clamp_ip(pygame.Rect(place.region).inflate(0, px * 3))
            pygame.draw.rect(surface, theme.OVERLAY, box.inflate(6, 2), border_radius=4)
            surface.blit(tag, box)

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
        if top is None or (zone.id, zone.count - 1) in scene.moving:
            pygame.draw.rect(surface, theme.PANEL_LINE, pygame.Rect(spot), 2, border_radius=max(2, spot.w // 12))
        else:
            image = self.art.face(top.card, r[2:]) if top.card is not None else self.art.back(r[2:])
            surface.blit(image, r[:2])
        if scene.director.accepts_input and scene.is_clickable(target):
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(r), 3 if lifted else 1, border_radius=max(2, r.w // 12))
        caption = _("{zone} {count}").format(zone=_(zone.label), count=total) if zone.label else str(total)
        text = self.text.fit(caption, round(lay.font_px * 0.75), theme.TEXT, max(place.region.w, spot.w))
        surface.blit(text, text.get_rect(midtop=(spot.center[0], spot.bottom + 2)))

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
        px = max(10, round(min(lay.font_px, place.cells[0].radius * 0.7))) if place.cells else lay.font_px
        owner = seats.get(cell.cell)
        fill = SEAT_COLOURS[owner % len(SEAT_COLOURS)] if owner is not None else (196, 206, 196)
        if lit:
            fill = _blend(fill, theme.ACCENT, 0.55)
        shape = _cell_shape(zone, cell)
        pygame.draw.polygon(surface, fill, shape)
        pygame.draw.polygon(surface, theme.ACCENT if lit else theme.FELT_EDGE, shape, 3 if lit else 2)
        text = self.text.fit(labels.get(cell.cell, cell.cell), px,
                             theme.TEXT if owner is not None else theme.TEXT_DARK, round(cell.radius * 1.5))
        surface.blit(text, text.get_rect(center=(round(cell.center[0]), round(cell.center[1]))))

    def _floating(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> list[Rect]:
        where: list[Rect] = []
        for f in scene.floating:
            t = min(1.0, max(0.0, (scene.now - f.begin) / f.duration))
            colour = theme.WARN if f.text.startswith(("-", "\u2212")) else theme.ACCENT
            label = self.text.render(f.text, round(lay.font_px * 1.6), colour).copy()
            label.set_alpha(round(255 * (1 - t * t)))
            rect = label.get_rect(center=(f.at[0], round(f.at[1] - lay.font_px * 2 * t)))
            surface.blit(label, rect)
            where.append(Rect(rect.x, rect.y, rect.w, rect.h))
        return where

    def _count(self, surface: pygame.Surface, lay: TableLayout, count: str, region: Rect) -> None:
        badge = self.text.render(count, lay.font_px, theme.TEXT)
        where = badge.get_rect(bottomright=(region.right - 2, region.bottom - 2))
        pygame.draw.rect(surface, theme.OVERLAY, where.inflate(8, 2), border_radius=6)
        surface.blit(badge, where)

    def _veil(self, lay: TableLayout) -> pygame.Surface:
        """A translucent dark layer that quiets the table behind an overlay."""
        surf = self._veil_surface
        if surf is None or surf.get_size() != lay.window[2:]:
            surf = self._veil_surface = pygame.Surface(lay.window[2:], pygame.SRCALPHA)
            surf.fill((0, 0, 0, 110))
        return surf

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
        line = self.text.fit(message, lay.font_px, theme.WARN if warn else theme.TEXT, lay.status.w)
        surface.blit(line, line.get_rect(center=lay.status.center))

    def _sidebar(self, surface: pygame.Surface, scene: TableScene, lay: TableLayout) -> None:
        board = scene.director.board
        px = lay.font_px
        columns = [r for r in board.info if r.per_seat]
        rows = [["", _("Minus") if scene.lower_is_better else _("Pts"), *(_(r.label) for r in columns)]]
        for seat in range(board.players):
            name = scene.names[seat] if seat < len(scene.names) else _("Seat {n}").format(n=seat + 1)
            rows.append([name, str(board.scores[seat]) if seat < len(board.scores) else "",
                         *(_(r.per_seat[seat]) if seat < len(r.per_seat) else "" for r in columns)])
        box = Rect(lay.scores.x, lay.scores.y + round(px * 1.1), lay.scores.w, lay.scores.h)
        overlays.draw_table_rows(surface, self.text, box, box.y, rows, round(px * 0.9))

        t = lay.trump
        texts = [_("{label}: {text}").format(label=_(r.label), text=_(r.text)) if r.label else _(r.text)
                 for r in board.info if not r.per_seat]
        y = t.y + lay.margin // 2
        small = round(px * 0.9)
        for text in texts:
            for line in self.text.wrap(text, small, t.w - 2 * lay.margin):
                if y + small > t.bottom:
                    break
                surf = self.text.render(line, small, theme.TEXT)
                surface.blit(surf, (t.x + lay.margin, y))
                y += round(small * 1.25)

        lg = lay.log
        small = round(px * 0.85)
        step = round(small * 1.25)
        top = lg.y + round(px * 1.3)
        room = max(0, (lg.bottom - top - lay.margin // 2) // step)
        lines = scene.log_rows(lg.w - 2 * lay.margin, small)
        scene.log_scroll = min(scene.log_scroll, max(0, len(lines) - room))
        end = len(lines) - scene.log_scroll
        shown = lines[max(0, end - room):end] if room else []
        for i, line in enumerate(shown):
            surf = self.text.render(line, small, theme.TEXT_DIM if i < len(shown) - 3 else theme.TEXT)
            surface.blit(surf, (lg.x + lay.margin, top + i * step))
        if scene.log_scroll:
            mark = self.text.render(ngettext("\u2191 {n} newer line below (scroll)", "\u2191 {n} newer lines below (scroll)",
                                             scene.log_scroll, n=scene.log_scroll), round(small * 0.9), theme.ACCENT)
            surface.blit(mark, mark.get_rect(topright=(lg.right - lay.margin, lg.y + lay.margin // 2)))

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
            title = (_("Deal {n} scored: minus points, fewest wins") if lower else _("Deal {n} scored")).format(
                n=event.deal)
            y = overlays.draw_box(surface, self.text, box, title, px)
            rows = [[_("Seat"), _("Minus this deal") if lower else _("This deal"),
                     _("Minus total") if lower else _("Total")]]
            rows += [[scene.names[i], f"{p:+d}", str(t)] for i, (p, t) in
                     enumerate(zip(event.points, event.totals, strict=True))]
        elif isinstance(event, GameOver):
            y = overlays.draw_box(surface, self.text, box, game_over_title(event, scene.names, scene.you), px)
            rows = [[_("Seat"), _("Minus points") if lower else _("Score"), _("Rank")]]
            rows += [[scene.names[i], str(s), str(r)] for i, (s, r) in
                     enumerate(zip(event.scores, event.ranks, strict=True))]
        else:
            return
        overlays.draw_table_rows(surface, self.text, box, y, rows, px)


def game_over_title(event: GameOver, names: list[str], viewer: int | None) -> str:
    """Return "Game over: you win", "Game over: Seat 2 wins" or "... Seat 1 (you) and Seat 3 win".

    >>> game_over_title(GameOver((5, 3), (1, 2)), ["Seat 1 (you)", "Seat 2"], 0)
    'Game over: you win'
    >>> game_over_title(GameOver((5, 3), (2, 1)), ["Seat 1 (you)", "Seat 2"], 0)
    'Game over: Seat 2 wins'
    """
    winners = [i for i, r in enumerate(event.ranks) if r == 1]
    if winners == [viewer]:
        return _("Game over: you win")
    return _(game_over_text([names[i] for i in winners]))


def _has_board(zones: tuple[Zone, ...]) -> bool:
    return any(z.hint in (HEX, GRID) for z in zones)


def _cell_shape(zone: Zone, cell: CellPlace) -> list[tuple[float, float]]:
    if zone.hint == HEX:
        return hex_corners(cell.center, cell.radius * 0.97)
    r = cell.radius * 0.94
    cx, cy = cell.center
    return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]


def _blend(a: theme.Color, b: theme.Color, k: float) -> theme.Color:
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))


