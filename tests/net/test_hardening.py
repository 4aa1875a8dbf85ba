"""Remote seats under attack (remote and browser seats alike): guessed codes, pushed art, escapes in text,
floods of notes, half-open connections past the file limit, and a spectator that never reads.

Nothing here waits on the clock for its verdict: code turns are counted (a frozen clock makes the
count exact), waits are for conditions with generous deadlines as safety nets only.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import serve

from tabletop.engine.cards import parse_cards
from tabletop.formats.notes import notes_markdown
from tabletop.net import protocol
from tabletop.net.artshare import ArtStore, digest_of
from tabletop.net.client import Connection
from tabletop.net.guard import NOTES_PER_MINUTE, Budget, CodeGate
from tabletop.net.host import HERE
from tabletop.net.protocol import PROTOCOL, Address
from tabletop.net.seatview import catalogue
from tabletop.plugins import registry
from tests.net.remote_helpers import DEADLINE, hosting, join_bot
from tests.net.test_faults import until
from tests.net.web_helpers import WebSeat

ROOT = Path(__file__).resolve().parents[2]


def guess(address: Address, code: str, results: list[tuple[int, str]]) -> None:
    """Say hello with ``code`` as a page does and keep how the host closed the connection."""
    try:
        seat = WebSeat(address, code)
        results.append(seat.wait_closed())
    except Exception as exc:  # noqa: BLE001 - a refused connect counts as a refusal too
        results.append((0, str(exc)))


def guesses(address: Address, codes: list[str]) -> list[tuple[int, str]]:
    """Send every code of ``codes`` at once, each on a connection of its own; return how each was answered."""
    results: list[tuple[int, str]] = []
    threads = [threading.Thread(target=guess, args=(address, code, results), daemon=True) for code in codes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(DEADLINE)
    return results


def test_guesses_in_parallel_are_counted_before_they_are_checked() -> None:
    # A frozen clock: no turn ever comes back, so exactly the burst is checked, however many are sent at once.
    gate = CodeGate(rate=2.0, burst=5, patience=1.0, clock=lambda: 0.0)
    with hosting("trick-taking", ["remote", "random", "random"], 3, gate=gate) as hosted:
        answers = guesses(hosted.address, [f"AAAA-{n:04d}".replace("0", "A").replace("1", "B") for n in range(30)])
        wrong = [a for a in answers if a[0] == 4001]
        busy = [a for a in answers if a[0] == 1013]
        assert len(wrong) == 5 and gate.checked == 5, answers
        assert len(busy) == 25 and all("try again" in reason for _code, reason in busy)


def test_many_wrong_codes_never_lock_out_the_right_one() -> None:
    with hosting("trick-taking", ["remote", "web", "random"], 4, options={"deals": "1"}) as hosted:
        address = hosted.address
        answers = guesses(address, ["ZZZZ-ZZZZ"] * 25)  # through an SSH tunnel, every one of them is 127.0.0.1
        assert all(code in (4001, 1013) for code, _reason in answers)
        assert hosted.host.gate.recent_wrong() >= 10
        # The right codes still get in (a joiner and a page try again when told the host is busy).
        player = join_bot(address, hosted.host.codes[0])
        page = None
        for _ in range(20):
            page = WebSeat(address, hosted.host.codes[1])
            first = page.next("welcome", "(closed)")
            if first["t"] == "welcome":
                break
            assert page.closed is not None and page.closed[0] == 1013, page.closed
        assert page is not None and hosted.host.presence(1) == HERE
        until(lambda: hosted.host.presence(0) == HERE, "the remote joiner to be seated")
        page.close()
        player.connection.close()


def hostile_host(pushes: list[tuple[str, bytes]], welcomes: list[dict[str, Any]], port: list[int],
                 done: threading.Event) -> None:
    """A host that sends each welcome in turn and pushes files the joiner may or may not have asked for."""

    async def handler(ws: Any) -> None:
        await ws.recv()  # the hello
        for welcome in welcomes:
            await ws.send(json.dumps(welcome))
            await asyncio.sleep(0.2)
            for digest, data in pushes:
                await ws.send(bytes.fromhex(digest) + data)
        await ws.send(json.dumps({"t": "end", "reason": "done"}))
        done.set()
        await asyncio.sleep(1)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0) as server:
            port.append(server.sockets[0].getsockname()[1])
            while not done.is_set():
                await asyncio.sleep(0.05)

    asyncio.run(main())


def test_a_joiner_stores_only_art_it_asked_for_within_one_limit_for_the_whole_session(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "ART_TOTAL_LIMIT", 1000)
    asked, pushed, late = b"A" * 700, b"P" * 100, b"L" * 400
    digests = {name: digest_of(data) for name, data in (("asked", asked), ("pushed", pushed), ("late", late))}
    base = {"t": "welcome", "v": PROTOCOL, "seat": 0, "players": 2, "names": ["Seat 1", "Seat 2"],
            "game": {"name": "trick-taking", "title": "T", "rules": "", "options": {}},
            "deck": catalogue(parse_cards("AS KS")), "seats": ["here", "local"]}
    welcomes = [{**base, "art": {"AS.png": digests["asked"]}}, {**base, "art": {"KS.png": digests["late"]}}]
    pushes = [(digests["pushed"], pushed), (digests["asked"], asked), (digests["late"], late)]
    port: list[int] = []
    done = threading.Event()
    threading.Thread(target=hostile_host, args=(pushes, welcomes, port, done), daemon=True).start()
    until(lambda: bool(port), "the hostile host to listen")
    store = ArtStore(tmp_path / "cache")
    connection = Connection(Address("127.0.0.1", port[0]), "ABCD-EFGH", store=store, art_folder=tmp_path / "art")
    connection.open()
    until(done.is_set, "the hostile host to finish")
    until(lambda: connection.lost is not None or store.has(digests["asked"]), "the asked file")
    connection.close()
    assert store.has(digests["asked"])  # asked for, and the file its digest names
    assert not store.has(digests["pushed"])  # never asked for: not stored, whatever the host sends
    assert not store.has(digests["late"])  # asked for after a second welcome, but past the session's one limit


def test_control_characters_and_markup_never_reach_a_terminal_or_the_notes(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    said: list[str] = []
    with hosting("trick-taking", ["web", "random", "random"], 11, options={"deals": "1"}, log=log) as hosted:
        page = WebSeat(hosted.address, hosted.host.codes[0], name="Ann\x1b]0;owned\x07")
        page.next("welcome")
        page.send({"t": "note", "move": 0, "seat": 0, "text": "<script>alert(1)</script> \x1b[2J\x07 wipe"})
        page.ws.close(4000, "bye \x1b[31mred\x1b[0m")
        until(lambda: hosted.host.presence(0) != HERE, "the page to go")
        from tabletop.net.headless import _report

        _report(hosted.host, said.append)
    assert said and not any("\x1b" in line or "\x07" in line for line in said), said
    assert any("\\x1b" in line for line in said)  # written out, so the user sees what was sent
    markdown = notes_markdown([log], registry.make_game)
    assert "<script>" not in markdown and "\x1b" not in markdown and "\x07" not in markdown
    assert "&lt;script&gt;" in markdown and "Ann" in markdown


def test_notes_from_one_seat_are_bounded_per_minute_and_in_all(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    with hosting("trick-taking", ["web", "random", "random"], 12, options={"deals": "1"}, log=log) as hosted:
        page = WebSeat(hosted.address, hosted.host.codes[0])
        page.next("welcome")
        for n in range(NOTES_PER_MINUTE + 10):
            page.send({"t": "note", "move": 0, "seat": 0, "text": f"note {n} " + "x" * 1900})
        refusals = [page.next("refused") for _ in range(10)]
        assert all("at most" in r["reason"] for r in refusals)
        page.close()
    written = [line for line in log.read_text(encoding="utf-8").splitlines() if '"note"' in line]
    assert len(written) == NOTES_PER_MINUTE
    budget = Budget(per_minute=20, total=50)
    spent = sum(budget.spend(now=minute * 60.0) for minute in range(10) for _ in range(30))
    assert spent == 50 and budget.used_up  # 20 a minute, never more than 50 in all


def test_running_out_of_file_descriptors_is_one_line_not_tracebacks(tmp_path: Path) -> None:
    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen([sys.executable, "-m", "tabletop", "host", "trick-taking", "--seats", "remote,random,random",
                             "--set", "deals=1", "--headless", "--port", "0", "--join-wait", "60"],
                            cwd=tmp_path, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=few_files)
    sockets: list[socket.socket] = []
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        code = host.stdout.readline().split("--code")[1].strip()
        address = Address("127.0.0.1", int(first.strip().rsplit(":", 1)[1]))
        for _ in range(120):  # half-open connections: connected, never a word
            try:
                sockets.append(socket.create_connection((address.host, address.port), timeout=10))
            except OSError:  # the host's backlog is full while it waits for files: it is at its limit
                break
        assert len(sockets) > 64, "fewer connections than the host's file limit were made"
        for sock in sockets:
            sock.close()
        sockets.clear()

        def reachable() -> bool:
            try:
                socket.create_connection((address.host, address.port), timeout=10).close()
            except OSError:
                return False
            return True

        until(reachable, "the host to take connections again")
        joined = join_bot(address, code)  # the host serves on once the files are free again
        assert joined.wait().outcome == "over"
        out, err = host.communicate(timeout=DEADLINE)
    finally:
        for sock in sockets:
            sock.close()
        if host.poll() is None:
            host.kill()
    assert host.returncode == 0, err
    assert "Traceback" not in out + err and "Too many open files" not in out + err, out + err
    said = [line for line in out.splitlines() if "file descriptors" in line]
    assert 1 <= len(said) <= 3, out


def test_a_spectator_that_never_reads_cannot_fail_the_hosts_ending(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen([sys.executable, "-m", "tabletop", "host", "trick-taking", "--seats", "remote,random,random",
                             "--set", "deals=2", "--headless", "--port", "0"],
                            cwd=tmp_path, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        code = host.stdout.readline().split("--code")[1].strip()
        watch = host.stdout.readline().split("--code")[1].split()[0]
        address = Address("127.0.0.1", int(first.strip().rsplit(":", 1)[1]))
        silent.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        silent.connect((address.host, address.port))
        silent.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                       b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        hello = json.dumps({"t": "hello", "v": PROTOCOL, "code": watch, "mode": "watch"}).encode()
        silent.sendall(bytes([0x81, 0x80 | len(hello)]) + b"\0\0\0\0" + hello)  # one masked frame, then silence
        joined = join_bot(address, code)
        assert joined.wait().outcome == "over"
        out, err = host.communicate(timeout=DEADLINE)
    finally:
        silent.close()
        if host.poll() is None:
            host.kill()
    assert host.returncode == 0, err
    assert "error" not in err.lower() and "Game over" in out, (out, err)


def test_the_page_says_every_text_as_text() -> None:
    """The page never builds markup from what it is sent: every text is set as text (no innerHTML)."""
    from tabletop.net.webpage import PAGE

    for script in PAGE.glob("*.js"):
        source = script.read_text(encoding="utf-8")
        assert "innerHTML" not in source and "outerHTML" not in source and "insertAdjacentHTML" not in source
        assert "eval(" not in source and "new Function" not in source
