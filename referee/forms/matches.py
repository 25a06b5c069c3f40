"""Match forms: the rules part (the new-match form's and a house rules profile's), a new match, the draw for
dealer, undo and the trail's buttons, and the history's filters."""

from __future__ import annotations

from typing import Any, cast

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, HiddenField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, Regexp, ValidationError

from ..models import NAME_LENGTH
from ..rules import DECK, OPTIONS, PRESETS, make_ruleset
from ..services.profiles import HouseRules, OpeningSweep
from ..words.game_names import DECK_NAMES
from .common import BoundedFieldList, WholeNumberField, no_control_characters, options

PRESET_CHOICES = [
    ("escova-rs", _l("Escova (Rio Grande do Sul): to 15, 6 deck points")),
    ("escoba-es", _l("Escoba (Spain): to 21, 4 deck points")),
    ("escoba-intl", _l("Escoba (international): to 21, with bonuses for all the coins and all the sevens")),
]
SEATING_CHOICES = [("pairs", _l("Two partnerships")), ("2", _l("2 players")), ("3", _l("3 players")),
                   ("4", _l("4 players"))]
SEATS = {"pairs": 4, "2": 2, "3": 3, "4": 4}
SEAT_VALUES = {str(i) for i in range(4)}  # the first dealer's choices besides 'draw'
# The draw page offers both ways: real cards picked on a grid, or "Draw for us".
# Short: a select shows its choice on one line, which a phone's width cut in Spanish; the longer words are the
# field's hint under it.
DRAW_CHOICE = ("draw", _l("Draw for it"))
DRAW_HINT = _l("Draw for it: real cards, or the app draws")
BONUS_CHOICES = [("", _l("as the preset")), ("0", _l("no bonus")), ("1", "+1"), ("2", "+2")]
DECK_CHOICES = [("", _l("as the preset")), *DECK_NAMES.items()]
PENALTY_CHOICES = [("forfeit", _l("Forfeit: the erring side scores 0, the other takes all deck points")),
                   ("void", _l("Void: the erring side scores 0, the others what they earned")),
                   ("flag", _l("Flag: show the error, count points as entered"))]
# The sevens point: the regional quick picks are the choices themselves, their labels naming the region, so they
# work without JavaScript (docs/rules.md, Regional options).
SEVENS_CHOICES = [("most", _l("Most sevens (the usual)")),
                  ("setenta", _l("As in Argentina: la setenta (each suit's best card counts)")),
                  ("most_tiebreak", _l("As in Uruguay: sevens, then sixes, aces, fives"))]
TIES_CHOICES = [("nobody", _l("Nobody scores it (the rule)")),
                ("shared", _l("House rule: every side tied at the top scores it"))]
CONFIRM_CHOICES = [("none", _l("Each hand counts once saved")),
                   ("other_sides", _l("Both sides confirm each hand (the other side taps Confirm)"))]
PASSES_CHOICES = [("right", _l("To the right (next in the order of play)")), ("left", _l("To the left"))]
# What a player's name may be, as typed (then trimmed, and not empty): a seat's here, a rename's in player_admin.py.
NAME_RULES = [Length(max=NAME_LENGTH), no_control_characters]


def whole_id(raw: str | None) -> int | None:
    """An id as a page writes it (a few digits), else None: a value no page writes names nothing."""
    raw = raw or ""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


class RulesForm(FlaskForm):
    """A form's rules part, the new-match form's and a house rules profile's alike: the game, a field for each option
    of the rules core named as the option (left empty for the preset's value) and the cards. A new option is one
    field here, and every form with a rules part has it (docs/architecture.md, "Adding a preset or an option")."""

    preset = RadioField(_l("Game"), choices=options(PRESET_CHOICES), default="escova-rs")
    target = WholeNumberField(_l("Target"), validators=[Optional(), NumberRange(min=1, max=100)])
    all_oros = SelectField(_l("All 10 coins (or diamonds)"), choices=options(BONUS_CHOICES), default="")
    all_sevens = SelectField(_l("All 4 sevens"), choices=options(BONUS_CHOICES), default="")
    over30 = SelectField(_l("More than 30 cards"), choices=options(BONUS_CHOICES), default="")
    penalty = SelectField(_l("When a side erred"), choices=options(PENALTY_CHOICES), default="forfeit")
    deal_passes = SelectField(_l("The deal passes"), choices=options(PASSES_CHOICES), default="right")
    deck_style = SelectField(_l("Cards"), choices=options(DECK_CHOICES), default="")
    sevens = RadioField(_l("The sevens point"), choices=options(SEVENS_CHOICES), default="most")
    ties = RadioField(_l("A category tied at the top"), choices=options(TIES_CHOICES), default="nobody")
    confirm_hands = RadioField(_l("Confirming hands"), choices=options(CONFIRM_CHOICES), default="none")

    def options(self) -> dict[str, object]:
        """The options the form changes from the preset: each option of the rules core has its field of the same
        name, left empty for the preset's value (a new option needs no line here)."""
        options: dict[str, object] = {}
        for name, kind in OPTIONS.items():
            value = self[name].data
            if value is not None and value != "":
                options[name] = value if kind.choices is not None else int(value)
        return options

    def chosen_rules(self, opening_sweep: OpeningSweep = OpeningSweep.DEALER) -> HouseRules:
        """The rules the form chooses, an option left empty the preset's (call after validation: the fields bound
        every value)."""
        return HouseRules(make_ruleset(self.preset.data, **self.options()), self.deck_style.data or "",
                          opening_sweep)

    def fill_rules(self, rules: HouseRules) -> None:
        """Show these rules, every option as they hold it (house rules chosen, a profile's page)."""
        self.preset.data = rules.ruleset.preset
        for name, value in rules.ruleset.options().items():
            self[name].data = value if isinstance(self[name], IntegerField) else str(value)
        self.deck_style.data = rules.deck_style

    def deck(self) -> str:
        """The deck style chosen, or the preset's."""
        return str(self.deck_style.data or PRESETS[self.preset.data].deck_style.value)


