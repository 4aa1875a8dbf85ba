"""The interface's language: English, or another language from the gettext catalogs in ``tabletop/locale``.

Every message a user reads goes through :func:`_`; text fixed at import time
is marked with :func:`N_` and translated where it is shown, so switching the language on the start
screen changes every screen at once. The engine and the games, which make their texts without
knowing when or in which language they are shown, make them with ``N_("Follow {suit}", suit=...)``:
a :class:`Message`, a ``str`` holding the English text (what logs, tests and transcripts read)
that :func:`_` says in the interface's language when the table shows it. The language comes from ``$TABLETOP_LANG``, else the system's
locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then the locale Windows and macOS
report), else English. Pure Python (``gettext``): the engine may use it too.

>>> set_language("ja"); _("Start")
'ja'
'開始'
>>> set_language("en"); _("Start")
'en'
'Start'
>>> follow = N_("Follow {suit}", suit=N_("hearts")); follow
'Follow hearts'
>>> set_language("ja"); _(follow)
'ja'
'ハートをマストフォロー'
>>> set_language("en"); _(follow)
'en'
'Follow hearts'
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

DOMAIN = "tabletop"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "English", "ja": "日本語"}
"""The interface's languages: code and the language's own name (what the start screen shows)."""
ENV_VAR = "TABLETOP_LANG"

_current = "en"
_catalog: gettext.NullTranslations = gettext.NullTranslations()


class Message(str):
    """English text that can say itself in any language later: what ``N_(text, **fields)`` returns.

    The string is the English text with its fields filled in; ``template`` and ``fields`` (and, for
    a plural, ``plural`` and ``number``) let :func:`_` translate it when it is shown. Fields that are
    messages themselves (a seat's name, a suit) are translated too; other fields (card labels,
    numbers, names the user typed) are shown as they are.
    """

    template: str
    fields: Mapping[str, Any] = MappingProxyType({})
    plural: str = ""
    number: int = 1

    def __new__(cls, template: str, fields: Mapping[str, Any] | None = None, plural: str = "",
                number: int = 1) -> Message:
        # Only what differs from the class's defaults is stored: games make a label per legal action per move.
        english = plural if plural and number != 1 else template
        self = str.__new__(cls, english.format_map(fields) if fields else english)
        if plural:
            self.plural, self.number = plural, number
        self.template = template
        if fields:
            self.fields = fields
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.template, self.fields or None, self.plural, self.number))

    def translated(self) -> str:
        """Return the text in the interface's language (the English text when there is no translation)."""
        return self.said(None if _current == "en" else _catalog)

    def said(self, catalog: gettext.NullTranslations | None) -> str:
        """Return the text as ``catalog`` says it (None: the English text as it is)."""
        if catalog is None:
            return str(self)
        said = catalog.ngettext(self.template, self.plural, self.number) if self.plural else \
            catalog.gettext(self.template)
        if not self.fields:
            return said
        try:
            return said.format(**{k: v.said(catalog) if isinstance(v, Message) else v for k, v in self.fields.items()})
        except (KeyError, IndexError, ValueError):  # a broken translation shows the English, never a crash
            return str(self)


def _(message: str) -> str:
    """Return ``message`` in the interface's language (a :class:`Message` with its fields)."""
    if isinstance(message, Message):
        return message.translated()
    return _catalog.gettext(message)


def N_(message: str, **fields: Any) -> str:
    """Mark ``message`` for translation where it is shown; return it as a :class:`Message`.

    Text fixed at import time is marked this way and translated with :func:`_` where shown; with
    ``fields`` it is a format string (``N_("Deal {n}", n=2)`` is "Deal 2", said later in any language).
    """
    return Message(message, fields)


def ngettext(singular: str, plural: str, count: int, **fields: Any) -> str:
    """Return the singular or plural of a message for ``count``, in the interface's language.

    ``fields`` fill the placeholders (pass the number too when the text shows it: ``n=count``).
    """
    return _(nN_(singular, plural, count, **fields))


def join(separator: str, items: Sequence[str]) -> str:
    """Return ``items`` joined by ``separator`` as a :class:`Message` (each part said in the interface's language).

    >>> join(N_(" and "), [N_("Seat {n}", n=1), N_("Seat {n}", n=3)])
    'Seat 1 and Seat 3'
    """
    names = [f"item{k}" for k in range(len(items))]
    return Message("{separator}".join("{" + name + "}" for name in names),
                   {"separator": separator, **dict(zip(names, items, strict=True))})


def nN_(singular: str, plural: str, count: int, **fields: Any) -> str:
    """Return a plural :class:`Message` for ``count``, said in the interface's language where shown."""
    return Message(singular, fields, plural, count)


def translate(message: str, code: str) -> str:
    """Return ``message`` in language ``code`` whatever the interface speaks (a browser seat's own language).

    >>> translate(N_("Follow {suit}", suit=N_("hearts")), "ja"), translate("Start", "fr")
    ('ハートをマストフォロー', 'Start')
    """
    catalog = _catalog_for(code)
    if not message:
        return ""  # gettext says its catalog's header for the empty text
    if isinstance(message, Message):
        return message.said(catalog)
    return message if catalog is None else catalog.gettext(message)


_catalogs: dict[str, gettext.NullTranslations | None] = {}


def _catalog_for(code: str) -> gettext.NullTranslations | None:
    """Return the catalog of language ``code``, read once (None for English or a language not offered)."""
    if code not in _catalogs:
        found: gettext.NullTranslations | None = None
        if code in LANGUAGES and code != "en":
            with contextlib.suppress(OSError):
                found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        _catalogs[code] = found
    return _catalogs[code]


def language() -> str:
    """Return the code of the interface's language (``en``, ``ja``)."""
    return _current


def set_language(code: str | None) -> str:
    """Switch the interface to language ``code`` (None: the system's); return the code now in use.

    An unknown code or a missing catalog means English.
    """
    global _current, _catalog
    code = (code or system_language()).lower()
    code = code if code in LANGUAGES else "en"
    if code == "en":
        _catalog = gettext.NullTranslations()
    else:
        try:
            _catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
        except OSError:
            code, _catalog = "en", gettext.NullTranslations()
    _current = code
    return code


def system_language() -> str:
    """Return the language the user asked for (``$TABLETOP_LANG``, the locale), as a code of :data:`LANGUAGES`."""
    wanted = [os.environ.get(ENV_VAR, "")]
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            wanted += value.split(":")
            break  # gettext's rule: the first variable set decides
    with contextlib.suppress(ValueError):
        wanted.append(locale.getlocale()[0] or "")  # Windows and macOS report it here
    for item in wanted:
        code = item.split("_")[0].split(".")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code in ("c", "posix"):
            return "en"
    return "en"


set_language(None)
