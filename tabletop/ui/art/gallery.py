"""The art gallery: every card of a game's deck with its art, as a window or a contact sheet PNG.

The window is a scrollable grid (missing art flagged, click a card to zoom, D or the Problems
button for diagnostics, Esc to quit) that hot-reloads the art folder while it runs. With
``sheet`` it writes one PNG of every card and the back, without opening a window.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from tabletop.engine.cards import Card
from tabletop.i18n import N_, _
from tabletop.ui.art.faces import cut_to, font, wrap
from tabletop.ui.art.folders import art_folder, deck_file
from tabletop.ui.art.library import CARD_ASPECT, ArtLibrary
from tabletop.ui.files import write_whole
from tabletop.ui.screen import init_display
from tabletop.ui.window import set_caption

Size = tuple[int, int]

FELT = (28, 84, 54)
INK = (236, 238, 232)
DIM = (170, 186, 176)
PANEL = (18, 24, 30)
TAGS = {"generated": (N_("no art"), (200, 34, 44)), "error": (N_("bad file"), (226, 120, 20)),
        "loading": (N_("loading"), (90, 96, 110))}
"""Flag text and colour per :meth:`ArtLibrary.status` (cards with art get none)."""

HEADER = 48
LABEL = 22
PAD = 12


@dataclass(frozen=True)
class Grid:
    """Tile geometry: ``count`` tiles of ``card`` size in ``columns``, starting ``top`` pixels down."""

    count: int
    columns: int
    card: Size
    top: int = HEADER
    left: int = PAD

    @property
    def rows(self) -> int:
        """Number of rows."""
        return math.ceil(self.count / self.columns) if self.count else 0

    @property
    def width(self) -> int:
        """Width of the whole grid including the outer padding."""
        return PAD + self.columns * (self.card[0] + PAD)

    @property
    def height(self) -> int:
        """Height from the top of the surface to below the last row."""
        return self.top + PAD + self.rows * (self.card[1] + LABEL + PAD)

    def card_rect(self, index: int) -> pygame.Rect:
        """Return where tile ``index``'s card goes (its label sits just below)."""
        row, col = divmod(index, self.columns)
        return pygame.Rect(self.left + col * (self.card[0] + PAD),
                           self.top + PAD + row * (self.card[1] + LABEL + PAD), *self.card)

    def hit(self, pos: tuple[int, int]) -> int | None:
        """Return the index of the tile whose card is at ``pos``, or None."""
        for index in range(self.count):
            if self.card_rect(index).collidepoint(pos):
                return index
        return None


def card_size_for(width: int) -> Size:
    """Return a 5:7 card size ``width`` pixels wide."""
    return width, round(width / CARD_ASPECT)


def distinct_cards(cards: Sequence[Card]) -> list[Card]:
    """Return ``cards`` without copies, in deck order (one tile per distinct card id)."""
    return list({card.id: card for card in cards}.values())


