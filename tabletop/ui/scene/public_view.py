"""A fair game as the public sees it, from its feed: the session, timeline and director a spectator's
window uses, and :class:`PublicView`, the same drawn off screen for the table playing the game (its
recordings and screenshots show what the public sees and never a hand).

:class:`FeedSession` answers the table's questions (the table at a position, the events that led
there) from the feed, so the usual director and scene show it like a replay that grows as the game goes on.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.engine.events import Event
from tabletop.engine.game import Game
from tabletop.i18n import _
from tabletop.ui.art import ArtLibrary
from tabletop.ui.paint.seatnames import display_names
from tabletop.ui.paint.text import TextCache
from tabletop.ui.scene.director import Director
from tabletop.ui.scene.feed import Feed, FeedView
from tabletop.ui.scene.pace import Pace
from tabletop.ui.scene.table import TableScene
from tabletop.ui.scene.table_draw import TableRenderer


class FeedSession:
    """The table's questions about a game answered from its public feed: positions, tables, events.

    It holds no state of the game: the table at a position is the spectator's table the feed holds,
    and "making" the next move hands out the events the feed says led to it.
    """

    def __init__(self, game: Game, feed: Feed) -> None:
        self.game = game
        self.feed = feed
        self.seats: list[Any] = [None] * game.players
        self.moves = feed.first
        self.state: Any = None
        self.waiting_for_human = False
        self._first: list[Event] | None = list(feed.at(feed.first).events)

    def table(self, seat: int | None) -> FeedView:
        """Return the spectator's table at the position shown (whoever asks: nothing else is known)."""
        return self.feed.at(self.moves).table

    @property
    def to_move(self) -> int | None:
        """The seat to move at the position shown, as the public saw it."""
        return self.table(None).to_move

    @property
    def is_over(self) -> bool:
        """True at a position where the game had ended."""
        return self.to_move is None

    def take_events(self) -> list[Event]:
        """Return the events that led to the first position (the deal), once."""
        events, self._first = self._first or [], []
        return events

    def submit(self, _marker: object = None, *_args: object, **_kw: object) -> list[Event]:
        """Go on to the next position; return the events that led there."""
        if self.moves >= self.feed.last:
            return []
        self.moves += 1
        return list(self.feed.at(self.moves).events)

    def legal_actions(self) -> tuple[()]:
        """Nobody chooses here."""
        return ()

    def reason(self, _action: object) -> None:
        """Nothing to explain: nobody chooses here."""
        return None


class FeedTimeline:
    """Seeking in a feed: any position it holds, and where tricks and deals ended (for the timeline's marks)."""

    def __init__(self, session: FeedSession) -> None:
        self.session = session
        self._marks: tuple[int, dict[str, list[int]]] = (-1, {})

    @property
    def end(self) -> int:
        """The last position known."""
        return self.session.feed.last

    def seek(self, position: int) -> list[Event]:
        """Show ``position`` (clamped into what the feed holds)."""
        feed = self.session.feed
        self.session.moves = max(feed.first, min(position, feed.last))
        return []

    def marks(self, kind: str) -> list[int]:
        """Return the positions right after a move whose events paused for ``kind`` ("trick", "deal")."""
        feed = self.session.feed
        if self._marks[0] != feed.version:
            found: dict[str, list[int]] = {}
            for entry in feed.entries[1:]:
                for pause in dict.fromkeys(str(getattr(e, "pause", "")) for e in entry.events):
                    if pause:
                        found.setdefault(pause, []).append(entry.n)
            self._marks = (feed.version, found)
        return self._marks[1].get(kind, [])

    def decisions(self) -> list[int]:
        """Return the positions where a seat moved (the feed does not say which were forced)."""
        feed = self.session.feed
        return list(range(feed.first, feed.last))


def feed_director(game: Game, feed: Feed, paced: Pace) -> Director:
    """Return a director showing ``feed`` as a spectator sees it, at its first position."""
    session = FeedSession(game, feed)
    director = Director(session, seat=0, pace=paced, unattended=True, timeline=FeedTimeline(session),  # type: ignore[arg-type]
                        line=list(range(feed.last)), view="public")
    director.said = [()] * feed.first
    director.live = True
    return director


def follow(director: Director, feed: Feed) -> int | None:
    """Bring ``director`` up to what ``feed`` holds now; return the position the players went back to, if they did."""
    line = director.line
    assert line is not None
    back = feed.take_back()
    if len(line) != feed.last:
        line[:] = range(feed.last)
    if back is not None:
        del director.said[back:]
        if director.session.moves > back:
            director.seek(back)  # the players took moves back: so does the spectator's table
            return back
    return None


class PublicView:
    """What the public sees of the fair game at ``table``, drawn off screen: its recordings and screenshots.

    It follows the table's own feed (a :class:`~tabletop.ui.scene.feed.FeedWriter`), so it shows exactly
    what a spectator's window shows: every hand face down, no privacy screen needed, no key.
    """

    def __init__(self, feed: Feed, game: Game, *, pace: Pace, art: ArtLibrary, seat_names: list[str],
                 text: TextCache, size: tuple[int, int]) -> None:
        self.feed = feed
        self.director = feed_director(game, feed, pace)
        follow(self.director, feed)
        self.director.seek(feed.last)  # the public sees the game where it stands
        self.scene = TableScene(self.director, art, names=display_names(seat_names, watching=True),
                                size=size, text=text, rules=_(game.rules_text()), art_notes=False, fair=True)
        self.scene.recording = True
        self.scene.log_intro = [_("Game {id}, as the public sees it").format(id=feed.header.get("game_id", ""))]
        self.scene.relog()
        self.renderer = TableRenderer(text, art)
        self._surface: pygame.Surface | None = None

    def frame(self, now: float, size: tuple[int, int]) -> pygame.Surface:
        """Bring the view up to the game at ``now`` and draw it at ``size``; return the picture."""
        if follow(self.director, self.feed) is not None:
            self.scene.relog()
        self.scene.size = size
        self.scene.update(now)  # its pauses end by themselves: nobody clicks here
        surface = self._surface
        if surface is None or surface.get_size() != size:
            surface = self._surface = pygame.Surface(size)
        self.renderer.draw(surface, self.scene)
        return surface
