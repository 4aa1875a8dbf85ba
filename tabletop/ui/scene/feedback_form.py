"""The designer's questions (``feedback.toml``) asked at the table once the game is over, one page a question.

Each person at the table is asked in turn: in a hot-seat game a privacy screen first hands the table
to the next seat, so nobody sees another's answers; a remote seat is asked on its own screen (the
host sends the questions, :mod:`tabletop.net.protocol` ``questions``/``answers``). A rating is five
buttons, a card question a grid of the deck's cards (paged when they do not fit), a text question a
line typed in any script. Every page can be skipped, and so can all of them: a skip is written too.
The form is an overlay (:class:`tabletop.ui.app.Overlay`): it takes every event while it is open,
and draws over the finished table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.formats.feedback import Question
from tabletop.i18n import _
from tabletop.ui.layout import Rect, centered
from tabletop.ui.paint import theme
from tabletop.ui.paint.text import TextCache
from tabletop.ui.paint.textbox import TextBox
from tabletop.ui.paint.widgets import Button, button_at, draw_button, draw_panel
from tabletop.ui.scene import overlays

Answers = list[dict[str, Any]]
"""``[{"id": ..., "value": ...}]``: a person's answers as they are sent and checked."""


@dataclass(frozen=True)
class FormLayout:
    """Where the form's parts are in a window: the box, the question's text, its body and the buttons."""

    px: int
    box: Rect
    question: Rect
    body: Rect
    buttons: list[Button]


