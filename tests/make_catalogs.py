"""Keep the translation catalogs in step with the code: extract messages, update the .po, compile the .mo.

Every ``_("...")``, ``N_("...")`` (with or without fields), ``ngettext("...", "...", n)`` and
``nN_("...", "...", n)`` in ``tabletop/`` is a message.
Run ``.venv/bin/python tests/make_catalogs.py`` after changing messages: new ones are added to each
language's ``tabletop.po`` with an empty translation (fill them in, run it again), messages no
longer in the code are dropped, and ``tabletop.mo`` (what :mod:`gettext` reads) is written. The
test suite checks that every message has a translation and that the .mo matches the .po.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tabletop"
LOCALE = PACKAGE / "locale"
Key = str
"""A message id; for plural messages ``singular + "\\0" + plural`` (the .mo file's key)."""
HEADER = {
    "ja": "Content-Type: text/plain; charset=UTF-8\\nLanguage: ja\\nPlural-Forms: nplurals=1; plural=0;\\n",
}


def extract(package: Path = PACKAGE) -> dict[Key, list[str]]:
    """Return every message in the package's code with where it is used (``file:line``), in file order."""
    found: dict[Key, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            key: str | None = None
            if node.func.id in ("_", "N_") and len(node.args) == 1 and len(texts) == 1:
                key = texts[0]
            elif node.func.id in ("ngettext", "nN_") and len(texts) == 2:
                key = f"{texts[0]}\0{texts[1]}"
            if key:
                found.setdefault(key, []).append(f"{path.relative_to(package.parent)}:{node.lineno}")
    return found


def _unquote(text: str) -> str:
    return ast.literal_eval(text)  # a .po string is a C string; Python's literal is close enough


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def read_po(path: Path) -> dict[Key, list[str]]:
    """Return a .po file's messages: key -> translations (one, or one per plural form)."""
    entries: dict[Key, list[str]] = {}
    msgid = plural = None
    forms: list[str] = []
    field = ""

    def finish() -> None:
        if msgid is not None:
            entries[msgid if plural is None else f"{msgid}\0{plural}"] = forms[:]

    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if line.startswith("msgid "):
            finish()
            msgid, plural, forms, field = _unquote(line[6:]), None, [], "id"
        elif line.startswith("msgid_plural "):
            plural, field = _unquote(line[13:]), "plural"
        elif line.startswith("msgstr["):
            forms.append(_unquote(line.split("]", 1)[1].strip()))
            field = "str"
        elif line.startswith("msgstr "):
            forms, field = [_unquote(line[7:])], "str"
        elif line.startswith('"'):
            text = _unquote(line)
            if field == "id":
                msgid = (msgid or "") + text
            elif field == "plural":
                plural = (plural or "") + text
            elif field == "str":
                forms[-1] += text
    finish()
    return entries


def write_po(path: Path, language: str, messages: dict[Key, list[str]], old: dict[Key, list[str]]) -> None:
    """Write the .po for ``language``: every message of the code, with its translation from ``old``."""
    out = [f"# tabletop interface: {language}. Written by tests/make_catalogs.py; fill in each msgstr.",
           'msgid ""', f'msgstr "{HEADER.get(language, HEADER["ja"])}"', ""]
    for key, where in messages.items():
        out.append("#: " + " ".join(where[:3]))
        kept = old.get(key, [])
        if "\0" in key:
            singular, plural = key.split("\0")
            out += [f"msgid {_quote(singular)}", f"msgid_plural {_quote(plural)}",
                    f"msgstr[0] {_quote(kept[0] if kept else '')}"]
        else:
            out += [f"msgid {_quote(key)}", f"msgstr {_quote(kept[0] if kept else '')}"]
        out.append("")
    path.write_text("\n".join(out), encoding="utf-8")


def compile_mo(entries: dict[Key, list[str]], header: str) -> bytes:
    """Return the GNU .mo file of ``entries`` (untranslated ones left out), as gettext reads it."""
    pairs = {"": header.replace("\\n", "\n")}
    pairs.update({key: "\0".join(forms) for key, forms in entries.items() if key and forms and all(forms)})
    keys = sorted(pairs)
    ids = [k.encode() for k in keys]
    strs = [pairs[k].encode() for k in keys]
    start = 7 * 4 + 16 * len(keys)
    offsets, data = [], b""
    for blob in ids + strs:
        offsets.append((len(blob), start + len(data)))
        data += blob + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    table = b"".join(struct.pack("<2I", *pair) for pair in offsets)
    return head + table + data


def main() -> int:
    """Update every language's .po from the code and compile its .mo."""
    messages = extract()
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/tabletop.po")):
        language = po.parts[-3]
        old = read_po(po)
        write_po(po, language, messages, old)
        entries = read_po(po)
        po.with_suffix(".mo").write_bytes(compile_mo(entries, HEADER.get(language, HEADER["ja"])))
        missing = [k for k in messages if not all(entries.get(k, [""]))]
        print(f"{po.relative_to(ROOT)}: {len(messages)} messages, {len(missing)} without a translation")
    return 0


if __name__ == "__main__":
    sys.exit(main())
