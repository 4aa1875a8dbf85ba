"""A deck-building game, which the simulator has no code for: its cards' journeys through each seat's own
deck, hand, play area and discard pile are read from its zones, and a card too strong for its cost is named."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from tabletop.plugins import registry
from tabletop.sim.percard.cards import CardWatch
from tabletop.sim.percard.cardstats import watching_for
from tabletop.sim.percard.journeys import DISCARDED, DRAWN, KEPT, PLAYED, TAKEN
from tabletop.sim.results.findings import judge
from tabletop.sim.results.study import Study
from tabletop.sim.run.runner import SimConfig, run_local
from tests import deckbuilder_game
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry"]


@pytest.fixture
def builder(clean_registry: None) -> Iterator[None]:
    deckbuilder_game.register()
    yield


@pytest.mark.usefixtures("builder")
@pytest.mark.parametrize("seed", range(3))
def test_a_deck_builders_journeys_match_its_turns(seed: int) -> None:
    game = registry.make_game("builder-test", players=3)
    watch = CardWatch(game)
    watch.begin(1)
    session = open_game(watch, registry.make_seats(["random"] * 3, game, seed), seed=seed,
                        events=False)  # type: ignore[arg-type]
    bought: Counter[tuple[int, str]] = Counter()
    session.on_move = lambda _i, seat, action, _f, _e: bought.update(
        [(seat, action.cards[0].id)] if action.kind == "buy" else [])
    session.run()
    watch.end(session.scores(), session.ranks())
    book = watch.take()
    times = {k: sum(e[1] for e in book.facts[k].values()) for k in (TAKEN, PLAYED, DRAWN, DISCARDED, KEPT)}
    assert times[TAKEN] == sum(bought.values())
    taken = {(u, card) for card, (mask, *_r) in book.facts[TAKEN].items() for u in range(3) if mask >> u & 1}
    assert taken == set(bought)
    # Every turn draws five (after the opening five), reshuffling its discard pile face down when needed.
    assert times[DRAWN] == 5 * deckbuilder_game.ROUNDS * 3
    # What a seat kept at the end is every card it owns but its hand: its starting ten and what it bought.
    state = session.state
    for seat in range(3):
        owned = Counter(c.id for pile in (state.decks[seat], state.played[seat], state.discards[seat]) for c in pile)
        kept = {card for card, (mask, *_r) in book.facts[KEPT].items() if mask >> seat & 1}
        assert kept == set(owned)
        assert sum(owned.values()) + len(state.hands[seat]) == 10 + sum(n for (s, _c), n in bought.items() if s == seat)
    assert {label for label in book.areas} == {"Deck", "Play", "Discard"}


@pytest.mark.usefixtures("builder")
def test_a_card_too_strong_for_its_cost_is_named_by_its_plays_or_buys() -> None:
    game = registry.make_game("builder-test", players=3)
    games = 600
    config = SimConfig(game="builder-test", players=3, bots=("random",) * 3, seed=1, games=games)
    study = Study(["plain"], [{}], players=3, bots=["random"] * 3, lower_is_better=[False])
    for chunk in run_local([config], cards=watching_for(game, "cost", games)):
        study.add(chunk)
    found = judge(study, [{c.id: c.label for c in game.deck()}])
    held = {c.key: c for c in found.claims if c.topic == "card" and c.holds}
    jewel = [c for key, c in held.items() if key.endswith(":jewel")]
    assert jewel and all(c.size > 0 for c in jewel)
    assert {int(c.key.split(":")[0]) for c in jewel} & {TAKEN, PLAYED}
    assert any(line.startswith("Jewel is stronger than its peers (value 3)") for line in found.cards), found.cards
