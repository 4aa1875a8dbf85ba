"""The table scene: what the table shows, where, how it moves and how clicks become actions."""
