"""The private kernel computes what the readable Python computes, and runs only where it provably does.

The kernel (tabletop/_fast) restates the built-in trick game, its random and greedy bots and
``random.Random`` in C. These tests play the golden transcripts and seeded games of every option
through both paths and compare every move, the scores, the ranks and the whole state; they check
that a designer's subclass (a hook of its own, a state with a field of its own) runs as Python and
works, and that a stale build is told by its content. Where no C compiler exists they are skipped,
saying so (the ``kernel`` fixture in tests/conftest.py builds the kernel otherwise).
"""

from __future__ import annotations

import json
import random
import shutil
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tabletop import _fast, kit
from tabletop._fast import build, gate
from tabletop.bots.random_bot import RandomBot
from tabletop.bots.trick_bot import GreedyTrickBot
from tabletop.engine.errors import UserInputError
from tabletop.engine.game import to_plain
from tabletop.engine.session import Session, SessionOptions, open_session
from tabletop.games.trick_taking import TrickGame
from tabletop.kit import trickgame
from tabletop.kit.trickstate import TrickState
from tabletop.plugins import registry
from tests.golden.transcripts import CASES, Transcript, path_for

QUIET = SessionOptions(events=False, results_only=True)


def play(game: Any, bots: list[str], seed: int, options: SessionOptions) -> tuple[list[str], Session]:
    """Play one game to its end through the opener; return its transcript and the session."""
    record = Transcript()
    session = open_session(game, registry.seat_makers(bots, game), seed=seed, log=record, options=options)
    session.run()
    return record.lines, session


def state_of(session: Session) -> dict[str, Any]:
    """Return the whole state as the game keeps it, as data (the generator by its state)."""
    state = session.state if session.rules is session.game else session.rules.plain_state(session.state)
    assert type(state) is TrickState
    plain = {f.name: to_plain(getattr(state, f.name)) for f in fields(state) if f.name != "rng"}
    plain["rng"] = state.rng.getstate()
    return plain


def both(players: int, options: dict[str, Any], bots: list[str], seed: int) -> tuple[Any, Any]:
    """Play the same game as Python (events on: the kernel never listens) and through the kernel."""
    try:
        game = registry.make_game("trick-taking", players=players, options=options)
    except UserInputError:  # more cards asked for than the deck holds
        assume(False)
    python = play(game, bots, seed, SessionOptions(events=True))
    kernel = play(game, bots, seed, QUIET)
    assert type(python[1].rules) is TrickGame
    assert type(kernel[1].rules).__name__ == "TrickKernel", "the kernel did not run this game"
    return python, kernel


# -- the generator ---------------------------------------------------------------------------------
SEEDS = [0, 1, 5, 2**32 - 1, 2**32, 2**62 + 17, 2**63 - 1, 2**64 - 1, 2**64, 2**130 + 7, -5, 10**40]


def test_the_twister_draws_what_random_random_draws(kernel: Any) -> None:
    module = _fast._state["module"]
    rng = random.Random(99)
    for seed in [*SEEDS, *(rng.getrandbits(63) for _ in range(100))]:
        mine, plain = module.Twister(seed), random.Random(seed)
        assert mine.getstate() == plain.getstate(), seed
        for bits in (1, 5, 31, 32, 33, 64, 100):
            assert mine.getrandbits(bits) == plain.getrandbits(bits)
        assert [mine.random() for _ in range(700)] == [plain.random() for _ in range(700)]  # past a twist
        for n in (1, 2, 3, 7, 52, 2**31, 2**40 + 1):
            assert mine.randrange(n) == plain.randrange(n)
        assert mine.getstate() == plain.getstate()


def test_a_session_s_two_generators_are_random_random_of_its_seeds(kernel: Any) -> None:
    module = _fast._state["module"]
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    rules = _fast.kernel_for(game, registry.seat_makers(["random"] * 4, game)).rules  # type: ignore[union-attr]
    for first in SEEDS:
        for second in (first + 1, 3, 2**40 + 9, 2**200):
            bots, game_rng = module.start(rules, ("random", "greedy"), first, second)
            assert game_rng.getstate() == random.Random(first).getstate()
            assert bots[0].rng is bots[1].rng and bots[0].rng.getstate() == random.Random(second).getstate()


