"""The greedy trick bot: legal everywhere, and clearly better than random at trick games."""

import random

import pytest

from tabletop.bots.trick_bot import _facts, _pick
from tabletop.engine.actions import play
from tabletop.engine.cards import JOKER, standard_deck
from tabletop.kit.tricks import STANDARD_POWER, card_power
from tabletop.sim.run.runner import SimConfig, simulate


def results(game: str, players: int, options: dict, games: int = 300) -> list:
    bots = ("greedy",) + ("random",) * (players - 1)
    return list(simulate(SimConfig(game=game, players=players, bots=bots, seed=5, games=games, options=options)))


def test_greedy_wins_tricks_far_more_often_than_random() -> None:
    games = results("trick-taking", 4, {}, games=200)  # one deal per player
    wins = sum(r.ranks[0] == 1 for r in games)
    assert wins / len(games) > 0.5  # a random seat wins about 30% (shared wins count)
    assert not any(any(r.faults) for r in games)


def test_greedy_ducks_points_under_hearts_scoring() -> None:
    games = results("trick-taking", 4, {"deals": 1, "scoring": "hearts"})
    mine = sum(r.scores[0] for r in games) / len(games)
    others = sum(sum(r.scores[1:]) / 3 for r in games) / len(games)
    assert mine < others * 0.7


@pytest.mark.parametrize("options", [
    {"scoring": "bid", "trump": "turnup", "deals": 1},
    {"jokers": True, "decks": 2, "trump": "H", "deals": 1},
    {"rank_order": "ace-ten", "hand_size": 5, "deals": 2},
])
def test_greedy_is_always_legal_in_trick_taking(options: dict) -> None:
    assert not any(any(r.faults) for r in results("trick-taking", 5, options, games=40))


@pytest.mark.parametrize(("game", "players"), [("birdhead", 4), ("draw-poker", 3)])
def test_greedy_plays_other_games_legally(game: str, players: int) -> None:
    assert not any(any(r.faults) for r in results(game, players, {}, games=20))


def _plain_pick(legal: list, trick: list, trump: str | None, avoid: bool) -> object:
    """The greedy rule written the plain way: win as cheaply as possible (lose as dearly, avoiding points)."""
    top = trump if trump is not None else JOKER

    def facts(card: object) -> tuple:
        suit = top if card.suit == JOKER else card.suit  # type: ignore[attr-defined]
        rank = card_power(card, STANDARD_POWER)  # type: ignore[arg-type]
        return suit, rank, (1000 if suit == top else 0) + rank

    if not trick:
        return (min if avoid else max)(legal, key=lambda a: facts(a.cards[0])[2])
    best_suit, best, _ = facts(trick[0][1])
    for _, card in trick[1:]:
        suit, rank, _ = facts(card)
        if suit == best_suit and rank > best:
            best = rank
        elif suit != best_suit and suit == top:
            best_suit, best = suit, rank
    keyed = [(facts(a.cards[0]), a) for a in legal]
    wins = [(f[2], a) for f, a in keyed if (f[0] == best_suit and f[1] > best) or (f[0] == top and best_suit != top)]
    losses = [(f[2], a) for f, a in keyed if (f[2], a) not in wins]
    if avoid:
        return max(losses, key=lambda e: e[0])[1] if losses else max(keyed, key=lambda e: e[0][2])[1]
    return min(wins, key=lambda e: e[0])[1] if wins else min(keyed, key=lambda e: e[0][2])[1]


def test_the_greedy_choice_is_the_plain_rule_in_many_positions() -> None:
    deck = standard_deck(jokers=True)
    for seed in range(400):
        rng = random.Random(seed)
        held, played = rng.randint(1, 13), rng.randint(0, 3)
        cards = rng.sample(deck, held + played)
        hand, trick_cards = cards[:held], cards[held:]
        trump = rng.choice([None, "S", "H"])
        avoid = rng.random() < 0.5
        legal = [play(c) for c in hand]
        trick = [(i, c) for i, c in enumerate(trick_cards)]
        chosen = _pick(legal, _facts(trump, "standard"), trick, avoid)
        assert chosen is _plain_pick(legal, trick, trump, avoid), (seed, trump, avoid)
