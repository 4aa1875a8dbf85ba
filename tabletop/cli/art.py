"""``tabletop art``: every card of a game's deck with its art: gallery, contact sheet, TTS sheets, PDF."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tabletop.cli.common import (
    add_art,
    add_game,
    add_sets,
    add_window_size,
    card_size,
    check_writable,
    game_for,
    millimetres,
)
from tabletop.engine.errors import TabletopError
from tabletop.formats.facetext import LANGUAGE
from tabletop.i18n import _

DEFICIENCIES = ("deuteranopia", "protanopia", "tritanopia")
"""The colour vision deficiencies ``--cvd`` simulates (see :mod:`tabletop.ui.art.proofs`)."""


def add(sub: Any) -> None:
    """Add ``tabletop art`` and its arguments to the subcommands ``sub``."""
    art = sub.add_parser("art", help=_("show every card of a game's deck with its art (or write a contact sheet,"
                         " TTS sheets or a print-and-play PDF)"))
    add_game(art)
    add_art(art)
    art.add_argument("--sheet", type=Path, default=None, help=_("write a contact sheet PNG here; no window"))
    art.add_argument("--export-tts", type=Path, default=None, metavar="DIR",
                     help=_("write the deck as Tabletop Simulator sheets (faces, back, TOMLs) into DIR; no window"))
    art.add_argument("--pdf", type=Path, default=None, help=_("write a print-and-play PDF of every card here; no window"))
    art.add_argument("--card-size", type=card_size, default=(63.0, 88.0), metavar="SIZE",
                     help=_("printed card size: poker (63x88 mm, default), bridge, tarot, mini, square, or WxH in mm"))
    art.add_argument("--paper", choices=("a4", "letter"), default="a4", help=_("paper of the PDF (default a4)"))
    art.add_argument("--bleed", type=millimetres, default=0.0, metavar="MM",
                     help=_("print the art this many mm past the cut lines (e.g. 3; default 0)"))
    add_window_size(art, default=(1280, 800), help=_("window size, e.g. 1280x800"))
    add_sets(art, _("a game option that changes the deck, e.g. --set jokers=true"))
    art.add_argument("--check", action="store_true",
                     help=_("proof the faces, no window: text that does not fit, untranslated cards, colour groups"
                            " that look alike to colour-blind testers; exit status 1 if any"))
    art.add_argument("--lang", type=language_code, default=None, metavar="CODE",
                     help=_("draw the cards in this language's columns (name.ja, text.ja...), e.g. --lang ja"))
    art.add_argument("--cvd", choices=DEFICIENCIES, default=None,
                     help=_("with --sheet: the sheet as a tester with this colour vision deficiency sees it"))
    art.set_defaults(handler=run)


def language_code(text: str) -> str:
    """Return a language code (``ja``, ``pt-br``) as the deck's columns write it.

    :raises argparse.ArgumentTypeError: for anything else.
    """
    code = text.strip().lower()
    if not LANGUAGE.match(f"x.{code}"):
        raise argparse.ArgumentTypeError(_("{value}: give a language code such as ja or pt-br").format(value=repr(text)))
    return code


def run(args: argparse.Namespace) -> int:
    """Run ``tabletop art``."""
    from tabletop.ui.art.folders import check_art_path

    game = game_for(args.game, None, args.sets)[0]
    check_art_path(args.art)
    if args.cvd is not None and args.sheet is None:
        raise TabletopError(_("--cvd {kind}: give --sheet FILE.png to write the proof to").format(kind=args.cvd))
    if args.check:
        return check(game, args.art)
    if args.sheet is not None and args.sheet.suffix.lower() != ".png":
        raise TabletopError(_("--sheet {path}: the contact sheet is a .png file").format(path=args.sheet))
    if args.pdf is not None and args.pdf.suffix.lower() != ".pdf":
        raise TabletopError(_("--pdf {path}: the print-and-play file is a .pdf file").format(path=args.pdf))
    if args.export_tts is not None and args.export_tts.exists() and not args.export_tts.is_dir():
        raise TabletopError(_("--export-tts {path}: give a folder (it is a file)").format(path=args.export_tts))
    check_writable("--sheet", args.sheet)
    check_writable("--pdf", args.pdf)
    check_writable("--export-tts", args.export_tts / "x" if args.export_tts else None)
    if args.export_tts is not None or args.pdf is not None:
        from tabletop.ui.art.exports import export_files

        for line in export_files(game, args.art, tts=args.export_tts, pdf=args.pdf, card_size=args.card_size,
                                 paper=args.paper, bleed=args.bleed, lang=args.lang):
            print(line)
        if args.sheet is None:
            return 0
    from tabletop.ui.art.gallery import run_gallery

    code = run_gallery(game, args.art, size=args.size, sheet=args.sheet, lang=args.lang, cvd=args.cvd)
    if args.sheet is not None:
        print(_("wrote {file}").format(file=args.sheet))
    return code


def check(game: Any, art_dir: Path | None) -> int:
    """Print the faces' proofs of ``game``'s deck; return 1 when anything was found, else 0."""
    from tabletop.ui.art.folders import art_folder, deck_file
    from tabletop.ui.art.proofs import check_deck, report_lines

    deck = deck_file(game)
    found = check_deck(deck.parent if deck is not None else None, game.deck(), art_folder(game, art_dir))
    lines = report_lines(found, heading={
        "problems": _("problems in the faces' files:"), "cuts": _("text that does not fit (shown cut short):"),
        "untranslated": _("cards without a translation:"),
        "colours": _("colour groups a colour-blind tester may confuse:")})
    for line in lines:
        print(line)
    if not lines:
        print(_("{game}: every card's text fits, every card is translated, the colour groups stay apart").format(
            game=game.name))
    return 1 if lines else 0
