"""Regenerate the evidence screenshots in tests/screenshots/ (run by hand, not by pytest).

``SDL_VIDEODRIVER=dummy .venv/bin/python tests/make_screenshots.py [OUT_DIR]``: the frames of the
layout audit (:mod:`tests.ui.audit_states`) worth looking at, saved whole: every built-in game and a
game made from each template (``tabletop new --template market|trick``) in its most crowded moment
at 1280x720, the ends of hands (the poker showdown, the end-of-deal box beside the table, the final
board, a market's last scores), god view, a spectator's replay, Japanese, the help; the busiest at
1920x1080 and at 1024x640, and one at 3840x2160; a card shown large where the mouse rests; the
start screen offering a designer's game with its own art folder. Each frame passed the audit; one
that did not is named on the way and the script fails. Also: a scaffolded sandbox at 1280x720 and
1920x1080 with a card dragged and a pile's menu open, a folder holding only a deck, a bot's card in
flight onto a sandbox's draw pile, and the playtest
review (notes, hints, Play from here); the faces-demo deck's composed faces (``--only faces``);
``--only review`` makes the review's alone. Old PNGs in the
folder are removed first (not with ``--only``); ``--only scenario``
makes the scenario starts alone (a market and a trick game from a position); ``--only feedback`` the
designer's questions after a game (each page, one person at 1280x720, hot-seat at 1920x1080).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.plugins import discovery  # noqa: E402
from tabletop.scaffold import create_game  # noqa: E402
from tabletop.ui.app import App, PlaySettings, Table  # noqa: E402
from tabletop.ui.layout import Rect, text_floor  # noqa: E402
from tabletop.ui.paint.audit import problems  # noqa: E402
from tabletop.ui.scene.table import PEEK_SECONDS  # noqa: E402
from tabletop.ui.screens.start import StartScreen  # noqa: E402
from tests.ui.audit_states import Driver, Frame, audited, richest, states  # noqa: E402
from tests.ui.helpers import card_point  # noqa: E402

OUT = Path(__file__).resolve().parent / "screenshots"
FACES_DEMO = Path(__file__).resolve().parent / "fixtures" / "faces" / "faces-demo"
HD, FULL_HD, SMALL, UHD = (1280, 720), (1920, 1080), (1024, 640), (3840, 2160)

PLAN: list[tuple[str, int, dict[str, object], dict[str, tuple[tuple[int, int], ...]]]] = [
    ("trick-taking", 4, {"deals": 2}, {"crowded": (HD, FULL_HD), "deal-end": (HD,), "god-view": (HD,),
                                       "help": (HD,)}),
    ("trick-taking", 3, {"deals": 1, "scoring": "bid", "trump": "turnup"}, {"first-move": (SMALL, HD)}),
    ("birdhead", 4, {"target": 12}, {"crowded": (HD,), "held": (HD,), "deal-end": (HD,)}),
    ("draw-poker", 4, {"deals": 1}, {"crowded": (HD,), "held": (HD, FULL_HD)}),
    ("euler-getter", 2, {}, {"crowded": (HD,), "game-over": (HD, FULL_HD)}),
    ("my-market", 4, {"market": 8, "hand": 10, "reshuffles": 2},
     {"crowded": (SMALL, HD, FULL_HD), "game-over": (HD,), "japanese": (HD,), "replay-spectator": (HD,)}),
    ("my-tricks", 4, {"deals": 1}, {"crowded": (HD,), "held": (HD,)}),
]
"""Each game, its seats and options, and which of its audited states to keep at which sizes."""
Pick = Callable[[tuple[Action, ...]], Action]


def save(surface: pygame.Surface, path: Path, full: bool = True) -> None:
    """Save ``surface`` as a PNG at ``path`` (whole: the point is to read it at its size)."""
    del full
    pygame.image.save(surface, str(path))
    print(path)


def play_until(table: Table, done: Callable[[], bool], pick: Pick = richest, frames: int = 6000) -> bool:
    """Step frames, the human choosing ``pick(legal)``, until ``done()``; return whether it got there."""
    d = table.director
    for _ in range(frames):
        table.step()
        if done():
            return True
        if d.accepts_input:
            d.submit(pick(d.legal()), 0.0)
        if d.session.is_over and d.pause is None:
            return False
    return False




def keep(frame: Frame, out: Path, name: str) -> None:
    """Save an audited frame, or stop when it broke a layout rule."""
    if frame.problems:
        raise SystemExit(f"{frame.name} breaks the layout rules:\n" + "\n".join(frame.problems))
    save(frame.surface, out / name)


def game_shots(app: App, out: Path) -> None:
    """The planned states of every game."""
    for game, players, options, wanted in PLAN:
        sizes = tuple(sorted({s for sizes in wanted.values() for s in sizes}))
        for frame in states(Driver(app, game, players, options, sizes=sizes)):
            if frame.size in wanted.get(frame.state, ()):
                label = f"{game}-{players}p" if game == "trick-taking" and players == 3 else game
                keep(frame, out, f"{label}-{frame.state}-{frame.size[0]}x{frame.size[1]}.png")


def peek_shot(app: App, out: Path) -> None:
    """A market card shown large beside the cursor, the mouse resting on it."""
    driver = Driver(app, "my-market", 4, {"market": 8}, sizes=(HD,))
    d = driver.director
    driver.go_until(lambda: d.accepts_input and d.session.moves >= 6)
    driver.draw("look")
    scene = driver.table.scene
    market = next(z for z in d.board.zones() if z.hint == "row" and z.owner is None)
    card = scene.drawn[(market.id, 2)]
    scene.mouse = (card.x + card.w // 3, card.y + card.h // 3)
    for _ in range(2):
        scene.update(driver.now)
        driver.now += PEEK_SECONDS + 0.05
    keep(audited(driver.table, "my-market", "peek", HD), out, "my-market-card-shown-large-1280x720.png")
    driver.close()


def uhd_shot(app: App, out: Path) -> None:
    """Five-seat trick-taking at 3840x2160, mid-deal."""
    driver = Driver(app, "trick-taking", 5, {"trump": "turnup"}, sizes=(UHD,))
    d = driver.director
    driver.go_until(lambda: d.accepts_input and d.session.moves >= 9)
    keep(audited(driver.table, "trick-taking", "uhd", UHD), out, "trick-taking-5p-3840x2160.png")
    driver.close()


def start_shots(out: Path) -> None:
    """The start screen with a designer's game selected: its own art folder offered."""
    for size in (HD, FULL_HD):
        app = App(size)
        screen = StartScreen(app, PlaySettings(game="my-market", seed=1234))
        screen.step()
        found = problems(app.text.ink.marks, Rect(0, 0, *size), floor=text_floor(size))
        if found:
            raise SystemExit("the start screen breaks the layout rules:\n" + "\n".join(found))
        save(app.window.surface, out / f"start-screen-{size[0]}x{size[1]}.png")
        app.close()


