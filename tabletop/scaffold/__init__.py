"""The scaffold: ``create_game`` writes a ready-to-play prototype into a games folder, from a template.

- ``trick`` (the default): the new game subclasses :class:`~tabletop.games.deck_trick.DeckTrickGame`
  (a ``TrickGame`` with its cards in ``deck.toml``), overrides two hooks, and points at the others.
- ``market``, ``go-fish``...: a game package under :mod:`tabletop.scaffold.templates` (``market``:
  a set-collection game with a market row and a greedy bot in ``bots.py``; ``go-fish``: asking a seat
  for cards), copied whole with the new game's names put in.
"""

from __future__ import annotations

import builtins
import keyword
import re
from importlib import resources
from pathlib import Path

from tabletop import games as builtin_games
from tabletop.engine.errors import UserInputError
from tabletop.i18n import _
from tabletop.plugins import registry
from tabletop.scaffold.templates import TEMPLATES

COLOURS = ("red", "blue", "green", "yellow")
"""The four suits of the sample deck."""
VALUES = range(1, 11)
"""The values of each suit of the sample deck."""
SPECIALS = (
    ("red-dragon", "Red Dragon", "red", 0, 5, "The lowest red card: it takes every red trick it is in (unless trumped). Worth 5."),
    ("blue-ghost", "Blue Ghost", "blue", 11, -5, "The highest blue card: it only takes a trick nobody can follow. Costs 5."),
    ("gold-coin", "Gold Coin", "yellow", 11, 3, "Worth 3 to whoever has to take it."),
)
"""Special cards of the sample deck: id, name, colour, value, points, text."""


def check_new_name(name: str) -> None:
    """Check ``name`` can name a new game.

    :raises UserInputError: saying what is wrong with it and what to write instead.
    """
    if not registry.NAME_PATTERN.match(name):
        raise UserInputError(_("game name {name}: use lowercase letters, digits and single dashes, starting with a"
                                 " letter (e.g. my-game)").format(name=repr(name)))
    taken = set(builtin_games.BUILTIN) | {
        e.name for e in registry.game_entries() if not e.is_broken and "folder" not in e.extra
    }
    if name in taken:
        raise UserInputError(_("game name {name} is taken by an installed game; choose another name").format(
            name=repr(name)))


def check_template(template: str) -> None:
    """Check ``template`` names a template.

    :raises UserInputError: naming the known templates.
    """
    if template not in TEMPLATES:
        raise UserInputError(_("unknown template {template}; known templates: {known}").format(
            template=repr(template), known=", ".join(TEMPLATES)))


def create_game(name: str, games_dir: Path, *, template: str = "trick") -> Path:
    """Write a new game ``games_dir/<name>/`` from ``template`` (see :data:`TEMPLATES`); return its folder.

    :raises UserInputError: for an unknown template, a bad or taken name, or when the folder exists.
    """
    check_template(template)
    check_new_name(name)
    folder = games_dir / name
    if folder.exists():
        raise UserInputError(_("{folder} already exists; choose another name or delete that folder").format(
            folder=folder))
    title = " ".join(part.capitalize() for part in name.split("-"))
    package = template_files(template)
    if package:
        sources = "".join(text for rel, text in package.items() if rel.endswith(".py"))
        class_name = python_class_name(name, taken=_identifiers(sources))
        files = {rel: put_names(text, name=name, title=title, class_name=class_name) for rel, text in package.items()}
        example = _first_card_id(files.get("deck.toml", ""))
    else:
        class_name = python_class_name(name, taken=_identifiers(GAME_TEMPLATE))
        files = {"__init__.py": GAME_TEMPLATE.format(name=name, title=title, class_name=class_name),
                 "deck.toml": deck_toml(title)}
        example = "red-7"
    files["art/README.txt"] = ART_README.format(name=name, example=example)
    try:
        (folder / "art").mkdir(parents=True)
        for rel, text in files.items():
            (folder / rel).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UserInputError(_("cannot write {folder}: {problem}").format(folder=folder,
                                                                          problem=exc.strerror or exc)) from None
    return folder


def python_class_name(name: str, *, taken: frozenset[str] = frozenset()) -> str:
    """Return the class name of game ``name`` ("my-game" -> "MyGame"), with "Game" added when that
    would be a keyword, a builtin or a name the template already uses.

    >>> python_class_name("my-market"), python_class_name("none"), python_class_name("card", taken=frozenset({"Card"}))
    ('MyMarket', 'NoneGame', 'CardGame')
    """
    class_name = "".join(part.capitalize() for part in name.split("-"))
    if keyword.iskeyword(class_name) or hasattr(builtins, class_name) or class_name in taken:
        class_name += "Game"
    return class_name


def template_files(template: str) -> dict[str, str]:
    """Return the files of ``template``'s package under :mod:`tabletop.scaffold.templates` (path -> text),
    or nothing for a template written here."""
    folder = resources.files("tabletop.scaffold.templates") / template.replace("-", "_")
    if not folder.is_dir():
        return {}
    return {entry.name: entry.read_text(encoding="utf-8") for entry in sorted(folder.iterdir(), key=lambda e: e.name)
            if entry.is_file() and not entry.name.endswith((".pyc", ".pyo"))}


