"""``feedback.toml``: the designer's questions for the people at the table, asked when a game is over,
and their answers as a log keeps them.

A question is a ``[[question]]`` table with a ``kind``: ``rating`` (1 to 5; ``low`` and ``high`` name
the ends), ``card`` (a choice among the deck's cards: "which card felt too strong?") or ``text`` (a
line of free text); ``text`` is what is asked, ``label`` the short name a review charts it under
(default: the text), ``id`` what the answers are keyed by (default: made from the label). Every
problem of a file is reported at once, ``file:line: field: problem``. An answer names its question's
id, kind and label with the value, so a log read years later needs no copy of the questions.

>>> qs = parse_feedback_text('[[question]]\\nkind = "rating"\\ntext = "Fun?"\\nlabel = "Fun"', "f.toml")
>>> [(q.id, q.kind, q.label) for q in qs]
[('fun', 'rating', 'Fun')]
>>> check_answers(qs, [{"id": "fun", "value": 4}], cards=[])
[{'id': 'fun', 'kind': 'rating', 'label': 'Fun', 'value': 4}]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tabletop.engine.errors import UserInputError
from tabletop.engine.guard import short
from tabletop.formats.tomlspots import (
    CONTROL,
    Problems,
    header_lines,
    key_line,
    parse_toml,
    read_text,
)
from tabletop.i18n import _

FEEDBACK_FILE = "feedback.toml"
"""The questions' file in a game folder."""
KINDS = ("rating", "card", "text")
MAX_QUESTIONS = 12
MAX_TEXT = 200
"""Characters a question's text (or a label) may hold."""
MAX_ANSWER = 1000
"""Characters a free-text answer keeps."""
RATINGS = range(1, 6)


