"""Each tournament format in the reader's words: its name on the pages ("Swiss, 5 rounds") and its line among the
"New tournament" form's choices. One entry per format of the registry (services/formats.py: FORMATS), so a new
format is its class there and its words here; tests/web/test_tournament_formats.py fails for a format without
them. Shared by the form (forms/tournaments.py) and the pages (views/tournament_words.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ..services.formats import FORMATS

if TYPE_CHECKING:
    from ..services.formats import TournamentFormat

# A format's name, given the rounds it plays (only a format that asks for them names them).
NAMES: dict[str, Callable[[int], str]] = {
    "swiss": lambda rounds: ngettext("Swiss, %(num)d round", "Swiss, %(num)d rounds", rounds),
    "round_robin": lambda _rounds: _("Round robin"),
    "knockout": lambda _rounds: _("Knockout"),
}

# A format as the "New tournament" form offers it: its name and what it does, in a line.
CHOICES: dict[str, str] = {  # lazy: read in the language of the request that shows them
    "swiss": _l("Swiss: a set number of rounds, each paired by score"),
    "round_robin": _l("Round robin: everyone plays everyone"),
    "knockout": _l("Knockout: win or go home"),
}


def format_name(format: TournamentFormat, rounds: int | None = None) -> str:
    """A format as the pages name it (a Swiss event with its rounds)."""
    return NAMES[format.name](rounds or 0)


def format_choices() -> list[tuple[str, str]]:
    """The form's choices, in the registry's order."""
    return [(name, CHOICES[name]) for name in FORMATS]
