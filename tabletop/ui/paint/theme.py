"""Colours of the table and its controls, in one place, and the two ways they are mixed."""

from __future__ import annotations

Color = tuple[int, int, int]

FELT: Color = (28, 94, 64)
FELT_DARK: Color = (20, 74, 50)
FELT_EDGE: Color = (14, 44, 32)
SIDEBAR: Color = (24, 30, 36)
PANEL: Color = (16, 52, 36)
PANEL_LINE: Color = (74, 132, 100)
SIDE_PANEL: Color = (33, 41, 50)
SIDE_LINE: Color = (62, 76, 90)
TEXT: Color = (238, 242, 238)
TEXT_DIM: Color = (170, 186, 176)
TEXT_DARK: Color = (20, 24, 22)
ACCENT: Color = (250, 205, 70)
WARN: Color = (255, 120, 100)
GOOD: Color = (120, 220, 140)
BUTTON: Color = (52, 64, 78)
BUTTON_HOVER: Color = (74, 92, 112)
BUTTON_ON: Color = (150, 60, 60)
BUTTON_LINE: Color = (116, 136, 156)
OVERLAY: Color = (12, 18, 22)
DISABLED: Color = (118, 124, 128)
CONFIRM: Color = (120, 92, 24)
CHIP: Color = (240, 236, 222)
SHADE: Color = (8, 20, 14)
"""The colour of shadows under buttons, cards and boxes."""
PLATE: Color = (10, 14, 18)
"""The dark plate under text that lies on anything (a popup on a cell of any colour)."""


def lighter(colour: Color, k: float) -> Color:
    """Return ``colour`` moved a fraction ``k`` toward white."""
    return blend(colour, (255, 255, 255), k)


def blend(a: Color, b: Color, k: float) -> Color:
    """Return the colour a fraction ``k`` of the way from ``a`` to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))