class FeedbackForm:
    """The questions asked of each person at one table, in turn (see the module)."""

    def __init__(self, text: TextCache, size: Callable[[], tuple[int, int]], *, questions: Sequence[Question],
                 cards: Sequence[tuple[str, str]], seats: Sequence[int], hot_seat: bool,
                 ready: Callable[[], bool], write: Callable[[int, Answers], str | None],
                 say: Callable[[str], None]) -> None:
        """``cards`` are the deck's (id, label) once each; ``seats`` the people to ask, in order; ``ready`` says
        when the game is over; ``write`` keeps one person's answers (an empty list: skipped) and returns a
        problem to show, or None."""
        self.text = text
        self.size = size
        self.questions = list(questions)
        self.cards = list(cards)
        self.seats = list(seats)
        self.hot_seat = hot_seat
        self.ready = ready
        self.write = write
        self.say = say
        self.stage = "waiting"
        """waiting (the game goes on), handoff (the privacy screen before a seat), asking, done."""
        self.turn = 0
        self.page = 0
        self.card_page = 0
        self.answers: dict[str, Any] = {}
        self.box = TextBox()
        self.mouse = (-1, -1)

    @property
    def seat(self) -> int:
        """The seat being asked now."""
        return self.seats[self.turn]

    @property
    def is_open(self) -> bool:
        """True while the form is shown (a privacy screen or a question)."""
        return self.stage in ("handoff", "asking")

    # -- the overlay's three calls --------------------------------------------------------------------
    def update(self, now: float) -> None:
        """Open the form once the game is over."""
        if self.stage == "waiting" and self.ready() and self.seats and self.questions:
            self.stage = "handoff" if self.hot_seat else "asking"
            self._open_page()

    def handle(self, event: pygame.event.Event) -> bool:
        """Take every event while the form is open (a click on its buttons, keys for a text answer)."""
        if not self.is_open:
            return False
        if hasattr(event, "pos"):
            self.mouse = event.pos
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            hit = button_at(self.layout().buttons, event.pos)
            if hit is not None:
                self.command(hit.command, hit.payload)
            return True
        if self.stage == "asking" and self._question.kind == "text" and self.box.active:
            outcome = self.box.handle(event)
            if outcome == "done":
                self.command("next")
            elif outcome == "cancel":
                self.command("skip_all")
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.command("take" if self.stage == "handoff" else "next")
            elif event.key == pygame.K_ESCAPE and self.stage == "asking":
                self.command("skip_all")
            elif self.stage == "asking" and self._question.kind == "rating" and pygame.K_1 <= event.key <= pygame.K_5:
                self.command("rate", event.key - pygame.K_0)
        return True

    def draw(self, surface: pygame.Surface) -> bool:
        """Draw the privacy screen or the page being answered (True), or nothing while the form is closed."""
        if not self.is_open:
            return False
        lay = self.layout()
        w, h = surface.get_size()
        if self.stage == "handoff":
            surface.fill(theme.FELT_EDGE)  # the privacy screen: nothing of the table or the last answers shows
        else:
            draw_panel(surface, Rect(0, 0, w, h), fill=(0, 0, 0), alpha=140)
        self._draw_page(surface, lay)
        hovered = button_at(lay.buttons, self.mouse)
        for b in lay.buttons:
            draw_button(surface, self.text, b, lay.px, hover=b is hovered)
        return True

    # -- what the buttons do ----------------------------------------------------------------------------
    def command(self, name: str, payload: Any = None) -> None:
        """Run one of the form's commands: take (the privacy screen), rate, card, cards (page), back, next,
        skip_all."""
        question = self._question
        if name == "take":
            self.stage = "asking"
            self._open_page()
        elif name == "rate":
            self.answers[question.id] = int(payload)
        elif name == "card":
            self.answers[question.id] = None if self.answers.get(question.id) == payload else payload
        elif name == "cards":
            self.card_page = max(0, self.card_page + int(payload))
        elif name == "back" and self.page > 0:
            self._keep_text()
            self.page -= 1
            self._open_page()
        elif name == "next":
            self._keep_text()
            if self.page + 1 < len(self.questions):
                self.page += 1
                self._open_page()
            else:
                self._finish(skipped=False)
        elif name == "skip_all":
            self._finish(skipped=True)

    @property
    def _question(self) -> Question:
        return self.questions[min(self.page, len(self.questions) - 1)]

    def _open_page(self) -> None:
        self.box.stop()
        self.card_page = 0
        if self.stage == "asking" and self._question.kind == "text":
            self.box = TextBox(str(self.answers.get(self._question.id) or ""))
            self.box.start(self.layout().body)

    def _keep_text(self) -> None:
        if self._question.kind == "text":
            typed = self.box.text.strip()
            self.answers[self._question.id] = typed or None

    def _finish(self, *, skipped: bool) -> None:
        self.box.stop()
        answers = [] if skipped else [{"id": q.id, "value": self.answers[q.id]} for q in self.questions
                                      if self.answers.get(q.id) not in (None, "")]
        problem = self.write(self.seat, answers)
        self.say(problem or (_("Seat {n} skipped the questions").format(n=self.seat + 1) if not answers else
                             _("Thank you: the answers of seat {n} are in the game's log").format(n=self.seat + 1)))
        self.answers, self.page = {}, 0
        self.turn += 1
        if self.turn < len(self.seats):
            self.stage = "handoff" if self.hot_seat else "asking"
            self._open_page()
        else:
            self.stage = "done"

    # -- geometry ------------------------------------------------------------------------------------
    def layout(self) -> FormLayout:
        """Return where everything of the shown page is, for the window's size now."""
        w, h = self.size()
        px = max(self.text.floor, round(18 * min(w / 1280, h / 720)))
        bh = round(px * 2.1)
        gap = round(px * 0.6)
        if self.stage == "handoff":
            box = centered((min(w - 4 * px, px * 30), px * 9), (w // 2, h // 2))
            button = Rect(box.x + 2 * px, box.bottom - bh - px, box.w - 4 * px, bh)
            return FormLayout(px, box, box, box, [Button(button, _("I am Seat {n}: show my questions").format(
                n=self.seat + 1), "take", primary=True)])
        box = centered((min(w - 4 * px, px * 48), min(h - 4 * px, px * 30)), (w // 2, h // 2))
        inner = box.inset(px)
        title_h = round(px * 2.6)
        question = Rect(inner.x, inner.y + title_h, inner.w, round(px * 1.3) * 3)
        foot = Rect(inner.x, inner.bottom - bh, inner.w, bh)
        body = Rect(inner.x, question.bottom + gap, inner.w, foot.y - gap - question.bottom - gap)
        last = self.page + 1 == len(self.questions)
        labels = [(_("Skip the questions"), "skip_all", None), (_("Back"), "back", None),
                  (_("Send") if last else _("Next"), "next", None)]
        widths = [self.text.width(label, px) + round(px * 1.6) for label, _c, _p in labels]
        x = foot.right
        buttons: list[Button] = []
        for (label, command, payload), bw in reversed(list(zip(labels, widths, strict=True))):
            x -= bw
            buttons.insert(0, Button(Rect(x, foot.y, bw, bh), label, command, payload, enabled=command != "back"
                                     or self.page > 0, primary=command == "next"))
            x -= gap
        buttons += self._body_buttons(body, px, bh, gap)
        return FormLayout(px, box, question, body, buttons)

    def _body_buttons(self, body: Rect, px: int, bh: int, gap: int) -> list[Button]:
        question = self._question
        chosen = self.answers.get(question.id)
        if question.kind == "rating":
            size = min(bh * 2, (body.w - 4 * gap) // 5)
            row = centered((size * 5 + gap * 4, size), (body.center[0], body.y + size // 2 + px))
            return [Button(Rect(row.x + i * (size + gap), row.y, size, size), str(i + 1), "rate", i + 1,
                           active=chosen == i + 1) for i in range(5)]
        if question.kind != "card":
            return []
        cell_w = min(body.w, max((self.text.width(label, px) for _id, label in self.cards), default=px * 4)
                     + round(px * 1.6))
        cols = max(1, (body.w + gap) // (cell_w + gap))
        cell_w = (body.w - gap * (cols - 1)) // cols
        rows = max(1, (body.h + gap) // (bh + gap))
        per_page = cols * rows
        paged = len(self.cards) > per_page
        if paged:
            per_page = cols * (rows - 1)
        pages = max(1, -(-len(self.cards) // max(1, per_page)))
        page = min(self.card_page, pages - 1)
        shown = self.cards[page * per_page:(page + 1) * per_page]
        out = [Button(Rect(body.x + (i % cols) * (cell_w + gap), body.y + (i // cols) * (bh + gap), cell_w, bh), label,
                      "card", card, active=chosen == card) for i, (card, label) in enumerate(shown)]
        if paged:
            y = body.y + (rows - 1) * (bh + gap)
            half = (body.w - gap) // 2
            out += [Button(Rect(body.x, y, half, bh), _("Previous cards"), "cards", -1, enabled=page > 0),
                    Button(Rect(body.x + half + gap, y, half, bh), _("More cards ({page} of {pages})").format(
                        page=page + 1, pages=pages), "cards", 1, enabled=page + 1 < pages)]
        return out

    def _draw_page(self, surface: pygame.Surface, lay: FormLayout) -> None:
        px = lay.px
        if self.stage == "handoff":
            overlays.draw_box(surface, self.text, lay.box, _("Questions for Seat {n}").format(n=self.seat + 1), px)
            self.text.draw_wrapped(surface, [_("The game is over. Pass the table to Seat {n}: their answers stay"
                                               " private.").format(n=self.seat + 1)], px, theme.TEXT,
                                   lay.box.inset(2 * px), lay.box.y + round(px * 3.2))
            return
        question = self._question
        title = _("Seat {n}: a few questions from the designer ({page} of {count}); you may skip any").format(
            n=self.seat + 1, page=self.page + 1, count=len(self.questions))
        overlays.draw_box(surface, self.text, lay.box, title, px)
        self.text.draw_wrapped(surface, [question.text], round(px * 1.1), theme.TEXT, lay.question, lay.question.y)
        if question.kind == "rating":
            buttons = [b for b in lay.buttons if b.command == "rate"]
            if buttons and (question.low or question.high):
                y = buttons[0].rect.bottom + round(px * 0.4)
                small = max(self.text.floor, round(px * 0.85))
                left, right = buttons[0].rect.x, buttons[-1].rect.right
                mid, tall = (left + right) // 2, round(small * 1.4)
                if question.low:
                    self.text.draw(surface, question.low, small, theme.TEXT_DIM, Rect(left, y, mid - left - 4, tall))
                if question.high:
                    room = Rect(mid + 4, y, right - mid - 4, tall)
                    self.text.draw(surface, question.high, small, theme.TEXT_DIM, room, topright=(right, y))
        elif question.kind == "text":
            field = Rect(lay.body.x, lay.body.y + px, lay.body.w, round(px * 1.9))
            draw_panel(surface, field, fill=theme.OVERLAY, line=theme.ACCENT, width=2)
            before, composing, after = self.box.shown()
            typed = before + composing + after
            shown = self.text.fit(typed or _("Type here (any script); Enter goes on"), px,
                                  theme.TEXT if typed else theme.TEXT_DIM, field.w - px)
            top = field.y + (field.h - shown.get_height()) // 2
            surface.blit(shown, (field.x + px // 2, top))
            caret = field.x + px // 2 + min(self.text.width(before + composing, px), field.w - px) if typed else (
                field.x + px // 2)
            pygame.draw.line(surface, theme.ACCENT, (caret, field.y + 4), (caret, field.bottom - 5), 2)


def attach_form(table: Any, humans: Sequence[int]) -> None:
    """Ask the questions of ``table``'s game (a :class:`tabletop.ui.app.Table`) once it is over: of the people
    at ``humans`` here in turn, and of its remote seats on their own screens. A ``feedback.toml`` with problems
    asks nothing and says why in the table's log."""
    from tabletop.engine.errors import TabletopError
    from tabletop.formats.feedback import answer_writer
    from tabletop.plugins import versioned

    try:
        questions = versioned.feedback_questions(table.settings.game, table.settings.version)
    except TabletopError as exc:
        table.scene.log.append(_("No questions after the game: {problem}").format(problem=exc))
        return
    if not questions:
        return
    cards = list({c.id: _(c.label) for c in table.game.deck()}.items())
    write = answer_writer(questions, [card for card, _label in cards], table.log)
    director = table.director

    def ready() -> bool:
        return director.pause is not None and director.pause.kind == "game"

    if humans:
        table.overlays.append(FeedbackForm(table.app.text, lambda: table.app.window.size, questions=questions,
                                           cards=cards, seats=humans, hot_seat=len(humans) > 1, ready=ready,
                                           write=write, say=table.scene.say))
    host = getattr(table, "host", None)
    if host is not None:
        table.overlays.append(RemoteQuestions(host, questions, cards, ready, write))


class RemoteQuestions:
    """Sends the questions to a hosted game's remote seats once it is over, and keeps what they answer."""

    def __init__(self, host: Any, questions: Sequence[Question], cards: Sequence[tuple[str, str]],
                 ready: Callable[[], bool], write: Callable[[int, Answers], str | None]) -> None:
        self.host, self.questions, self.cards, self.ready, self.write = host, questions, cards, ready, write
        self.sent = False

    def update(self, now: float) -> None:
        """Send the questions when the game is over (once)."""
        if not self.sent and self.ready():
            self.sent = True
            self.host.ask_feedback([q.to_json() for q in self.questions],
                                   [{"id": card, "label": label} for card, label in self.cards], self.write)

    def handle(self, event: pygame.event.Event) -> bool:
        """Take no event: the remote seats answer on their own screens."""
        return False

    def draw(self, surface: pygame.Surface) -> bool:
        """Draw nothing here."""
        return False


class JoinerQuestions:
    """At a remote seat's table: the host's questions, once it sends them, asked here and sent back."""

    def __init__(self, text: TextCache, size: Callable[[], tuple[int, int]], remote: Any, seat: int,
                 say: Callable[[str], None]) -> None:
        self.text, self.size, self.remote, self.seat, self.say = text, size, remote, seat, say
        self.form: FeedbackForm | None = None

    def update(self, now: float) -> None:
        """Open the form when the host's questions have come."""
        sent = self.remote.questions
        if self.form is None and sent is not None:
            from tabletop.engine.errors import UserInputError
            from tabletop.formats.feedback import check_answers, questions_from_json

            try:
                questions = questions_from_json(sent["questions"])
            except UserInputError as exc:
                self.remote.questions = None
                self.say(str(exc))
                return
            cards = [(str(c["id"]), str(c["label"])) for c in sent["cards"]]
            ids = [card for card, _label in cards]

            def send(seat: int, answers: Answers) -> str | None:
                try:
                    check_answers(questions, answers, cards=ids)
                except UserInputError as exc:
                    return str(exc)
                self.remote.send_answers(answers)
                return None

            self.form = FeedbackForm(self.text, self.size, questions=questions, cards=cards, seats=[self.seat],
                                     hot_seat=False, ready=lambda: True, write=send, say=self.say)
        if self.form is not None:
            self.form.update(now)

    def handle(self, event: pygame.event.Event) -> bool:
        """Take the events while the form is open."""
        return self.form is not None and self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> bool:
        """Draw the form while it is open."""
        return self.form is not None and self.form.draw(surface)