def test_a_generator_moves_between_the_kernel_and_python_through_its_state(kernel: Any) -> None:
    module = _fast._state["module"]
    plain = random.Random(3)
    plain.random()
    mine = module.Twister()
    mine.setstate(plain.getstate())
    assert mine.as_random().getstate() == plain.getstate()
    copy = mine.__copy__()
    assert [copy.random() for _ in range(3)] == [plain.random() for _ in range(3)] != [mine.random() for _ in range(0)]


# -- same games ------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", [c for c in CASES if c[0] == "trick-taking"], ids=lambda c: path_for(c).stem)
def test_the_golden_transcripts_play_the_same_through_the_kernel(kernel: Any, case: tuple[Any, ...]) -> None:
    name, players, options, seed = case
    expected = json.loads(path_for(case).read_text(encoding="utf-8"))
    game = registry.make_game(name, players=players, options=options)
    lines, session = play(game, ["random"] * players, seed, QUIET)
    assert type(session.rules).__name__ == "TrickKernel"
    assert lines == expected


OPTIONS = st.fixed_dictionaries({}, optional={
    "trump": st.sampled_from(["none", "S", "H", "D", "C", "turnup"]),
    "jokers": st.booleans(),
    "scoring": st.sampled_from(["tricks", "hearts", "bid"]),
    "decks": st.sampled_from([1, 2]),
    "hand_size": st.integers(min_value=0, max_value=9),
    "deals": st.integers(min_value=1, max_value=3),
    "rank_order": st.sampled_from(["standard", "ace-ten", "ace-low"]),
    "target": st.sampled_from([0, 5, 12]),
})


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])  # loaded for all of them
@given(players=st.integers(min_value=3, max_value=6), options=OPTIONS, seed=st.integers(min_value=0, max_value=2**63),
       bots=st.lists(st.sampled_from(["random", "greedy"]), min_size=6, max_size=6))
def test_seeded_games_of_every_option_play_the_same_through_the_kernel(
        kernel: Any, players: int, options: dict[str, Any], seed: int, bots: list[str]) -> None:
    (lines, python), (fast_lines, fast) = both(players, options, bots[:players], seed)
    assert fast_lines == lines  # every move, by seat, and the end line with scores and ranks
    assert (fast.scores(), fast.ranks(), fast.moves) == (python.scores(), python.ranks(), python.moves)
    assert state_of(fast) == state_of(python)


@pytest.mark.parametrize(("players", "options", "bots"), [
    (4, {"trump": "turnup", "jokers": True, "deals": 2}, ["greedy", "random", "random", "greedy"]),
    (5, {"scoring": "bid", "trump": "H", "deals": 2}, ["greedy"] * 5),
    (3, {"scoring": "hearts", "decks": 2, "jokers": True, "deals": 1}, ["random"] * 3),
    (6, {"hand_size": 5, "trump": "turnup", "deals": 3}, ["greedy", "random"] * 3),
])
def test_the_state_is_the_same_after_every_move(kernel: Any, players: int, options: dict[str, Any], bots: list[str]) -> None:
    game = registry.make_game("trick-taking", players=players, options=options)
    python = open_session(game, registry.seat_makers(bots, game), seed=31, options=SessionOptions(events=True))
    fast = open_session(game, registry.seat_makers(bots, game), seed=31, options=QUIET)
    assert type(fast.rules).__name__ == "TrickKernel"
    while not python.is_over:
        assert state_of(fast) == state_of(python)
        assert fast.legal_actions() == python.legal_actions()
        python.advance(max_moves=1)
        fast.advance(max_moves=1)
    assert fast.is_over and state_of(fast) == state_of(python)


def test_the_kernel_s_state_reads_as_the_game_s(kernel: Any) -> None:
    game = registry.make_game("trick-taking", players=4, options={"trump": "turnup", "deals": 1})
    python = open_session(game, registry.seat_makers(["random"] * 4, game), seed=8, options=SessionOptions(events=True))
    fast = open_session(game, registry.seat_makers(["random"] * 4, game), seed=8, options=QUIET)
    python.advance(max_moves=6)
    fast.advance(max_moves=6)
    assert fast.table(None) == python.table(None)
    assert fast.view(fast.to_move).data() == python.view(python.to_move).data()  # type: ignore[arg-type]
    illegal = next(a for a in game.trick_tables().plays if a not in fast.legal_actions())
    assert fast.reason(illegal) == python.reason(illegal)
    undo = fast.snapshot()
    fast.advance(max_moves=5)
    fast.restore(undo)
    fast.advance(max_moves=5)
    python.advance(max_moves=5)
    assert state_of(fast) == state_of(python)


