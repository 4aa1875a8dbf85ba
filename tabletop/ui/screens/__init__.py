"""The screens around the table: start, deck chooser, replays, a spectator's window and a joiner's table."""
