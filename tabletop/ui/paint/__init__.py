"""Drawing parts every screen shares: text in any script, colours, buttons, lists and the record of what was drawn."""
