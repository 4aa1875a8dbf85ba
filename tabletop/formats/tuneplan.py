"""Tuning plans: a TOML file naming the free values and the targets of ``tabletop tune --plan FILE``.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "plan.toml"
>>> _ = path.write_text('free = ["red-3.value=1..4"]\\ntarget = ["card-strength<5"]\\n', encoding="utf-8")
>>> read_plan(path)
(['red-3.value=1..4'], ['card-strength<5'])
"""

from __future__ import annotations

from pathlib import Path

from tabletop.engine.errors import UserInputError
from tabletop.engine.guard import shown_path
from tabletop.formats import tomltext
from tabletop.i18n import _

KEYS = ("free", "target")


def read_plan(path: Path) -> tuple[list[str], list[str]]:
    """Return the free values and the targets a plan file lists (each as ``--free`` / ``--target`` would take it).

    :raises UserInputError: naming the file (and line) for a file that cannot be read, is not TOML, holds another
        key, or lists anything but text.
    """
    shown = shown_path(path)
    try:
        doc = tomltext.parse(tomltext.read_text(path))
    except OSError as exc:
        raise UserInputError(_("--plan {file}: cannot read it ({problem})").format(
            file=shown, problem=exc.strerror or exc)) from None
    except tomltext.TomlProblem as exc:
        raise UserInputError(_("--plan {file}:{line}: {problem}").format(file=shown, line=exc.line, problem=exc)) from None
    out: dict[str, list[str]] = {}
    for key, value in doc.items():
        if key not in KEYS:
            raise UserInputError(_("--plan {file}: unknown entry {key}; a plan holds free = [...] and target ="
                                   " [...]").format(file=shown, key=repr(key)))
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise UserInputError(_("--plan {file}: {key} must be a list of texts, e.g. {key} = [\"...\"]").format(
                file=shown, key=key))
        out[key] = value
    return out.get("free", []), out.get("target", [])
