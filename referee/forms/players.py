"""The player page's filters: which game and which period the statistics cover (a GET form, no CSRF)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField

from ..rules import PRESETS
from ..words.game_names import GAME_NAMES
from .common import options

GAME_CHOICES = [("", _l("Every game")), *((preset, GAME_NAMES.get(preset, preset)) for preset in PRESETS)]
PERIOD_CHOICES = [("all", _l("All time")), ("year", _l("This year")), ("30d", _l("Last 30 days"))]


class PlayerStatsForm(FlaskForm):
    """The game and period the player's statistics are for, read from the query string."""

    game = SelectField(_l("Game"), choices=options(GAME_CHOICES), default="")
    period = SelectField(_l("Period"), choices=options(PERIOD_CHOICES), default="all")

    class Meta:
        csrf = False

    def chosen(self) -> tuple[str, str]:
        """The game and period to filter by; a value the form refused counts as no filter (all games, all
        time), and the page says so beside the field."""
        game = "" if self.game.errors else self.game.data or ""
        period = "all" if self.period.errors else self.period.data or "all"
        return game, period