class NewMatchForm(RulesForm):
    """Rules, deck, players in the order of play, and who deals first."""

    seating = RadioField(_l("Players"), choices=options(SEATING_CHOICES), default="pairs")
    names = BoundedFieldList(StringField(_l("Name"), validators=[Optional(), *NAME_RULES]),
                             min_entries=4, max_entries=4)
    first_dealer = SelectField(_l("First dealer"), choices=options([DRAW_CHOICE]), default="draw",
                               description=DRAW_HINT)
    # House rules (services/profiles.py): the profile the rules part was filled from, and a name to save them as.
    profile = HiddenField()
    save_as = StringField(_l("Save these rules as…"), validators=[Optional(), *NAME_RULES])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = [(str(i), _l("Seat %(number)s", number=i + 1)) for i in range(4)]
        self.first_dealer.choices = options([DRAW_CHOICE, *seats])

    @property
    def seat_count(self) -> int:
        """How many seats the chosen seating has (four while the seating is not one offered)."""
        return SEATS.get(self.seating.data, 4)

    def first_seat(self) -> int | None:
        """The seat picked to deal first; None to draw for it (call after validation)."""
        return None if self.first_dealer.data == "draw" else int(self.first_dealer.data)

    def player_names(self) -> tuple[str, ...]:
        """The names typed for the seats in use, trimmed."""
        return tuple((entry.data or "").strip() for entry in self.names.entries[: self.seat_count])

    def validate_names(self, field: BoundedFieldList) -> None:
        """Every seat in use has a name, and no two the same: an empty seat is marked, and a name typed twice
        on its second seat, naming the first."""
        first: dict[str, int] = {}
        problems: dict[int, Any] = {}
        for seat, name in enumerate(self.player_names()):
            if field.entries[seat].errors:
                continue  # too long or with control characters: said already
            if not name:
                problems[seat] = _l("Give seat %(number)s a name.", number=seat + 1)
            elif name in first:
                problems[seat] = _l("Seat %(number)s already has this name: give each player a different one.",
                                    number=first[name] + 1)
            first.setdefault(name, seat)
        if problems:
            mark_entries(field, problems)

    def validate_first_dealer(self, field: Field) -> None:
        """The first dealer sits at the table (a value not offered is refused by the choices first)."""
        if field.data in SEAT_VALUES and int(field.data) >= self.seat_count:
            raise ValidationError(_l("Pick one of the players."))

    def rules_refused(self) -> bool:
        """Whether a field of the folded "Rules and cards" was refused: the page opens it."""
        return any(self[name].errors for name in (*OPTIONS, "deck_style", "save_as"))

    def profile_id(self) -> int | None:
        """The house rules the page was filled from, if it says as a page writes it (a few digits)."""
        return whole_id(self.profile.data)

    def save_as_name(self) -> str:
        """The name to save the rules under, trimmed; '' to save nothing (call after validation)."""
        return (self.save_as.data or "").strip()


CARD_CODES = [str(card) for card in DECK]


def mark_entries(field: BoundedFieldList, problems: dict[int, Any]) -> None:
    """Put each problem on its own entry of a field list (only the seats at fault turn red), and make the list
    fail validation without a message of its own."""
    for index, message in problems.items():
        cast("list[str]", field.entries[index].errors).append(message)  # a list once validated
    field.errors = [entry.errors for entry in field.entries]


ROUND_NUMBER = [InputRequired(), Regexp(r"^[1-9][0-9]{0,2}\Z")]  # a round of the draw, as its page writes it


