"""``tabletop host`` and ``tabletop join`` as a user runs them: a headless host filled by ``join --bot``
plays a whole game, logged move by move; mistakes end in one line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.net.host import Host
from tabletop.net.protocol import Address
from tabletop.plugins.replays import replay
from tests.patience import HANG

ROOT = Path(__file__).resolve().parents[2]


def tabletop(*args: str, cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tabletop", *args], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_a_headless_host_filled_by_join_bot_plays_a_whole_game_into_its_log(tmp_path: Path) -> None:
    log = tmp_path / "hosted.jsonl"
    host = tabletop("host", "trick-taking", "--seats", "remote,random,remote,random", "--set", "deals=1",
                    "--headless", "--port", "0", "--seed", "12", "--log", str(log), cwd=tmp_path)
    joiners: list[subprocess.Popen[str]] = []
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(3)]
        address = lines[0].split()[-1]
        assert lines[0].startswith("Hosting at 127.0.0.1:")
        codes = [line.split("--code")[1].strip() for line in lines[1:]]
        joiners = [tabletop("join", address, "--code", code, "--bot", "random", cwd=tmp_path) for code in codes]
        outs = [j.communicate(timeout=HANG) for j in joiners]  # a safety net: a busy machine may take minutes
        out, err = host.communicate(timeout=HANG)
    finally:
        for process in (host, *joiners):
            if process.poll() is None:
                process.kill()
    assert host.returncode == 0, err
    assert "Game over after 52 moves" in out and "Seat 1 joined" in out
    logged = replay(log)
    assert logged.complete and len(logged.line) == 52
    scores = " ".join(str(s) for s in logged.session.scores())
    for joiner, (jout, jerr) in zip(joiners, outs, strict=True):
        assert joiner.returncode == 0, jerr
        assert f"Game over after 52 moves: scores {scores}," in jout  # what each joiner saw is what was logged


@pytest.mark.parametrize(("args", "says"), [
    (["play", "trick-taking", "--seats", "remote,random,random,random"],
     "seat 1 is 'remote': remote seats are played from another machine; host the game with tabletop host"),
    (["host", "trick-taking", "--seats", "human,random,random"], "no seat is remote"),
    (["host", "trick-taking", "--seats", "human,remote,random", "--headless"], "--headless: seat 1 is human"),
    (["host", "trick-taking", "--seats", "remote,random,random", "--cert", "c.pem"], "--cert and --key go together"),
    (["host", "trick-taking", "--seats", "remote,random,random", "--cert", "no.pem", "--key", "no.key"],
     "--cert no.pem / --key no.key: cannot use them"),
    (["host", "trick-taking", "--seats", "remote,random,random", "--stand-in", "nobody"], "unknown bot 'nobody'"),
    (["join", "127.0.0.1:1", "--code", "AAAA-AAAA", "--bot", "random"],
     "could not join 127.0.0.1:1: nobody listens at 127.0.0.1:1"),
    (["join", "not an address", "--code", "X", "--bot", "random"], "address 'not an address': write HOST:PORT"),
    (["join", "127.0.0.1:1", "--code", "X", "--bot", "ismcts"], "--bot 'ismcts': it searches sampled states"),
    (["join", "127.0.0.1:1", "--code", "X", "--bot", "random", "--watch"], "--bot plays a seat and --watch"),
    (["join", "127.0.0.1:1", "--code", "X", "--ca", "missing.pem", "--bot", "random"], "--ca missing.pem: cannot read"),
])
def test_a_mistake_is_one_line(args: list[str], says: str, capsys: pytest.CaptureFixture[str],
                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_taken_port_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    first = Host(seats=[0], players=3, bind=Address("127.0.0.1", 0))
    taken = first.start()
    try:
        assert main(["host", "trick-taking", "--seats", "remote,random,random", "--headless",
                     "--port", str(taken.port)]) == 2
        assert f"cannot listen on 127.0.0.1:{taken.port}" in capsys.readouterr().err
    finally:
        first.close()
