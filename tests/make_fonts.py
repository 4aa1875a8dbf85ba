"""Rebuild the bundled fallback fonts in ``tabletop/ui/fonts/`` (run by hand, never by CI).

The table draws text with pygame's own font, then with the system's fonts for scripts it lacks,
then with these two files, so Japanese, Chinese, Korean and emoji never come out as empty boxes on
a machine without such fonts (a fresh Linux or CI box):

- ``NotoSansCJKjp-Regular-subset.otf``: Noto Sans CJK JP Regular (OFL 1.1, © Adobe; Debian's
  ``fonts-noto-cjk``), cut down to Latin, kana, the JIS (cp932), GB2312 and KS X 1001 (EUC-KR)
  character sets and common symbols: 26,000 code points in 3.8 MB instead of 65,000 in 19 MB.
- ``NotoEmoji-Regular.ttf``: Noto Emoji (OFL 1.1, © Google), the monochrome emoji, as the
  static Regular instance of the variable font.

Needs ``pip install fonttools`` and ``apt-get install fonts-noto-cjk``; the emoji source is the
variable ``NotoEmoji[wght].ttf`` given as the first argument.
Run: ``python tests/make_fonts.py PATH/NotoEmoji[wght].ttf``
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

CJK_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
OUT = Path(__file__).resolve().parents[1] / "tabletop" / "ui" / "fonts"
RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x2000, 0x206F), (0x2190, 0x21FF), (0x2460, 0x24FF),
          (0x25A0, 0x26FF), (0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]
CODECS = ("cp932", "gb2312", "euc_kr")


def code_points() -> list[int]:
    """Return the code points the CJK subset keeps."""
    points = {cp for low, high in RANGES for cp in range(low, high + 1)}
    for cp in range(0x80, 0x10000):
        if 0xD800 <= cp < 0xE000:
            continue
        for codec in CODECS:
            try:
                chr(cp).encode(codec)
            except UnicodeEncodeError:
                continue
            points.add(cp)
            break
    return sorted(points)


def main() -> int:
    """Write both fonts into ``tabletop/ui/fonts``."""
    emoji_source = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        unicodes = Path(tmp) / "unicodes.txt"
        unicodes.write_text(",".join(f"U+{cp:04X}" for cp in code_points()))
        subprocess.run([sys.executable, "-m", "fontTools.subset", str(CJK_SOURCE), "--font-number=0",
                        f"--unicodes-file={unicodes}", "--layout-features=kern,palt,vert",
                        "--no-hinting", f"--output-file={OUT / 'NotoSansCJKjp-Regular-subset.otf'}"],
                       check=True)
    subprocess.run([sys.executable, "-m", "fontTools.varLib.instancer", str(emoji_source), "wght=400",
                    "-o", str(OUT / "NotoEmoji-Regular.ttf")], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
