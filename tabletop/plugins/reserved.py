"""The names the registry reserves and the limits it holds a declaration to.

Both the registry (which parses seat names) and its checks of plugin classes (which refuse a bot
named like a person's seat) read these: they live here so that neither imports the other for them.
"""

from __future__ import annotations

import re

HUMAN = "human"
"""The seat name of a person at the table."""
REMOTE = "remote"
"""The seat name of a person (or a bot) playing from another machine (``tabletop host``)."""
WEB = "web"
"""The seat name of a person playing from a browser: a remote seat the host prints a link for."""
REMOTE_KINDS = (REMOTE, WEB)
"""The seats played from elsewhere, each with a join code."""
BUILTIN = "built-in"
"""The ``source`` of games and bots shipped with tabletop (the only ones called without a watchdog)."""
MAX_PLAYERS = 100
"""The most seats a game may declare."""
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
"""Game and bot names: lowercase words of letters and digits joined by single dashes."""