def deck_chooser_shots(out: Path) -> None:
    """The start screen's "New game from a deck file…": a folder of decks with one chosen, and a malformed
    deck's one line."""
    decks = Path("decks").absolute()
    (decks / "drafts").mkdir(parents=True, exist_ok=True)
    (decks / "Harbour Cards.csv").write_text("id,name,colour,value,count\nr1,Red One,red,1,2\nb2,Blue Two,blue,2,3\n",
                                             encoding="utf-8")
    (decks / "broken.csv").write_text("id,value,count\nx,abc,1\ny,2,1000\n", encoding="utf-8")
    (decks / "spring-expansion.toml").write_text('[[card]]\nid = "bud"\ncount = 3\n', encoding="utf-8")
    for size in (HD, FULL_HD):
        app = App(size)
        screen = StartScreen(app, PlaySettings(game="my-market", seed=1234))
        screen.press(next(b for b in screen.buttons() if b.command == "from_deck"))
        chooser = screen.chooser
        assert chooser is not None
        for name, deck in (("", "Harbour Cards.csv"), ("-error", "broken.csv")):
            chooser.open(decks)
            chooser.choose(decks / deck)
            if name:
                chooser.make()
            screen.step()
            found = problems(app.text.ink.marks, Rect(0, 0, *size), floor=text_floor(size))
            if found:
                raise SystemExit("the deck chooser breaks the layout rules:\n" + "\n".join(found))
            save(app.window.surface, out / f"deck-chooser{name}-{size[0]}x{size[1]}.png")
        app.close()


