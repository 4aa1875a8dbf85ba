"""The sandbox: a deck and a table declared as data, played with the moves people make with real cards.

:func:`sandbox_class` makes the game of one folder (a deck file, an optional ``table.toml``): a
:class:`SandboxGame` subclass named after the folder. Everything a person does is an action through
the session's one gate, so it is logged, undone, replayed and watched like any game's move, and
bots can sit in it (random moves: the ``moves`` option ends their games). Hidden information holds
as in any game: a hand is its owner's until shown, a face-down pile shows a count, a face-down card
of a row shows its back to everyone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from tabletop.engine.actions import Action
from tabletop.engine.arrange import Scenario
from tabletop.engine.cards import Card
from tabletop.engine.errors import UserInputError
from tabletop.engine.events import ActionTaken, DealStarted, Note
from tabletop.engine.game import Emit, Game, to_plain
from tabletop.engine.options import option
from tabletop.engine.zones import InfoRow, Item, Move, Popup, TableView, Zone
from tabletop.formats.deckfile import Deck, DeckError, cached_deck
from tabletop.formats.tablefile import TABLE_FILE, TableError, TableSpec, default_table, load_table
from tabletop.games.sandbox import moves
from tabletop.games.sandbox.places import Place, declared, places
from tabletop.games.sandbox.state import (
    SandboxState,
    put,
    put_all,
    shuffle,
    take,
    take_all,
    take_card,
    turn_card,
    turn_over,
)
from tabletop.i18n import N_, _

DECK_FILES = ("deck.toml", "deck.csv")
"""The deck files a sandbox folder may hold (one of them)."""
SUMMARY = N_("A table for the cards of this deck, without rules yet: draw, deal, move cards between piles,"
             " hands and rows, flip, shuffle, and keep score by hand.")
RULES = N_("""\
No rules yet: do with the cards what you would do at a real table.