class DrawForm(FlaskForm):
    """One round of the draw for dealer with real cards: each seat drawing in it picks its card from a grid of
    the deck (a group of radio buttons), in the order of the seats.

    The server knows who draws (the tied players after a tie); the hidden round number tells a page of a
    round another phone already drew from the current one."""

    round = HiddenField(validators=ROUND_NUMBER)
    cards = BoundedFieldList(RadioField(choices=options([(c, c) for c in CARD_CODES]),
                                        validators=[InputRequired(_l("Which card was drawn?"))]),
                             min_entries=0, max_entries=4)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.drawing: list[int] = []
        self.names: list[str] = []
        self.current_round = 1

    def fit(self, seats: list[int], names: list[str], round_number: int) -> None:
        """At least one card grid per drawing seat, in order, keeping what was chosen in those; `names` are
        the players' names by seat, for the messages. More posted than drawing is refused by validation."""
        self.drawing, self.names, self.current_round = list(seats), names, round_number
        if not self.is_submitted():
            self.round.data = str(round_number)
        while len(self.cards.entries) < len(seats):
            self.cards.append_entry()

    def stale(self) -> bool:
        """True when the page posted was drawing another round than the current one (another phone drew
        meanwhile); a round number no page writes is left to validation."""
        posted = self.round.data or ""
        return posted.isascii() and posted.isdigit() and len(posted) <= 3 and int(posted) != self.current_round

    def trim(self) -> None:
        """Drop the grids past the drawing seats (no page has them), to show the form again."""
        while len(self.cards.entries) > len(self.drawing):
            self.cards.pop_entry()

    def round_number(self) -> int:
        """The round the page was drawing (call after validation)."""
        return int(cast(str, self.round.data))  # validated: digits

    def drawn(self) -> dict[int, str]:
        """Each drawing seat's card code (call after validation)."""
        return {seat: entry.data for seat, entry in zip(self.drawing, self.cards.entries, strict=True)}

    def validate_cards(self, field: BoundedFieldList) -> None:
        """One card for each player drawing, and no card drawn twice: the second player holding a card
        already drawn is marked, naming the first."""
        if len(field.entries) != len(self.drawing):
            raise ValidationError(_l("Each player draws one card."))
        first: dict[str, int] = {}
        problems: dict[int, Any] = {}
        for index, entry in enumerate(field.entries):
            if entry.errors or not entry.data:
                continue
            if entry.data in first:
                problems[index] = _l("%(name)s drew this card already: two players cannot draw the same card.",
                                     name=self.names[self.drawing[first[entry.data]]])
            first.setdefault(entry.data, index)
        if problems:
            mark_entries(field, problems)


class AppDrawForm(FlaskForm):
    """"Draw for us": the app draws the round the page shows and any after it; the round's number makes a second
    tap, or a page of a round another phone drew, change nothing."""

    round = HiddenField(validators=ROUND_NUMBER)

    def round_number(self) -> int:
        """The round the page was drawing (call after validation)."""
        return int(cast(str, self.round.data))  # validated: digits


class TrailForm(FlaskForm):
    """A button of the trail (restore a hand, revert a correction), from a page showing this version."""

    version = HiddenField(validators=[InputRequired(), Regexp(r"^[0-9]{1,9}\Z")])


class RevokeLinkForm(FlaskForm):
    """Replace the spectator link: the confirmation page's button (its CSRF token is all it carries)."""


class UndoForm(TrailForm):
    """Undo the last hand, from a confirmation showing the match at this version and that hand's number
    (a form without the number, from an older page, takes back the last hand)."""

    number = HiddenField(validators=[Optional(), Regexp(r"^[0-9]{1,4}\Z")])

    def hand_number(self) -> int | None:
        """The hand the confirmation showed, if it said (call after validation; Optional lets blanks through)."""
        number = (self.number.data or "").strip()
        return int(number) if number else None


STATUS_CHOICES = [("", _l("All matches")), ("playing", _l("In progress")), ("finished", _l("Finished"))]
MAX_PAGE = 1_000_000  # far past any account's last page; the history shows its last page instead


class HistoryForm(FlaskForm):
    """The match list's filters and page, read from the query (a GET form, no CSRF)."""

    player = StringField(_l("Player"), validators=[Optional(), Length(max=NAME_LENGTH), no_control_characters])
    status = SelectField(_l("Show"), choices=options(STATUS_CHOICES), default="")
    page = StringField()

    class Meta:
        csrf = False

    def page_number(self) -> int:
        """The page asked for, at least 1; a number past any last page is MAX_PAGE (the list clamps it)."""
        raw = (self.page.data or "").strip()
        if not (raw.isascii() and raw.isdigit()):
            return 1
        digits = raw.lstrip("0") or "0"
        return max(1, min(int(digits), MAX_PAGE) if len(digits) <= len(str(MAX_PAGE)) else MAX_PAGE)

    def filters(self) -> tuple[str, str]:
        """The player and status to filter by, leaving out any the form refused."""
        player = "" if self.player.errors else (self.player.data or "").strip()
        status = "" if self.status.errors else self.status.data or ""
        return player, status