def sandbox_shots(out: Path, size: tuple[int, int], name: str, *, drag_card: bool = True) -> None:
    """A sandbox mid-play (cards moved to the market and a tableau, the draw pile dealt from) while a
    hand card is dragged over the market (the places it may go outlined), then a pile's menu open."""
    app = App(size)
    table = Table(app, PlaySettings(name, 3, ["human", "random", "random"], 4, {}, None, "instant"))
    d = table.director
    state = d.session.state

    def settle() -> None:
        play_until(table, lambda: d.accepts_input and not table.scene.tweens, lambda legal: legal[0])

    settle()
    if not state.cards["hand:0"]:  # a folder with only a deck deals nothing by itself
        d.submit(next(a for a in d.legal() if a.kind == "deal" and a.value == 5), 0.0)
        settle()
    hand = next(z for z in ("tableau:0", "area:0") if z in state.cards)
    for to in ("market", hand, hand, "discard", "tableau:1", "area:1"):
        moves = [a for a in d.legal() if a.kind == "move" and a.zone == "hand:0" and a.to == to]
        if moves:
            d.submit(moves[0], 0.0)
            settle()
    draw = [a for a in d.legal() if a.kind == "move" and a.zone == "draw" and a.to == "hand:0"]
    if draw:
        d.submit(draw[0], 0.0)
        settle()
    table.step()
    shots = f"{name}-{size[0]}x{size[1]}"
    if drag_card:
        start = next(shape.center for shape, t in table.scene.hits if t.zone == "hand:0")
        aim = table.scene.places().get("market") or table.scene.places()["discard"]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        end = (aim.region.center[0], aim.region.bottom - 10)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
        table.step()
        table.step()
        save(app.window.surface, out / f"{shots}.png", True)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0))
        table.step()
    else:
        save(app.window.surface, out / f"{shots}.png", True)
    pile = next(shape.center for shape, t in table.scene.hits if t.zone == "draw")
    table.scene.mouse = pile
    table.scene.click(pile)
    table.step()
    save(app.window.surface, out / f"{shots}-menu.png", True)
    table.close()
    app.close()


def bot_moving_shots(out: Path) -> None:
    """A bot's card caught in flight onto the draw pile of a sandbox (``tabletop new``, two seats): the pile
    still shows its cards, the card starts at its fan's size, the seat's Tableau label stays in view."""
    create_game("fh-sandbox", Path("games"), template="sandbox")
    discovery.discover(Path("games"))
    for size in (HD, FULL_HD):
        app = App(size)
        table = Table(app, PlaySettings("fh-sandbox", 2, ["human", "random"], 3, {}, None, "normal"))
        clock = [0.0]
        table.clock = lambda clock=clock: clock[0]  # the flight is caught at the moment wanted
        d = table.director
        for _ in range(3000):
            table.step()
            onto_draw = [t for t in table.scene.tweens if t.lands and t.lands[0] == "draw"]
            if d.session.moves >= 3 and onto_draw and d.session.state.cards["draw"]:
                clock[0] = onto_draw[0].begin + onto_draw[0].duration * 0.35
                table.step()
                save(app.window.surface, out / f"sandbox-bot-moving-{size[0]}x{size[1]}.png")
                break
            if d.accepts_input and not table.scene.tweens:
                d.submit(next(a for a in d.legal() if a.kind == "end" or a.label in ("Pass", "End turn")), clock[0])
            clock[0] += 0.05
        else:
            raise SystemExit("no bot's card flew onto the draw pile")
        table.close()
        app.close()


def faces_shots(out: Path) -> None:
    """The faces-demo deck (tests/fixtures/faces: faces.toml with two layouts, icons, an illustration, a card
    whose text cannot fit) at 1280x720 and 1920x1080, its faces composed, and its illustrated card zoomed."""
    shutil.copytree(FACES_DEMO, Path("games", "faces-demo"))
    discovery.discover(Path("games"))
    for size in (HD, FULL_HD):
        app = App(size)
        table = Table(app, PlaySettings("faces-demo", 2, ["human", "random"], 4, {}, None, "instant"))
        d = table.director

        settled(table)
        d.submit(next(a for a in d.legal() if a.kind == "deal" and a.value == 5), 0.0)
        settled(table)
        for to in ("area:0", "discard"):
            d.submit(next(a for a in d.legal() if a.kind == "move" and a.zone == "hand:0" and a.to == to), 0.0)
            settled(table)
        until_composed(table)
        keep(audited(table, "faces-demo", "composed", size), out, f"faces-demo-{size[0]}x{size[1]}.png")
        hand = d.session.state.cards["hand:0"]
        card = next((c for c in hand if c.id == "dragon"), hand[0])  # the illustration, when dealt
        table.scene.right_click(card_point(table, card))
        until_composed(table)
        keep(audited(table, "faces-demo", "zoomed", size), out, f"faces-demo-card-zoomed-{size[0]}x{size[1]}.png")
        table.close()
        app.close()


