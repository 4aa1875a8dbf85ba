"""What crosses the wire between a host and its joiners: message kinds, their fields, limits, join codes.

Every message is a JSON object with a kind ``t``; card art travels as binary messages (a SHA-256
digest, then the file's bytes). :func:`parse` checks a received text message against the schema
of its direction before anything reads it: an unknown kind, a missing or extra field, a value of
the wrong type or too long is refused with one line naming the kind and the field. Nothing
received is ever executed or unpickled; game values inside (views, actions) are data read by
:mod:`tabletop.formats.wire`.

>>> parse(dumps({"t": "hello", "v": PROTOCOL, "code": "ABCD-EFGH", "mode": "seat"}), TO_HOST)["mode"]
'seat'
>>> parse('{"t": "act", "move": "3", "action": {"kind": "play"}}', TO_HOST)
Traceback (most recent call last):
...
tabletop.net.protocol.ProtocolError: act: move must be a whole number from 0 to 1000000000
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.engine.errors import UserInputError
from tabletop.i18n import _

PROTOCOL = 1
"""The protocol's version: a joiner and a host must speak the same one."""
DEFAULT_PORT = 8765
"""The port a host listens on unless told otherwise."""
TO_HOST_LIMIT = 64 * 1024
"""The largest message a joiner may send (bytes): actions and questions are small."""
TO_JOINER_LIMIT = 64 * 1024 * 1024
"""The largest message a host may send (bytes): one card image, or one seat's whole table."""
HISTORY = 2000
"""Events of a game a host keeps per seat, as the seat saw them: the log (``state``'s ``log``) a seat gets when it
(re)joins a game under way. A joiner that heard fewer is sent what it missed; beyond it, the oldest are gone."""
ART_FILE_LIMIT = TO_JOINER_LIMIT - 64
"""The largest art file that travels (bytes; the digest goes in front of it)."""
ART_TOTAL_LIMIT = 4 * 1024**3
"""The most card art a joiner takes from one host (bytes): a host cannot fill a joiner's disk."""
HELLO_SECONDS = 5.0
"""How long a new connection may take to say who it is before it is cut off."""
DIGEST_BYTES = 32
"""A binary message starts with the SHA-256 digest of the file it carries."""
MODES = ("seat", "bot", "watch", "web")
"""What a joiner does: play a seat at a table, play it with a bot, watch the public table, or play (or watch)
in a browser (sent the page's plain JSON: :mod:`tabletop.net.webview`)."""
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Join code letters: no 0/O, 1/I/L to misread when a code is read out."""
CODE_LENGTH = 8


class ProtocolError(ValueError):
    """A message that does not follow the protocol (its one line says what is wrong)."""


# -- join codes --------------------------------------------------------------------------------
def new_code() -> str:
    """Return a fresh join code, e.g. ``K7QX-M2PA`` (about 40 bits: too many to try them all)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{letters[:4]}-{letters[4:]}"


def normal_code(text: str) -> str:
    """Return a code as typed (any case, spaces or dashes anywhere) in its canonical ``XXXX-XXXX`` form."""
    letters = re.sub(r"[\s-]", "", text).upper()
    return f"{letters[:4]}-{letters[4:]}" if len(letters) == CODE_LENGTH else letters


def same_code(given: str, code: str) -> bool:
    """True when ``given`` is ``code`` (compared in constant time, so timing tells nothing)."""
    return hmac.compare_digest(normal_code(given).encode(), code.encode())


