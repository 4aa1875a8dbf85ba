"""The font files shipped in ``tabletop/ui/fonts`` (no pygame here: Pillow draws faces with them too)."""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent
BUNDLED = (FOLDER / "NotoSansCJKjp-Regular-subset.otf", FOLDER / "NotoEmoji-Regular.ttf")
"""The fallback fonts shipped with tabletop, in the order they are tried."""
