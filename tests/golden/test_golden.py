"""Seeded games reproduce their golden transcripts action for action."""

import json

import pytest

from tests.golden.transcripts import CASES, path_for, transcript


@pytest.mark.parametrize("case", CASES, ids=[path_for(c).stem for c in CASES])
def test_transcript_reproduces(case: tuple) -> None:
    expected = json.loads(path_for(case).read_text(encoding="utf-8"))
    actual = transcript(*case)
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"first difference at line {i}: expected {want!r}, got {got!r}"
    assert len(actual) == len(expected)
