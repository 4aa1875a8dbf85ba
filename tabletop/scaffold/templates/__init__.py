"""Templates that ``tabletop new NAME --template ...`` copies into a games folder (see :mod:`tabletop.scaffold`).

Each template is a real game package (``go-fish`` lives in ``go_fish/``), written on the kit and checked
by ruff and mypy like the rest of tabletop; the scaffold copies its files and puts the new game's
name where the template says ``template-name`` (its title for ``Template Title``, its class name for
``TemplateGame``).
"""

from tabletop.i18n import N_

TEMPLATES = {
    "trick": N_("a trick-taking game: follow the colour led, the lowest card takes the trick"),
    "market": N_("a set-collection game: buy from a market row or draw, lay down sets of a colour"),
    "go-fish": N_("Go Fish: ask a seat for a kind of card you hold, collect books of a kind"),
    "sandbox": N_("a deck and a table with no rules yet: draw, deal, move, flip and keep score by hand"),
}
"""The templates of ``tabletop new``, the default first, each with one line on what it makes."""