# -- addresses ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Address:
    """Where a host listens or a joiner connects: ``host`` (a name or an IP), ``port``, and TLS or not."""

    host: str
    port: int
    tls: bool = False

    @property
    def url(self) -> str:
        """Return the WebSocket URL (``ws://`` or ``wss://``)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}/"

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


def parse_address(text: str, *, default_port: int = DEFAULT_PORT) -> Address:
    """Return the address ``HOST:PORT``, ``[IPv6]:PORT``, ``HOST`` or ``ws(s)://HOST:PORT`` names.

    >>> parse_address("[::1]:9000"), parse_address("wss://example.org").url
    (Address(host='::1', port=9000, tls=False), 'wss://example.org:8765/')

    :raises UserInputError: naming the text and the form expected.
    """
    raw = text.strip()
    tls = raw.lower().startswith("wss://")
    rest = re.sub(r"^wss?://", "", raw, flags=re.IGNORECASE).rstrip("/")
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?|([A-Za-z0-9.\-_]+)(?::(\d{1,5}))?", rest)
    if not rest or match is None:
        raise UserInputError(_("address {text}: write HOST:PORT, e.g. 192.168.1.20:{port} or [::1]:{port}").format(
            text=repr(text[:80]), port=default_port))
    host = match.group(1) or match.group(3)
    port = int(match.group(2) or match.group(4) or default_port)
    if not 1 <= port <= 65535:
        raise UserInputError(_("address {text}: the port must be from 1 to 65535").format(text=repr(text[:80])))
    return Address(host, port, tls)


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (``localhost``, 127.x, ``::1``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


# -- messages ----------------------------------------------------------------------------------
def dumps(message: Mapping[str, Any]) -> str:
    """Return ``message`` as compact JSON text (non-ASCII kept as UTF-8: a Japanese name stays short)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


@dataclass(frozen=True)
class Check:
    """One field's rule: ``ok(value)`` and what it must be, said in the error."""

    ok: Callable[[Any], bool]
    what: str


def whole(lo: int, hi: int) -> Check:
    """A whole number from ``lo`` to ``hi`` (never a bool)."""
    return Check(lambda v: type(v) is int and lo <= v <= hi, f"a whole number from {lo} to {hi}")


def text(most: int) -> Check:
    """A string of at most ``most`` characters."""
    return Check(lambda v: isinstance(v, str) and len(v) <= most, f"text of at most {most} characters")


def one_of(*values: str) -> Check:
    """One of the strings ``values``."""
    return Check(lambda v: v in values, f"one of {', '.join(values)}")


def maybe(check: Check) -> Check:
    """``check``, or null."""
    return Check(lambda v: v is None or check.ok(v), f"{check.what} or null")


def list_of(check: Check, most: int) -> Check:
    """A list of at most ``most`` values, each passing ``check``."""
    return Check(lambda v: isinstance(v, list) and len(v) <= most and all(check.ok(i) for i in v),
                 f"a list of at most {most} items, each {check.what}")


def record(fields: Mapping[str, Check], required: tuple[str, ...] = ()) -> Check:
    """An object with only the named ``fields`` (those in ``required`` present)."""
    def ok(v: Any) -> bool:
        return (isinstance(v, dict) and set(v) <= set(fields) and all(k in v for k in required)
                and all(fields[k].ok(x) for k, x in v.items()))
    return Check(ok, f"an object with {', '.join(fields)}")


ANY = Check(lambda v: True, "any value")
OBJECT = Check(lambda v: isinstance(v, dict), "an object")
LIST = Check(lambda v: isinstance(v, list), "a list")
FLAG = Check(lambda v: isinstance(v, bool), "true or false")
MOVE = whole(0, 10**9)
SEAT = whole(-1, 100)
DIGEST = Check(lambda v: isinstance(v, str) and re.fullmatch(r"[0-9a-f]{64}", v) is not None,
               "a SHA-256 digest in hex")
ACTION = record({"kind": text(64), "cards": list_of(text(64), 200), "value": maybe(Check(
    lambda v: (type(v) is int and abs(v) < 2**53) or (isinstance(v, str) and len(v) <= 200), "a number or text")),
    "zone": maybe(text(200)), "cell": maybe(text(200)), "seat": maybe(whole(0, 100)), "to": maybe(text(200))},
    required=("kind",))
"""An action as a joiner names it: what :meth:`~tabletop.engine.actions.Action.to_json` writes."""

QUESTION = record({"id": text(64), "kind": one_of("rating", "card", "text"), "text": text(200), "label": text(200),
                   "low": text(200), "high": text(200)}, required=("id", "kind", "text", "label"))
"""One of the designer's questions (:meth:`tabletop.formats.feedback.Question.to_json`)."""
ANSWER = record({"id": text(64), "value": Check(lambda v: (type(v) is int and 1 <= v <= 5) or (
    isinstance(v, str) and len(v) <= 1000), "a rating from 1 to 5 or a text")}, required=("id", "value"))
"""A person's answer to one question (a rating, a card's id, or a text)."""

Schema = Mapping[str, tuple[Mapping[str, Check], tuple[str, ...]]]
"""Per kind of message: its fields' rules, and which of them it must have."""

