"""The art library: art over generated faces, background loading, hot reload, disk cache, diagnostics."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from conftest import MakeImage
from test_art_loader import png_header

from tabletop.engine.cards import Card, parse_card, standard_deck
from tabletop.ui.art import ArtLibrary
from tabletop.ui.art.loader import load_fitted, probe
from tests.patience import HANG

DECK = standard_deck(jokers=True)
SIZE = (100, 140)
AS, KD = parse_card("AS"), parse_card("KD")
GREEN, BLUE = (10, 200, 10), (20, 40, 220)


def centre(surface: pygame.Surface) -> tuple[int, int, int]:
    """Return the RGB colour at the middle of ``surface``."""
    colour = surface.get_at((surface.get_width() // 2, surface.get_height() // 2))
    return colour.r, colour.g, colour.b


def wait_for(library: ArtLibrary, done: Callable[[], bool]) -> None:
    """Poll ``library`` every frame (1 ms) until ``done()`` (how soon is tests/bench_reload.py's to measure:
    a busy machine must not fail a test; the wait fails only on a hang)."""
    start = time.monotonic()
    while not done():
        assert time.monotonic() - start < HANG, "it never came"
        library.poll()
        time.sleep(0.001)


def sync(cards: list[Card], folder: Path | None) -> ArtLibrary:
    return ArtLibrary(cards, folder, background=False)


def test_art_replaces_generated_face(make_image: MakeImage, art_dir: Path) -> None:
    make_image("AS.png", (500, 700), GREEN)
    lib = sync(DECK, art_dir)
    assert centre(lib.face(AS, SIZE)) == pytest.approx(GREEN, abs=3)
    assert lib.status(AS) == "art" and lib.path_for(AS) == art_dir / "AS.png"
    assert lib.status(KD) == "generated" and lib.path_for(KD) is None
    assert lib.face(AS, SIZE) is lib.face(AS, SIZE)  # cached per size
    assert lib.face(AS, (50, 70)).get_size() == (50, 70)


def test_back_art(make_image: MakeImage, art_dir: Path) -> None:
    make_image("card_back.jpg", (250, 350), BLUE)
    lib = sync(DECK, art_dir)
    assert centre(lib.back(SIZE)) == pytest.approx(BLUE, abs=8)
    assert lib.status(None) == "art"


def test_empty_and_missing_folders_are_reported_once(tmp_path: Path, art_dir: Path) -> None:
    missing = sync(DECK, tmp_path / "nope")
    assert missing.face(AS, SIZE).get_size() == SIZE
    messages = missing.take_messages()
    assert len(messages) == 1 and "not found" in messages[0] and "nope" in messages[0]
    assert missing.take_messages() == []
    assert missing.problems() == messages
    empty = sync(DECK, art_dir)
    (line,) = empty.problems()
    assert "no art for 55 of 55 images (cards and back)" in line
    assert sync(DECK, None).problems()[0].startswith("art folder (no art folder) not found")


def test_background_loading_shows_generated_first(make_image: MakeImage, art_dir: Path) -> None:
    for card in DECK[:20]:
        make_image(f"{card.id}.png", (500, 700), GREEN)
    with ArtLibrary(DECK, art_dir) as lib:
        first = [lib.face(card, SIZE) for card in DECK[:20]]
        assert any(centre(s) != GREEN for s in first)  # not all decoded before the first frame
        wait_for(lib, lambda: all(lib.status(c) == "art" for c in DECK[:20]))
        assert all(centre(lib.face(c, SIZE)) == pytest.approx(GREEN, abs=3) for c in DECK[:20])
        assert lib.stats["decoded"] == 20


def test_hot_reload_change_delete_add(make_image: MakeImage, art_dir: Path) -> None:
    path = make_image("AS.png", (50, 70), GREEN)
    with ArtLibrary(DECK, art_dir) as lib:
        wait_for(lib, lambda: centre(lib.face(AS, SIZE)) == GREEN)
        version = lib.version
        time.sleep(0.01)  # a later mtime even on coarse clocks
        make_image("AS.png", (50, 70), BLUE)
        wait_for(lib, lambda: centre(lib.face(AS, SIZE)) == BLUE)
        assert lib.version > version

        path.unlink()
        wait_for(lib, lambda: lib.status(AS) == "generated")
        assert centre(lib.face(AS, SIZE)) not in (GREEN, BLUE)

        make_image("ace_of_spades.png", (50, 70), GREEN)
        wait_for(lib, lambda: centre(lib.face(AS, SIZE)) == GREEN)


def test_refresh_reloads_a_changed_file_at_once(make_image: MakeImage, art_dir: Path) -> None:
    make_image("KD.png", (50, 70), GREEN)
    lib = sync(DECK, art_dir)
    lib.face(KD, SIZE)
    time.sleep(0.01)
    make_image("KD.png", (50, 70), BLUE)
    assert lib.refresh()
    assert centre(lib.face(KD, SIZE)) == pytest.approx(BLUE, abs=3)


def test_disk_cache_hit_needs_no_decode(make_image: MakeImage, art_dir: Path, cache_dir: Path) -> None:
    for card in DECK[:10]:
        make_image(f"{card.id}.png", (600, 840), GREEN)
    with ArtLibrary(DECK, art_dir) as cold:
        for card in DECK[:10]:
            cold.face(card, SIZE)
        wait_for(cold, lambda: cold.stats["decoded"] == 10)
    assert len(list(cache_dir.glob("*.rgba"))) == 10
    with ArtLibrary(DECK, art_dir) as warm:
        faces = [warm.face(card, SIZE) for card in DECK[:10]]  # first frame: art already
        assert all(centre(f) == pytest.approx(GREEN, abs=3) for f in faces)
        assert warm.stats == {"decoded": 0, "cached": 10, "failed": 0}
    # A changed file is not served from the stale cache entry.
    time.sleep(0.01)
    make_image("2S.png", (600, 840), BLUE)
    again = sync(DECK, art_dir)
    assert centre(again.face(DECK[0], SIZE)) == pytest.approx(BLUE, abs=3)
    assert again.stats["decoded"] == 1


def test_corrupt_cache_entry_is_a_miss(make_image: MakeImage, art_dir: Path, cache_dir: Path) -> None:
    make_image("AS.png", (50, 70), GREEN)
    sync(DECK, art_dir).face(AS, SIZE)
    for entry in cache_dir.glob("*.rgba"):
        entry.write_bytes(b"garbage")
    lib = sync(DECK, art_dir)
    assert centre(lib.face(AS, SIZE)) == pytest.approx(GREEN, abs=3)
    assert lib.stats["decoded"] == 1


@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
def test_bad_files_fall_back_with_messages(make_image: MakeImage, art_dir: Path) -> None:
    (art_dir / "AS.png").write_bytes(b"")
    (art_dir / "KD.png").write_text("not a picture")
    make_image("QH.png", (1000, 300), GREEN)  # odd aspect, still shown
    make_image("dragon.png")
    make_image("KC.png", (50, 70), GREEN)
    make_image("king_of_clubs2.png", (50, 70), BLUE)
    (art_dir / "README.txt").write_text("ignored: not an image name")
    lib = sync(DECK, art_dir)
    generated = sync(DECK, None)
    for card in (AS, KD):
        assert centre(lib.face(card, SIZE)) == centre(generated.face(card, SIZE))
        assert lib.status(card) == "error"
    assert centre(lib.face(parse_card("QH"), SIZE)) == pytest.approx(GREEN, abs=3)
    assert centre(lib.face(parse_card("KC"), SIZE)) == pytest.approx(GREEN, abs=3)
    text = "\n".join(lib.take_messages())
    assert lib.composes(parse_card("QH"))  # a wide picture is an illustration, drawn in the generated text band
    assert "QH.png is 1000x300" not in text
    for needle in ("AS.png: empty file", "KD.png: not an image",
                   "dragon.png: matches no card", "KC: using KC.png, ignoring king_of_clubs2.png",
                   "no art for"):
        assert needle in text
    assert "README" not in text
    assert lib.take_messages() == []


def test_fixing_a_file_clears_its_problem(art_dir: Path, make_image: MakeImage) -> None:
    bad = art_dir / "AS.png"
    bad.write_bytes(b"")
    lib = sync(DECK, art_dir)
    lib.face(AS, SIZE)
    assert any("AS.png" in p for p in lib.take_messages())
    make_image("AS.png", (50, 70), GREEN)
    os.utime(bad, ns=(time.time_ns(), time.time_ns() + 10**9))
    lib.refresh()
    assert centre(lib.face(AS, SIZE)) == pytest.approx(GREEN, abs=3)
    assert not any("AS.png" in p for p in lib.problems())


def test_resizing_shows_rescaled_art_meanwhile(make_image: MakeImage, art_dir: Path) -> None:
    make_image("AS.png", (500, 700), GREEN)
    with ArtLibrary(DECK, art_dir) as lib:
        wait_for(lib, lambda: centre(lib.face(AS, SIZE)) == GREEN)
        bigger = lib.face(AS, (120, 168))
        assert bigger.get_size() == (120, 168) and centre(bigger) == pytest.approx(GREEN, abs=3)


def test_number_and_data_decks(make_image: MakeImage, art_dir: Path) -> None:
    cards = [Card(str(n), value=n) for n in range(2, 12)] + [Card("fire-7", name="Fire 7", value=7)]
    make_image("7.png", (50, 70), GREEN)
    make_image("Fire_7.webp", (50, 70), BLUE)
    lib = sync(cards, art_dir)
    assert centre(lib.face(cards[5], SIZE)) == pytest.approx(GREEN, abs=3)
    assert centre(lib.face(cards[-1], SIZE)) == pytest.approx(BLUE, abs=8)
    assert lib.status(cards[0]) == "generated"


def test_unwritable_cache_is_reported_not_fatal(make_image: MakeImage, art_dir: Path,
                                                tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    make_image("AS.png", (50, 70), GREEN)
    lib = ArtLibrary(DECK, art_dir, cache_dir=blocker / "cache", background=False)
    assert centre(lib.face(AS, SIZE)) == pytest.approx(GREEN, abs=3)
    assert any("not writable" in line for line in lib.problems())


def write_bad_folder(art_dir: Path, make_image: MakeImage) -> dict[str, str]:
    """Write 10 good card files, 4 bad or odd ones and an illustration; return each bad file's name and expected text."""
    for card in DECK[:10]:
        make_image(f"{card.id}.png", (50, 70), GREEN)
    (art_dir / "AS.png").write_bytes(b"")
    (art_dir / "KD.png").write_text("not a picture")
    (art_dir / "QH.png").write_bytes(png_header(100_000, 100_000))
    make_image("JC.png", (1000, 300), GREEN)  # an illustration (placed in the text band): no problem
    make_image("back.jpg", (300, 900), BLUE)
    return {"AS.png": "empty file", "KD.png": "not an image", "QH.png": "too large", "back.jpg": "is 300x900"}


