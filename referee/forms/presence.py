"""Who is entering: what an entry page sends while it is open (static/js/entering.js)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField
from wtforms.validators import InputRequired, Regexp


class EnteringForm(FlaskForm):
    """An entry page entering a hand, or leaving it: the hand's number (the entry form's own bound, four digits)
    and whether it left. Sent by fetch while the page is shown, by a beacon as it is hidden: a form body either
    way, with the page's CSRF token."""

    hand = HiddenField(validators=[InputRequired(_l("Which hand is being entered is missing.")),
                                   Regexp(r"^[1-9][0-9]{0,3}\Z", message=_l("A hand's number is 1 to 9999."))])
    leaving = BooleanField()

    def hand_number(self) -> int:
        """The hand, once validated: four digits at most."""
        return int(str(self.hand.data))
