"""The designer's questions asked at the table after Game over: answered by clicks and typing, each hot-seat
person behind the privacy screen, written into the log, shown by ``review``; the form fits every window."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop import i18n
from tabletop.cli import main
from tabletop.formats.feedback import Question
from tabletop.plugins import discovery
from tabletop.scaffold import create_game
from tabletop.ui.app import App, PlaySettings, Table
from tabletop.ui.layout import Rect
from tabletop.ui.paint.audit import problems
from tabletop.ui.paint.text import TextCache
from tabletop.ui.scene.feedback_form import FeedbackForm, JoinerQuestions
from tests.plugin_fixtures import clean_registry
from tests.ui.audit_states import SIZES
from tests.ui.helpers import click, pump_until

__all__ = ["clean_registry"]
pytestmark = pytest.mark.usefixtures("clean_registry")
QUESTIONS = '''
[[question]]
kind = "rating"
text = "How much fun was this game?"
label = "Fun"
low = "dull"
high = "great fun"

[[question]]
kind = "card"
text = "Which card felt too strong?"
label = "Too strong"

[[question]]
kind = "text"
text = "What would you change?"
label = "Change"
'''


@pytest.fixture
def market(tmp_path: Path) -> Path:
    """A games folder with a market game from ``tabletop new`` holding a feedback.toml, discovered."""
    games = tmp_path / "games"
    create_game("asked", games, template="market")
    (games / "asked" / "feedback.toml").write_text(QUESTIONS, encoding="utf-8")
    discovery.discover(games)
    return games


def play_to_the_end(table: Table) -> FeedbackForm:
    """Play every human move with the first legal action until the questions open; return the form."""
    d = table.director
    form = next(o for o in table.overlays if isinstance(o, FeedbackForm))
    while not form.is_open:
        pump_until(table, lambda: d.accepts_input or d.handoff is not None or form.is_open)
        if d.handoff is not None and not form.is_open:
            d.take_seat()
        elif d.accepts_input:
            d.submit(d.legal()[0], table.clock())
    table.step()
    return form


def press_button(table: Table, form: FeedbackForm, command: str, payload: Any = None) -> None:
    button = next(b for b in form.layout().buttons if b.command == command and (payload is None or b.payload == payload))
    click(button.rect.center)
    table.step()


def feedback_lines(table: Table) -> list[dict[str, Any]]:
    assert table.log is not None and table.log.path is not None
    return [json.loads(line) for line in Path(table.log.path).read_text(encoding="utf-8").splitlines()
            if '"feedback"' in line]


def test_a_person_answers_at_the_table_and_review_shows_it(app: App, market: Path, tmp_path: Path) -> None:
    table = Table(app, PlaySettings("asked", 3, ["human", "random", "random"], 4, {}, None, "instant", "off"))
    form = play_to_the_end(table)
    assert form.stage == "asking", "one person: no privacy screen"
    press_button(table, form, "rate", 4)
    press_button(table, form, "next")
    press_button(table, form, "card", "red-3")
    press_button(table, form, "next")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="赤3が強すぎる"))
    table.step()
    press_button(table, form, "next")
    assert form.stage == "done"
    [line] = feedback_lines(table)
    assert [(a["id"], a["value"]) for a in line["answers"]] == [("fun", 4), ("too-strong", "red-3"),
                                                                ("change", "赤3が強すぎる")]
    log = table.log.path if table.log is not None else None
    table.close()
    assert main(["--games-dir", str(market), "review", str(log), "--search", "0", "--sim-games", "40",
                 "--out", str(tmp_path / "rev")]) == 0
    page = (tmp_path / "rev" / "review.html").read_text(encoding="utf-8")
    assert "What the testers answered" in page and "Too strong" in page and "赤3が強すぎる" in page
    row = page[page.index("<td>red-3</td>"):][:400]
    assert "random bots, 40 games" in row or "not seen often enough" in row, row
    assert (tmp_path / "rev" / "rating-1.png").is_file()


def test_hot_seat_people_answer_in_turn_behind_the_privacy_screen(app: App, market: Path) -> None:
    table = Table(app, PlaySettings("asked", 3, ["human", "random", "human"], 4, {}, None, "instant", "off"))
    form = play_to_the_end(table)
    assert form.stage == "handoff" and form.seat == 0
    assert [b.command for b in form.layout().buttons] == ["take"], "the privacy screen offers nothing else"
    press_button(table, form, "take")
    press_button(table, form, "rate", 2)
    press_button(table, form, "next")
    press_button(table, form, "next")
    press_button(table, form, "next")
    assert form.stage == "handoff" and form.seat == 2 and form.answers == {}, "nothing of seat 1's answers shows"
    press_button(table, form, "take")
    press_button(table, form, "skip_all")
    assert form.stage == "done"
    first, second = feedback_lines(table)
    assert (first["seat"], [a["value"] for a in first["answers"]]) == (0, [2])
    assert (second["seat"], second["answers"]) == (2, [])
    table.close()


def test_a_broken_feedback_file_asks_nothing_and_says_why(app: App, market: Path) -> None:
    (market / "asked" / "feedback.toml").write_text('[[question]]\nkind = "stars"\ntext = "?"\n', encoding="utf-8")
    discovery.discover(market)
    table = Table(app, PlaySettings("asked", 3, ["human", "random", "random"], 4, {}, None, "instant", "off"))
    assert not any(isinstance(o, FeedbackForm) for o in table.overlays)
    said = " ".join(table.scene.log)
    assert "No questions after the game" in said and "feedback.toml:2: kind" in said
    table.close()


def _questions(text: str) -> list[Question]:
    return [Question("fun", "rating", text, "Fun", "退屈" if i18n.language() == "ja" else "dull",
                     "最高に楽しい" if i18n.language() == "ja" else "great fun"),
            Question("card", "card", text, "Card"), Question("said", "text", text, "Said")]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_page_of_the_form_fits_the_window(size: tuple[int, int], language: str) -> None:
    text = TextCache()
    question = ("Which of the cards you saw felt far too strong for what it costs, and would you change it?"
                if language == "en" else "コストに対して強すぎると感じたカードはどれですか？変えるならどう変えますか？")
    cards = [(f"card-{i}", f"Card number {i}" if language == "en" else f"カード{i}番") for i in range(80)]
    old = i18n.language()
    i18n.set_language(language)
    try:
        form = FeedbackForm(text, lambda: size, questions=_questions(question), cards=cards, seats=[0, 1],
                            hot_seat=True, ready=lambda: True, write=lambda seat, answers: None, say=lambda s: None)
        form.update(0.0)
        pages = []
        for page in ("handoff", "rating", "card", "more-cards", "text"):
            if page == "rating":
                form.command("take")
            elif page == "card":
                form.command("next")
            elif page == "more-cards":
                form.command("cards", 1)
            elif page == "text":
                form.command("next")
            surface = pygame.Surface(size)
            text.ink.clear()
            assert form.draw(surface)
            found = problems(text.ink.marks, Rect(0, 0, *size), floor=text.floor)
            pages.append((page, found))
            buttons = form.layout().buttons
            assert all(Rect(0, 0, *size).contains(b.rect) for b in buttons), page
        assert all(not found for _page, found in pages), pages
        card_buttons = [b for b in form.layout().buttons if b.command == "card"]
        assert not card_buttons, "the text page shows no cards"
    finally:
        i18n.set_language(old)


class FakeRemote:
    """What the joiner's table reads of its remote session: the host's questions, and answers sent back."""

    def __init__(self, questions: Any) -> None:
        self.questions = questions
        self.sent: list[Any] = []

    def send_answers(self, answers: Any) -> None:
        self.sent.append(answers)


def test_a_remote_seat_answers_the_hosts_questions_on_its_own_screen() -> None:
    said: list[str] = []
    sent = {"questions": [q.to_json() for q in _questions("Fun?")], "cards": [{"id": "a", "label": "A"}]}
    remote = FakeRemote(sent)
    joiner = JoinerQuestions(TextCache(), lambda: (1280, 720), remote, 1, said.append)
    joiner.update(0.0)
    form = joiner.form
    assert form is not None and form.is_open and form.seat == 1
    form.command("rate", 5)
    form.command("next")
    form.command("card", "a")
    form.command("next")
    form.command("next")
    assert remote.sent == [[{"id": "fun", "value": 5}, {"id": "card", "value": "a"}]]
    forged = FakeRemote({"questions": [{"id": "x", "kind": "stars", "text": "?", "label": "?"}], "cards": []})
    joiner = JoinerQuestions(TextCache(), lambda: (1280, 720), forged, 1, said.append)
    joiner.update(0.0)
    assert joiner.form is None and "is not a question" in said[-1] and forged.sent == []