def test_bad_files_reported_without_drawing(make_image: MakeImage, art_dir: Path) -> None:
    bad = write_bad_folder(art_dir, make_image)

    def named(name: str, lines: list[str]) -> list[str]:
        return [line for line in lines if line.startswith(f"{name}:") or line.startswith(f"{name} ")]

    def reported() -> dict[str, list[str]]:
        return {name: named(name, lib.problems()) for name in bad}

    with ArtLibrary(DECK, art_dir) as lib:
        wait_for(lib, lambda: all(reported().values()))  # no face() or back() call anywhere
        for name, text in bad.items():
            (line,) = reported()[name]
            assert text in line, line
        messages = lib.take_messages()
        assert all(len(named(name, messages)) == 1 for name in bad)
        assert lib.status(AS) == "error" and lib.status(None) == "loading"  # odd aspect still shows
        # (new files are also decoded in the background to catch broken data, so a bad file may be
        # counted as a failed decode too, whichever of the two reaches it first: no count is asserted)
        assert lib.take_messages() == []

        time.sleep(0.01)  # a later mtime even on coarse clocks
        make_image("AS.png", (50, 70), GREEN)
        wait_for(lib, lambda: not reported()["AS.png"])
        assert lib.status(AS) == "loading"
        (art_dir / "KD.png").unlink()
        (art_dir / "back.jpg").unlink()
        wait_for(lib, lambda: not reported()["KD.png"] and not reported()["back.jpg"])
        assert reported()["QH.png"]
        said = lib.take_messages()  # 2 more missing; the broken ace fixed (the broken files removed: nothing)
        assert all(line.startswith("no art for") or line == "AS.png reads now: its cards show it" for line in said)