# -- only where it provably computes the same ------------------------------------------------------
class OwnWinner(TrickGame):
    """A designer's game: the lowest card takes the trick."""

    name = "own-winner"

    def trick_winner(self, state: TrickState, cards: Any) -> int:
        return min(range(len(cards)), key=lambda i: self.trick_tables().strength[cards[i]])


@dataclass
class TallyState(TrickState):
    """A designer's state with a field of its own."""

    leads: list[int] = kit.seat_values(0)


class Tally(TrickGame):
    """A designer's game that counts each seat's leads in a field of its state."""

    name = "tally"
    State = TallyState

    def apply(self, state: TallyState, action: Any, emit: Any) -> None:  # type: ignore[override]
        if state.phase == "play" and not state.trick:
            state.leads[state.to_move] += 1  # type: ignore[index]
        super().apply(state, action, emit)


def test_a_designer_s_state_with_a_field_of_its_own_works_and_runs_as_python(kernel: Any) -> None:
    game = Tally(players=4, options={"deals": 2})
    lines, session = play(game, ["random"] * 4, 5, QUIET)
    assert session.rules is game, "a designer's subclass must run as Python"
    assert type(session.state) is TallyState
    assert sum(session.state.leads) == 26 and session.is_over  # 13 tricks a deal, each led once
    assert lines[-1].startswith("end scores=")


def test_a_subclass_that_overrides_a_hook_runs_as_python(kernel: Any) -> None:
    game = OwnWinner(players=4, options={"deals": 1})
    _, session = play(game, ["random"] * 4, 5, QUIET)
    assert session.rules is game


def rules_run_by_kernel(game: Any, seats: list[Any]) -> bool:
    """True when the kernel would run the game's rules for these seats (not only stand in for bots)."""
    kernel = _fast.kernel_for(game, seats)
    return kernel is not None and kernel.rules is not None