class FeedbackError(UserInputError):
    """A ``feedback.toml`` cannot be used; ``problems`` holds every ``file:line: field: problem`` line."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(_("feedback file {file}: {problems}").format(file=source, problems="; ".join(problems)))


@dataclass(frozen=True)
class Question:
    """One question: what is asked, of which kind, the label a review charts it under, the ends of a rating."""

    id: str
    kind: str
    text: str
    label: str
    low: str = ""
    high: str = ""

    def to_json(self) -> dict[str, str]:
        """Return the question as data (what a remote seat is sent)."""
        return {"id": self.id, "kind": self.kind, "text": self.text, "label": self.label, "low": self.low,
                "high": self.high}


def load_feedback(path: Path) -> list[Question]:
    """Return the questions of ``path`` (none when there is no such file).

    :raises FeedbackError: listing every problem of the file.
    """
    if not path.is_file():
        return []
    problems = Problems(str(path))
    text = read_text(path, problems)
    questions = parse_feedback_text(text, str(path), problems) if text is not None else []
    if problems.items:
        raise FeedbackError(str(path), problems.sorted())
    return questions


def parse_feedback_text(text: str, source: str, problems: Problems | None = None) -> list[Question]:
    """Return the questions written in ``text`` (``source`` names the file in problems).

    :raises FeedbackError: listing every problem, when no ``problems`` collector is given.
    """
    own = problems is None
    problems = problems or Problems(source)
    data = parse_toml(text, problems)
    out: list[Question] = []
    if data is not None:
        lines = text.splitlines()
        starts = header_lines(lines, "question")
        items = data.get("question", [])
        unknown = sorted(set(data) - {"question"})
        if unknown:
            problems.add(None, unknown[0], _("unknown key: the file holds [[question]] tables only"))
        if not isinstance(items, list) or len(items) > MAX_QUESTIONS:
            problems.add(None, "question", _("write 1 to {most} [[question]] tables").format(most=MAX_QUESTIONS))
            items = []
        for index, item in enumerate(items):
            start = starts[index] if index < len(starts) else 0
            end = starts[index + 1] if index + 1 < len(starts) else len(lines)
            question = _question(item, index, problems, lambda key, s=start, e=end: key_line(lines, s, e, key) or s + 1)
            if question is not None:
                out.append(question)
        ids = [q.id for q in out]
        for twice in sorted({i for i in ids if ids.count(i) > 1}):
            problems.add(None, "id", _("two questions have the id {id}: give one of them another").format(id=repr(twice)))
    if own and problems.items:
        raise FeedbackError(source, problems.sorted())
    return out


def _question(item: Any, index: int, problems: Problems, line: Any) -> Question | None:
    if not isinstance(item, dict):
        problems.add(None, "question", _("question {n} is not a table").format(n=index + 1))
        return None
    for key in sorted(set(item) - {"id", "kind", "text", "label", "low", "high"}):
        problems.add(line(key), key, _("unknown field (a question has kind, text, label, id, low and high)"))
    values: dict[str, str] = {}
    for key in ("kind", "text", "label", "id", "low", "high"):
        value = item.get(key, "")
        if not isinstance(value, str) or len(value) > MAX_TEXT or CONTROL.search(value):
            problems.add(line(key), key, _("write a line of text of at most {most} characters").format(most=MAX_TEXT))
            value = ""
        values[key] = value.strip()
    if values["kind"] not in KINDS:
        problems.add(line("kind"), "kind", _("{kind}: a question is a rating, card or text").format(
            kind=short(repr(item.get("kind")), 40)))
        return None
    if not values["text"]:
        problems.add(line("text"), "text", _("write what the question asks"))
        return None
    label = values["label"] or values["text"]
    ident = values["id"] or _slug(label) or f"q{index + 1}"
    return Question(ident, values["kind"], values["text"], label, values["low"], values["high"])


def _slug(text: str) -> str:
    return re.sub(r"[^\w]+", "-", text.lower()).strip("-")[:40]


def check_answers(questions: Sequence[Question], answers: Any, *, cards: Sequence[str]) -> list[dict[str, Any]]:
    """Return ``answers`` (a list of ``{"id", "value"}``) checked against the questions, as a log keeps
    them: each with its question's kind and label; a question left out was skipped.

    :raises UserInputError: for an answer to no question, a rating outside 1 to 5, a card not in the
        deck (``cards``: its ids), a text too long, or a question answered twice.
    """
    if not isinstance(answers, list) or len(answers) > len(questions):
        raise UserInputError(_("answers: a list of at most {n} answers").format(n=len(questions)))
    by_id = {q.id: q for q in questions}
    out: list[dict[str, Any]] = []
    for answer in answers:
        ident = answer.get("id") if isinstance(answer, dict) else None
        question = by_id.get(ident) if isinstance(ident, str) else None
        if question is None or any(a["id"] == ident for a in out):
            raise UserInputError(_("answers: {answer} answers no question (or one twice)").format(
                answer=short(repr(answer), 60)))
        value = answer.get("value")
        if question.kind == "rating" and not (type(value) is int and value in RATINGS):
            raise UserInputError(_("answer {id}: a rating is a whole number from 1 to 5").format(id=ident))
        if question.kind == "card" and not (isinstance(value, str) and value in cards):
            raise UserInputError(_("answer {id}: {value} is not a card of this deck").format(
                id=ident, value=short(repr(value), 40)))
        if question.kind == "text" and not (isinstance(value, str) and len(value) <= MAX_ANSWER
                                            and not CONTROL.search(value.replace("\n", " "))):
            raise UserInputError(_("answer {id}: a text of at most {most} characters").format(id=ident, most=MAX_ANSWER))
        out.append({"id": question.id, "kind": question.kind, "label": question.label, "value": value})
    return out


def questions_from_json(data: Any) -> list[Question]:
    """Return questions sent as data (:meth:`Question.to_json` each), checked as a file's are.

    :raises UserInputError: when they are not questions.
    """
    if not isinstance(data, list) or len(data) > MAX_QUESTIONS:
        raise UserInputError(_("questions: a list of at most {most}").format(most=MAX_QUESTIONS))
    out = []
    for item in data:
        fields = item if isinstance(item, dict) else {}
        values = {k: fields.get(k, "") for k in ("id", "kind", "text", "label", "low", "high")}
        if not all(isinstance(v, str) and len(v) <= MAX_TEXT and not CONTROL.search(v) for v in values.values()) \
                or values["kind"] not in KINDS or not values["id"] or not values["text"]:
            raise UserInputError(_("questions: {item} is not a question").format(item=short(repr(item), 60)))
        out.append(Question(**values))
    return out


class AnswerLog(Protocol):
    """Where answers are kept: a game's log (:meth:`tabletop.formats.log.GameLog.feedback`)."""

    def feedback(self, seat: int, answers: list[dict[str, Any]]) -> None: ...


def answer_writer(questions: Sequence[Question], cards: Sequence[str],
                  log: AnswerLog) -> Callable[[int, list[dict[str, Any]]], str | None]:
    """Return what keeps one person's answers in ``log``, checked against the questions and the deck's card
    ids: it returns the problem to show (a bad answer, a full disk), or None."""
    def write(seat: int, answers: list[dict[str, Any]]) -> str | None:
        try:
            log.feedback(seat, check_answers(questions, answers, cards=cards))
        except (UserInputError, OSError, ValueError) as exc:
            return str(exc)
        return None

    return write
