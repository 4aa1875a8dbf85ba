"""A line of text typed at the table, in any script: pygame's text input events, with an input method's composition.

Typed characters arrive as ``TEXTINPUT`` events (whole characters, after an input method such as
Japanese IME has composed them); while an input method composes, ``TEXTEDITING`` events carry the
text not yet committed, shown after the caret. Key presses that edit (Backspace, Delete, the
arrows, Home, End) and finish (Enter saves, Esc cancels) come as ``KEYDOWN``; every other key press
belongs to the box while it is open, so typing "h" does not open the help.
"""

from __future__ import annotations

import pygame

from tabletop.ui.layout import Rect

MAX_CHARS = 2000
"""Characters a box takes (a note longer than this is cut there)."""


class TextBox:
    """One line being typed: ``text``, the ``caret`` (an index into it) and the input method's ``composing`` text."""

    def __init__(self, text: str = "") -> None:
        self.text = text
        self.caret = len(text)
        self.composing = ""
        self.active = False

    def start(self, where: Rect | None = None) -> None:
        """Take the keyboard's text (and tell the input method where its candidates may show)."""
        self.active = True
        if pygame.display.get_init():
            pygame.key.start_text_input()
            if where is not None:
                pygame.key.set_text_input_rect(pygame.Rect(where))

    def stop(self) -> None:
        """Give the keyboard back (the table's keys work again)."""
        self.active = False
        self.composing = ""
        if pygame.display.get_init():
            pygame.key.stop_text_input()

    def handle(self, event: pygame.event.Event) -> str | None:
        """Take one event; return "done" (Enter), "cancel" (Esc), "typed" for anything it used, or None."""
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.insert(event.text)
            return "typed"
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
            return "typed"
        if event.type != pygame.KEYDOWN:
            return None
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.composing:
            return "done"
        if key == pygame.K_ESCAPE and not self.composing:
            return "cancel"
        if self.composing:
            return "typed"  # the input method is composing: its keys are its own
        if key == pygame.K_BACKSPACE and self.caret > 0:
            self.text = self.text[:self.caret - 1] + self.text[self.caret:]
            self.caret -= 1
        elif key == pygame.K_DELETE:
            self.text = self.text[:self.caret] + self.text[self.caret + 1:]
        elif key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self.text)
        return "typed"

    def insert(self, typed: str) -> None:
        """Put ``typed`` at the caret (control characters left out; never past :data:`MAX_CHARS`)."""
        typed = "".join(ch for ch in typed if ch.isprintable() or ch == " ")
        typed = typed[:max(0, MAX_CHARS - len(self.text))]
        self.text = self.text[:self.caret] + typed + self.text[self.caret:]
        self.caret += len(typed)

    def shown(self) -> tuple[str, str, str]:
        """Return the text before the caret, the input method's composition, and the text after it."""
        return self.text[:self.caret], self.composing, self.text[self.caret:]
