"""``tabletop check GAME``: the conformance suite, run on any game (built-in, folder or entry point).

:mod:`.cases` says which seat counts and option values are played, :mod:`.playthrough` checks one
game move by move, :mod:`.privacy` compares what a seat sees across worlds, :mod:`.retrace` plays a
game again from its seed, :mod:`.run` runs it all under ``simulate``'s limits, and :mod:`.verdicts`
keeps the quick check ``tabletop games`` shows.
"""
