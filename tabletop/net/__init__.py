"""Remote seats: the host keeps the referee, each joiner gets its seat's view over a WebSocket.

:mod:`~tabletop.net.protocol` says what may cross the wire (and checks every message against it),
:mod:`~tabletop.net.seatview` builds what one seat may receive, :mod:`~tabletop.net.server` holds
the connections (and :mod:`~tabletop.net.guard` their limits), :mod:`~tabletop.net.host` serves the
seats of a game in progress, :mod:`~tabletop.net.client` is the joiner's end (a stand-in for the
session a table or a bot plays through), :mod:`~tabletop.net.artshare` carries card art by content
hash. A browser seat is sent the page (:mod:`~tabletop.net.webpage`, the files in ``net/page``) and
its view as plain JSON (:mod:`~tabletop.net.webview`). The designer's questions after a game go to
each seat once (:mod:`~tabletop.net.askround`). Nothing in the engine, the games, the bots or the simulator imports this package.
"""
