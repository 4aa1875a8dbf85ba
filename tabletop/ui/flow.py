"""The launcher's flow: the start screen, the chosen game on the table, and back to the start screen."""

from __future__ import annotations

from tabletop.engine.errors import TabletopError
from tabletop.ui import last_setup
from tabletop.ui.app import App, PlaySettings, play_tables
from tabletop.ui.start import StartScreen


def run_start(*, size: tuple[int, int] = (1280, 720), settings: PlaySettings | None = None) -> int:
    """Show the start screen, play the chosen game, and come back to it on Esc; return the exit status."""
    app = App(size, interactive=True)
    settings = settings or last_setup.load() or PlaySettings()
    try:
        while True:
            start = StartScreen(app, settings)
            if app.messages:  # why the last table could not start or stopped
                start.form.error = app.messages[-1]
                app.messages.clear()
            chosen = start.run()
            if chosen is None:
                return 0
            last_setup.save(chosen)
            try:
                outcome, settings = play_tables(app, chosen)
            except TabletopError as exc:
                settings = chosen
                app.say(str(exc))
                continue
            if outcome == "quit":
                return 0
    finally:
        app.close()
