"""The art library the table draws from (interface first version: generated faces only)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from tabletop.engine.cards import Card

CARD_ASPECT = 5 / 7
"""Card width / height (poker size, 2.5 x 3.5 in)."""


class ArtLibrary:
    """Card faces and backs at any size; never raises for bad art, reports it instead."""

    def __init__(self, cards: Sequence[Card], folder: Path | str | None, *, deck_name: str = "standard",
                 cache_dir: Path | None = None, background: bool = True) -> None:
        self.cards = list(dict.fromkeys(cards))
        self.folder = Path(folder) if folder else None
        self.deck_name = deck_name
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}

    def face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """Return the face of ``card`` scaled to ``size`` (a generated face when there is no art)."""
        key = (card.id, size[0], size[1])
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (250, 250, 245), surf.get_rect(), border_radius=max(2, size[0] // 12))
            pygame.draw.rect(surf, (60, 60, 60), surf.get_rect(), 1, border_radius=max(2, size[0] // 12))
            font = pygame.font.Font(None, max(12, size[1] // 5))
            color = (200, 20, 30) if card.is_red else (20, 20, 20)
            text = font.render(card.label, True, color)
            surf.blit(text, text.get_rect(center=surf.get_rect().center))
            self._cache[key] = surf
        return surf

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """Return the card back scaled to ``size``."""
        key = ("\0back", size[0], size[1])
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (40, 70, 150), surf.get_rect(), border_radius=max(2, size[0] // 12))
            pygame.draw.rect(surf, (240, 240, 240), surf.get_rect(), 2, border_radius=max(2, size[0] // 12))
            self._cache[key] = surf
        return surf

    def poll(self) -> bool:
        """Check for added/changed/removed files and finished background loads; True if art changed."""
        return False

    def problems(self) -> list[str]:
        """Return every current diagnostic line (missing art, unknown files, unreadable files...)."""
        return []

    def take_messages(self) -> list[str]:
        """Return the messages that appeared since the last call (for the table's log)."""
        return []

    def close(self) -> None:
        """Stop background work."""
