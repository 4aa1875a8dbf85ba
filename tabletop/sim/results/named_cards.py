"""What the simulator finds for the cards testers named in their feedback ("which card felt too strong?"):
the version they played, simulated with random bots and its cards watched, each named card's figure
against its peers (or the other cards) for the move that best shows a seat's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine import folders
from tabletop.engine.errors import TabletopError
from tabletop.i18n import _
from tabletop.plugins import versioned
from tabletop.sim.percard.cardstats import watching_for
from tabletop.sim.percard.journeys import CHOSEN, KIND_WORDS
from tabletop.sim.results.findings import judge
from tabletop.sim.results.study import Study
from tabletop.sim.run.runner import SimConfig, default_workers, run_local

SIM_SEED = 1
"""The master seed of these runs (the same logs give the same figures)."""


@dataclass(frozen=True)
class Setup:
    """The game a version was played as: its name, version (as a log's header names it), seats and options."""

    game: str
    version: dict[str, str] | None
    players: int
    options: dict[str, Any]


def simulated_cards(setup: Setup, cards: Sequence[str], *, games: int,
                    progress: Callable[[str], None] | None = None) -> dict[str, str]:
    """Return, for each of ``cards`` (ids) the simulator saw, a sentence of its figure in ``games`` games of
    random bots at that version ("taken: +12 points [+3, +20] against its peers (value 3)").

    A version that cannot be simulated (its rules broken, a store without it) says why for every card.
    """
    if not cards or games <= 0:
        return {}
    config = SimConfig(game=setup.game, players=setup.players, bots=("random",) * setup.players, seed=SIM_SEED,
                       games=games, options=dict(setup.options), version=setup.version, stored=True,
                       games_dir=str(folders.games_dir()))
    try:
        game = versioned.make_game(setup.game, version=config.version_hash, players=setup.players,
                                   options=setup.options)
        watching = watching_for(game, "", games)
        study = Study(["sim"], [dict(setup.options)], players=game.players, bots=list(config.bots),
                      lower_is_better=[game.lower_is_better])
        if progress is not None:
            progress(_("simulating {game} {version}").format(game=setup.game, version=(setup.version or {}).get("id", "")))
        for chunk in run_local([config], workers=default_workers(), cards=watching):
            study.add(chunk)
        found = judge(study, [{c.id: c.label for c in game.deck()}])
    except TabletopError as exc:
        return {card: _("not simulated: {problem}").format(problem=exc) for card in cards}
    judged = found.judged[0]
    out: dict[str, str] = {}
    if judged is None:
        return out
    for card in cards:
        for kind in CHOSEN:
            f = next((x for x in judged.figures.get(kind, []) if x.card == card and x.tested), None)
            if f is None:
                continue
            peers = f.peers is not None and f.peers.df > 0
            c = f.peers if peers and f.peers is not None else f.win
            against = (_("against its peers ({group})").format(group=f.group) if peers else _("against the other cards"))
            out[card] = _("{kind}: {diff:+.0f} points [{lo:+.0f}, {hi:+.0f}] {against} (random bots, {games} games)").format(
                kind=_(KIND_WORDS[kind]), diff=c.diff * 100, lo=c.interval[0] * 100, hi=c.interval[1] * 100,
                against=against, games=games)
            break
        else:
            out[card] = _("not seen often enough in {games} simulated games to say").format(games=games)
    return out
