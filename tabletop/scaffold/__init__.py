"""The scaffold: ``create_game`` writes a ready-to-play prototype into a games folder, from a template.

Each template is a game package under :mod:`tabletop.scaffold.templates`, written on the kit and
copied whole with the new game's names put in: ``trick`` (the default: follow the colour led, the
lowest card takes the trick), ``market`` (a set-collection game with a market row and a greedy bot in
``bots.py``), ``go-fish`` (asking a seat for cards).
``sandbox`` has no rules at all: a deck and a commented ``table.toml``, played by hand at the table
(:mod:`tabletop.games.sandbox`).
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
from tabletop.plugins import registry, reserved
from tabletop.scaffold.templates import TEMPLATES


def check_new_name(name: str) -> None:
    """Check ``name`` can name a new game.

    :raises UserInputError: saying what is wrong with it and what to write instead.
    """
    if not reserved.NAME_PATTERN.match(name):
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
    sources = "".join(text for rel, text in package.items() if rel.endswith(".py"))
    class_name = python_class_name(name, taken=_identifiers(sources))
    files = {rel: put_names(text, name=name, title=title, class_name=class_name) for rel, text in package.items()}
    example = _first_card_id(files.get("deck.toml", ""))
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
    """Return the files of ``template``'s package under :mod:`tabletop.scaffold.templates` (path -> text)."""
    folder = resources.files("tabletop.scaffold.templates") / template.replace("-", "_")
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
               _("Created {folder}/ with {deck} (the cards), table.toml (the table: piles, hands, rows, what is"
                 " dealt, the counters) and art/ (card images); no rules yet.") if not (folder / "__init__.py").exists() else
               _("Created {folder}/ with __init__.py (the rules), deck.toml (the cards), art/ (card images)."))
    commands = (
        (f"tabletop play {name}", _("play it against bots")),
        (f"tabletop check {name}", _("check it after each change: it ends, never gets stuck, hides what it should,"
                                     " replays")),
        (f"tabletop simulate {name} --games 1000", _("play 1000 games headless and compare seats")),
        ("tabletop games", _("check it is listed (and not BROKEN), with a quick check's verdict")),
    )
    if (folder / "faces.toml").exists():
        created += " " + _("faces.toml lays out the cards' faces from the deck's columns (see docs/faces.md).")
    width = max(len(command) for command, _what in commands) + 3
    if (folder / "feedback.toml").exists():
        created += " " + _("feedback.toml holds the questions asked after each game (tabletop review charts the"
                           " answers).")
    return (
        created.format(folder=folder, name=name, deck="deck.csv" if (folder / "deck.csv").exists() else "deck.toml")
        + "\n"
        + "".join(f"  {command:<{width}}{what}\n" for command, what in commands)
        + _("Run these from the folder that holds games/, or add --games-dir.")
    )


ART_README = """Card art for {name}.

Put one image per card here, named by the card's id in ../deck.toml ({example}.png, ...)
and back.png for the card back. Any size or shape: each image is fitted onto the card without
stretching. PNG, JPEG and WebP work. A card without an image gets a clean generated face, and
images added or changed while the table is open show up within a second.
"""
