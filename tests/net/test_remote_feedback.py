"""A remote seat answers the designer's questions on its own screen: the host sends them at game over as
data (``questions``), keeps the seat's ``answers`` in the game's log once, and cuts off a forged answer."""

from __future__ import annotations

import json
import queue
import time
from pathlib import Path
from typing import Any

from tabletop.formats.feedback import Question, answer_writer
from tabletop.net.protocol import TO_HOST, TO_JOINER, ProtocolError, dumps, parse
from tests.net.remote_helpers import DEADLINE, hosting, join_bot

QUESTIONS = [Question("fun", "rating", "How much fun was it?", "Fun", "dull", "great"),
             Question("strong", "card", "Which card felt too strong?", "Too strong")]


def _next(inbox: Any, kind: str) -> dict[str, Any]:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        try:
            got, message = inbox.get(timeout=1.0)
        except queue.Empty:
            continue
        if got == kind:
            return message  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} message came")


def _feedback(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if '"feedback"' in line]


def test_a_remote_seats_answers_go_into_the_hosts_log_once(tmp_path: Path) -> None:
    log = tmp_path / "asked.jsonl"
    with hosting("trick-taking", ["random", "remote", "random"], 6, options={"deals": "1"}, log=log) as hosted:
        joined = join_bot(hosted.address, hosted.host.codes[1], close=False)
        assert hosted.serve().outcome == "over"
        assert joined.wait().outcome == "over"
        cards = [{"id": c.id, "label": c.label} for c in hosted.game.deck()]
        assert hosted.log is not None
        hosted.host.ask_feedback([q.to_json() for q in QUESTIONS], cards,
                                 answer_writer(QUESTIONS, [c["id"] for c in cards], hosted.log))
        sent = _next(joined.connection.inbox, "questions")
        assert [q["id"] for q in sent["questions"]] == ["fun", "strong"] and len(sent["cards"]) == 52
        joined.connection.send({"t": "answers", "answers": [{"id": "fun", "value": 4}, {"id": "strong", "value": "AS"}]})
        joined.connection.send({"t": "answers", "answers": [{"id": "fun", "value": 1}]})  # a second answer: refused
        deadline = time.monotonic() + DEADLINE
        while not _feedback(log) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        joined.connection.close()
    [line] = _feedback(log)
    assert line["seat"] == 1
    assert [(a["id"], a["value"]) for a in line["answers"]] == [("fun", 4), ("strong", "AS")]


def test_questions_and_answers_are_checked_like_every_message() -> None:
    good = {"t": "questions", "questions": [q.to_json() for q in QUESTIONS], "cards": [{"id": "AS", "label": "A"}]}
    assert parse(dumps(good), TO_JOINER)["questions"][0]["kind"] == "rating"
    assert parse(dumps({"t": "answers", "answers": [{"id": "fun", "value": 3}]}), TO_HOST)["answers"]
    assert parse(dumps({"t": "answers", "answers": []}), TO_HOST)["answers"] == [], "an empty list: skipped"
    for bad in ({"t": "answers", "answers": [{"id": "fun", "value": 9}]},
                {"t": "answers", "answers": [{"id": "fun", "value": "x" * 1001}]},
                {"t": "answers", "answers": [{"id": "fun", "value": True}]},
                {"t": "answers", "answers": [{"id": "fun"}]},
                {"t": "answers", "answers": [{"id": "q", "value": 1}] * 13}):
        try:
            parse(dumps(bad), TO_HOST)
        except ProtocolError as exc:
            assert str(exc).startswith("answers: answers must be")
        else:
            raise AssertionError(f"{bad} passed")
    forged = {**good, "questions": [{**QUESTIONS[0].to_json(), "kind": "stars"}]}
    try:
        parse(dumps(forged), TO_JOINER)
    except ProtocolError as exc:
        assert "questions" in str(exc)
    else:
        raise AssertionError("a question of no kind passed")
