"""Games a tester plays in a browser, shared by the browser tests and the screenshot script.

:func:`market_game` hosts a market game made with ``tabletop new --template market`` (a few of its
cards with art, the rest drawn by the page) with one browser seat; :func:`sandbox_game` hosts a
deck-only table (``--template sandbox``) with two browser seats. Each plays in this process (the
session on a thread), the browser in its own.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from tabletop.formats.feedback import answer_writer, load_feedback
from tabletop.net.headless import Hosted
from tabletop.plugins import discovery
from tabletop.scaffold import create_game
from tabletop.ui.scene.hosting import serve_art
from tests.net.remote_helpers import Hosting, hosting
from tests.patience import HANG


def make_art(folder: Path, ids: list[str]) -> None:
    """Paint a card picture for each of ``ids`` (a coloured field with the id written on it)."""
    folder.mkdir(parents=True, exist_ok=True)
    for n, card_id in enumerate(ids):
        picture = Image.new("RGB", (500, 700), (40 + 50 * n % 200, 90, 160 - 30 * n % 120))
        draw = ImageDraw.Draw(picture)
        draw.rectangle((30, 30, 470, 670), outline=(250, 240, 200), width=12)
        draw.text((250, 350), card_id, fill=(250, 240, 200), anchor="mm", font_size=72)
        picture.save(folder / f"{card_id}.png")


def in_background(hosted: Hosting) -> tuple[threading.Thread, list[Hosted]]:
    """Serve the hosted game on a thread (it starts once every remote seat has joined)."""
    outcome: list[Hosted] = []
    thread = threading.Thread(target=lambda: outcome.append(hosted.serve(join_wait=300)), daemon=True)
    thread.start()
    return thread, outcome


@contextmanager
def market_game(root: Path, seed: int, *, log: Path | None = None, **host_options: Any) -> Iterator[Hosting]:
    """Host a fresh market template game (seat 1 in a browser, two random bots), some cards with art;
    ``host_options`` go to the host (``web_silence``, say)."""
    create_game("my-market", root / "games", template="market")
    discovery.discover(root / "games")
    with hosting("my-market", ["web", "random", "random"], seed, log=log, **host_options) as hosted:
        folder = root / "games" / "my-market" / "art"
        make_art(folder, sorted({c.id for c in hosted.game.deck()})[:6] + ["back"])
        serve_art(hosted.host, hosted.game, folder)
        # Every picture made before the page opens (as a host does while testers join): however busy
        # the machine, the page is then shown the pictures, never its own stand-ins.
        hosted.host.images.warm().join(HANG)
        yield hosted


@contextmanager
def sandbox_game(root: Path, seed: int, *, log: Path | None = None) -> Iterator[Hosting]:
    """Host a fresh deck-only table (``--template sandbox``) with both seats in browsers."""
    create_game("my-table", root / "games", template="sandbox")
    discovery.discover(root / "games")
    with hosting("my-table", ["web", "web"], seed, log=log) as hosted:
        serve_art(hosted.host, hosted.game, root / "games" / "my-table" / "art")
        yield hosted


def ask_questions(hosted: Hosting, folder: Path) -> None:
    """Ask the remote seats the questions of the game in ``folder`` (its ``feedback.toml``), as a host does at the end;
    their answers go into the hosted game's log."""
    questions = load_feedback(folder / "feedback.toml")
    cards = list({c.id: c.label for c in hosted.game.deck()}.items())
    assert hosted.log is not None, "the game needs a log to keep the answers in"
    hosted.host.ask_feedback([q.to_json() for q in questions], [{"id": c, "label": label} for c, label in cards],
                             answer_writer(questions, [c for c, _label in cards], hosted.log))
