"""Player forms: rename a player, merge two players who are one person, delete a player."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, ValidationError

from ..models import Player
from .common import options
from .matches import NAME_RULES

KEEP_CHOICES = ("this", "other")


class RenamePlayerForm(FlaskForm):
    """A new name for a player, under the rules of a seat's name in the new-match form."""

    name = StringField(_l("New name"), validators=NAME_RULES)

    def validate_name(self, field: Field) -> None:
        """Not empty once trimmed (the new-match form asks every seat for a name the same way)."""
        if not (field.data or "").strip():
            raise ValidationError(_l("Give the player a name."))

    def new_name(self) -> str:
        """The name typed, trimmed as a seat's is (call after validation)."""
        return str(self.name.data).strip()


class MergePlayersForm(FlaskForm):
    """Two players of the account who are one person: which other player, and whose name to keep."""

    # The choices are checked by validate_other, which says it in the page's words.
    other = SelectField(_l("The same person as"), validate_choice=False,
                        validators=[InputRequired(_l("Pick one of your players."))])
    keep = RadioField(_l("Keep the name"), choices=options([(value, value) for value in KEEP_CHOICES]),
                      default="this")

    def __init__(self, player: Player, others: list[Player], *args: Any, **kwargs: Any) -> None:
        """The form on `player`'s page, offering the account's `others` (every player but this one)."""
        super().__init__(*args, **kwargs)
        self.player = player
        self.others = {str(other.id): other for other in others}
        self.other.choices = options([("", _l("Pick a player")), *((key, p.name) for key, p in self.others.items())])
        picked = self.picked()
        self.keep.choices = options([("this", player.name),
                                     ("other", picked.name if picked else _l("The other player's name"))])

    def validate_other(self, field: Field) -> None:
        """One of the account's other players (the choices refuse anything else first)."""
        if self.picked() is None:
            raise ValidationError(_l("Pick one of your players."))

    def picked(self) -> Player | None:
        """The other player chosen, if the choice is one offered."""
        return self.others.get(self.other.data) if isinstance(self.other.data, str) else None

    def kept_and_merged(self) -> tuple[Player, Player]:
        """The player who stays (with their name) and the one merged into them (call after validation)."""
        other = self.others[self.other.data]
        return (self.player, other) if self.keep.data == "this" else (other, self.player)


class DeletePlayerForm(FlaskForm):
    """Delete a player: the confirmation page's button (its CSRF token is all it carries)."""
