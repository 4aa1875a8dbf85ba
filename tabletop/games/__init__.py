"""Games built on the engine, one module each; :data:`BUILTIN` lists them for the registry."""

BUILTIN = {
    "trick-taking": "tabletop.games.trick_taking:TrickGame",
}
"""Built-in game name -> "module:class", imported only when asked for."""