def test_bad_files_reported_without_drawing_no_threads(make_image: MakeImage, art_dir: Path) -> None:
    bad = write_bad_folder(art_dir, make_image)
    text = "\n".join(sync(DECK, art_dir).problems())
    assert all(name in text and reason in text for name, reason in bad.items())


def test_header_check_and_decode_give_the_same_text(art_dir: Path) -> None:
    for name, content in (("AS.png", b""), ("KD.png", b"text"), ("QH.png", png_header(100_000, 100_000))):
        path = art_dir / name
        path.write_bytes(content)
        assert probe(path) == ((0, 0), load_fitted(path, SIZE).error)


def test_disk_cache_prunes_its_oldest_entries(tmp_path: Path) -> None:
    import os

    from tabletop.ui.art.diskcache import DiskCache

    for i in range(10):
        entry = tmp_path / f"{i:02d}.rgba"
        entry.write_bytes(b"x" * 1000)
        os.utime(entry, (1000 + i, 1000 + i))
    DiskCache(tmp_path, limit=5000)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == [f"{i:02d}.rgba" for i in range(6, 10)]  # 4000 bytes, the newest kept


def test_a_batch_dropped_mid_game_shows_in_time_and_every_bad_file_is_listed(art_dir: Path) -> None:
    """23 files at once: each shows (the time is measured by tests/bench_reload.py, not asserted on a
    busy test machine); a truncated one (never drawn) reaches the list."""
    from PIL import Image as PILImage

    staging = art_dir.parent / "staging"
    staging.mkdir()
    batch = DECK[:23]
    for n, card in enumerate(batch):
        PILImage.new("RGB", (100, 140), (n * 10, 200, 100)).save(staging / f"{card.id}.png")
    whole = (staging / f"{batch[0].id}.png").read_bytes()
    (staging / "QD.png").write_bytes(whole[: len(whole) // 2])  # a truncated file of a card nobody draws
    with ArtLibrary(DECK, art_dir) as lib:
        wait_for(lib, lambda: all(lib.status(card) == "generated" for card in batch) and bool(lib.face(AS, SIZE)))
        start = time.monotonic()
        for path in sorted(staging.iterdir()):
            (art_dir / path.name).write_bytes(path.read_bytes())
        shown: dict[str, float] = {}

        def all_shown() -> bool:
            for n, card in enumerate(batch):
                if card.id not in shown and centre(lib.face(card, SIZE)) == pytest.approx((n * 10, 200, 100), abs=3):
                    shown[card.id] = time.monotonic() - start
            return len(shown) == len(batch)

        wait_for(lib, all_shown)
        wait_for(lib, lambda: any(line.startswith("QD.png: broken image data") for line in lib.problems()))
    assert sorted(shown) == sorted(card.id for card in batch)


def test_a_broken_file_is_listed_as_broken_and_not_also_as_a_shape_to_crop(make_image: MakeImage,
                                                                            art_dir: Path) -> None:
    """A square PNG cut short: its header reads (256x256) but its pixels do not; the list says it is broken,
    and does not also tell the designer to crop a picture the table cannot show."""
    path = make_image("AS.png", (256, 256), GREEN)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    with ArtLibrary(DECK, art_dir) as lib:
        lib.face(AS, SIZE)
        wait_for(lib, lambda: any(line.startswith("AS.png: broken image data") for line in lib.problems()))
        time.sleep(0.05)
        lib.poll()
        assert not [line for line in lib.problems() if line.startswith("AS.png") and "crop" in line]


def _copy_steps(art_dir: Path) -> tuple[bytes, list[int]]:
    """A picture of the ace, and the sizes a copy into the art folder goes through (header half there, cut off, whole)."""
    from PIL import Image as PILImage

    staging = art_dir.parent / "whole.png"
    PILImage.new("RGB", (500, 700), GREEN).save(staging)
    whole = staging.read_bytes()
    return whole, [10, 60, len(whole) // 3, 2 * len(whole) // 3, len(whole)]


def _unreadable(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("AS.png:")]


def test_a_file_being_copied_in_is_reported_once_and_the_report_goes_when_it_is_whole(art_dir: Path) -> None:
    whole, steps = _copy_steps(art_dir)
    lib = sync(DECK, art_dir)
    lib.take_messages()
    said: list[str] = []
    for n, size in enumerate(steps):
        (art_dir / "AS.png").write_bytes(whole[:size])
        os.utime(art_dir / "AS.png", ns=(n * 10**9, n * 10**9))  # each step a new stamp, however coarse the clock
        lib.refresh()
        lib.face(AS, SIZE)  # drawn: a cut-off file is found broken when decoded
        said += lib.take_messages()
    assert len(_unreadable(said)) == 1, said  # not once per step of the copy
    assert said[-1] == "AS.png reads now: its cards show it"
    assert not _unreadable(lib.problems()) and lib.status(AS) == "art"


def test_a_file_copied_in_while_the_table_polls_every_frame_is_reported_once(art_dir: Path) -> None:
    """With the watcher's threads: the table takes the messages at every frame, also while a changed file
    waits for its check (its old problem gone, its new one not found yet)."""
    whole, steps = _copy_steps(art_dir)
    said: list[str] = []
    with ArtLibrary(DECK, art_dir) as lib:
        lib.take_messages()

        def frame() -> None:
            lib.face(AS, SIZE)
            said.extend(lib.take_messages())

        for size in steps[:-1]:
            (art_dir / "AS.png").write_bytes(whole[:size])
            time.sleep(0.01)  # a later mtime even on coarse clocks
            wait_for(lib, lambda: bool(frame() or _unreadable(lib.problems())))
        (art_dir / "AS.png").write_bytes(whole)
        wait_for(lib, lambda: bool(frame() or "AS.png reads now: its cards show it" in said))
        assert not _unreadable(lib.problems())
    assert len(_unreadable(said)) == 1, said
