"""The interface in Japanese: every message translated, catalogs compiled, language from the locale, messages said late."""

from __future__ import annotations

import ast
import gettext
import json
import pickle
import string
from pathlib import Path

import pytest

from tabletop import i18n
from tests.make_catalogs import HEADER, LOCALE, PACKAGE, compile_mo, extract, read_po

PO = LOCALE / "ja" / "LC_MESSAGES" / "tabletop.po"


def fields(text: str) -> set[str]:
    """Return the replacement fields of a format string (``{file}`` -> ``file``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_in_the_code_has_a_japanese_translation() -> None:
    messages = extract()
    assert len(messages) > 100
    catalog = read_po(PO)
    untranslated = [m for m in messages if not all(catalog.get(m, [""]))]
    assert not untranslated, f"run tests/make_catalogs.py and translate: {untranslated[:5]}"
    for message in messages:
        (translation,) = catalog[message]
        assert fields(translation) == fields(message), (message, translation)
        # A translation that is still English (a copy of the msgid) leaves English on screen.
        words = "".join(literal for literal, *_ in string.Formatter().parse(message))
        if any(ch.isalpha() for ch in words):
            assert any(ord(ch) > 0x2E80 for ch in translation), (message, translation)


def test_the_compiled_catalog_matches_its_source() -> None:
    compiled = compile_mo(read_po(PO), HEADER["ja"])
    assert PO.with_suffix(".mo").read_bytes() == compiled, "run tests/make_catalogs.py"


@pytest.mark.parametrize(("env", "expected"), [
    ({"TABLETOP_LANG": "ja"}, "ja"), ({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LANGUAGE": "ja:en", "LANG": "C"}, "ja"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({"LC_ALL": "C"}, "en"),
])
def test_the_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                                         expected: str) -> None:
    for var in ("TABLETOP_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == expected


def test_switching_language_changes_messages() -> None:
    try:
        assert i18n.set_language("ja") == "ja"
        assert i18n._("Start") == "開始"
        assert i18n._("no such message") == "no such message"
        assert i18n.set_language("xx") == "en"
        assert i18n._("Start") == "Start"
    finally:
        i18n.set_language("en")


def test_catalogs_ship_with_the_package() -> None:
    assert Path(i18n.LOCALE_DIR, "ja", "LC_MESSAGES", "tabletop.mo").is_file()


MARKERS = ("_", "N_", "ngettext", "nN_")


def marker_calls() -> list[tuple[Path, ast.Call]]:
    """Return every call of a translation function in the package, with its file."""
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                calls.append((path, node))
    return calls


def test_messages_are_written_whole_with_named_fields() -> None:
    # _(f"...") or _("a" + b) would look up text no catalog holds: the English would stay on screen.
    built = [f"{path.name}:{call.lineno}" for path, call in marker_calls() for arg in call.args[:2]
             if isinstance(arg, (ast.JoinedStr, ast.BinOp)) or (
                 isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "format")]
    assert not built, f"translate the template, then format it: {built}"
    for key in extract():
        for text in key.split("\0"):
            names = [name for _text, name, _spec, _conv in string.Formatter().parse(text) if name is not None]
            assert all(names), f"name every field (a translation may reorder them): {text!r}"


def test_the_translation_function_is_never_shadowed() -> None:
    # ``module, _, attr = ...`` in a module that imported ``_`` turns every later ``_()`` in that
    # function into a crash, found only when the message is shown.
    shadowed = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not any(isinstance(n, ast.ImportFrom) and n.module == "tabletop.i18n" and any(a.name == "_" for a in n.names)
                   for n in ast.walk(tree)):
            continue
        scopes = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
        inner = {id(n) for c in ast.walk(tree) if isinstance(c, scopes) for n in ast.walk(c)}
        shadowed += [f"{path.name}:{n.lineno}" for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id == "_"
                     and isinstance(n.ctx, ast.Store) and id(n) not in inner]
    assert not shadowed, shadowed


def test_a_message_is_english_text_said_later_in_the_language_of_the_moment() -> None:
    seat = i18n.N_("Seat {n}", n=2)
    said = i18n.N_("{seat} wins the trick", seat=seat)
    plural = i18n.nN_("play or discard exactly {n} card", "play or discard exactly {n} cards", 3, n=3)
    both = i18n.join(i18n.N_(" and "), [seat, i18n.N_("Seat {n}", n=4)])
    assert (said, plural, both) == ("Seat 2 wins the trick", "play or discard exactly 3 cards", "Seat 2 and Seat 4")
    assert isinstance(said, str) and json.dumps([said]) == '["Seat 2 wins the trick"]'
    assert pickle.loads(pickle.dumps(said)) == said and i18n._(pickle.loads(pickle.dumps(said))) == said
    try:
        i18n.set_language("ja")
        assert i18n._(said) == "席 2がトリックを取りました"
        assert i18n._(plural) == "ちょうど 3 枚出すか捨ててください"
        assert i18n._(both) == "席 2と席 4"
        assert i18n._(pickle.loads(pickle.dumps(said))) == "席 2がトリックを取りました"
        assert i18n.ngettext("{n} process", "{n} processes", 1, n=1) == "1 プロセス"
        assert i18n._(i18n.N_("no such {thing}", thing=seat)) == "no such 席 2"  # untranslated: English words
        assert said == "Seat 2 wins the trick", "the value itself stays English (logs, transcripts)"
    finally:
        i18n.set_language("en")


def test_a_broken_translation_shows_the_english(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return "{nope}"

    monkeypatch.setattr(i18n, "_catalog", Broken())
    monkeypatch.setattr(i18n, "_current", "ja")
    assert i18n._(i18n.N_("Seat {n}", n=2)) == "Seat 2"
