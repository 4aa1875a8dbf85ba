"""The interface in Japanese: every message translated, catalogs compiled, language from the locale."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from tabletop import i18n
from tests.make_catalogs import HEADER, LOCALE, compile_mo, extract, read_po

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