def test_a_hook_patched_on_the_game_or_its_class_turns_the_kernel_s_rules_off_at_once(
        kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    makers = registry.seat_makers(["random"] * 4, registry.make_game("trick-taking", players=4))
    assert rules_run_by_kernel(registry.make_game("trick-taking", players=4), makers)
    patched = registry.make_game("trick-taking", players=4)
    patched.score_deal = lambda state: [100] * 4  # type: ignore[method-assign]
    assert not rules_run_by_kernel(patched, makers)
    monkeypatch.setattr(TrickGame, "card_points", lambda self, card: 5)
    assert not rules_run_by_kernel(registry.make_game("trick-taking", players=4), makers)


def test_the_kernel_s_rules_run_only_with_its_bots_in_every_seat_and_without_listeners(kernel: Any) -> None:
    game = registry.make_game("trick-taking", players=4)
    assert rules_run_by_kernel(game, registry.seat_makers(["random", "greedy", "random", "greedy"], game))
    # A built-in bot the kernel does not have shares the built-in bots' generator: no kernel at all.
    assert _fast.kernel_for(game, registry.seat_makers(["random", "random", "random", "ismcts:50"], game)) is None
    # A person at the table: the game's own rules, and the kernel's random bots in the other seats.
    with_human = _fast.kernel_for(game, registry.seat_makers(["random", "random", "random", "human"], game))
    assert with_human is not None and with_human.rules is None and with_human.kinds == ("random",) * 3 + (None,)
    made = registry.make_seats(["random"] * 4, game, 3)
    assert _fast.kernel_for(game, made) is None, "bots made elsewhere hold generators of their own"
    watched = open_session(game, registry.seat_makers(["random"] * 4, game), seed=3, options=SessionOptions(events=True))
    assert watched.rules is game and type(watched.seats[0]).__name__ == "RandomBot"


def test_the_kernel_s_random_bot_plays_any_game_as_the_built_in_one(kernel: Any) -> None:
    for name, players in (("draw-poker", 3), ("birdhead", 4), ("euler-getter", 2)):
        game = registry.make_game(name, players=players)
        python, _ = play(game, ["random"] * players, 12, SessionOptions(events=True))
        fast, session = play(game, ["random"] * players, 12, QUIET)
        assert session.rules is game and type(session.seats[0]).__name__ == "RandomKernelBot"
        assert fast == python


def test_pure_python_on_request(kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _fast._state["path"]  # this checkout's build (None), or the fixture's
    monkeypatch.setenv(_fast.OFF, "1")
    try:
        assert _fast.load(folder).kind == "off"
        game = registry.make_game("trick-taking", players=4)
        assert _fast.kernel_for(game, registry.seat_makers(["random"] * 4, game)) is None
        assert "TABLETOP_PURE_PYTHON=1" in _fast.status().line
    finally:
        monkeypatch.delenv(_fast.OFF)
        assert _fast.load(folder).kind == "compiled"


# -- stale builds are told by their content --------------------------------------------------------
def _package_copy(tmp_path: Path) -> Path:
    package = tmp_path / "tabletop"
    for name in build.SOURCES:
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(build.PACKAGE / name, package / name)
    return package


def test_a_build_is_stale_when_a_source_s_content_changes_not_its_time(tmp_path: Path) -> None:
    package = _package_copy(tmp_path)
    built = build.source_hash(package)
    assert built == build.source_hash()
    source = package / "kit" / "trickgame.py"
    source.touch()  # a no-op checkout: a new time, the same content
    assert build.source_hash(package) == built
    source.write_text(source.read_text(encoding="utf-8").replace("MAX_DEALS = 1000", "MAX_DEALS = 999"), encoding="utf-8")
    assert build.source_hash(package) != built


def test_every_command_that_runs_games_says_in_one_line_when_the_build_is_stale(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop import cli

    stale = _fast.Status("stale", "engine: pure Python: the compiled kernel was built from other sources than these"
                                  f" (rebuild: {_fast.REBUILD})")
    monkeypatch.setattr(_fast, "status", lambda: stale)
    assert cli.main(["simulate", "trick-taking", "--games", "3", "--workers", "1", "--quiet"]) == 0
    err = capsys.readouterr().err.splitlines()
    said = [line for line in err if "compiled kernel" in line]
    assert said == ["tabletop: pure Python: the compiled kernel was built from other sources than these"
                    f" (rebuild: {_fast.REBUILD})"]


# -- the gate is literal: decided at each open from what the game is now ---------------------------------
DEALS = {"deals": 2}
BOTS4 = ["random", "greedy", "random", "greedy"]


def same_as_python(game: Any, seed: int) -> tuple[list[str], Session]:
    """Play ``game`` through the quiet opener (the simulator's) and as Python with events on; assert the same
    game; return the quiet one's transcript and session."""
    lines, session = play(game, BOTS4, seed, QUIET)
    python, _ = play(game, BOTS4, seed, SessionOptions(events=True))
    assert lines == python
    return lines, session


def test_a_hook_patched_after_a_first_session_runs_as_python_and_matches_python(
        kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.make_game("trick-taking", players=4, options=DEALS)
    before, first = same_as_python(game, 3)
    assert type(first.rules).__name__ == "TrickKernel"
    monkeypatch.setattr(TrickGame, "card_points", lambda self, card: 5)
    monkeypatch.setattr(TrickGame, "score_deal", lambda self, state: [len(w) * 2 for w in state.won])
    after, second = same_as_python(game, 3)
    assert second.rules is game, "a patched hook must run as Python"
    assert after != before and after[-1].startswith("end scores=")
    monkeypatch.undo()
    _lines, third = same_as_python(game, 3)
    assert type(third.rules).__name__ == "TrickKernel", "the untouched rules run in the kernel again"


def test_a_hook_shadowed_on_the_instance_after_a_first_session_runs_as_python(kernel: Any) -> None:
    game = registry.make_game("trick-taking", players=4, options=DEALS)
    same_as_python(game, 4)
    game.score_deal = lambda state: [100] * 4  # type: ignore[method-assign]
    lines, session = same_as_python(game, 4)
    assert session.rules is game and lines[-1] == "end scores=[200, 200, 200, 200] ranks=[1, 1, 1, 1]"


def test_options_replaced_on_the_instance_after_a_first_session_run_as_python_and_match_python(kernel: Any) -> None:
    game = registry.make_game("trick-taking", players=4, options=DEALS)
    _, first = same_as_python(game, 5)
    assert type(first.rules).__name__ == "TrickKernel"
    game.options = replace(game.options, scoring="hearts", target=3)
    _, session = same_as_python(game, 5)
    assert session.rules is game, "options replaced after the game was made run as Python"
    game.options = replace(game.options, scoring="tricks", target=0)  # as it was made again
    _, again = same_as_python(game, 5)
    assert type(again.rules).__name__ == "TrickKernel"


def test_a_module_level_helper_the_rules_call_patched_runs_as_python_and_matches_python(
        kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.make_game("trick-taking", players=4, options=DEALS)
    same_as_python(game, 6)
    monkeypatch.setattr(trickgame, "winning_index", lambda cards, trump, strength: len(cards) - 1)
    lines, session = same_as_python(game, 6)
    assert session.rules is game, "a patched helper must run as Python"
    # The last card played takes every trick: the seat to the leader's right takes them all in turn.
    assert lines[-1].startswith("end scores=")


def test_a_bot_patched_after_a_first_session_is_made_the_python_way(
        kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.make_game("trick-taking", players=4, options=DEALS)
    same_as_python(game, 7)
    monkeypatch.setattr(RandomBot, "choose", lambda self, view: view.legal[-1])
    _, session = same_as_python(game, 7)
    assert not any(type(seat).__name__.endswith("KernelBot") for seat in session.seats)


# -- the stale-build hash covers every file whose code the kernel restates ---------------------------------
def test_every_file_whose_code_the_kernel_restates_is_in_the_build_s_hash() -> None:
    restated = set()
    for cls, hooks in ((TrickGame, gate.HOOKS), (RandomBot, gate.BOT_HOOKS), (GreedyTrickBot, gate.BOT_HOOKS)):
        watch = gate.Watch(cls, hooks)
        assert watch.problem is None, watch.problem
        restated |= watch.files()
    # The ranking (engine/game.py), the kit's deal and trick loop, and the rules' helpers among them.
    assert {"engine/game.py", "kit/game.py", "kit/trickgame.py", "kit/tricks.py", "engine/rng.py"} <= restated
    assert restated <= set(build.SOURCES)


@pytest.mark.parametrize("left_out", ["engine/game.py", "kit/tricks.py", "bots/base.py"])
def test_a_file_left_out_of_the_hash_turns_the_kernel_off(
        kernel: Any, monkeypatch: pytest.MonkeyPatch, left_out: str) -> None:
    monkeypatch.setattr(build, "SOURCES", tuple(f for f in build.SOURCES if f != left_out))
    game = registry.make_game("trick-taking", players=4, options=DEALS)
    if left_out.startswith("bots/"):
        watch = gate.Watch(RandomBot, gate.BOT_HOOKS)
    else:
        watch = gate.Watch(TrickGame, gate.HOOKS)
    assert watch.problem is not None and left_out in watch.problem
    found = _fast.kernel_for(game, registry.seat_makers(["random"] * 4, game))
    assert found is None or found.rules is None


def test_the_kernel_s_check_of_the_watched_names_is_the_gate_s(kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    module = _fast._state["module"]
    watches = [gate.Watch(TrickGame, gate.HOOKS), gate.Watch(GreedyTrickBot, gate.BOT_HOOKS)]
    assert all(module.holds(w.checks) is gate.holds(w.checks) is True for w in watches)
    for patch in (lambda: monkeypatch.setattr(TrickGame, "card_points", lambda self, card: 0),
                  lambda: monkeypatch.setattr(kit.TrickGame, "trick_winner", lambda self, state, cards: 0),
                  lambda: monkeypatch.setattr(trickgame, "follow_cards", lambda hand, led, trump: hand),
                  lambda: monkeypatch.setattr(kit.KitGame, "next_seat", lambda self, seat: seat),
                  lambda: monkeypatch.delattr(TrickGame, "card_points")):
        patch()
        assert [module.holds(w.checks) for w in watches[:1]] == [gate.holds(w.checks) for w in watches[:1]] == [False]
        monkeypatch.undo()
        assert module.holds(watches[0].checks) is gate.holds(watches[0].checks) is True


def test_simulate_runs_the_built_in_trick_game_with_its_bots_in_the_kernel(
        kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tabletop.sim.run.runner import SimConfig, simulate

    ran: list[str] = []
    start = _fast.Kernel.start

    def counted(self: _fast.Kernel, seeds: Any, seats: Any) -> Any:
        ran.append("rules" if self.rules is not None else "bots")
        return start(self, seeds, seats)

    monkeypatch.setattr(_fast.Kernel, "start", counted)
    config = SimConfig(game="trick-taking", players=4, bots=("random", "greedy") * 2, seed=3, games=5,
                       options={"deals": 1})
    rows = list(simulate(config))
    assert len(rows) == 5 and ran == ["rules"] * 5
