"""Playtest sessions at the table, through real pygame events: undo, pause and step, god view, hot-seat, fair play."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from tabletop.plugins import registry, reserved
from tabletop.plugins.replays import replay
from tabletop.ui.app import PlaySettings, Table
from tabletop.ui.screens.start import StartForm
from tests.ui.helpers import card_point, click, press, pump_until


def table_of(app, seats: list[str], *, seed: int = 5, undo: str = "", **options: object) -> Table:
    settings = PlaySettings("trick-taking", len(seats), seats, seed, {"deals": 1, **options}, None, "instant", undo)
    return Table(app, settings)


def play_first_legal(table: Table) -> None:
    """Click the bottom seat's first legal card."""
    action = table.director.legal()[0]
    click(card_point(table, action.card))
    table.step()


def records(table: Table) -> list[dict]:
    assert table.log is not None and table.log.path is not None
    return [json.loads(line) for line in Path(table.log.path).read_text().splitlines()]


def test_u_takes_back_your_last_move_and_the_bots_after_it(app) -> None:
    table = table_of(app, ["human", "random", "random", "random"])
    d, session = table.director, table.session
    pump_until(table, lambda: d.accepts_input)
    play_first_legal(table)
    pump_until(table, lambda: d.accepts_input)
    before = session.game.snapshot(session.state)
    moves = session.moves
    play_first_legal(table)
    pump_until(table, lambda: session.moves > moves + 1)  # a bot has played after us
    press(pygame.K_u)
    table.step()
    assert session.moves == moves and d.accepts_input
    assert session.game.snapshot(session.state) == before
    assert records(table)[-1] == {"type": "undo", "to": moves}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, unicode="z", mod=pygame.KMOD_CTRL,
                                         scancode=0))
    table.step()
    assert session.moves < moves, "Ctrl+Z undoes too (here, further back)"
    table.close()
    assert replay(Path(table.log.path), allow_incomplete=True).undos == 2


def test_pause_and_step_watch_a_bot_game_one_move_at_a_time(app) -> None:
    table = table_of(app, ["random"] * 4)
    d, session = table.director, table.session
    pump_until(table, lambda: session.moves >= 3)
    press(pygame.K_p)
    for _ in range(30):
        table.step()
    paused_at = session.moves
    for _ in range(30):
        table.step()
    assert session.moves == paused_at and d.paused
    press(pygame.K_n)
    for _ in range(30):
        table.step()
    assert session.moves == paused_at + 1
    step = next(b for b in table.scene.buttons() if b.command == "step")
    click(step.rect.center)
    for _ in range(30):
        table.step()
    assert session.moves == paused_at + 2
    press(pygame.K_p)
    pump_until(table, lambda: session.moves > paused_at + 4)
    table.close()


def test_designer_undo_of_a_bot_game_pauses_there_and_the_bots_decide_the_same_again(app) -> None:
    table = table_of(app, ["random"] * 4, undo="designer")
    d, session = table.director, table.session
    pump_until(table, lambda: session.moves >= 10)
    d.toggle_pause()
    line = [step.action for step in d.timeline.steps]
    press(pygame.K_u)
    press(pygame.K_u)
    table.step()
    back = session.moves
    assert back < len(line) and d.paused
    d.toggle_pause()
    pump_until(table, lambda: session.moves >= len(line))
    assert [step.action for step in d.timeline.steps][:len(line)] == line
    table.close()


def test_god_view_opens_every_hand_and_fair_mode_refuses_it(app) -> None:
    table = table_of(app, ["human", "random", "random", "random"])
    d = table.director
    pump_until(table, lambda: d.accepts_input)
    assert not d.board.zone("hand:1").cards
    press(pygame.K_g)
    table.step()
    assert d.view == "all" and len(d.board.zone("hand:1").cards) == 13
    assert d.accepts_input, "the designer still plays seat 1 in god view"
    play_first_legal(table)
    table.close()
    fair = table_of(app, ["human", "random", "random", "random"], undo="fair")
    pump_until(fair, lambda: fair.director.accepts_input)
    press(pygame.K_g)
    fair.step()
    assert fair.director.view == "seat" and "No god view" in fair.scene.status()[0]
    fair.close()


