"""feedback.toml read as data, every problem named at its line; answers checked; kept in the log, sealed in a
fair game like its actions, and read back by the review."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.engine.errors import UserInputError
from tabletop.formats.feedback import (
    FeedbackError,
    check_answers,
    load_feedback,
    parse_feedback_text,
)
from tabletop.formats.log import GameLog
from tabletop.formats.playtest import read_playtest
from tabletop.games.trick_taking import TrickGame

GOOD = '''
[[question]]
kind = "rating"
text = "How much fun was it?"
label = "Fun"

[[question]]
kind = "card"
text = "Which card felt too strong?"

[[question]]
id = "words"
kind = "text"
text = "何を変えますか？"
'''


def test_the_template_questions_read_as_three_kinds() -> None:
    questions = parse_feedback_text(GOOD, "feedback.toml")
    assert [(q.id, q.kind) for q in questions] == [("fun", "rating"), ("which-card-felt-too-strong", "card"),
                                                   ("words", "text")]


@pytest.mark.parametrize(("text", "needle"), [
    ('[[question]]\nkind = "stars"\ntext = "?"\n', "f.toml:2: kind: 'stars': a question is a rating, card or text"),
    ('[[question]]\nkind = "rating"\n', "f.toml:1: text: write what the question asks"),
    ('[[question]]\nkind = "text"\ntext = "a"\nid = "x"\n[[question]]\nkind = "text"\ntext = "b"\nid = "x"\n',
     "two questions have the id 'x'"),
    ('[[question]]\nkind = "text"\ntext = "a"\ncolour = "red"\n', "f.toml:4: colour: unknown field"),
    ('title = "mine"\n', "title: unknown key"),
    ('[[question]]\nkind = "text"\ntext = "a\\u0007"\n', "f.toml:3: text: write a line of text"),
    ("[[question]\n", "invalid TOML"),
    ("".join(f'[[question]]\nkind = "text"\ntext = "q{i}"\n' for i in range(13)), "write 1 to 12"),
])
def test_a_bad_feedback_file_names_the_line_and_the_field(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "f.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FeedbackError) as caught:
        load_feedback(path)
    message = str(caught.value).replace(str(tmp_path) + "/", "")
    assert needle in message and "\n" not in message


@pytest.mark.parametrize(("answers", "needle"), [
    ([{"id": "fun", "value": 6}], "a rating is a whole number from 1 to 5"),
    ([{"id": "fun", "value": True}], "a rating is a whole number from 1 to 5"),
    ([{"id": "which-card-felt-too-strong", "value": "ZZ"}], "'ZZ' is not a card of this deck"),
    ([{"id": "words", "value": "x" * 1001}], "a text of at most 1000 characters"),
    ([{"id": "fun", "value": 3}, {"id": "fun", "value": 4}], "answers no question (or one twice)"),
    ([{"id": "nope", "value": 3}], "answers no question"),
    ("all of them", "a list of at most 3 answers"),
])
def test_answers_are_checked_against_the_questions_and_the_deck(answers: object, needle: str) -> None:
    questions = parse_feedback_text(GOOD, "feedback.toml")
    with pytest.raises(UserInputError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        check_answers(questions, answers, cards=["AS", "KH"])


def test_a_fair_games_answers_are_sealed_in_its_log_and_read_back_with_its_seed(tmp_path: Path) -> None:
    game = TrickGame(players=3, options={"deals": 1})
    path = tmp_path / "fair.jsonl"
    log = GameLog.create(path, game=game, seat_names=["human", "human", "random"], seed=77, fair=True)
    answers = check_answers(parse_feedback_text(GOOD, "feedback.toml"),
                            [{"id": "fun", "value": 5}, {"id": "words", "value": "短すぎる"}], cards=["AS"])
    log.end([1, 2, 3], [3, 2, 1])
    log.feedback(0, answers)
    log.feedback(1, [])
    log.close()
    raw = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if '"feedback"' in line]
    assert all("sealed" in r and "answers" not in r for r in raw), "nothing readable without the seed"
    assert "短すぎる" not in path.read_text(encoding="utf-8")
    read = read_playtest(path).feedback
    assert [(f.seat, [a["value"] for a in f.answers or ()]) for f in read] == [(0, [5, "短すぎる"]), (1, [])]
