"""The host's table: remote seats joined by code, shown while they are awaited, and asked about when one drops.

:func:`host_table` hands a new table's game to the :class:`~tabletop.net.host.Host` (the art its
table uses travels with it) and puts a panel over the table: the address and each awaited seat's
join code until every remote seat has joined (the game waits for them), and, when a remote seat
that is to move has dropped, the host's choice: wait for it to rejoin, let a bot play it, or end
the game. Joins, drops and refusals go to the table's log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from tabletop.i18n import _
from tabletop.net.artshare import ArtShare
from tabletop.net.host import AWAY, STAND_IN, WAITING, GameInfo, Host
from tabletop.ui import fonts
from tabletop.ui.art.folder_map import used_files
from tabletop.ui.art.folders import art_folder, deck_file
from tabletop.ui.art.webimages import WebImages
from tabletop.ui.paint.seatnames import display_names
from tabletop.ui.scene.netpanel import Content, NetPanel, Offer

HOLD = 0.05
"""Seconds the game is held at a time while remote seats are awaited."""


def host_table(table: Any, host: Host) -> None:
    """Serve ``table``'s game to ``host``'s joiners and put the host's panel over it."""
    serve_art(host, table.game, art_folder(table.game, table.settings.art_dir))
    # Joiners are told the seats as someone not sitting here sees them: "you" is each joiner's own seat.
    info = GameInfo.of(table.game, display_names(list(table.seat_names), watching=True))
    host.attach(table.session, info=info, initial=list(table.director.queue), notes=table._write_note)
    for line in join_lines(host):
        table.scene.log.append(line)
    table.overlays.append(NetPanel(table.app.text, lambda: table.app.window.size, HostPanel(table, host, info),
                                   lambda size: table.scene.banner_spot(size)))


def serve_art(host: Host, game: Any, folder: Path | None) -> None:
    """Offer ``game``'s art in ``folder`` to ``host``'s joiners: files by hash to tables, pictures to browsers
    (its faces composed from ``faces.toml`` where a card has no art)."""
    deck = game.deck()
    ids = [c.id for c in deck]
    share = host.art = ArtShare(lambda: used_files(folder, ids))
    images = WebImages(folder, deck, share, deck_file=deck_file(game))
    host.images = images
    host.fonts = {"cjk.otf": fonts.BUNDLED[0]}
    if host.web:
        images.warm()  # ready before the testers open their links


def join_lines(host: Host) -> list[str]:
    """Return how each remote seat joins (and spectators watch): the links and commands to give the players."""
    address = host.address
    lines = [_("Hosting at {address}").format(address=address)]
    lines += [join_line(host, seat) for seat in host.codes]
    lines.append(_("Spectators: tabletop join {address} --code {code} --watch").format(address=address,
                                                                                      code=host.watch_code))
    if host.web:
        lines.append(_("Spectators in a browser: {link}").format(link=host.link()))
    return lines


def join_line(host: Host, seat: int) -> str:
    """Return how remote seat ``seat`` joins: the link to open (a web seat) or the command to give its player."""
    if seat in host.web:
        return _("Seat {n}: open {link} in a browser").format(n=seat + 1, link=host.link(seat))
    return _("Seat {n}: tabletop join {address} --code {code}").format(n=seat + 1, address=host.address,
                                                                      code=host.codes[seat])


class HostPanel:
    """What the host's panel says: who is awaited (and how to join), who dropped (and what to do)."""

    def __init__(self, table: Any, host: Host, info: GameInfo | None = None) -> None:
        self.table = table
        self.host = host
        self.started = False
        self.info = info
        """What the joiners are told (the host writes a joiner's ``--name`` into its names)."""
        self.named = list(info.names) if info is not None else []

    def __call__(self) -> Content:
        table, host = self.table, self.host
        for notice in host.take_notices():
            table.scene.log.append(_(notice))
        self._take_names()
        director = table.director
        now = table.clock()
        if not self.started:
            if not host.all_joined:
                director.hold_until = max(director.hold_until, now + HOLD)
                waiting = [s for s in host.seats if host.presence(s) == WAITING]
                lines = [_("Waiting for {count} remote seat(s) to join").format(count=len(waiting)),
                         *[join_line(host, s) for s in waiting]]
                return lines, []
            self.started = True
        to_move = table.session.to_move
        dropped = [s for s in host.seats if host.presence(s) in (AWAY, STAND_IN)]
        if not dropped:
            return [], []
        lines = [_("Seat {n} disconnected: it may rejoin with its code {code}").format(n=s + 1, code=host.codes[s])
                 for s in dropped]
        if to_move in dropped and host.presence(to_move) == AWAY:
            seat = to_move
            lines.insert(0, _("Seat {n} is to move and has disconnected").format(n=seat + 1))
            offers = [Offer(_("Wait"), pygame.K_w, lambda: host.decide(seat, "wait")),
                      Offer(_("A bot plays it"), pygame.K_b, lambda: host.decide(seat, "bot")),
                      Offer(_("End the game"), pygame.K_e, lambda: table.scene.commands.append("back"))]
            return lines, offers
        return lines, []

    def _take_names(self) -> None:
        """Show a joiner's ``--name`` on the host's table and say it in the log, once."""
        if self.info is None:
            return
        for seat in self.host.seats:
            name = self.info.names[seat]
            if name != self.named[seat]:
                self.named[seat] = name
                self.table.scene.names[seat] = name
                self.table.scene.log.append(_("{seat} sits at the table").format(seat=name))