def test_a_fair_game_shows_no_seed_until_it_ends_and_refuses_an_undo_after_cards_were_shown(app, tmp_path) -> None:
    secret = Table(app, PlaySettings("trick-taking", 4, ["human"] + ["random"] * 3, None, {}, None, "instant", "fair"))
    assert secret.seed >= 2**40, "a fair game's own seed is too large to find by trying them all"
    secret.close()
    table = Table(app, PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 987654321,
                                    {"deals": 1}, None, "instant", "fair"))
    d, session = table.director, table.session
    seed = str(table.seed)
    assert seed not in pygame.display.get_caption()[0] and table.game_id in pygame.display.get_caption()[0]
    assert not any(seed in line for line in table.scene.log)
    pump_until(table, lambda: d.accepts_input)
    play_first_legal(table)
    pump_until(table, lambda: d.accepts_input)
    written = Path(table.log.path).read_text()
    assert seed not in written and seed not in table.log.path.name
    assert d.timeline.revealed_since(0, d.timeline.last_move_of(0)), "the bots played cards since"
    moves = session.moves
    press(pygame.K_u)
    table.step()
    assert session.moves == moves and "Cannot undo" in table.scene.status()[0]
    while not session.is_over:
        pump_until(table, lambda: d.accepts_input or session.is_over)
        if not session.is_over:
            play_first_legal(table)
    pump_until(table, lambda: d.pause is not None and d.pause.kind == "game")
    assert seed in pygame.display.get_caption()[0] and any(seed in line for line in table.scene.log)
    table.close()
    end, closed = (json.loads(line) for line in Path(table.log.path).read_text().splitlines()[-2:])
    assert end["seed"] == table.seed and closed == {**closed, "type": "closed", "how": "finished"}


def test_two_humans_play_a_whole_deal_by_clicks_with_a_privacy_screen_between_them(app) -> None:
    table = table_of(app, ["human", "random", "human", "random"], undo="off")
    d, session = table.director, table.session
    screens, plays, last, screened = 0, {0: 0, 2: 0}, None, False
    while not session.is_over:
        pump_until(table, lambda: d.accepts_input or d.handoff is not None or session.is_over)
        if session.is_over:
            break
        if d.handoff is not None:
            table.step()
            assert table.scene.hits == [], "the privacy screen shows nothing of the table"
            button = table.scene.buttons()
            assert [b.command for b in button] == ["take_seat"]
            screens += 1
            screened = True
            click(button[0].rect.center)
            table.step()
            continue
        seat = d.seat
        assert seat == session.to_move
        assert screened or seat == last, "between two different humans' turns the table was hidden"
        hand = d.board.hand()
        assert hand is not None and hand.owner == seat and len(hand.cards) == hand.count, "the mover's hand is open"
        other = d.board.zone(f"hand:{2 - seat}")
        assert other is not None and not other.cards, "the other human's hand stays hidden"
        play_first_legal(table)
        plays[seat] += 1
        last, screened = seat, False
    assert plays == {0: 13, 2: 13}
    assert screens >= 10
    table.close()


def test_the_start_screen_lets_any_seat_be_human_and_picks_the_undo_mode() -> None:
    form = StartForm(PlaySettings("trick-taking", 4))
    form.seats = [reserved.HUMAN, "random", "random", "random"]
    kinds = [reserved.HUMAN, *form.bots]
    form.cycle_seat(2, kinds.index(reserved.HUMAN) - kinds.index("random"))
    assert form.seats.count(reserved.HUMAN) == 2
    form.cycle_undo(1)
    result = form.result()
    assert result is not None and result.seats.count(reserved.HUMAN) == 2 and result.undo in ("designer", "fair", "off")


def test_a_window_game_with_bots_is_the_simulators_game_for_the_same_seed(app, tmp_path) -> None:
    from tabletop.sim.run.runner import SimConfig, play_games

    bots = ("greedy", "random", "random", "greedy")
    config = SimConfig("trick-taking", 4, bots, seed=3, games=2, options={"deals": 1})
    for result in play_games(config, 1, 3):
        table = Table(app, PlaySettings("trick-taking", 4, list(bots), result.seed, {"deals": 1}, None, "instant"))
        pump_until(table, lambda t=table: t.session.is_over)
        assert tuple(table.session.scores()) == result.scores
        table.close()


def test_a_finished_game_opens_in_the_replay_viewer_from_the_end_box(app) -> None:
    from tabletop.ui.screens.replay import ReplayTable

    table = table_of(app, ["random"] * 4)
    d = table.director
    pump_until(table, lambda: d.pause is not None and d.pause.kind == "game")
    button = next(b for b in table.scene.buttons() if b.command == "replay")
    click(button.rect.center)
    assert table.step() == "replay"
    table.close()
    viewer = ReplayTable(app, Path(table.log.path))
    assert len(viewer.director.line or []) == table.session.moves
    viewer.close()


def test_a_fair_games_sealed_log_alone_cannot_be_watched(tmp_path, capsys) -> None:
    from tabletop.cli import main
    from tabletop.formats.log import GameLog

    game = registry.make_game("trick-taking", players=4)
    path = tmp_path / "fair.jsonl"
    GameLog.create(path, game=game, seat_names=["human"] * 4, seed=99, fair=True).close()
    assert main(["watch", str(path)]) == 2
    err = capsys.readouterr().err
    assert "stays sealed until the game ends" in err and "fair.jsonl.public" in err and len(err.splitlines()) == 1
