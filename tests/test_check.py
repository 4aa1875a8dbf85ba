"""``tabletop check``: the conformance suite passes on every built-in game and template, and names the problem
of a game that leaks a hidden card, gets stuck, never ends, depends on more than its seed, crashes or hangs.

The same suite once ran here on built-ins only (OpenSpiel's games_sim_test); it now runs through
the command a designer runs, on any game.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.engine.cards import parse_cards
from tabletop.engine.errors import GameBroken
from tabletop.engine.snapshot import renamed
from tabletop.engine.zones import OWNER, Zone, items
from tabletop.plugins import discovery as plugins
from tabletop.plugins import registry
from tabletop.scaffold import create_game, next_steps
from tabletop.scaffold.templates import TEMPLATES
from tabletop.sim.check import privacy
from tabletop.sim.check.cases import Case, plan
from tabletop.sim.check.playthrough import PlayThrough
from tabletop.sim.check.run import run_check
from tests.check_fixtures import BROKEN, PASS_LEFT, write_pass_left
from tests.plugin_fixtures import clean_registry
from tests.sessions import open_game

__all__ = ["clean_registry"]

BUILT_IN = [e.name for e in registry.game_entries() if e.source == "built-in"]
LONG = ("trick-taking", "draw-poker", "trick")
"""Games whose plan holds a thousand deals (the bound of their ``deals``): seconds of checking, marked slow."""


def marked(names: list[str]) -> list[object]:
    """Return ``names`` as parameters, the long ones marked slow."""
    return [pytest.param(n, marks=pytest.mark.slow) if n in LONG else n for n in names]
LINE = re.compile(r"^(?P<game>[a-z0-9-]+): seed (?P<seed>\d+) \((?P<case>[^)]*)\), (?:the deal|move (?P<move>\d+))?:? ?"
                  r"(?P<kind>[a-z]+): (?P<problem>.*) -- replay: tabletop (?:--games-dir \S+ )?play (?P=game)"
                  r" --players \d+ --seed (?P=seed) --seats random")


def check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    """Run ``tabletop check`` and return its exit status and output lines."""
    code = main(["check", *args, "--workers", "1", "--quiet", "--game-timeout", "1800"])
    return code, capsys.readouterr().out.splitlines()


# -- it passes where it should ----------------------------------------------------------------------
@pytest.mark.parametrize("name", marked(BUILT_IN))
def test_check_passes_on_every_built_in_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = check(capsys, name, "--games", "1")
    assert code == 0, "\n".join(out)
    assert out[-1].startswith(f"{name}: passed: ")
    cls = registry.game_class(name)
    cases, _refused = plan(cls)
    assert f"({len(cases)} cases: " in out[-1]
    worlds = int(re.search(r"; ([\d,]+) moves? played again where hidden", out[-1])[1].replace(",", ""))  # type: ignore[index]
    # A game with hidden cards has its moves played again in renamed worlds (Euler Getter hides nothing).
    assert (worlds > 0) == (name != "euler-getter"), out[-1]


@pytest.mark.parametrize(("name", "players", "options"), [
    ("trick-taking", 4, {"trump": "turnup", "hand_size": 8, "scoring": "bid", "deals": 2}),
    ("trick-taking", 5, {"trump": "turnup", "jokers": True, "decks": 2, "scoring": "hearts", "deals": 1}),
    ("draw-poker", 1, {"deals": 2}),
])
def test_check_passes_on_option_combinations(name: str, players: int, options: dict[str, object]) -> None:
    result = run_check(name, games=3, games_per_value=3, cases=[Case(players, options)])
    assert result.ok, [f.line() for f in result.found]
    assert result.games == 3
    assert result.worlds > 0, "no move was played again in a renamed world: the event check tested nothing"


@pytest.mark.parametrize("template", marked(list(TEMPLATES)))
def test_check_passes_on_every_template(template: str, tmp_path: Path, clean_registry: None,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    name = f"my-{template}"
    create_game(name, games, template=template)
    plugins.discover(games)
    code = main(["--games-dir", str(games), "check", name, "--games", "1", "--workers", "1", "--quiet", "--game-timeout", "1800"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0, "\n".join(out)
    assert out[-1].startswith(f"{name}: passed: ")


@pytest.mark.parametrize("template", list(TEMPLATES))
def test_every_template_tells_designers_to_run_the_check(template: str, tmp_path: Path, clean_registry: None) -> None:
    folder = create_game("my-game", tmp_path / "games", template=template)
    said = [p for p in folder.rglob("*") if p.is_file() and "tabletop check my-game" in p.read_text(errors="replace")]
    assert said, f"no file of the {template} template says: tabletop check my-game"
    assert "tabletop check my-game" in next_steps("my-game", folder, template)


def test_check_passes_on_a_sound_folder_game_and_tests_its_hidden_cards(tmp_path: Path, clean_registry: None) -> None:
    write_pass_left(tmp_path / "games", "pass-left")
    plugins.discover(tmp_path / "games")
    result = run_check("pass-left", games=6, games_dir=tmp_path / "games")
    assert result.ok, [f.line() for f in result.found]
    assert result.games == 6 and result.moves == 6 * 15
    assert result.worlds > 6, "the passes and plays were not played again in renamed worlds"


# -- it fails, naming the problem, where it should ----------------------------------------------------
EXPECTED = {
    "leaky-row": ("leak", "side-panel row 'Passed' reads"),
    "leaky-note": ("leak", "is shown the log line of event 'Seat "),
    "dead-end": ("stuck", "has no legal action, and the game is not over"),
    "endless": ("endless", "the game has not ended after 300 moves"),
    "module-random": ("seed", "with the module-level random seeded otherwise, the game went another way"),
    "shuffled-legal": ("seed", "the game went another way"),  # told as a seed problem alone, no leak
    "clock": ("seed", "played again from its seed"),
    "hash-order": ("seed", "played again in another process (PYTHONHASHSEED="),
    "crash": ("crash", "apply: raised ZeroDivisionError"),
    "hang": ("hang", "did not return within 3 s"),
}


@pytest.mark.parametrize("fixture", list(BROKEN))
def test_check_fails_naming_the_problem_the_seed_and_the_move(fixture: str, tmp_path: Path, clean_registry: None,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    write_pass_left(games, fixture, fixture)
    plugins.discover(games)
    games_each = "2" if fixture == "hang" else "4"  # each hanging game costs its --game-timeout
    # Only the hang needs the timer: every other game meets its move cap or its end first, however busy the
    # machine (the timer is then a safety net; the verdict never depends on how fast the game went). The hang
    # spins a core until the timer stops it, so its timer is short: wherever the timer finds the game (in the
    # loop, or in a first move slowed by a busy machine), the verdict is the same hang at a named move.
    timeout = "3" if fixture == "hang" else "900"
    code = main(["--games-dir", str(games), "check", fixture, "--games", games_each, "--max-moves", "300",
                 "--game-timeout", timeout, "--workers", "1", "--quiet"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1, "\n".join(out)
    kind, words = EXPECTED[fixture]
    failures = [m for m in map(LINE.match, out) if m]
    assert failures, "\n".join(out)
    assert all(m["kind"] == kind for m in failures), "\n".join(out)
    assert any(words in m["problem"] for m in failures), "\n".join(out)
    if kind not in ("seed",):
        assert all(m["move"] for m in failures), "a failure at a move names it"
    assert out[-1].startswith(f"{fixture}: FAILED: ") and f"({kind})" in out[-1]


def test_the_replay_command_of_a_failure_plays_the_very_game_that_failed(tmp_path: Path, clean_registry: None) -> None:
    games = tmp_path / "games"
    write_pass_left(games, "crash", "crash")
    plugins.discover(games)
    registry.examine("crash")
    found = run_check("crash", games=3, games_dir=games, other_process=False).found
    assert found
    for item in found:
        assert item.command().startswith(f"tabletop play crash --players 3 --seed {item.seed} --seats random")
        # What tabletop play does with that command line: the seats it names, the session it deals.
        game = registry.make_game("crash", players=3)
        session = open_game(game, registry.expand_seats("random", 3),
                            seed=item.seed)
        with pytest.raises(GameBroken, match=f"at move {item.failure.move}:"):
            session.run()


def test_a_game_broken_by_its_test_game_is_listed_broken_and_can_still_be_checked(
        tmp_path: Path, clean_registry: None, capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games"
    write_pass_left(games, "dead-end", "dead-end")
    plugins.discover(games)
    assert registry.game_entry("dead-end").is_broken
    with pytest.raises(Exception, match="is broken"):
        registry.make_game("dead-end")
    code = main(["--games-dir", str(games), "check", "dead-end", "--games", "2", "--workers", "1", "--quiet"])
    assert code == 1 and "stuck:" in capsys.readouterr().out


# -- checks the fixtures above do not reach ----------------------------------------------------------
def pass_left(body: str) -> type:
    """Return Pass Left with ``body`` added to a subclass, registered in this process as ``x-game``."""
    namespace: dict[str, object] = {}
    exec(PASS_LEFT.replace('"NAME"', "'x-game'") + body, namespace)  # noqa: S102 - the test's own source
    cls = namespace["Game1"]
    registry.register_game(cls)  # type: ignore[arg-type]
    return cls  # type: ignore[return-value]


def problems(cls: type, seeds: int = 4) -> dict[str, str]:
    """Return the first problem of each kind a check of ``cls`` finds in ``seeds`` games."""
    found: dict[str, str] = {}
    for seed in range(1, seeds + 1):
        for failure in PlayThrough(cls(), seed).run().failures:
            found.setdefault(failure.kind, failure.problem)
    return found


@pytest.mark.parametrize(("body", "kind", "words"), [
    ("""
