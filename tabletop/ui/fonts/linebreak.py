"""Breaking text into lines of a given width, for English and Japanese alike (no pygame here).

Latin words break at spaces; Chinese, Japanese and Korean text, which has no spaces, may break
between any two characters, except that closing punctuation (、。)」 and small kana) never begins a
line and opening brackets never end one (kinsoku). A word wider than the line is split by
characters rather than cut off.

>>> widths = lambda text: len(text)  # one unit a character
>>> break_lines("a few words to wrap", 8, widths)
['a few', 'words to', 'wrap']
>>> break_lines("山札から1枚引く。次の人の番です。", 8, widths)
['山札から1枚引', 'く。次の人の番で', 'す。']
"""

from __future__ import annotations

import re
from collections.abc import Callable

_WIDE = "\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff"
_NO_START = "、。，．・：；？！）」』】〕〉》〟ー…‥々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)\\]}%"
_NO_END = "（「『【〔〈《〝(\\[{"
_TOKEN = re.compile(
    rf"[{_NO_END}]*(?:[{_WIDE}]|[^\s{_WIDE}{_NO_START}]+)[{_NO_START}]*|\s+|[{_NO_START}]+|[{_NO_END}]+"
)
"""A unit that is never split across lines unless it alone is wider than a line: a Latin word, one
wide character (with closing punctuation after it and opening brackets before it), or spaces."""


def tokens(paragraph: str) -> list[str]:
    """Return the units of ``paragraph`` lines may break between (their concatenation is the paragraph).

    >>> tokens("Play 「山札」 now.")
    ['Play', ' ', '「山', '札」', ' ', 'now.']
    """
    return _TOKEN.findall(paragraph)


def break_lines(text: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """Return ``text`` broken into lines at most ``width`` wide as ``measure`` (a string's width) says.

    Each newline starts a new line; spaces where a line breaks are dropped.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for token in tokens(paragraph):
            if token.isspace():
                line += token if line else ""
                continue
            if not line.strip() or measure(line + token) <= width:
                line += token
            else:
                lines.append(line.rstrip())
                line = token
            while measure(line) > width and len(line) > 1:
                cut = len(line) - 1
                while cut > 1 and measure(line[:cut]) > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line.rstrip())
    return lines
