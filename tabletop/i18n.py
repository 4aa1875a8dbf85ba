"""The interface's language: English, or another language from the gettext catalogs in ``tabletop/locale``.

Every message a user reads goes through :func:`_`; text fixed at import time
is marked with :func:`N_` and translated where it is shown, so switching the language on the start
screen changes every screen at once. The language comes from ``$TABLETOP_LANG``, else the system's
locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then the locale Windows and macOS
report), else English. Pure Python (``gettext``): the engine may use it too.

>>> set_language("ja"); _("Start")
'ja'
'開始'
>>> set_language("en"); _("Start")
'en'
'Start'
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from pathlib import Path

DOMAIN = "tabletop"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "English", "ja": "日本語"}
"""The interface's languages: code and the language's own name (what the start screen shows)."""
ENV_VAR = "TABLETOP_LANG"

_current = "en"
_catalog: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """Return ``message`` in the interface's language."""
    return _catalog.gettext(message)


def N_(message: str) -> str:
    """Return ``message`` unchanged: marks text fixed at import time, translated with :func:`_` where shown."""
    return message


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