def draw_tile(target: pygame.Surface, library: ArtLibrary, card: Card | None, rect: pygame.Rect,
              *, hover: bool = False) -> pygame.Rect | None:
    """Draw one card (None: the back) into ``rect`` with its id below, and beside the id a tag if it lacks
    art; return where the tag went (None: no tag)."""
    face = library.back(rect.size) if card is None else library.face(card, rect.size)
    target.blit(face, rect)
    if hover:
        pygame.draw.rect(target, (255, 220, 90), rect.inflate(6, 6), 3, border_radius=8)
    label = _("back") if card is None else card.id
    tag = TAGS.get(library.status(card))
    if not tag:
        text = font(20).render(label, True, INK)
        target.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
        return None
    # The tag goes under the card, beside its id: on the face it covered the card's name ("Blue 3"
    # read "Blue" under "no art"). The id gives way (shortened) where both do not fit the tile.
    words, colour = tag
    ink = font(18).render(_(words), True, (255, 255, 255))
    pill = ink.get_rect().inflate(10, 4)
    room = rect.w + PAD - 4 - pill.w - 6
    text = font(20).render(cut_to(label, 20, room), True, INK)
    left = rect.centerx - (text.get_width() + 6 + pill.w) // 2
    target.blit(text, (left, rect.bottom + 4))
    pill.midleft = (left + text.get_width() + 6, rect.bottom + 4 + text.get_height() // 2)
    pygame.draw.rect(target, colour, pill, border_radius=pill.h // 2)
    target.blit(ink, ink.get_rect(center=pill.center))
    return pill


def draw_lines(target: pygame.Surface, lines: Sequence[str], box: pygame.Rect, *, px: int = 20) -> bool:
    """Draw ``lines`` wrapped into ``box``; return False when some did not fit."""
    y = box.top
    step = font(px).get_linesize()
    for line in lines:
        for part in wrap(line, px, box.w):
            if y + step > box.bottom:
                return False
            target.blit(font(px).render(part, True, INK), (box.left, y))
            y += step
    return True


def contact_sheet(library: ArtLibrary, cards: Sequence[Card], *, card_width: int = 120,
                  columns: int = 13, title: str = "") -> pygame.Surface:
    """Return a sheet with one tile per distinct card plus the back, and the problems below."""
    tiles: list[Card | None] = [*distinct_cards(cards), None]
    grid = Grid(len(tiles), max(1, min(columns, len(tiles))), card_size_for(card_width))
    for card in tiles:  # load everything first: problems are known only then
        library.back(grid.card) if card is None else library.face(card, grid.card)
    problems = library.problems()
    text_box = pygame.Rect(PAD, grid.height, max(grid.width, 640) - 2 * PAD, 0)
    lines_needed = sum(len(wrap(p, 18, text_box.w)) for p in problems)
    text_box.h = lines_needed * font(18).get_linesize() + PAD
    sheet = pygame.Surface((text_box.right + PAD, text_box.bottom + PAD))
    sheet.fill(FELT)
    sheet.blit(font(28).render(title, True, INK), (PAD, (HEADER - 20) // 2))
    for index, card in enumerate(tiles):
        draw_tile(sheet, library, card, grid.card_rect(index))
    draw_lines(sheet, problems, text_box, px=18)
    return sheet


def _title(game: Any, tiles: int, folder: Path) -> str:
    return _("{game} - {count} cards + back - art from {folder}").format(game=game.describe(), count=tiles - 1,
                                                                         folder=folder)


def run_gallery(game: Any, art_dir: Path | str | None, *, size: Size = (1280, 800),
                sheet: Path | None = None, exit_after_frames: int | None = None,
                screenshot: Path | None = None, lang: str | None = None, cvd: str | None = None) -> int:
    """Show the gallery window of ``game``'s deck (or write the contact sheet ``sheet``); return 0."""
    folder = art_folder(game, art_dir)
    cards = distinct_cards(game.deck())
    if sheet is not None:
        pygame.font.init()
        with ArtLibrary(cards, folder, deck_name=game.art_deck, background=False, deck_file=deck_file(game),
                        lang=lang) as library:
            image = contact_sheet(library, cards, title=_title(game, len(cards) + 1, folder))
            for line in library.take_messages():
                print(_("art: {problem}").format(problem=line), file=sys.stderr)
        if cvd is not None:
            from tabletop.ui.art.proofs import simulate
            from tabletop.ui.art.render import flatten

            seen = simulate(flatten(image), cvd)
            write_whole(sheet, lambda target: seen.save(target, "PNG"))
            return 0
        write_whole(sheet, lambda target: pygame.image.save(image, str(target)))
        return 0
    init_display(interactive=True)
    set_caption(_("tabletop art - {game}").format(game=game.describe()))
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    with ArtLibrary(cards, folder, deck_name=game.art_deck, deck_file=deck_file(game), lang=lang) as library:
        gallery = Gallery(library, cards, title=_title(game, len(cards) + 1, folder))
        clock = pygame.time.Clock()
        frames = 0
        while gallery.running:
            for event in pygame.event.get():
                gallery.handle(event, screen.get_size())
            library.poll()
            for line in library.take_messages():
                print(_("art: {problem}").format(problem=line), file=sys.stderr)
            for line in library.take_notices():  # edited card values show at once in the gallery
                print(line, file=sys.stderr)
            screen = pygame.display.get_surface() or screen
            gallery.draw(screen)
            pygame.display.flip()
            frames += 1
            if exit_after_frames is not None and frames >= exit_after_frames:
                break
            clock.tick(60)
        if screenshot is not None:
            write_whole(screenshot, lambda target: pygame.image.save(screen, str(target)))
    pygame.display.quit()
    return 0


class Gallery:
    """The gallery window's state and drawing: grid, scroll, zoom, problems overlay."""

    def __init__(self, library: ArtLibrary, cards: Sequence[Card], *, title: str = "") -> None:
        self.library = library
        self.tiles: list[Card | None] = [*distinct_cards(cards), None]
        self.title = title
        self.scroll = 0
        self.zoomed: int | None = None
        self.show_problems = False
        self.running = True
        self.mouse = (-1, -1)

    def grid(self, window: Size) -> Grid:
        """Return the tile grid for a window of ``window`` size (cards about 130 px wide)."""
        card = card_size_for(130)
        columns = max(1, (window[0] - PAD) // (card[0] + PAD))
        left = max(PAD, (window[0] - columns * (card[0] + PAD) + PAD) // 2)  # centred
        return Grid(len(self.tiles), columns, card, top=HEADER - self.scroll, left=left)

    def button(self, window: Size) -> pygame.Rect:
        """Return the Problems button's rectangle."""
        return pygame.Rect(window[0] - 200, 8, 188, HEADER - 16)

    def handle(self, event: pygame.event.Event, window: Size) -> None:
        """Apply one input event (keys, clicks, wheel, quit)."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            self._key(event.key, window)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL and self.zoomed is None:
            self._scroll_by(-event.y * 60, window)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos, window)

    def _key(self, key: int, window: Size) -> None:
        if key == pygame.K_ESCAPE:
            if self.zoomed is not None:
                self.zoomed = None
            elif self.show_problems:
                self.show_problems = False
            else:
                self.running = False
        elif key == pygame.K_d:
            self.show_problems = not self.show_problems
        elif key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
            self._scroll_by(window[1] - HEADER, window)
        elif key == pygame.K_PAGEUP:
            self._scroll_by(-(window[1] - HEADER), window)
        elif key == pygame.K_DOWN:
            self._scroll_by(60, window)
        elif key == pygame.K_UP:
            self._scroll_by(-60, window)
        elif key == pygame.K_HOME:
            self.scroll = 0

    def _click(self, pos: tuple[int, int], window: Size) -> None:
        if self.button(window).collidepoint(pos):
            self.show_problems = not self.show_problems
        elif self.zoomed is not None:
            self.zoomed = None
        elif self.show_problems:
            self.show_problems = False
        elif pos[1] > HEADER:
            self.zoomed = self.grid(window).hit(pos)

    def _scroll_by(self, dy: int, window: Size) -> None:
        grid = self.grid(window)
        limit = max(0, grid.height + self.scroll - window[1])
        self.scroll = max(0, min(limit, self.scroll + dy))

    def draw(self, screen: pygame.Surface) -> None:
        """Draw the whole window for this frame."""
        window = screen.get_size()
        screen.fill(FELT)
        grid = self.grid(window)
        hovered = grid.hit(self.mouse) if self.zoomed is None and not self.show_problems else None
        for index, card in enumerate(self.tiles):
            rect = grid.card_rect(index)
            if rect.bottom + LABEL < HEADER or rect.top > window[1]:
                continue  # off screen: not drawn, not even asked for
            draw_tile(screen, self.library, card, rect, hover=index == hovered)
        self._header(screen, window)
        if self.zoomed is not None:
            self._zoom(screen, window, self.tiles[self.zoomed])
        if self.show_problems:
            self._problems(screen, window)

    def _header(self, screen: pygame.Surface, window: Size) -> None:
        pygame.draw.rect(screen, PANEL, (0, 0, window[0], HEADER))
        title = font(24).render(self.title, True, INK)
        screen.blit(title, (PAD, (HEADER - title.get_height()) // 2))
        hint = font(18).render(_("click: zoom   wheel: scroll   D: problems   Esc: quit"), True, DIM)
        button = self.button(window)
        if title.get_width() + hint.get_width() + 3 * PAD < button.left:
            screen.blit(hint, (button.left - hint.get_width() - PAD, (HEADER - hint.get_height()) // 2))
        count = len(self.library.problems())
        colour = (170, 50, 50) if count else (60, 90, 70)
        pygame.draw.rect(screen, colour, button, border_radius=8)
        label = font(22).render(_("Problems ({count})  [D]").format(count=count), True, INK)
        screen.blit(label, label.get_rect(center=button.center))

    def _zoom(self, screen: pygame.Surface, window: Size, card: Card | None) -> None:
        shade = pygame.Surface(window, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 200))
        screen.blit(shade, (0, 0))
        height = max(20, window[1] - HEADER - 3 * PAD - LABEL)
        width = min(window[0] - 2 * PAD, round(height * CARD_ASPECT))
        size = (max(10, width), max(14, round(width / CARD_ASPECT)))
        rect = pygame.Rect((0, 0), size)
        rect.midtop = (window[0] // 2, HEADER + PAD)
        draw_tile(screen, self.library, card, rect)
        note = self.library.source_label(card) or _("generated face (no art file)")
        if card is not None and card.name != card.id:
            note = f"{card.name} - {note}"
        text = font(20).render(_("{note}   (click or Esc to return)").format(note=note), True, DIM)
        screen.blit(text, text.get_rect(midtop=(window[0] // 2, rect.bottom + LABEL + 2)))

    def _problems(self, screen: pygame.Surface, window: Size) -> None:
        box = pygame.Rect(0, 0, min(900, window[0] - 4 * PAD), window[1] - HEADER - 4 * PAD)
        box.midtop = (window[0] // 2, HEADER + 2 * PAD)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((*PANEL, 248))
        screen.blit(panel, box)
        pygame.draw.rect(screen, DIM, box, 1, border_radius=4)
        lines = self.library.problems() or [_("No problems: every card has readable art.")]
        inner = box.inflate(-2 * PAD, -2 * PAD)
        inner.h -= font(18).get_linesize()  # room for the "more" note
        if not draw_lines(screen, [_("Art problems (D or click to close):"), *lines], inner):
            more = font(18).render(_("... more (make the window taller)"), True, DIM)
            screen.blit(more, (inner.left, inner.bottom))
