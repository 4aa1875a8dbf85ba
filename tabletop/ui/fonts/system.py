"""Find the system's fonts for Japanese, Chinese and Korean: fontconfig, else the usual font folders."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

FONTCONFIG_PATTERNS = (":lang=ja", ":lang=zh-cn", ":lang=ko")
"""What ``fc-match`` is asked for, best first: Japanese is what the tool's first users write."""

_WINDOWS = ("YuGothR.ttc", "YuGothM.ttc", "meiryo.ttc", "msgothic.ttc", "msyh.ttc", "msyh.ttf",
            "simsun.ttc", "malgun.ttf")
_MACOS = ("/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc", "/System/Library/Fonts/Hiragino Sans GB.ttc",
          "/System/Library/Fonts/AppleSDGothicNeo.ttc", "/Library/Fonts/Arial Unicode.ttf",
          "/System/Library/Fonts/Supplemental/Arial Unicode.ttf")


def system_fonts() -> list[Path]:
    """Return font files of this system likely to cover Japanese, Chinese and Korean (best first)."""
    found = fontconfig_fonts()
    if sys.platform == "win32":
        folder = Path(os.environ.get("WINDIR", r"C:\Windows")) / "Fonts"
        found += [folder / name for name in _WINDOWS]
    elif sys.platform == "darwin":
        found += [Path(name) for name in _MACOS]
    return [path for path in dict.fromkeys(found) if path.is_file()]


def fontconfig_fonts() -> list[Path]:
    """Return the files ``fc-match`` picks for each of :data:`FONTCONFIG_PATTERNS` (none without fontconfig)."""
    fc_match = shutil.which("fc-match")
    if fc_match is None:
        return []
    files: list[Path] = []
    for pattern in FONTCONFIG_PATTERNS:
        try:
            done = subprocess.run([fc_match, "-f", "%{file}", pattern], capture_output=True, text=True,
                                  timeout=5, check=False)
        except (OSError, subprocess.SubprocessError):  # a broken fontconfig only means no system fonts
            return files
        if done.returncode == 0 and done.stdout.strip():
            files.append(Path(done.stdout.strip()))
    return files
