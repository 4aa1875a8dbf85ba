"""Remote seats over loopback: how fast a move reaches every joiner, how long joining with heavy art takes,
and what joiners cost the host's frame (a benchmark, not a timed test).

The table is a designer's own: a trick-taking game made with ``tabletop new``, set to eight seats
(its ``max_players``) and a deck of 110 cards with an image each (1500x2100 PNG, a gradient with
grain: about the size real card art has).

1. **A move reaches every joiner**: seven remote seats, each joined by a process of its own playing
   random moves (``join --bot`` does the same), and one local bot. For every move and joiner: from
   the host having applied the move to the joiner holding its update, decoded (host and joiners read
   one clock, CLOCK_MONOTONIC); p50, p99 and the worst.
2. **Joining with the art**: a joiner with an empty cache, from connecting to all 111 files (110
   cards and the back) checked against their digests and laid out for its table.
3. **The host's frame**: the host's window (SDL's dummy driver) playing the game at the ``fast``
   pace with 0, 1 and 7 remote seats (the other seats local random bots), paced at 60 frames a
   second: the mean and p99 of one frame's own work (:meth:`Table.step`), side by side in one run.

Run (the machine is shared: figures taken while others work are noise, rerun it quietly)::

    .venv/bin/python tests/bench_remote.py [--moves 300] [--frames 600]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GAME = "bench-table"
CARDS = 110
SIZE = (1500, 2100)
ART_CACHE = Path(tempfile.gettempdir()) / "tabletop-bench-remote-art"


def make_game(folder: Path) -> Path:
    """Write the benchmark's game (8 seats, 110 cards with art) into ``folder``; return its games folder."""
    from tabletop.scaffold import create_game

    games = folder / "games"
    games.mkdir(parents=True, exist_ok=True)
    game = create_game(GAME, games)
    code = (game / "__init__.py").read_text(encoding="utf-8")
    code = code.replace("max_players = 5", "max_players = 8").replace("default_players = 4", "default_players = 8")
    (game / "__init__.py").write_text(code, encoding="utf-8")
    colours = ("red", "blue", "green", "gold", "black")
    cards = "\n".join(f'[[card]]\nid = "c{i:03d}"\ncolour = "{colours[i % 5]}"\nvalue = {i % 22 + 1}\n'
                      for i in range(1, CARDS + 1))
    (game / "deck.toml").write_text(f'name = "Bench"\n\n{cards}', encoding="utf-8")
    for stale in (game / "art").glob("*.png"):
        stale.unlink()
    art = game / "art"
    art.mkdir(exist_ok=True)
    for path in art_images():
        target = art / path.name
        if not target.exists():
            os.link(path, target) if path.stat().st_dev == art.stat().st_dev else target.write_bytes(path.read_bytes())
    return games


