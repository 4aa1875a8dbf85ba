"""What ``tabletop tune`` proposes, written out: the tuned deck as a new file beside the old one (never over
it), the same files as a version in the store named "tuned: ...", and what changed since today's files."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import shown_path
from tabletop.formats.deckedit import edit_deck_text, field_values
from tabletop.formats.deckfile import parse_deck_text
from tabletop.i18n import _
from tabletop.plugins import versioned
from tabletop.sim.whatif import DeckEdits
from tabletop.versions.changes import Comparison, compare
from tabletop.versions.checkout import manifest_of
from tabletop.versions.index import MAX_NAME, GameVersions, VersionRecord
from tabletop.versions.record import record_edited

MAX_TRIES = 1000


@dataclass(frozen=True)
class Proposal:
    """The tuned deck's file, its version (None for a game without versions) and what changed."""

    deck: Path
    version: VersionRecord | None
    before: VersionRecord | None
    changes: Comparison | None


def tuned_path(deck: Path) -> Path:
    """Return a new file name beside ``deck`` for the tuned deck: ``deck-tuned.toml``, ``deck-tuned-2.toml``..."""
    for n in range(1, MAX_TRIES):
        name = f"{deck.stem}-tuned{'' if n == 1 else f'-{n}'}{deck.suffix}"
        if not (deck.parent / name).exists():
            return deck.parent / name
    raise TabletopError(_("{folder}: too many tuned decks already; remove some").format(folder=shown_path(deck.parent)))


def changed_edits(deck: Path, edits: DeckEdits) -> DeckEdits:
    """Return the edits that change the deck file ``deck`` (a value set to what it is already changes nothing)."""
    now = field_values(parse_deck_text(deck.read_text(encoding="utf-8-sig"), str(deck)))
    return tuple((card, name, value) for card, name, value in edits if now.get(name, {}).get(card) != value)


def write_proposal(game: str, deck: Path, edits: DeckEdits, *, label: str, before: dict[str, str] | None) -> Proposal:
    """Write the deck file ``deck`` with ``edits`` made as a new file beside it, record that deck as a version of
    ``game`` named "tuned: ``label``" (``before``, the version tuned, otherwise as it is), and compare the two.

    :raises TabletopError: naming the file when it cannot be written.
    """
    text = deck.read_text(encoding="utf-8-sig")
    tuned = edit_deck_text(text, str(deck), {(c, f): v for c, f, v in edits})
    path = tuned_path(deck)
    record = base = found = None
    folder = versioned.game_folder(game)
    if folder is not None and before is not None:
        store = versioned.store()
        base = GameVersions(store, game).by_hash(before["hash"])
    if base is not None and folder is not None:
        name = _("tuned: {values}").format(values=label)
        if len(name) > MAX_NAME:
            name = name[:MAX_NAME - 3] + "..."
        rel = deck.resolve().relative_to(folder.resolve()).as_posix()
        # The version tuned with the deck replaced (the tuned file itself left out): copying the tuned file
        # over the deck makes the games folder's files this very version.
        record = record_edited(store, game, base, {rel: tuned.encode("utf-8")}, name=name)
        found = compare(store, manifest_of(store, base.hash), manifest_of(store, record.hash),
                        options_a=base.options, options_b=record.options)
    try:
        with open(path, "x", encoding="utf-8", newline="") as out:
            out.write(tuned)
    except OSError as exc:
        raise TabletopError(_("{file}: cannot write the tuned deck: {problem}").format(
            file=shown_path(path), problem=exc.strerror or exc)) from None
    return Proposal(path, record, base, found)
