"""Computer players built only on the engine: they see views, never the state."""

BUILTIN = {
    "random": "tabletop.bots.random_bot:RandomBot",
    "greedy": "tabletop.bots.trick_bot:GreedyTrickBot",
    "shedder": "tabletop.bots.birdhead_bot:ShedderBot",
    "poker-keeper": "tabletop.bots.poker_bot:PokerKeeperBot",
    "euler-greedy": "tabletop.bots.euler_bot:EulerGreedyBot",
    "ismcts": "tabletop.bots.ismcts:ISMCTSBot",
    "humanlike": "tabletop.bots.humanlike:HumanlikeBot",
}
"""Built-in bot name -> "module:class", imported only when asked for."""