class Game1(PassLeft):
    def table(self, state, seat):  # shows every hand to everyone
        return super().table(state, None if seat is not None and seat >= 0 else seat)
""", "views", "where the zone declares a hidden card"),
    ("""
class Game1(PassLeft):
    def clone_state(self, state, rng=None):  # shares the scores with the original
        new = super().clone_state(state, rng)
        new.scores = state.scores
        return new
""", "replay", "clone_state"),
    ("""
class Game1(PassLeft):
    def ranks(self, state):  # the fewest hearts ranked first, though scores count up
        from tabletop.engine.game import competition_ranks
        return competition_ranks(state.scores, lower_is_better=True)
""", "scores", "is lower_is_better set right?"),
    ("""
class Game1(PassLeft):
    def scores(self, state):  # the table shows these every move
        return [str(points) for points in state.scores]
""", "scores", "scores: returned ['0', '0', '0']: return a list of one number per seat"),
    ("""
class Game1(PassLeft):
    def legal_actions(self, state):
        return [Action(a.kind, a.cards, zone="nowhere") for a in super().legal_actions(state)]
""", "legal", "names zone 'nowhere', which the game does not declare"),
    ("""
class Game1(PassLeft):
    def tell(self, state, seat, card, emit):
        emit(Note("passed", shown=(), hold=""))
        from tabletop.engine.events import Moved
        emit(Moved((Move(hand_id(seat), "limbo", backs=1),)))