Drag a card (or the top of a pile) onto the zone where it goes, or click it and then click there.
Click a pile for more: deal to every hand, shuffle it, turn it over, put it on another pile.
Click a seat's hand or area to change its counters. A row's card can be turned face down or up.
The buttons end your turn, show or hide your hand, and end the game: the counters are the scores.
""")


@dataclass(frozen=True)
class SandboxOptions:
    """The options of a sandbox table."""

    moves: int = option(0, minimum=0, maximum=1_000_000,
                        help=N_("end the game after this many moves (0: only when a player ends it)"))


class SandboxGame(Game):
    """A deck on a table with no rules: subclassed per folder by :func:`sandbox_class`."""

    Options = SandboxOptions
    rules = RULES
    people_by_default = True
    folder: ClassVar[Path] = Path()
    deck_file: ClassVar[str] = DECK_FILES[0]

    def __init__(self, *, players: int | None = None, options: Any = None) -> None:
        folder = type(self).folder
        self.cards: Deck = cached_deck(folder / self.deck_file)
        self.table_spec = read_table(folder)
        super().__init__(players=players, options=options)
        self.places = places(self.table_spec, self.players)
        self._by_id = {p.id: p for p in self.places}
        self._moves = moves.TableMoves(self.table_spec, self.places, self.players)

    @classmethod
    def deck_path(cls) -> Path:
        """Return the deck file (named in a log's "the deck changed" message)."""
        return cls.folder / cls.deck_file

    def check_options(self) -> None:
        """Refuse a table that deals more cards at the start than the deck holds."""
        needed = sum(z.deal * (self.players if z.per_seat else 1) for z in self.table_spec.dealt)
        if needed > len(self.cards):
            zone = max(self.table_spec.dealt, key=lambda z: z.deal)
            where = f"{self.table_spec.source}:{zone.deal_line}" if zone.deal_line else self.table_spec.source
            raise UserInputError(_("{where}: deal: {players} seats are dealt {needed} cards at the start but {deck}"
                                   " holds {cards}; lower the deals or the seats").format(
                where=where, players=self.players, needed=needed, deck=self.cards.source, cards=len(self.cards)))

    def deck(self) -> list[Card]:
        """Return every card of the deck file, copies included."""
        return self.cards.cards

    # -- the hooks the session calls ------------------------------------------------------------
    def setup(self, rng: random.Random, emit: Emit) -> SandboxState:
        """Shuffle the deck into its pile and deal what the table says, hands first."""
        spec = self.table_spec
        state = SandboxState(rng, {p.id: [] for p in self.places},
                             {c.id: [c.start] * self.players for c in spec.counters}, self.players)
        source = next(p for p in self.places if p.spec is spec.deck_zone)
        deck = list(self.deck())
        rng.shuffle(deck)
        put_all(state, source.id, deck, down=source.arrives_down)
        dealt = [Move("", source.id, backs=len(deck), face_up=False)]
        for zone in spec.dealt:
            for place in (p for p in self.places if p.spec is zone):
                dealt.append(self._deal(state, source, place, zone.deal, -1))
        if emit is not None:
            hands = tuple(len(state.cards[p.id]) for p in self.places if p.is_hand)
            emit(DealStarted(1, 0, hands, dealt=tuple(m for m in dealt if m.size)))
        return state

    def legal_actions(self, state: SandboxState) -> list[Action]:
        """Return everything the seat to move may do (see :mod:`tabletop.games.sandbox.moves`)."""
        if state.to_move is None:
            return []
        return self._moves.legal(state, state.to_move)

    def bot_actions(self, state: SandboxState, legal: tuple[Action, ...]) -> tuple[Action, ...]:
        """Return what a bot may do: its own seat's moves, never ending the game for the people at the table."""
        assert state.to_move is not None
        return self._moves.for_bot(legal, state.to_move)

    def apply(self, state: SandboxState, action: Action, emit: Emit) -> None:
        """Carry out a legal action; the turn passes only when the seat ends it."""
        seat = state.to_move
        assert seat is not None
        moved: list[Move] = []
        shown: tuple[Popup, ...] = ()
        kind = action.kind
        src = self._by_id.get(action.zone or "")
        if kind == moves.MOVE and src is not None:
            dst = self._by_id[action.to or ""]
            card = self._move(state, src, dst, action)
            if emit is not None:  # nobody listens in a simulation: no event is made
                moved.append(self._moved(state, src, dst, card, action, seat))
        elif kind == moves.MOVE_PILE and src is not None:
            dst = self._by_id[action.to or ""]
            cards = take_all(state, src.id)
            put_all(state, dst.id, cards, down=dst.arrives_down)
            moved.append(Move(src.id, dst.id, backs=len(cards), seat=seat, face_up=False))
        elif kind == moves.DEAL and src is not None:
            moved += self._deal_round(state, src, action.value, seat)
        elif kind == moves.SHUFFLE and src is not None:
            shuffle(state, src.id, down=src.arrives_down)
            shown = (Popup(N_("shuffled"), zone=src.id),)
        elif kind == moves.FLIP and src is not None:
            self._flip(state, src, action)
        elif kind in (moves.SHOW, moves.HIDE):
            state.revealed[seat] = kind == moves.SHOW
            hand = self.places[seat]
            if kind == moves.SHOW:
                moved.append(Move(hand.id, hand.id, tuple(state.cards[hand.id]), seat=seat))
        elif kind == moves.COUNT and action.seat is not None:
            counter, _colon, change = str(action.value).rpartition(":")
            state.counters[counter][action.seat] += int(change)
            shown = (Popup(change, seat=action.seat),)
        elif kind == moves.PASS:
            state.to_move = (seat + 1) % self.players
        elif kind == moves.END:
            state.to_move = None
        if emit is not None:
            emit(ActionTaken(seat, action, tuple(m for m in moved if m.size or m.src == m.dst), shown))
        state.moves += 1
        if self.options.moves and state.moves >= self.options.moves and state.to_move is not None:
            state.to_move = None
            if emit is not None:
                emit(Note(N_("The game ends after {n} moves (the moves option)", n=self.options.moves)))

    def why_illegal(self, state: SandboxState, action: Action) -> str:
        """Say why ``action`` is not legal now (a move onto its own zone, a card that is gone)."""
        if action.zone is not None and action.zone == action.to:
            return N_("it is there already: drop it on another zone")
        if action.zone is not None and action.zone.startswith("hand:") and action.zone != f"hand:{state.to_move}":
            return N_("a hand is its owner's: only they move its cards")
        if action.cards and action.zone in state.cards and action.cards[0] not in state.cards[action.zone]:
            return N_("{card} is not there any more", card=action.cards[0].label)
        return N_("not a legal choice now")

    # -- what the seats see -----------------------------------------------------------------------
    def zones(self, state: SandboxState) -> Sequence[Zone]:
        """Return every zone with its whole contents (see :func:`~tabletop.games.sandbox.places.declared`)."""
        return [declared(p, state) for p in self.places]

    def table(self, state: SandboxState, seat: int | None) -> TableView:
        """Return what ``seat`` sees: the declared zones as it may see them, and a row's face-down cards as backs."""
        view = super().table(state, seat)
        if seat is None:
            return view
        return replace(view, zones=tuple(self._backs(zone, state) for zone in view.zones))

    def observe(self, state: SandboxState, seat: int) -> dict[str, Any]:
        """Return what ``seat`` sees, as data for bots: each zone's cards (None: a back), the counters."""
        zones = {z.id: tuple(i.card.id if i.card is not None else None for i in z.items)
                 for z in self.table(state, seat).zones}
        return {"zones": zones, "counters": {c: tuple(v) for c, v in state.counters.items()},
                "revealed": tuple(state.revealed)}

    def determinize(self, state: SandboxState, seat: int, rng: random.Random) -> SandboxState:
        """Return a copy of ``state`` with every card ``seat`` sees only the back of dealt anew among those places."""
        world: SandboxState = self.clone_state(state, rng)
        hidden = [(z.id, i) for z in self.table(state, seat).zones for i, item in enumerate(z.items)
                  if item.thing is None]
        pool = [world.cards[zone][i] for zone, i in hidden]
        rng.shuffle(pool)
        for (zone, i), card in zip(hidden, pool, strict=True):
            world.cards[zone][i] = card
        for zone in dict.fromkeys(zone for zone, _i in hidden):
            world.changed(zone)  # its cards were dealt anew: the moves out of it are listed again
        return world

    def clone_state(self, state: SandboxState, rng: random.Random | None = None) -> SandboxState:
        """Return an independent copy of ``state`` that keeps what its zones offer (search bots copy it often)."""
        return state.clone(rng)

    def arrange(self, state: SandboxState, scenario: Scenario) -> None:
        """Place a scenario's cards as any game does, then list every zone's moves anew."""
        super().arrange(state, scenario)
        state.changed()

    def snapshot(self, state: SandboxState) -> dict[str, Any]:
        """Return the whole state as JSON-able data, less what its zones offer (worked out from the rest)."""
        return {k: to_plain(v) for k, v in vars(state).items() if k != "offers"}

    def scores(self, state: SandboxState) -> list[int]:
        """Return the scoring counter of each seat (zeros when the table has none)."""
        return list(state.counters.get(self.table_spec.score, [0] * self.players))

    def info(self, state: SandboxState, seat: int | None) -> Sequence[InfoRow]:
        """Return a row per counter besides the score, and the moves left under a move limit."""
        rows = [InfoRow(c.label, per_seat=tuple(str(v) for v in state.counters[c.id]))
                for c in self.table_spec.counters if c.id != self.table_spec.score]
        if self.options.moves:
            rows.append(InfoRow(N_("Moves left"), str(max(0, self.options.moves - state.moves))))
        return rows

    def status(self, state: SandboxState, seat: int) -> str | None:
        """Say what the seat may do: at its turn, how; at another's, whose turn it is."""
        if state.to_move != seat:
            # A replay, god view or hot-seat reads the line for a seat not moving: never "Your turn" for a bot's move.
            return super().status(state, seat)
        return N_("Your turn: drag a card where it goes, or click a pile for more")

    # -- internals ----------------------------------------------------------------------------------
    def _move(self, state: SandboxState, src: Place, dst: Place, action: Action) -> Card:
        """Move the card ``action`` names (or the top of ``src``, or its face-down card ``value``) onto ``dst``."""
        if action.cards:
            card = take_card(state, src.id, action.cards[0])
        elif isinstance(action.value, int):
            card = take(state, src.id, action.value)
        else:
            card = take(state, src.id)
        put(state, dst.id, card, down=dst.arrives_down)
        return card

    def _moved(self, state: SandboxState, src: Place, dst: Place, card: Card, action: Action, seat: int) -> Move:
        """Return the move of ``card`` as the table shows it: face up where it was or is now seen by all."""
        public_before = bool(action.cards) and not src.is_hand or src.is_hand and state.revealed[src.owner or 0]
        public_after = not dst.arrives_down or dst.is_hand and state.revealed[dst.owner or 0]
        if public_before or public_after:
            return Move(src.id, dst.id, (card,), seat=seat)
        return Move(src.id, dst.id, backs=1, seat=seat, face_up=False)

    def _deal(self, state: SandboxState, src: Place, dst: Place, count: int, seat: int) -> Move:
        """Deal ``count`` cards from the top of ``src`` onto ``dst`` (as many as there are)."""
        cards = [take(state, src.id) for _ in range(min(count, len(state.cards[src.id])))]
        put_all(state, dst.id, cards, down=dst.arrives_down)
        if dst.arrives_down:
            return Move(src.id, dst.id, backs=len(cards), seat=seat, face_up=False)
        return Move(src.id, dst.id, tuple(cards), seat=seat)

    def _deal_round(self, state: SandboxState, src: Place, value: Any, seat: int) -> list[Move]:
        """Deal to every hand, one card at a time from the seat after ``seat``: ``value`` each, or all."""
        each = len(state.cards[src.id]) // self.players if value == moves.ALL else int(value)
        order = [self.places[(seat + 1 + k) % self.players] for k in range(self.players)]
        counts = dict.fromkeys((p.id for p in order), 0)
        for _round in range(each):
            for hand in order:
                put(state, hand.id, take(state, src.id), down=True)
                counts[hand.id] += 1
        return [Move(src.id, hand, backs=n, seat=seat, face_up=False) for hand, n in counts.items() if n]

    def _flip(self, state: SandboxState, place: Place, action: Action) -> None:
        if place.is_pile:
            turn_over(state, place.id)
            return
        if isinstance(action.value, int):
            turn_card(state, place.id, action.value, down=False)
            return
        cards, flags = state.cards[place.id], state.down[place.id]
        card = action.cards[0]
        index = next(i for i in range(len(cards) - 1, -1, -1) if cards[i] is card and not flags[i])
        turn_card(state, place.id, index, down=True)

    def _backs(self, zone: Zone, state: SandboxState) -> Zone:
        """Return a row as every seat sees it: its face-down cards as backs."""
        place = self._by_id.get(zone.id)
        if place is None or place.is_pile or place.is_hand or zone.visibility != "everyone":
            return zone
        flags = state.faces(zone.id)
        if not any(flags):
            return zone
        return replace(zone, items=tuple(Item(None, i.seat, i.note) if down else i
                                         for i, down in zip(zone.items, flags, strict=True)))


def read_table(folder: Path) -> TableSpec:
    """Return the table of a sandbox folder: its ``table.toml``, else the default table.

    :raises TableError: naming each problem of the file.
    """
    path = folder / TABLE_FILE
    return load_table(path) if path.is_file() else default_table(str(path))


def deck_file_of(folder: Path) -> str | None:
    """Return the name of the deck file in ``folder``, or None when it holds none.

    :raises UserInputError: when it holds both a TOML and a CSV deck.
    """
    found = [name for name in DECK_FILES if (folder / name).is_file()]
    for name in DECK_FILES:
        if (folder / name).exists() and not (folder / name).is_file():
            raise UserInputError(_("{file}: not a file (a folder?): a deck is a file").format(file=folder / name))
    if len(found) > 1:
        raise UserInputError(_("{folder}: both deck.toml and deck.csv: keep one of them").format(folder=folder))
    return found[0] if found else None


def _deck_and_table(folder: Path, deck_file: str) -> tuple[Deck, TableSpec]:
    """Return the folder's deck and table.

    :raises UserInputError: naming every problem of both files at once (the deck's first).
    """
    deck: Deck | None = None
    spec: TableSpec | None = None
    failed: list[DeckError | TableError] = []
    try:
        deck = cached_deck(folder / deck_file)
    except DeckError as exc:
        failed.append(exc)
    try:
        spec = read_table(folder)
    except TableError as exc:
        failed.append(exc)
    if len(failed) == 1:
        raise failed[0]
    if failed:
        raise TableError(str(folder / TABLE_FILE), [p for exc in failed for p in exc.problems])
    assert deck is not None and spec is not None
    return deck, spec


def sandbox_class(name: str, folder: Path) -> type[SandboxGame]:
    """Return the game of the sandbox folder ``folder``, called ``name`` (the folder's name).

    :raises UserInputError: for a folder without a deck file, or a deck or table file with problems.
    """
    deck_file = deck_file_of(folder)
    if deck_file is None:
        raise UserInputError(_("{folder}: no deck.toml or deck.csv").format(folder=folder))
    deck, spec = _deck_and_table(folder, deck_file)  # a broken deck or table shows when the game is listed
    named = deck.name if deck.name != Path(deck_file).stem else ""  # the deck file's own name = "...", if any
    title = spec.title or named or " ".join(part.capitalize() for part in name.split("-"))
    attrs = {"name": name, "title": title, "summary": SUMMARY, "rules": spec.rules or RULES,
             "min_players": spec.min_players, "max_players": spec.max_players,
             "default_players": spec.default_players, "art_deck": name, "folder": folder,
             "deck_file": deck_file, "__module__": __name__, "__doc__": f"The sandbox of {folder}."}
    return type(f"Sandbox_{name.replace('-', '_')}", (SandboxGame,), attrs)