def settled(table: Table) -> None:
    """Step the table until it waits for the human and nothing moves."""
    d = table.director
    play_until(table, lambda: d.accepts_input and not table.scene.tweens, lambda legal: legal[0])


def until_composed(table: Table) -> None:
    """Step the table until the faces it draws are composed (by the art library's workers), a few seconds at most."""
    import time

    end = time.monotonic() + 20
    table.step()
    while table.art.is_loading and time.monotonic() < end:
        time.sleep(0.02)
        table.step()
    table.step()


def wait_for_hint(table: Table) -> None:
    """Step frames until the hint of the shown position is on the table."""
    import time

    hints, d = table.scene.playtest.hints, table.director
    for _ in range(3000):
        table.step()
        if hints.shown(d.session.moves) is not None:
            break
        time.sleep(0.01)
    table.step()


def review_shots(out: Path, full: bool) -> None:
    """Playtest review: the replay viewer with notes (their box and the timeline's marks), a hint in the viewer
    and at the table, and the seats of "Play from here"; at 1280x720 and 1920x1080."""
    for size in ((1280, 720), (1920, 1080)):
        review_shots_at(out, size, full)


def review_shots_at(out: Path, size: tuple[int, int], full: bool) -> None:
    """The playtest review's screenshots at one window size."""
    from tabletop.ui.screens.replay import ReplayTable

    tag = f"{size[0]}x{size[1]}"
    app = App(size)
    table = Table(app, PlaySettings("trick-taking", 4, ["human", "random", "random", "random"], 4, {"deals": 1},
                                    None, "instant", "designer"))
    d = table.director
    play_until(table, lambda: d.accepts_input and d.session.moves >= 12 and len(d.legal()) > 2,
               lambda legal: legal[0])
    table.scene.command("hint")
    wait_for_hint(table)
    save(app.window.surface, out / f"table_hint-{tag}.png", full)
    for text in ("ここでハートを出すべきだった", "Long think: was the lead obvious?"):
        table.scene.command("note")
        table.scene.playtest.notebook.box.insert(text)  # typed: the table's test posts TEXTINPUT events
        table.scene.command("save_note")
        play_until(table, lambda: d.accepts_input and d.session.moves >= 30, lambda legal: legal[0])
    play_until(table, lambda: d.session.is_over, lambda legal: legal[0])
    table.close()
    assert table.log is not None and table.log.path is not None
    viewer = ReplayTable(app, table.log.path, speed="fast")
    viewer.open_at(21)
    viewer.step()
    viewer.scene.command("note")
    viewer.scene.playtest.notebook.box.insert("途中: ")
    viewer.scene.playtest.notebook.box.composing = "へんかん"  # an input method still composing
    viewer.step()
    save(app.window.surface, out / f"replay_notes-{tag}.png", full)
    viewer.scene.playtest.command(viewer.scene, "close_note")
    viewer.scene.command("hint")
    wait_for_hint(viewer)
    save(app.window.surface, out / f"replay_hint-{tag}.png", full)
    viewer.scene.command("playfrom")
    viewer.step()
    save(app.window.surface, out / f"play_from_here-{tag}.png", full)
    viewer.close()
    app.close()

ONLY = ("review", "scenario", "start", "feedback", "faces")
"""What ``--only`` may name: the playtest review's screenshots, the scenario starts, the start screen and
its deck-file chooser, the questions after a game, or the faces-demo deck's composed faces."""
SCENARIOS = {
    "trick-taking": (4, '# Seat 1 holds all four aces and leads.\nname = "Four aces"\nfirst = 1\n\n'
                        '[seat.1]\nhand = ["AS", "AH", "AD", "AC"]\n'),
    "my-market": (3, '# The market opens with three 3s; seat 1 holds a pair of cyan 1s and moves first.\n'
                     'name = "Three threes"\nfirst = 1\n\n[seat.1]\nhand = ["cyan-1", "cyan-1"]\n\n'
                     '[table]\nmarket = ["red-3", "blue-3", "yellow-3"]\ndraw = ["black-3"]\n'),
}
"""Games started from a scenario (players, the scenario file's text), shot as the human is first to move."""


