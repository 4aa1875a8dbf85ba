"""The one command that runs every check lists every failing step and fails when any step fails."""

from __future__ import annotations

import sys

import pytest

from tests import check_all


def test_every_check_runs_even_after_one_fails(capsys: pytest.CaptureFixture[str]) -> None:
    failed = check_all.run_steps([
        ("first", [sys.executable, "-c", "raise SystemExit(3)"]),
        ("second", [sys.executable, "-c", "pass"]),
        ("third", [sys.executable, "-c", "raise SystemExit(1)"]),
    ])
    assert failed == ["first", "third"]
    out = capsys.readouterr().out
    assert "first FAILED (exit status 3)" in out and "second passed" in out


def test_a_missing_tool_is_named_not_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    assert check_all.run_steps([("ghost", [f"{tmp_path}/no-such-tool"])]) == ["ghost"]
    assert "no-such-tool is missing" in capsys.readouterr().out


def test_the_checks_are_ruff_mypy_the_contracts_then_the_tests() -> None:
    names = [name for name, _command in check_all.steps(["tests/test_kit.py", "-x"])]
    assert names == ["ruff", "mypy", "lint-imports", "pytest"]
    assert check_all.steps(["tests/test_kit.py", "-x"])[-1][1][-2:] == ["tests/test_kit.py", "-x"]
    assert [name for name, _command in check_all.steps(tests=False)] == ["ruff", "mypy", "lint-imports"]


def test_main_fails_when_a_check_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check_all, "steps", lambda args, tests: [("bad", [sys.executable, "-c", "exit(2)"])])
    assert check_all.main(["--no-tests"]) == 1
    monkeypatch.setattr(check_all, "steps", lambda args, tests: [("good", [sys.executable, "-c", "pass"])])
    assert check_all.main([]) == 0
