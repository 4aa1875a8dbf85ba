"""Watching a fair game as the public: a spectator's window, following the game's feed.

A fair game's spectator gets neither its seed nor its sealed log: it is drawn from the game's public
feed (:mod:`tabletop.ui.scene.feed`) alone, as :mod:`tabletop.ui.scene.public_view` shows it: :class:`FeedTable`
is a spectator's window (``play --watch``, ``tabletop watch LOG``), following the feed file.
"""

from __future__ import annotations

import time
from pathlib import Path

from tabletop.formats.playtest import read_playtest
from tabletop.i18n import _
from tabletop.plugins import registry
from tabletop.ui.app import App, PlaySettings, Table
from tabletop.ui.art import ArtLibrary
from tabletop.ui.scene.feed import FeedReader
from tabletop.ui.scene.hints import Hints
from tabletop.ui.scene.notebook import Notebook
from tabletop.ui.scene.pace import pace
from tabletop.ui.scene.playtest import PlaytestTools
from tabletop.ui.scene.public_view import feed_director, follow
from tabletop.ui.window import set_caption

FOLLOW_EVERY = 0.25
"""Seconds between two looks at a followed feed."""


class FeedTable(Table):
    """A spectator's window on a fair game being played, drawn from its public feed alone."""

    def __init__(self, app: App, feed: FeedReader, *, speed: str = "fast", art_dir: Path | None = None,
                 art: ArtLibrary | None = None, log: Path | None = None) -> None:
        """``log`` is the game's log (for its notes, which are public)."""
        self.app = app
        self.feed = None
        self.follower = feed
        header = feed.header
        self.game = registry.make_game(header["game"], players=feed.players, options=dict(header["options"]))
        self.seat_names = [str(s) for s in header["seats"]]
        self.seed = 0  # never known here
        self.fair = False
        self.settings = PlaySettings(self.game.name, self.game.players, self.seat_names, None,
                                     dict(header["options"]), art_dir, speed)
        self.log = None
        self.pace = pace(speed)
        self.unattended = True
        self.director = feed_director(self.game, feed, self.pace)
        self.session = self.director.session
        self.timeline = None
        self.clock = time.perf_counter
        self._mount(art, art_dir)
        self._looked = 0.0
        self._gone = False
        game_id = str(header.get("game_id") or "")
        self.scene.log.append(_("Watching game {id} as the public: its public feed {file} (no hand, no seed until"
                                " it ends)").format(id=game_id, file=feed.path.name))
        self.scene.log_intro = list(self.scene.log)
        notes = read_playtest(log).notes if log is not None and log.exists() else []
        self.scene.playtest = PlaytestTools(
            Notebook(notes, refusal=_("A spectator writes no notes: the players' table is writing this log")),
            Hints(refusal=_("No hints for a spectator")), self.seat_names)
        set_caption(f"tabletop - spectator - {_('game {id}').format(id=game_id)}")

    def step(self) -> str | None:
        """Run one frame, first taking in what the game's table added to the feed."""
        self._look()
        return super().step()

    def _waiting_for_art(self, now: float) -> bool:
        return False  # a live game is watched: stand-ins for a moment are better than falling behind

    def _look(self) -> None:
        now = time.perf_counter()
        if now - self._looked < FOLLOW_EVERY:
            return
        self._looked = now
        feed = self.follower
        problem = feed.problem
        feed.look()
        if feed.problem is not None and problem is None:
            self.scene.say(feed.problem)
            self.scene.log.append(feed.problem)
        back = follow(self.director, feed)
        if back is not None:
            self.scene.relog()
            self.scene.log.append(_("The players went back to move {n}").format(n=back))
        if not self._gone and feed.gone:
            self._gone = True
            self.scene.log.append(_("The game's table has closed: its log replays whole now (tabletop replay)"))


