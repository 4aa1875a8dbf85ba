"""Card art: images from an art folder (Pillow), faces composed from ``faces.toml``, generated faces for the
rest, hot reload. ``face_png(library, card, size)`` gives any card's face as PNG bytes (browser seats).

``ArtLibrary`` is imported on first use, so the pure modules (``names``, and ``loader`` with only
Pillow) can be used without pygame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.ui.art.library import ArtLibrary
    from tabletop.ui.art.render import face_png

__all__ = ["ArtLibrary", "face_png"]


def __getattr__(name: str) -> Any:
    if name == "ArtLibrary":
        from tabletop.ui.art.library import ArtLibrary

        return ArtLibrary
    if name == "face_png":
        from tabletop.ui.art.render import face_png

        return face_png
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
