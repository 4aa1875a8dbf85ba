"""The protocol's checks: every message is refused with one line unless it follows its schema; codes and
addresses read as people type them; texts to translate cross as templates no text received can abuse."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.engine.errors import UserInputError
from tabletop.formats.wire import decode, encode
from tabletop.i18n import N_, Message, set_language
from tabletop.net.artshare import ArtStore, digest_of, is_safe_name
from tabletop.net.protocol import (
    PROTOCOL,
    TO_HOST,
    TO_JOINER,
    Address,
    ProtocolError,
    new_code,
    normal_code,
    parse,
    parse_address,
    same_code,
)


@pytest.mark.parametrize(("raw", "why"), [
    ("", "not a message (not JSON)"),
    ("[1, 2]", "not a message (no kind)"),
    ('{"t": "shout"}', "unknown message kind 'shout'"),
    ('{"t": "hello", "v": 1, "mode": "seat"}', "hello: code is missing"),
    ('{"t": "hello", "v": 1, "code": "X", "mode": "god"}', "hello: mode must be one of seat, bot, watch"),
    ('{"t": "hello", "v": true, "code": "X", "mode": "seat"}', "hello: v must be a whole number"),
    ('{"t": "act", "move": 1, "action": {"kind": "play", "cards": "AS"}}', "act: action must be an object"),
    ('{"t": "act", "move": 1, "action": {"kind": "play", "steal": 1}}', "act: action must be an object"),
    ('{"t": "want", "files": ["../../etc/passwd"]}', "want: files must be a list"),
    ('{"t": "bye", "x": 1}', "bye: unknown field 'x'"),
    ('{"t": "act", "move": -1, "action": {"kind": "play"}}', "act: move must be a whole number from 0"),
])
def test_a_message_off_the_schema_is_refused_with_one_line(raw: str, why: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(raw, TO_HOST)
    assert str(refused.value).startswith(why)
    assert "\n" not in str(refused.value)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20))
def test_any_json_either_follows_the_schema_or_is_refused(value: object) -> None:
    for schema in (TO_HOST, TO_JOINER):
        try:
            message = parse(json.dumps(value), schema)
        except ProtocolError:
            continue
        assert isinstance(message, dict) and message["t"] in schema


def test_a_joiners_messages_pass() -> None:
    assert parse(json.dumps({"t": "hello", "v": PROTOCOL, "code": "k7qx m2pa", "mode": "bot", "name": "Ann"}),
                 TO_HOST)["name"] == "Ann"
    assert parse('{"t": "act", "move": 3, "action": {"kind": "play", "cards": ["AS"], "value": null}}',
                 TO_HOST)["action"]["cards"] == ["AS"]
    assert parse(json.dumps({"t": "want", "files": [digest_of(b"x")]}), TO_HOST)["t"] == "want"


def test_codes_read_as_typed_and_compare_in_constant_time() -> None:
    code = new_code()
    assert len(code) == 9 and code[4] == "-"
    assert same_code(code.lower().replace("-", " "), code)
    assert not same_code("AAAA-AAAA", code)
    assert normal_code(" k7qx-m2pa ") == "K7QX-M2PA"
    assert len({new_code() for _ in range(200)}) == 200


@pytest.mark.parametrize(("text", "address"), [
    ("127.0.0.1:9000", Address("127.0.0.1", 9000)),
    ("[::1]:9000", Address("::1", 9000)),
    ("localhost", Address("localhost", 8765)),
    ("wss://example.org:443/", Address("example.org", 443, True)),
])
def test_addresses_read_as_people_write_them(text: str, address: Address) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize("text", ["", "host:99999", "a b:1", "http://x:1", "[zz]:1"])
def test_a_bad_address_is_one_line_naming_it(text: str) -> None:
    with pytest.raises(UserInputError, match="address"):
        parse_address(text)


def test_texts_cross_as_templates_said_in_the_joiners_language() -> None:
    said = N_("{seat}: {action}", seat=N_("Seat {n}", n=2), action="Play A♠")
    crossed = decode(json.loads(json.dumps(encode(said))))
    assert isinstance(crossed, Message) and crossed == "Seat 2: Play A♠"
    try:
        set_language("ja")
        from tabletop.i18n import _

        assert _(crossed) == _(said) != str(said)
    finally:
        set_language("en")


@pytest.mark.parametrize("template", ["{x.__class__}", "{x:>99999}", "{0}", "{x[0]}", "{", "{x!r:>9999}"])
def test_a_received_template_that_reaches_further_than_a_field_is_refused(template: str) -> None:
    with pytest.raises(ValueError):
        decode({"$msg": [template, {"x": 1}, "", 1]})


def test_art_names_are_plain_file_names(tmp_path: object) -> None:
    assert is_safe_name("ace_of_spades.PNG") and is_safe_name("deck.toml") and is_safe_name("日本.webp")
    for bad in ("../AS.png", "/etc/AS.png", "a\\b.png", ".AS.png", "AS.exe", "", "x" * 200 + ".png", "a:b.png"):
        assert not is_safe_name(bad)


def test_a_stored_file_must_be_the_file_its_digest_names(tmp_path: object) -> None:
    from pathlib import Path

    store = ArtStore(Path(str(tmp_path)))
    data = b"\x89PNG not really"
    assert not store.put(digest_of(b"something else"), data)
    assert store.put(digest_of(data), data)
    folder = Path(str(tmp_path)) / "table"
    assert store.lay_out(folder, {"AS.png": digest_of(data), "../evil.png": digest_of(data), "KS.png": "0" * 64}) == ["0" * 64]
    assert (folder / "AS.png").read_bytes() == data and not (folder.parent / "evil.png").exists()
