"""Card art: images from an art folder (Pillow), generated faces for the rest, hot reload."""

from tabletop.ui.art.library import ArtLibrary

__all__ = ["ArtLibrary"]
