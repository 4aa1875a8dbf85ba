"""Card art: images from an art folder (Pillow), generated faces for the rest, hot reload.

``ArtLibrary`` is imported on first use, so the pure modules (``names``, and ``loader`` with only
Pillow) can be used without pygame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.ui.art.library import ArtLibrary

__all__ = ["ArtLibrary"]


def __getattr__(name: str) -> Any:
    if name == "ArtLibrary":
        from tabletop.ui.art.library import ArtLibrary

        return ArtLibrary
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
