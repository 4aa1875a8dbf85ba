"""Games built on the engine, one module each; :data:`BUILTIN` lists them for the registry."""

BUILTIN = {
    "trick-taking": "tabletop.games.trick_taking:TrickGame",
    "birdhead": "tabletop.games.birdhead:BirdHead",
    "draw-poker": "tabletop.games.draw_poker:DrawPoker",
    "euler-getter": "tabletop.games.euler_getter:EulerGetter",
}
"""Built-in game name -> "module:class", imported only when asked for."""