def put_names(text: str, *, name: str, title: str, class_name: str) -> str:
    """Return a template file's ``text`` with the new game's name, title and class name put in."""
    return text.replace("TemplateGame", class_name).replace("template-name", name).replace("Template Title", title)


def _first_card_id(deck: str) -> str:
    match = re.search(r'^id = "([^"]+)"', deck, re.MULTILINE)
    return match.group(1) if match else "card-1"


def _identifiers(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


def next_steps(name: str, folder: Path, template: str = "trick") -> str:
    """Return what to do after ``tabletop new``: where the files are and the commands to try."""
    created = (_("Created {folder}/ with __init__.py (the rules), deck.toml (the cards), art/ (card images) and"
                 " bots.py (a bot: --bots {name}-greedy,random).") if (folder / "bots.py").exists() else
               _("Created {folder}/ with __init__.py (the rules), deck.toml (the cards), art/ (card images)."))
    commands = (
        (f"tabletop play {name}", _("play it against bots")),
        (f"tabletop simulate {name} --games 1000", _("play 1000 games headless and compare seats")),
        ("tabletop games", _("check it is listed (and not BROKEN)")),
    )
    width = max(len(command) for command, _what in commands) + 3
    return (
        created.format(folder=folder, name=name) + "\n"
        + "".join(f"  {command:<{width}}{what}\n" for command, what in commands)
        + _("Run these from the folder that holds games/, or add --games-dir.")
    )


def deck_toml(title: str) -> str:
    """Return the sample deck: four colours valued 1 to 10, plus a few special cards."""
    parts = [
        f'# The cards of {title}: one [[card]] table per kind of card.\n'
        "# Fields: id (also the art file name: art/<id>.png), name, colour (or suit: S H D C),\n"
        "# value (orders cards within a colour), points (scored by whoever takes the card),\n"
        "# text (shown on the card), count (copies, default 1). Other fields are kept for your rules.\n"
        f'name = "{title}"\n'
    ]
    for colour in COLOURS:
        for value in VALUES:
            points = 1 if value in (5, 10) else 0
            parts.append(f'\n[[card]]\nid = "{colour}-{value}"\ncolour = "{colour}"\nvalue = {value}\n'
                         + (f"points = {points}\n" if points else ""))
    for card_id, card_name, colour, value, points, text in SPECIALS:
        parts.append(f'\n[[card]]\nid = "{card_id}"\nname = "{card_name}"\ncolour = "{colour}"\n'
                     f'value = {value}\npoints = {points}\ntext = "{text}"\n')
    return "".join(parts)


GAME_TEMPLATE = '''"""{title}: a trick-taking prototype. Change a rule below, save, and play again.

Play it:      tabletop play {name}
Test it:      tabletop simulate {name} --games 1000
The cards are in deck.toml; their art goes in art/ (<card id>.png, back.png).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.cards import Card
from tabletop.games.deck_trick import DeckTrickGame, DeckTrickOptions
from tabletop.games.trick_taking import TrickState


class {class_name}(DeckTrickGame):
    """Follow the colour led; the LOWEST card of that colour takes the trick; score the points you take."""

    name = "{name}"
    title = "{title}"
    summary = (
        "Deal the deck out. Follow the colour led if you can; the lowest card of that colour takes "
        "the trick and leads the next. Each card you take scores its points (fives and tens 1, the "
        "special cards more, or less). Most points after one deal per player wins."
    )
    min_players = 3
    max_players = 5
    default_players = 4
    Options = DeckTrickOptions  # trump, hand_size, deals, target, scoring: see --help of simulate
    deck_file = "deck.toml"
    art_deck = "{name}"

    def trick_winner(self, state: TrickState, cards: Sequence[Card]) -> int:
        """Return the index (in play order) of the card that takes the trick: the lowest of the led colour.

        With a trump (option trump=turnup), the lowest trump takes it instead.
        """
        suits = [card.suit for card in cards]
        wanted = state.trump if state.trump in suits else suits[0]
        contenders = [i for i, suit in enumerate(suits) if suit == wanted]
        return min(contenders, key=lambda i: cards[i].value or 0)

    def card_points(self, card: Card) -> int:
        """Return what a taken card scores: its points in deck.toml (try: 1 for every red card)."""
        return card.points

    # Other hooks you can override (see tabletop/games/trick_taking.py for the defaults):
    #   legal_cards(state, seat)  which cards may be played (default: follow the led colour if able)
    #   card_strength(card)       how strong a card is in its colour (default: its value)
    #   deal(state)               how the cards are dealt and what is turned up
    #   score_deal(state)         what each seat scores for a deal (default: card_points of taken cards)
    #   is_game_over(state)       when the game ends (default: one deal per player, or a target score)


GAME = {class_name}
'''

ART_README = """Card art for {name}.

Put one image per card here, named by the card's id in ../deck.toml ({example}.png, ...)
and back.png for the card back. Any size or shape: each image is fitted onto the card without
stretching. PNG, JPEG and WebP work. A card without an image gets a clean generated face, and
images added or changed while the table is open show up within a second.
"""
