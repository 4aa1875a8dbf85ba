"""Colours of the table and its controls, in one place."""

from __future__ import annotations

Color = tuple[int, int, int]

FELT: Color = (22, 92, 58)
FELT_EDGE: Color = (16, 70, 44)
SIDEBAR: Color = (24, 30, 36)
PANEL: Color = (14, 48, 32)
PANEL_LINE: Color = (70, 130, 95)
TEXT: Color = (236, 240, 236)
TEXT_DIM: Color = (160, 178, 166)
TEXT_DARK: Color = (20, 24, 22)
ACCENT: Color = (250, 205, 70)
WARN: Color = (255, 120, 100)
BUTTON: Color = (52, 64, 76)
BUTTON_HOVER: Color = (74, 92, 110)
BUTTON_ON: Color = (150, 60, 60)
BUTTON_LINE: Color = (120, 140, 160)
OVERLAY: Color = (12, 18, 22)
DISABLED: Color = (110, 116, 120)
CONFIRM: Color = (120, 92, 24)
CHIP: Color = (240, 236, 222)