def art_images() -> list[Path]:
    """Return the 111 card images (made once and kept in the temp folder: encoding them takes a while)."""
    from PIL import Image

    ART_CACHE.mkdir(exist_ok=True)
    names = [f"c{i:03d}.png" for i in range(1, CARDS + 1)] + ["back.png"]
    rng = random.Random(7)
    for name in names:
        path = ART_CACHE / name
        if path.exists():
            continue
        base = Image.linear_gradient("L").resize(SIZE).convert("RGB")
        grain = Image.effect_noise((SIZE[0] // 4, SIZE[1] // 4), 40).resize(SIZE).convert("RGB")
        tint = Image.new("RGB", SIZE, tuple(rng.randrange(256) for _ in range(3)))
        Image.blend(Image.blend(base, tint, 0.5), grain, 0.25).save(path, optimize=False)
    return [ART_CACHE / name for name in names]


# -- the joiner processes -----------------------------------------------------------------------------
def joiner(address: str, code: str, out: str, art: bool) -> None:
    """Join; keep when each update arrived (or, with ``art``, how long the art took); answer asks at random."""
    from tabletop.formats.wire import decode
    from tabletop.net.client import Connection
    from tabletop.net.protocol import parse_address
    from tabletop.net.seatview import action_data
    from tabletop.ui.screens.joining import art_folder_for, art_store

    where = parse_address(address)
    store = art_store() if art else None
    connection = Connection(where, code, mode="bot" if not art else "seat", store=store,
                            art_folder=art_folder_for(store, where) if store else None)
    started = time.perf_counter()
    connection.open()
    arrived: dict[int, float] = {}
    rng = random.Random(code)
    result: dict[str, Any] = {}
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        kind, message = connection.inbox.get(timeout=600)
        now = time.perf_counter()
        if kind == "update":
            arrived[message["moves"]] = now
        elif kind == "ask":
            legal = message["legal"]
            connection.send({"t": "act", "move": message["move"], "action": action_data(decode(rng.choice(legal)))})
        elif kind == "art_done" and art:
            result = {"seconds": connection.progress.done_at - started, "files": connection.progress.stored,  # type: ignore[operator]
                      "bytes": connection.progress.bytes}
            break
        elif kind in ("end", "lost"):
            break
    result.setdefault("arrived", arrived)
    Path(out).write_text(json.dumps(result), encoding="utf-8")
    connection.close()


def spawn_joiners(address: Any, codes: list[str], folder: Path, *, art: bool = False) -> list[tuple[subprocess.Popen[bytes], Path]]:
    out = []
    for code in codes:
        path = folder / f"joiner-{code}.json"
        proc = subprocess.Popen([sys.executable, __file__, "--joiner", str(address), code, str(path)] +
                                (["--art"] if art else []), cwd=ROOT)
        out.append((proc, path))
    return out


# -- the figures --------------------------------------------------------------------------------------
def latency(folder: Path, moves: int) -> dict[str, float]:
    """Host the 8-seat game (7 remote) for ``moves`` moves; return the move-to-joiner latencies in ms."""
    from tabletop.engine.session import Session
    from tabletop.net.host import Host
    from tabletop.net.protocol import Address
    from tabletop.net.seat import remote_players
    from tabletop.plugins import registry

    game = registry.make_game(GAME, players=8)
    names = ["remote"] * 7 + ["random"]
    host = Host(seats=list(range(7)), players=8, bind=Address("127.0.0.1", 0))
    address = host.start()
    seats = registry.make_seats(names, game, 5)
    players = remote_players(host)
    for seat, player in players.items():
        seats[seat] = player
    session = Session(game, seats, seed=5, log=None)
    return time_moves(host, session, players, moves,
                      lambda: spawn_joiners(address, [host.codes[s] for s in range(7)], folder))


def time_moves(host: Any, session: Any, players: dict[int, Any], moves: int,
               spawn: Any) -> dict[str, float]:
    """Serve ``session`` for ``moves`` moves to the joiners ``spawn()`` starts (each writing when every update
    arrived); return the move-to-joiner latencies in ms: p50, p99 and the worst."""
    from tabletop.net.headless import serve_game
    from tabletop.net.host import GameInfo

    applied: dict[int, float] = {}

    def moved(index: int, *_: Any) -> None:
        applied[index + 1] = time.perf_counter()
        if index + 1 >= moves:
            for player in players.values():
                player.stop()  # enough moves: the game stops here (GameStopped)

    session.on_move = moved
    players_count = session.game.players
    host.attach(session, info=GameInfo.of(session.game, [f"Seat {i + 1}" for i in range(players_count)]),
                initial=session.take_events())
    joiners = spawn()
    serve_game(host, session, players=list(players.values()), join_wait=120, say=lambda line: None)
    host.close("the benchmark is over")
    samples = []
    for proc, path in joiners:
        proc.wait(60)
        arrived = {int(k): v for k, v in json.loads(path.read_text())["arrived"].items()}
        samples += [(arrived[m] - applied[m]) * 1000 for m in applied if m in arrived]
    samples.sort()
    return {"moves": len(applied), "samples": len(samples), "p50": statistics.median(samples),
            "p99": samples[int(len(samples) * 0.99) - 1], "max": samples[-1]}


def join_with_art(folder: Path) -> dict[str, float]:
    """Host the game; time one joiner with an empty cache fetching every card image."""
    from tabletop.engine.session import Session
    from tabletop.net.artshare import ArtShare
    from tabletop.net.host import GameInfo, Host
    from tabletop.net.protocol import Address
    from tabletop.net.seat import remote_players
    from tabletop.plugins import registry
    from tabletop.ui.art.folder_map import used_files
    from tabletop.ui.art.folders import art_folder

    game = registry.make_game(GAME, players=8)
    host = Host(seats=[0], players=8, bind=Address("127.0.0.1", 0))
    address = host.start()
    art = art_folder(game)
    ids = [c.id for c in game.deck()]
    host.art = ArtShare(lambda: used_files(art, ids))
    seats = registry.make_seats(["remote"] + ["random"] * 7, game, 5)
    seats[0] = remote_players(host)[0]
    session = Session(game, seats, seed=5)
    host.attach(session, info=GameInfo.of(game, [f"Seat {i + 1}" for i in range(8)]), initial=session.take_events())
    ((proc, path),) = spawn_joiners(address, [host.codes[0]], folder, art=True)
    proc.wait(300)
    host.close("the benchmark is over")
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def warm_art(folder: Path) -> None:
    """Draw the table until every card it shows has its art decoded and in the disk cache, so the
    frames measured next do not pay for decoding 3 MB images (each variant would, differently)."""
    from tabletop.ui.app import App, PlaySettings, Table

    app = App((1280, 720))
    try:
        table = Table(app, PlaySettings(GAME, 8, ["random"] * 8, 5, speed="fast"), log_path=folder / "warm.jsonl")
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and table.session.moves < 16:
            table.step()
            time.sleep(1 / 60)
        table.close()
        table.art.close()
    finally:
        app.close()


def frames(folder: Path, remote: int, count: int) -> dict[str, float]:
    """The host's window with ``remote`` remote seats (joined by bot processes): per-frame work in ms."""
    from tabletop.net.host import Host
    from tabletop.net.protocol import Address
    from tabletop.ui.app import App, PlaySettings, Table

    app = App((1280, 720))
    host = None
    joiners: list[tuple[subprocess.Popen[bytes], Path]] = []
    try:
        seats = ["remote"] * remote + ["random"] * (8 - remote)
        if remote:
            host = Host(seats=list(range(remote)), players=8, bind=Address("127.0.0.1", 0))
            host.start()
        table = Table(app, PlaySettings(GAME, 8, seats, 5, speed="fast"), host=host,
                      log_path=folder / f"frames-{remote}.jsonl")
        if host is not None:
            joiners = spawn_joiners(host.address, [host.codes[s] for s in range(remote)], folder)
            deadline = time.monotonic() + 120
            while not host.all_joined and time.monotonic() < deadline:
                table.step()
                time.sleep(1 / 60)
        times = []
        start_moves = table.session.moves
        for _ in range(count):
            began = time.perf_counter()
            table.step()
            spent = time.perf_counter() - began
            times.append(spent * 1000)
            time.sleep(max(0.0, 1 / 60 - spent))
        moved = table.session.moves - start_moves
        table.close()
        table.art.close()
    finally:
        if host is not None:
            host.close("the benchmark is over")
        for proc, _path in joiners:
            proc.wait(30)
        app.close()
    times.sort()
    return {"remote": remote, "frames": count, "moves": moved, "mean": statistics.fmean(times),
            "p99": times[int(count * 0.99) - 1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--joiner", nargs=3, metavar=("ADDRESS", "CODE", "OUT"), help=argparse.SUPPRESS)
    parser.add_argument("--art", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.joiner:
        joiner(*args.joiner, art=args.art)
        return
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        folder = Path(tmp)
        os.environ["TABLETOP_CACHE_DIR"] = str(folder / "cache")  # an empty art cache: every file travels
        from tabletop.plugins import discovery

        discovery.discover(make_game(folder))
        os.chdir(folder)
        sizes = [p.stat().st_size for p in art_images()]
        print(f"art: {len(sizes)} images of {SIZE[0]}x{SIZE[1]}, {sum(sizes) / 1e6:.0f} MB in all")
        figures = latency(folder, args.moves)
        print(f"a move reaching each of 7 joiners ({figures['moves']} moves, {figures['samples']} arrivals):"
              f" p50 {figures['p50']:.1f} ms, p99 {figures['p99']:.1f} ms, worst {figures['max']:.1f} ms")
        art = join_with_art(folder)
        print(f"joining with the art: {art['files']} files, {art['bytes'] / 1e6:.0f} MB in {art['seconds']:.2f} s")
        warm_art(folder)
        rows = [frames(folder, remote, args.frames) for remote in (0, 1, 7)]
        for row in rows:
            print(f"host frame with {row['remote']} remote seats: mean {row['mean']:.2f} ms, p99 {row['p99']:.2f} ms"
                  f" ({row['frames']} frames, {row['moves']} moves)")
        print(f"7 remote seats against none: mean x{rows[2]['mean'] / rows[0]['mean']:.2f},"
              f" against one: x{rows[2]['mean'] / rows[1]['mean']:.2f}")


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    main()
