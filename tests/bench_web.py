"""Browser seats over loopback: how fast a move leaves the host for six pages, and how fast a page with 100 card
pictures loads in headless Chromium, the first time and from the browser's cache (a benchmark, not a test).

1. **A move reaches every page**: a 6-player trick game, every seat a browser seat played by a process of
   its own speaking the page's protocol (JSON over the host's ``/ws``, answering each ask at random). For
   every move and page: from the host having applied the move to the page's process holding its update,
   parsed (one clock for all, CLOCK_MONOTONIC); p50, p99 and the worst.
2. **The page with 100 card pictures**: a deck-only table (``tabletop new --template sandbox``) whose
   market lays out 100 cards face up, each with art (1500x2100 PNG, as in ``bench_remote.py``). The host
   makes the browser's pictures first (its warm-up, timed apart); then a fresh Chromium opens the
   spectators' link and the time is taken from the navigation's start to all 100 pictures decoded on the
   page; then the page is reloaded and timed again (the pictures from the browser's cache: ``immutable``).
3. **Composed faces**: a market game from ``tabletop new --template market`` without art: the host
   composes each card's face from its ``faces.toml`` for browsers (as :meth:`WebImages.warm` does while
   testers join), from a cold picture cache.

Run (the machine is shared: figures taken while others work are noise, rerun it quietly)::

    .venv/bin/python tests/bench_web.py [--moves 300] [--loads 3]
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
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PAGES = 6
CARDS = 100


# -- the page processes -------------------------------------------------------------------------------
def page(address: str, code: str, out: str) -> None:
    """Speak to the host as a page does; keep when each update arrived; answer every ask at random."""
    from tests.net.web_helpers import WebSeat

    host, port = address.rsplit(":", 1)
    from tabletop.net.protocol import Address

    seat = WebSeat(Address(host, int(port)), code)
    rng = random.Random(code)
    arrived: dict[int, float] = {}
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        message = seat.inbox.get(timeout=600)
        now = time.perf_counter()
        kind = message["t"]
        if kind == "update":
            arrived[message["moves"]] = now
        elif kind == "ask":
            seat.send({"t": "act", "move": message["move"], "action": rng.choice(message["legal"])["act"]})
        elif kind in ("end", "(closed)"):
            break
    Path(out).write_text(json.dumps({"arrived": arrived}), encoding="utf-8")
    seat.close()


def latency(folder: Path, moves: int) -> dict[str, float]:
    """Host a 6-player trick game with six browser seats for ``moves`` moves; return the latencies in ms."""
    from tabletop.engine.session import Session
    from tabletop.net.host import Host
    from tabletop.net.protocol import Address
    from tabletop.net.seat import remote_players
    from tabletop.plugins import registry
    from tests.bench_remote import time_moves

    game = registry.make_game("trick-taking", players=PAGES, options={"deals": "20"})
    host = Host(seats=list(range(PAGES)), players=PAGES, bind=Address("127.0.0.1", 0), web=list(range(PAGES)))
    address = host.start()
    players = remote_players(host)
    session = Session(game, [players[s] for s in range(PAGES)], seed=5, log=None)

    def spawn() -> list[tuple[subprocess.Popen[bytes], Path]]:
        procs = []
        for seat in range(PAGES):
            out = folder / f"page-{seat}.json"
            procs.append((subprocess.Popen([sys.executable, __file__, "--page", str(address), host.codes[seat],
                                            str(out)], cwd=ROOT), out))
        return procs

    return time_moves(host, session, players, moves, spawn)


# -- the page with 100 pictures ----------------------------------------------------------------------
def make_table(folder: Path) -> Path:
    """Write a deck-only table of 100 cards, all laid out face up in its market, with art; return its games folder."""
    from tabletop.scaffold import create_game
    from tests.bench_remote import art_images

    games = folder / "games"
    games.mkdir(parents=True, exist_ok=True)
    table = create_game("bench-deck", games, template="sandbox")
    cards = "\n".join(f'[[card]]\nid = "c{i:03d}"\ncolour = "red"\nvalue = {i}\n' for i in range(1, CARDS + 1))
    (table / "deck.toml").write_text(f'name = "Bench"\n\n{cards}', encoding="utf-8")
    (table / "table.toml").write_text(
        'title = "Bench"\nplayers = 2\n\n[hand]\ndeal = 0\n\n[[pile]]\nid = "draw"\nlabel = "Draw pile"\n'
        f'face = "down"\ndeck = true\n\n[[row]]\nid = "market"\nlabel = "Market"\ndeal = {CARDS}\n', encoding="utf-8")
    art = table / "art"
    art.mkdir(exist_ok=True)
    for path in art_images()[:CARDS] + [art_images()[-1]]:
        os.link(path, art / path.name) if path.stat().st_dev == art.stat().st_dev else (art / path.name).write_bytes(
            path.read_bytes())
    return games


LOADED = """
const done = arguments[arguments.length - 1];
const check = () => {
  const pictures = [...document.querySelectorAll('#rows .card img')];
  if (pictures.length >= %d && pictures.every((p) => p.complete && p.naturalWidth > 0)) done(performance.now());
  else setTimeout(check, 5);
};
check();
"""


def page_load(folder: Path, loads: int) -> dict[str, Any]:
    """Time a fresh browser opening the page of 100 pictures, then reloading it; ``loads`` times each."""
    from tabletop.engine.session import Session
    from tabletop.net.host import GameInfo, Host
    from tabletop.net.protocol import Address
    from tabletop.net.seat import remote_players
    from tabletop.plugins import registry
    from tabletop.ui.art.folders import art_folder
    from tabletop.ui.scene.hosting import serve_art
    from tests.web.browser import chromium

    game = registry.make_game("bench-deck", players=2)
    host = Host(seats=[0], players=2, bind=Address("127.0.0.1", 0), web=[0])
    host.start()
    started = time.perf_counter()
    serve_art(host, game, art_folder(game))
    assert host.images is not None
    warm = host.images.warm()  # type: ignore[attr-defined]
    warm.join()
    made = time.perf_counter() - started
    session = Session(game, [remote_players(host)[0], None], seed=3)
    host.attach(session, info=GameInfo.of(game, ["Seat 1", "Seat 2"]), initial=session.take_events())
    first, cached = [], []
    for n in range(loads):
        with chromium(folder / f"profile-{n}", (1280, 720)) as driver:
            driver.set_script_timeout(120)
            driver.get(host.link())
            first.append(driver.execute_async_script(LOADED % CARDS))
            driver.refresh()
            cached.append(driver.execute_async_script(LOADED % CARDS))
    host.close("the benchmark is over")
    return {"made": made, "first": first, "cached": cached}


def faces_made(folder: Path) -> tuple[int, float]:
    """Return how many faces a market template's browser pictures are, and the seconds composing them took."""
    from tabletop.net.artshare import ArtShare
    from tabletop.plugins import discovery, registry
    from tabletop.scaffold import create_game
    from tabletop.ui.art.folders import deck_file
    from tabletop.ui.art.webimages import WebImages

    create_game("bench-market", folder / "faces-games", template="market")
    discovery.discover(folder / "faces-games")
    game = registry.make_game("bench-market")
    started = time.perf_counter()
    images = WebImages(None, game.deck(), ArtShare(lambda: []), cache=folder / "faces-cache", deck_file=deck_file(game))
    images.warm().join()
    return len({images.url(card) for card in game.deck()}), time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--page", nargs=3, metavar=("ADDRESS", "CODE", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.page:
        page(*args.page)
        return
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        folder = Path(tmp)
        os.environ["TABLETOP_CACHE_DIR"] = str(folder / "cache")
        from tabletop.plugins import discovery

        discovery.discover(make_table(folder))
        os.chdir(folder)
        figures = latency(folder, args.moves)
        print(f"a move leaving the host for each of {PAGES} pages ({figures['moves']} moves, {figures['samples']}"
              f" arrivals): p50 {figures['p50']:.1f} ms, p99 {figures['p99']:.1f} ms, worst {figures['max']:.1f} ms")
        loads = page_load(folder, args.loads)
        print(f"the host made {CARDS + 1} pictures for browsers in {loads['made']:.2f} s (once, while testers join)")
        print(f"a page of {CARDS} card pictures, first time: " + ", ".join(f"{ms / 1000:.2f} s" for ms in loads["first"])
              + f" (median {statistics.median(loads['first']) / 1000:.2f} s)")
        print("the same page reloaded (pictures from the browser's cache): "
              + ", ".join(f"{ms / 1000:.2f} s" for ms in loads["cached"])
              + f" (median {statistics.median(loads['cached']) / 1000:.2f} s)")
        count, seconds = faces_made(folder)
        print(f"the host composed {count} faces (market template, faces.toml, 400x560 PNG) in {seconds:.2f} s"
              f" ({seconds / count * 1000:.0f} ms each, once)")


if __name__ == "__main__":
    main()
