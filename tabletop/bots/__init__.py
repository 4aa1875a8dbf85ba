"""Computer players built only on the engine: they see views, never the state."""

BUILTIN = {
    "random": "tabletop.bots.random_bot:RandomBot",
}
"""Built-in bot name -> "module:class", imported only when asked for."""
