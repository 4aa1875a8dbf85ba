"""The speed levers change nothing a game or a reader sees: labels pickle and translate as before, an action
made again is the one made first, a hand's remembered selections cannot be changed by a caller."""

from __future__ import annotations

import copy
import pickle
import weakref

from tabletop.engine.actions import Action
from tabletop.engine.cards import parse_cards
from tabletop.i18n import N_, Message, _, nN_
from tabletop.kit.melds import selections


def test_labels_round_trip_with_and_without_fields() -> None:
    for message in (N_("Pass"), N_("Pay with {card}", card="Red 2"), nN_("for {n} card", "for {n} cards", 3, n=3),
                    nN_("{n} card", "{n} cards", 1, n=1)):
        again = pickle.loads(pickle.dumps(message))
        assert isinstance(again, Message) and again == message and copy.deepcopy(message) == message
        assert (again.template, dict(again.fields), again.plural, again.number) == \
            (message.template, dict(message.fields), message.plural, message.number)
        assert _(again) == str(message)  # English: said as written


def test_an_action_built_again_after_its_list_is_dropped_is_the_same_object() -> None:
    card = parse_cards("7H")[0]
    first = Action("pay", (card,), to="discard", label=N_("Pay with {card}", card=card.label))
    kept = weakref.ref(first)
    del first  # a game drops its legal actions after every move
    assert kept() is not None  # still alive: among the last actions made
    again = Action("pay", (card,), to="discard", label=N_("Pay with {card}", card=card.label))
    assert again is kept() and again.label == "Pay with 7♥"


def test_remembered_selections_are_a_fresh_list_each_time() -> None:
    hand = parse_cards("2S 2S 3S")
    first = selections(hand, minimum=2)
    first.clear()
    assert [" ".join(c.id for c in s) for s in selections(hand, minimum=2)] == ["2S 3S", "2S 2S", "2S 2S 3S"]


def test_a_game_that_draws_its_own_random_move_is_asked_in_playouts() -> None:
    import random as rnd

    from tabletop.bots.ismcts import Budget, search
    from tabletop.engine.session import SessionOptions, open_session
    from tabletop.plugins import registry

    asked: list[Action] = []

    class Drawing(registry.game_class("trick-taking")):  # type: ignore[misc]
        def random_action(self, state: object, rng: rnd.Random) -> Action:
            action = rng.choice(list(self.legal_actions(state)))
            asked.append(action)
            return action

    game = Drawing(players=4, options={"deals": 1})
    session = open_session(game, seed=2, options=SessionOptions(events=False))
    view = session.view(session.to_move)  # type: ignore[arg-type]
    result = search(view.worlds(rnd.Random(1)), view.legal, rnd.Random(1), Budget(iterations=40))
    assert asked and result.action in view.legal and result.iterations == 40
