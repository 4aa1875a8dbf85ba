"""A joiner's table: one seat of a game hosted elsewhere (``tabletop join``), or a spectator's view of it.

:class:`JoinTable` is a table like any other, driven by a :class:`~tabletop.net.mirror.RemoteSession`
instead of a session: the host's updates are shown at this table's own pace, its clicks become
choices sent to the host, and the art is the host's (by default, laid out as it arrives) or this
joiner's own ``--art``. A panel over the table says how the art is arriving, who has dropped, and
when the host has gone (with the reason). When the host starts another game, the table follows it.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame

from tabletop.formats.playtest import note_of
from tabletop.i18n import _
from tabletop.net.artshare import ArtStore
from tabletop.net.client import Connection, Welcome
from tabletop.net.host import AWAY, STAND_IN, WAITING
from tabletop.net.mirror import RemoteSession
from tabletop.net.protocol import Address
from tabletop.ui.app import App, PlaySettings, Table
from tabletop.ui.art import ArtLibrary
from tabletop.ui.art.diskcache import default_cache_dir
from tabletop.ui.scene.director import Director
from tabletop.ui.scene.feedback_form import JoinerQuestions
from tabletop.ui.scene.hints import Hints
from tabletop.ui.scene.netpanel import Content, NetPanel, Offer
from tabletop.ui.scene.notebook import Notebook
from tabletop.ui.scene.pace import pace
from tabletop.ui.scene.playtest import PlaytestTools


def art_store() -> ArtStore:
    """Return where this machine keeps the card art it was sent (under the art cache folder)."""
    return ArtStore(default_cache_dir() / "remote")


def art_folder_for(store: ArtStore, address: Address) -> Path:
    """Return the folder where the art of the host at ``address`` is laid out (the same each time:
    art decoded once stays cached)."""
    return store.root / "tables" / re.sub(r"[^A-Za-z0-9.-]+", "_", f"{address.host}-{address.port}")


class JoinTable(Table):
    """A table showing one remote seat (or the public view) of a hosted game."""

    def __init__(self, app: App, connection: Connection, welcome: Welcome, *, folder: Path | None,
                 art_dir: Path | None = None, speed: str = "normal", art: ArtLibrary | None = None,
                 exit_after: int | None = None, screenshot: Path | None = None) -> None:
        self.app = app
        self.connection = connection
        remote = RemoteSession(connection, welcome)
        self.session = remote  # type: ignore[assignment]  # the same questions, answered from the host
        self.game = remote.game  # type: ignore[assignment]
        watching = welcome.seat < 0
        self.seat_names = list(welcome.names)
        self.seed = None  # type: ignore[assignment]  # never sent: it stays with the host
        self.fair = True
        self.undo = "off"
        self.log = None
        self.timeline = None
        self.host = None
        self.settings = PlaySettings(self.game.name, welcome.players, list(self.seat_names), None,
                                     dict(self.game.options), art_dir, speed)
        self.pace = pace(speed)
        self.unattended = watching
        self.director = Director(remote, seat=max(0, welcome.seat), pace=self.pace, unattended=watching,  # type: ignore[arg-type]
                                 exit_after=exit_after, humans=remote.mine, view="public" if watching else "seat")
        self.clock = time.perf_counter
        self._mount(art, art_dir or folder)
        self._revealed = True  # the seed is the host's to show
        self.scene.names = self._names(welcome.names)
        self.screenshot = screenshot
        who = _("a spectator") if watching else _("Seat {n}").format(n=welcome.seat + 1)
        title = _(self.game.title) if self.game.title else self.game.name
        self.scene.log.append(_("{title} at {address}: you are {who}").format(title=title, address=connection.address,
                                                                            who=who))
        if art_dir is not None:
            self.scene.log.append(_("Your own art from {folder} (the host's art is not fetched)").format(folder=art_dir))
        if remote.history:  # joined (or rejoined) a game under way: its log so far, as this seat saw it
            self.scene.log += [_(line) for line in self.director.lines_of(remote.history)]
            self.scene.log.append(_("Joined at move {n}: the log above is the game so far").format(n=remote.moves))
        pygame.display.set_caption(_("tabletop - {game} - {who} at {address}").format(
            game=title, who=who, address=connection.address))
        self.overlays.append(NetPanel(app.text, lambda: app.window.size, self._panel,
                                      lambda size: self.scene.banner_spot(size)))
        if not watching:  # the designer's questions, when the host sends them after the game
            self.overlays.append(JoinerQuestions(app.text, lambda: app.window.size, remote, welcome.seat,
                                                 self.scene.say))
        # Notes go to the host, into the game's log; hints would need the game, which stays with the host.
        self.scene.playtest = PlaytestTools(Notebook(write=lambda move, seat, text: note_of(
            remote.write_note(move, seat, text))), Hints(refusal=_("No hints at a remote seat")), self.seat_names)

    def step(self) -> str | None:
        """Run one frame; the host's next game ends this table (``next``)."""
        session: RemoteSession = self.session  # type: ignore[assignment]
        if session.next_game is not None and session.is_over:
            return "next"
        outcome = super().step()
        self.scene.names = self._names(session.names)
        if outcome in ("again", "same", "replay"):
            self.scene.say(_("The host starts the next game; the log is the host's"))
            return None
        return outcome

    def _names(self, names: list[str]) -> list[str]:
        """The host's names for the seats, this joiner's own seat said to be theirs."""
        mine = self.session.mine  # type: ignore[attr-defined]
        return [_("Seat {n} (you)").format(n=i + 1) if i in mine else name for i, name in enumerate(names)]

    def _panel(self) -> Content:
        session: RemoteSession = self.session  # type: ignore[assignment]
        lines: list[str] = []
        offers: list[Offer] = []
        if session.stopped and session.gone is not None:
            lines.append(_("The game cannot go on: {why}").format(why=_(session.gone)))
            offers.append(Offer(_("Leave"), pygame.K_q, lambda: self.scene.commands.append("back")))
            return lines, offers
        progress = self.connection.progress
        if progress.wanted and progress.stored < progress.wanted:
            lines.append(_("Receiving the host's card art: {n} of {total} files ({mb:.1f} MB)").format(
                n=progress.stored, total=progress.wanted, mb=progress.bytes / 1e6))
        waiting = [str(i + 1) for i, p in enumerate(session.presence) if p == WAITING]
        if waiting and not session.is_over:
            lines.append(_("Waiting for seat {seats} to join: the game starts when every seat is taken").format(
                seats=", ".join(waiting)))
        dropped = [] if session.is_over else [i for i, p in enumerate(session.presence) if p in (AWAY, STAND_IN)]
        for seat in dropped:
            lines.append(_("Seat {n} has disconnected: the host waits, lets a bot play it, or ends the game").format(
                n=seat + 1) if session.presence[seat] == AWAY else
                _("Seat {n} has disconnected: a bot plays it until it is back").format(n=seat + 1))
        return lines, offers


