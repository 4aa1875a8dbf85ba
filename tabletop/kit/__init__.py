"""The game kit: one import with what a card game needs (``from tabletop.kit import ...``).

- the base: :class:`KitGame` and :class:`State` (a dataclass whose card lists are zones: ``hands()``,
  ``pile()``, ``discard_pile()``, ``row()``, ``per_seat()``, ``spread()``; ``seat_values()``);
- dealing by zone id, each returning the moves the table animates: ``shuffle``, ``deal``, ``deal_packets``, ``draw``,
  ``refill``, ``move``, ``gather``, ``zone_cards``; ``reveal``, cards the rules show everyone where
  they lie;
- what games are made of: ``Action`` (``PASS``, ``draw_action(seat)``) (its target: ``cards``, ``zone``, a ``seat`` it is aimed at,
  the zone ``to`` which it moves cards), ``Card``, events (``ActionTaken``, ``Moved``, ``Note``,
  ``DealScored``...), ``InfoRow``, ``Popup``, options (``option``), zone ids (``hand_id``,
  ``tableau_id``, ``won_id``, ``DRAW``...), texts for the table (``N_``, ``nN_``, ``seat_name``);
- turns: ``turn_order = LEFT`` (or ``RIGHT``) on a game leaves whose turn it is to the kit; ``apply``
  returns ``AGAIN`` when the seat moves again;
- mechanics: trick play (``TrickGame``, ``TrickState``: deal, play to the trick, take it, score the
  deal, deal again, with must-follow and trumps as options), tricks (``follow_cards``,
  ``winning_index``, ``TrickWon``), piles and rows (``piles``), melds (``groups``, ``selections``),
  poker hands (``poker``).
"""

from tabletop.engine.actions import Action
from tabletop.engine.cards import Card, parse_card, parse_cards, standard_deck
from tabletop.engine.errors import UserInputError
from tabletop.engine.events import (
    ActionTaken,
    DealScored,
    DealStarted,
    Event,
    InfoChanged,
    Moved,
    Note,
    seat_name,
)
from tabletop.engine.game import competition_ranks
from tabletop.engine.options import option
from tabletop.engine.zones import (
    DEALER,
    EVERYONE,
    FAN,
    NOBODY,
    OWNER,
    ROW,
    SPREAD,
    STACK,
    TOP,
    InfoRow,
    Move,
    Popup,
    Zone,
    hand_id,
)
from tabletop.i18n import N_, nN_
from tabletop.kit import melds, piles, poker, tricks
from tabletop.kit.dealing import (
    DRAW,
    HAND,
    PASS,
    Moves,
    deal,
    deal_packets,
    draw,
    draw_action,
    gather,
    move,
    refill,
    shuffle,
    zone_cards,
)
from tabletop.kit.game import AGAIN, LEFT, RIGHT, Emit, KitGame, quiet
from tabletop.kit.melds import groups, selections
from tabletop.kit.piles import DISCARD, MARKET, tableau_id
from tabletop.kit.reveal import reveal
from tabletop.kit.state import (
    State,
    discard_pile,
    hands,
    per_seat,
    pile,
    record,
    row,
    seat_values,
    spread,
)
from tabletop.kit.trickgame import TrickGame
from tabletop.kit.tricks import (
    TRICK,
    TrickWon,
    follow_cards,
    suit_name,
    suit_text,
    winning_index,
    won_id,
)
from tabletop.kit.trickstate import TrickState, TrickTables

__all__ = [
    "AGAIN", "LEFT", "RIGHT", "TrickGame", "TrickState", "TrickTables", "suit_name",
    "DEALER", "DISCARD", "DRAW", "EVERYONE", "FAN", "HAND", "MARKET", "N_", "NOBODY", "OWNER", "PASS", "ROW", "SPREAD",
    "STACK", "TOP", "TRICK", "Action", "ActionTaken", "Card", "DealScored", "DealStarted", "Emit", "Event",
    "InfoChanged", "InfoRow", "KitGame", "Move", "Moved", "Moves", "Note", "Popup", "State", "TrickWon",
    "UserInputError", "Zone", "competition_ranks", "deal", "deal_packets", "discard_pile", "draw", "draw_action", "follow_cards", "gather",
    "groups", "hand_id", "hands", "melds", "move", "nN_", "option", "parse_card", "parse_cards", "per_seat", "pile", "record",
    "piles", "poker", "quiet", "refill", "reveal", "row", "seat_name", "seat_values", "selections", "shuffle", "spread",
    "standard_deck", "suit_text", "tableau_id", "tricks", "winning_index", "won_id", "zone_cards",
]