""", "zones", "to zone 'limbo', which the game does not declare"),
    ("""
class Game1(PassLeft):
    def apply(self, state, action, emit):
        emit(Note("a move"))  # forgets that nobody may be listening (emit None, as in simulate)
        super().apply(state, action, emit)
""", "seed", "with no views or events asked (as in tabletop simulate), it failed in apply: raised TypeError"),
    ("""
class Game1(PassLeft):
    def observe(self, state, seat):
        return {"passed": [c.id for passed in state.passed for c in passed]}
""", "leak", "observation 'passed'"),
    ("""
class Game1(PassLeft):
    def status(self, state, seat):
        return len(state.hands[seat])  # a count, where the table wants a line of text (or None)
""", "hooks", "(int), not a str, or None for the table's default line"),
    ("""
class Game1(PassLeft):
    def info(self, state, seat):
        return "passing left"  # one text, where the table wants rows
""", "hooks", "info(state, 0) returned 'passing left' (str), not a sequence of InfoRow values"),
])
def test_check_names_what_else_can_break(body: str, kind: str, words: str, clean_registry: None) -> None:
    found = problems(pass_left(body))
    assert kind in found, found
    assert words in found[kind], found[kind]


def test_a_leak_is_found_in_a_deck_with_copies_of_its_cards(clean_registry: None) -> None:
    found = problems(pass_left("DECK.extend(list(DECK))  # two of each card\n" + BROKEN["leaky-note"]))
    assert "passes a" in found.get("leak", ""), found


# -- the parts ----------------------------------------------------------------------------------------
def test_a_seat_is_shown_cards_only_where_it_may_see_them() -> None:
    ace, king = parse_cards("AS KH")
    zones = {"hand:0": Zone("hand:0", owner=0, visibility=OWNER, items=items([ace])),
             "hand:1": Zone("hand:1", owner=1, visibility=OWNER)}
    from tabletop.engine.zones import Move

    passed = Move("hand:0", "hand:1", (ace,), seat=0)
    assert privacy.seen_move(passed, 1, zones)[2] == (ace,)  # it lands in seat 2's hand: seat 2 sees it
    assert privacy.seen_move(passed, 2, zones)[2] == ()  # seat 3 sees a card go by, face down
    assert privacy.seen_move(passed._replace(face_up=False), 1, zones)[2] == ()
    assert privacy.seen_move(Move("hand:1", "hand:1", (king,)), 2, zones)[2] == (king,)  # a reveal, for all


def test_a_world_becomes_a_renaming_that_keeps_what_the_seat_has_seen() -> None:
    a, b, c, d = parse_cards("AS KH QD JC")
    real = [Zone("hand:0", owner=0, visibility=OWNER, items=items([a])),
            Zone("hand:1", owner=1, visibility=OWNER, items=items([b, c])),
            Zone("deck", visibility="nobody", items=items([d]))]
    world = [real[0], Zone("hand:1", owner=1, visibility=OWNER, items=items([d, b])),
             Zone("deck", visibility="nobody", items=items([c]))]
    assert privacy.swap_for(real, world, 0, known={a}) == {b: d, c: b, d: c}
    # Seat 1 once saw the queen: it keeps its name, and the chain goes around it.
    assert privacy.swap_for(real, world, 0, known={a, c}) == {b: d, d: b}
    assert privacy.swap_for(real, world[:2], 0, known=set()) is None  # not the same zones


def test_with_copies_only_cards_wholly_hidden_and_never_seen_are_renamed() -> None:
    a, b, c, d = parse_cards("AS KH QD JC")
    zones = [Zone("hand:0", owner=0, visibility=OWNER, items=items([a, b])),
             Zone("hand:1", owner=1, visibility=OWNER, items=items([b, c, c, d, d])),
             Zone("deck", visibility="nobody", items=items([a, c, d]))]
    for k in range(20):
        swap = privacy.shuffled_swap(zones, 0, {a, b}, random.Random(k))
        assert set(swap) <= {c, d} and sorted(map(str, swap.values())) == sorted(map(str, swap))
    assert any(privacy.shuffled_swap(zones, 0, {a, b}, random.Random(k)) for k in range(20))
    assert privacy.shuffled_swap(zones, 0, {a, b, c}, random.Random(1)) == {}  # d alone: nothing to swap with


def test_a_renamed_state_renames_every_card_and_action_and_shares_nothing_it_renamed() -> None:
    game = registry.make_game("trick-taking", players=4, options={"deals": 1})
    state = open_game(game, seed=5).state
    hand = list(state.hands[1])
    other = list(state.hands[2])
    swap = {x: y for x, y in zip(hand, other, strict=True)} | {y: x for x, y in zip(hand, other, strict=True)}
    world = renamed(state, swap)
    assert world.hands[1] == other and world.hands[2] == hand
    assert world.plays[1] == [game.play_action(c) for c in other]  # the plays kept beside the hands too
    assert state.hands[1] == hand  # the real state is untouched
    assert world.rng is not state.rng and world.rng.getstate() == state.rng.getstate()
    assert world.hands[0] == state.hands[0] and world.hands[0] is not state.hands[0]


def test_cases_play_every_seat_count_and_each_option_value_once() -> None:
    cls = registry.game_class("trick-taking")
    cases, refused = plan(cls)
    assert [c.players for c in cases if not c.options] == [3, 4, 5, 6]
    tried = {(k, v) for c in cases for k, v in c.options.items()}
    for value in ("S", "H", "D", "C", "turnup"):
        assert ("trump", value) in tried
    assert {("scoring", "hearts"), ("scoring", "bid"), ("jokers", True), ("decks", 2), ("deals", 1000)} <= tried
    assert all(len(c.options) <= 1 for c in cases), "not the cross product: one option at a time"
    assert any(line.startswith("hand_size=54") for line in refused)


def test_a_check_is_the_same_from_the_same_seed() -> None:
    first = run_check("birdhead", games=2, cases=[Case(4)], other_process=False)
    again = run_check("birdhead", games=2, cases=[Case(4)], other_process=False)
    assert first.ok and (first.moves, first.worlds) == (again.moves, again.worlds)


def test_the_module_random_is_left_as_it_was() -> None:
    random.seed(99)
    expected = random.random()
    random.seed(99)
    run_check("euler-getter", games=1, cases=[Case(2)], other_process=False)
    assert random.random() == expected