def run_join(address: Address, code: str, *, mode: str = "seat", name: str = "", tls: object = None,
             art_dir: Path | None = None, speed: str = "normal", size: tuple[int, int] = (1280, 720),
             record: Path | None = None, screenshot: Path | None = None, exit_after: int | None = None) -> int:
    """Join the game at ``address`` with ``code`` in a window (``mode``: seat or watch); return the exit status.

    :raises JoinError: when joining fails (refused, unreachable), before a window opens.
    """
    store = art_store()
    folder = art_folder_for(store, address)
    connection = Connection(address, code, mode=mode, name=name, tls=tls,  # type: ignore[arg-type]
                            store=None if art_dir is not None else store, art_folder=None if art_dir is not None else folder)
    welcome = connection.open()
    app = App(size, interactive=mode != "watch")
    art: ArtLibrary | None = None
    try:
        if record is not None:
            app.start_recording(record)
        while True:
            table = JoinTable(app, connection, welcome, folder=folder, art_dir=art_dir, speed=speed, art=art,
                              exit_after=exit_after, screenshot=screenshot)
            art = table.art
            outcome = table.run()
            table.close()
            next_game = table.session.next_game  # type: ignore[attr-defined]
            if outcome != "next" or next_game is None:
                break
            if next_game.game["name"] != welcome.game["name"]:
                art.close()
                art = None  # another deck: its own art
            welcome = next_game
    finally:
        connection.close()
        if art is not None:
            art.close()
        app.close()
    for path in app.saved:
        print(_("recording saved to {file}").format(file=path))
    return 0