TO_HOST: Schema = {
    "hello": ({"v": whole(0, 1000), "code": text(32), "mode": one_of(*MODES), "name": text(40), "lang": text(16)},
              ("v", "code", "mode")),
    "want": ({"files": list_of(DIGEST, 10_000)}, ("files",)),
    "act": ({"move": MOVE, "action": ACTION, "seat": SEAT}, ("move", "action")),
    "why": ({"id": MOVE, "action": ACTION}, ("id", "action")),
    "note": ({"move": MOVE, "seat": maybe(SEAT), "text": text(2000)}, ("move", "text")),
    "answers": ({"answers": list_of(ANSWER, 12)}, ("answers",)),
    "bye": ({}, ()),
    "alive": ({}, ()),
}
"""What a joiner may send. A browser seat's page sends ``alive`` every few seconds while it runs: a page its
browser froze, or closed without a word, falls silent, and the host frees its seat."""

FILES = Check(lambda v: isinstance(v, dict) and len(v) <= 10_000 and all(
    isinstance(k, str) and (x is None or DIGEST.ok(x)) for k, x in v.items()), "file names with digests")
TO_JOINER: Schema = {
    "welcome": ({"v": whole(0, 1000), "seat": SEAT, "players": whole(1, 100), "game": OBJECT, "names": LIST,
                 "deck": LIST, "art": FILES, "bot_seed": maybe(whole(0, 2**63)), "seats": LIST,
                 "game_id": whole(0, 2**53)},
                ("v", "seat", "players", "game", "names", "deck", "art", "seats")),
    "state": ({"moves": MOVE, "table": OBJECT, "events": LIST, "ask": maybe(OBJECT), "log": LIST},
              ("moves", "table", "events")),
    "update": ({"moves": MOVE, "table": OBJECT, "events": LIST}, ("moves", "table", "events")),
    "ask": ({"move": MOVE, "legal": LIST, "data": ANY}, ("move", "legal")),
    "ok": ({"move": MOVE}, ("move",)),
    "refused": ({"move": maybe(MOVE), "reason": ANY, "id": maybe(MOVE)}, ("reason",)),
    "reason": ({"id": MOVE, "reason": ANY}, ("id",)),
    "seats": ({"seats": LIST, "names": LIST}, ("seats",)),
    "art": ({"files": FILES}, ("files",)),
    "end": ({"reason": ANY}, ("reason",)),
    "questions": ({"questions": list_of(QUESTION, 12), "cards": list_of(record({"id": text(64), "label": text(200)},
                                                                              ("id", "label")), 10_000)},
                  ("questions", "cards")),
}
"""What a host may send (game values inside are checked again as :mod:`tabletop.formats.wire` reads them).

A ``welcome``'s ``game_id`` names the game it welcomes to: one number per game the host starts (a new one
for each next game), so a joiner welcomed again with the same id has rejoined the game under way, and one
welcomed with another id is at the host's next game. A welcome without it (a host before the field) is
told apart as before: the next game once the one shown is over or the host has gone, else a rejoin."""


def parse(raw: str | bytes, schema: Schema) -> dict[str, Any]:
    """Return the message in ``raw`` once it follows ``schema``.

    :raises ProtocolError: with one line naming what is wrong.
    """
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError(_("not a message (not JSON): {start}").format(start=_start(raw))) from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise ProtocolError(_("not a message (no kind): {start}").format(start=_start(raw)))
    kind = message["t"]
    if kind not in schema:
        raise ProtocolError(_("unknown message kind {kind}").format(kind=repr(kind[:40])))
    fields, required = schema[kind]
    for name in required:
        if name not in message:
            raise ProtocolError(_("{kind}: {field} is missing").format(kind=kind, field=name))
    for name, value in message.items():
        if name == "t":
            continue
        check = fields.get(name)
        if check is None:
            raise ProtocolError(_("{kind}: unknown field {field}").format(kind=kind, field=repr(name[:40])))
        if not check.ok(value):
            raise ProtocolError(f"{kind}: {name} must be {check.what}")
    return message


def _start(raw: str | bytes) -> str:
    shown = raw[:40] if isinstance(raw, str) else raw[:40].decode("utf-8", "replace")
    return repr(shown) + ("..." if len(raw) > 40 else "")
