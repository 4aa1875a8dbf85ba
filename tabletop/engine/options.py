"""Game options declared as frozen dataclasses: types, defaults, allowed values, parsing of ``key=value``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.i18n import _


def option(default: Any, *, choices: tuple[Any, ...] | None = None, minimum: int | None = None,
           maximum: int | None = None, help: str = "", examples: tuple[str, ...] = ()) -> Any:
    """Declare one option field: its default, allowed values or range, a line of help.

    ``examples`` are values worth offering for a free-text option (the start screen cycles them).
    """
    return field(default=default, metadata={"choices": choices, "min": minimum, "max": maximum, "help": help,
                                            "examples": examples})


@dataclass(frozen=True)
class OptionInfo:
    """What one option is: name, type, default, allowed values and help, for listings and forms."""

    name: str
    type: type
    default: Any
    choices: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    help: str
    examples: tuple[str, ...] = ()

    def allowed(self) -> str:
        """Return the allowed values as text ("none, S, H, D, C, turnup" or "1-13" or "any text")."""
        if self.choices:
            return ", ".join(str(c) for c in self.choices)
        if self.type is bool:
            return _("true, false")
        if self.type is int:
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            if lo and hi:
                return f"{lo}-{hi}"
            if lo:
                return _("{n} or more").format(n=lo)
            return _("up to {n}").format(n=hi) if hi else _("any whole number")
        if self.examples:
            return _("any text (e.g. {examples})").format(examples=", ".join(self.examples))
        return _("any text")


def describe(options_cls: type) -> list[OptionInfo]:
    """Return the :class:`OptionInfo` of every option of an options dataclass."""
    infos = []
    for f in dataclasses.fields(options_cls):
        typ = type(f.default) if f.default is not None else str
        infos.append(OptionInfo(f.name, typ, f.default, f.metadata.get("choices"), f.metadata.get("min"),
                                f.metadata.get("max"), f.metadata.get("help", ""),
                                tuple(f.metadata.get("examples", ()))))
    return infos


def convert(info: OptionInfo, raw: Any) -> Any:
    """Return ``raw`` (text from the command line or a JSON value) as the option's type, checked.

    :raises UserInputError: naming the option, the value and what is allowed.
    """
    shown = repr(raw)
    where = _("option {name}={value}").format(
        name=info.name, value=shown if len(shown) <= 40 else f"(a value of {len(shown):,} characters)")
    value: Any = raw
    if info.type is bool:
        if isinstance(raw, bool):
            value = raw
        elif str(raw).strip().lower() in ("1", "true", "yes", "on"):
            value = True
        elif str(raw).strip().lower() in ("0", "false", "no", "off"):
            value = False
        else:
            raise UserInputError(_("{where}: expected true or false").format(where=where))
    elif info.type is int:
        if isinstance(raw, bool):
            raise UserInputError(_("{where}: expected a whole number ({allowed})").format(
                where=where, allowed=info.allowed()))
        try:
            text = str(raw).strip()
            if len(text) > 30:  # Python refuses past 4,300 digits; no option needs a tenth of that
                raise ValueError(text)
            value = int(text)
        except ValueError:
            raise UserInputError(_("{where}: expected a whole number ({allowed})").format(
                where=where, allowed=info.allowed())) from None
        if (info.minimum is not None and value < info.minimum) or (
            info.maximum is not None and value > info.maximum
        ):
            raise UserInputError(_("{where}: out of range, allowed {allowed}").format(where=where, allowed=info.allowed()))
    else:
        value = str(raw).strip()
    if info.choices and value not in info.choices:
        folded = {str(c).lower(): c for c in info.choices}
        if str(value).lower() in folded:
            value = folded[str(value).lower()]
        else:
            raise UserInputError(_("{where}: allowed values are {allowed}").format(where=where, allowed=info.allowed()))
    return value


def build(options_cls: type, values: dict[str, Any] | None = None) -> Any:
    """Return an options instance from a dict of raw values, every key and value checked.

    :raises UserInputError: for an unknown key (listing the known ones) or a bad value.
    """
    infos = {i.name: i for i in describe(options_cls)}
    kwargs = {}
    for key, raw in (values or {}).items():
        name = key.strip().replace("-", "_")
        if name not in infos:
            known = ", ".join(infos) or _("none")
            raise UserInputError(_("unknown option {key}: this game's options are {known}").format(
                key=repr(key), known=known))
        kwargs[name] = convert(infos[name], raw)
    try:
        return options_cls(**kwargs)
    except ValueError as exc:
        raise UserInputError(str(exc)) from None


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """Return ``{"deals": "1"}`` from ``["deals=1"]``.

    :raises UserInputError: for an item without ``=``.
    """
    out: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise UserInputError(_("--set {pair}: write key=value, e.g. --set deals=1").format(pair=repr(pair)))
        key, _sep, value = pair.partition("=")
        out[key.strip()] = value
    return out


def to_json(options: Any) -> dict[str, Any]:
    """Return the options as a JSON-able dict."""
    return dataclasses.asdict(options)
