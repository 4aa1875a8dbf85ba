"""``tabletop tune``: searching a game's deck values and options toward a designer's targets.

:mod:`~tabletop.sim.tune.free` reads the free values (a card's field, a group's, an option),
:mod:`~tabletop.sim.tune.targets` the targets and what each measures, :mod:`~tabletop.sim.tune.measure`
plays a candidate's games and measures them, :mod:`~tabletop.sim.tune.search` runs the search (Optuna's
sampler, screening on common deals, then the best confirmed on fresh deals) and
:mod:`~tabletop.sim.tune.verdict` says how the targets moved and which cannot be met together.
"""