def scenario_shots(out: Path, full: bool) -> None:
    """Each game of :data:`SCENARIOS` at its start, the human (seat 1) to move with the named cards in hand."""
    for game, (players, text) in SCENARIOS.items():
        path = Path(f"{game}-scenario.toml")
        path.write_text(text, encoding="utf-8")
        app = App((1280, 720))
        table = Table(app, PlaySettings(game, players, ["human"] + ["random"] * (players - 1), 4, {}, None, "instant",
                                        scenario=path))
        d = table.director
        for _ in range(600):
            table.step()
            if d.accepts_input:
                break
        until_composed(table)
        save(app.window.surface, out / f"scenario-{game}-1280x720.png", full)
        table.close()
        app.close()


def feedback_shots(out: Path) -> None:
    """The market template's questions after Game over, each page, at 1280x720 and 1920x1080 (hot-seat at 1920:
    its privacy screen first)."""
    from tabletop.ui.scene.feedback_form import FeedbackForm

    for size, seats in ((HD, ["human", "random", "random"]), (FULL_HD, ["human", "random", "human"])):
        app = App(size)
        table = Table(app, PlaySettings("my-market", 3, seats, 4, {}, None, "instant", "off"))
        form = next(o for o in table.overlays if isinstance(o, FeedbackForm))
        d = table.director
        for _ in range(20_000):  # the humans' moves (each behind the privacy screen when two share the table)
            table.step()
            if form.is_open:
                break
            if d.handoff is not None:
                d.take_seat()
            elif d.accepts_input:
                d.submit(d.legal()[0], 0.0)
        assert form.is_open, "the questions never opened"
        tag = f"{size[0]}x{size[1]}"
        for page, command, payload in (("handoff", "take", None), ("rating", "rate", 4), ("rating-chosen", "next", None),
                                       ("card", "card", "red-3"), ("card-chosen", "next", None), ("text", None, None)):
            if page == "handoff" and form.stage != "handoff":
                continue
            until_composed(table)
            save(app.window.surface, out / f"feedback-{page}-{tag}.png")
            if command is not None:
                form.command(command, payload)
        table.close()
        app.close()


def main() -> None:
    """Write every evidence screenshot (``--only review``: the playtest review's alone; ``--only scenario``: the
    scenario starts alone; ``--only start``: the start screen and the deck-file chooser alone; ``--only feedback``:
    the questions after a game alone)."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    only = next((a for a in args if a in ONLY), None) if "--only" in sys.argv else None
    out = next((Path(a) for a in args if a not in ONLY), OUT).resolve()
    out.mkdir(parents=True, exist_ok=True)
    os.chdir(tempfile.mkdtemp(prefix="shots-"))
    os.environ.setdefault("TABLETOP_CONFIG_DIR", tempfile.mkdtemp(prefix="shots-config-"))
    if only == "review":
        review_shots(out, True)
        return
    if only == "faces":
        faces_shots(out)
        return
    if only is None:
        for old in out.glob("*.png"):
            old.unlink()
        review_shots(out, True)
    create_game("my-market", Path("games"), template="market")
    create_game("my-tricks", Path("games"), template="trick")
    create_game("my-table", Path("games"), template="sandbox")
    Path("games", "just-a-deck").mkdir()  # a folder holding only a deck file: the default table
    shutil.copy(Path("games", "my-table", "deck.toml"), Path("games", "just-a-deck", "deck.toml"))
    discovery.discover(Path("games"))
    if only == "start":
        start_shots(out)
        deck_chooser_shots(out)
        return
    if only in (None, "feedback"):
        feedback_shots(out)
    if only == "feedback":
        return
    scenario_shots(out, True)
    if only == "scenario":
        return
    app = App(HD)
    game_shots(app, out)
    peek_shot(app, out)
    uhd_shot(app, out)
    app.close()
    for size in (HD, FULL_HD):
        sandbox_shots(out, size, "my-table")
    sandbox_shots(out, HD, "just-a-deck", drag_card=False)
    bot_moving_shots(out)
    faces_shots(out)
    start_shots(out)
    deck_chooser_shots(out)


if __name__ == "__main__":
    main()
