"""The referee tools' GET forms (no CSRF): can I take?, the leftover, a dispute, the draw for dealer.

Each tool answers a link, so its form reads the query string. A form's fields check themselves (a card code
is one of the deck's, none twice, no more than a deck); the form then checks them together (nothing tapped,
two sums that disagree) and keeps what the page lists under it: `problems`, in the reader's words, and the
`invalid` fields to mark. static/js/tools.js refuses the same input in the same words, in the browser.
"""

from __future__ import annotations

import re
from typing import Any, cast

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import Field, HiddenField, StringField
from wtforms.form import BaseForm
from wtforms.validators import Optional, ValidationError

from ..models import NAME_LENGTH
from ..rules import DECK, Card, DeckStyle, Finding, Problem, UnknownCard
from ..rules.cards import DECK_SUM, pile_sum
from ..words.messages import finding_words, problem_words, shortened
from .common import field_errors
from .matches import DECK_CHOICES

DEFAULT_STYLE = DeckStyle.SPANISH.value
# The deck styles a tool offers, labelled as on the new-match page.
STYLES = [(value, label) for value, label in DECK_CHOICES if value]
PLAYERS = 4  # the draw for dealer has a row for each possible player
QUOTED = 12  # an unknown card code is quoted this long at most
_WHOLE = re.compile(r"[0-9]+")


def stripped(value: Any) -> Any:
    """A text without the spaces around it (a filter: WTForms hands it None when nothing was sent)."""
    return value.strip() if isinstance(value, str) else value


class DeckStyleField(HiddenField):
    """The deck style the cards are named in: only labels depend on it, so an odd one is the Spanish deck."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """The first style sent, if it is one the tools offer."""
        if valuelist:
            self.data = valuelist[0] if valuelist[0] in dict(STYLES) else DEFAULT_STYLE


class CardsField(Field):
    """The card codes ticked under one name; `cards` holds them read, once the field is valid.

    The tool's template renders the tiles itself (tools/_parts.html); `data` keeps the codes as sent, so
    that the tiles show them ticked again. A code an edited link made up is refused in words.
    """

    def process_data(self, value: Any) -> None:
        """No codes yet (a field is processed without the query first)."""
        self.data: list[str] = list(value or [])
        self.cards: list[Card] = []

    def process_formdata(self, valuelist: list[Any]) -> None:
        """The codes as sent, at most a deck's worth (a link can repeat a name thousands of times)."""
        self.data = list(valuelist)
        if len(valuelist) > len(DECK):  # refused before any work
            raise ValueError(_("A deck has %(count)s cards: no more than %(count)s can be tapped.", count=len(DECK)))

    def pre_validate(self, form: BaseForm) -> None:
        """Each code read as a card of the deck, none twice; an unknown code is quoted short."""
        tool = cast("ToolForm", form)  # the field sits on the tools' forms only
        if self.process_errors:
            return
        cards: list[Card] = []
        for code in self.data or []:
            try:
                card = Card.parse(code)
            except UnknownCard:
                field_errors(self).append(tool.problem_text("unknown_card", card=shortened(code, QUOTED)))
                continue
            if card in cards:
                field_errors(self).append(tool.problem_text("duplicate_card", card=code))
            cards.append(card)
        self.cards = [] if self.errors else cards


class CardField(StringField):
    """One card code chosen in a select; `card` holds it read, None when none was chosen."""

    def pre_validate(self, form: BaseForm) -> None:
        """The code read as a card of the deck, or refused in words."""
        tool = cast("ToolForm", form)  # the field sits on the tools' forms only
        self.card: Card | None = None
        if self.data:
            try:
                self.card = Card.parse(self.data)
            except UnknownCard:
                raise ValidationError(tool.problem_text("unknown_card", card=shortened(self.data, QUOTED))) from None


class ToolForm(FlaskForm):
    """What every tool's form shares: the deck style, and 'check', which a form sent from the page carries.

    A tool answers once its form was sent, or when a link carries one of `asks` (static/js/tools.js reads
    the same list from the page's data-asks).
    """

    class Meta:
        csrf = False

    style = DeckStyleField(default=DEFAULT_STYLE)
    check = HiddenField()
    asks: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """The form over the query; nothing refused until it is validated."""
        super().__init__(*args, **kwargs)
        self.problems: list[str] = []
        self.invalid: set[str] = set()

    @property
    def deck(self) -> str:
        """The deck style the cards are named in."""
        return str(self.style.data)

    @property
    def asked(self) -> bool:
        """True when the query asks for an answer: the form was sent, or a link carries a field that asks."""
        sent = {field.name for field in self if field.raw_data}
        return any(name in sent for name in ("check", *self.asks))

    def validate(self, extra_validators: Any = None) -> bool:
        """Each field's own checks, then the tool's (`judge`); True when the rules core can be asked."""
        super().validate(extra_validators)
        self.judge()
        return not self.problems

    def judge(self) -> None:
        """The problems of the first field its own checks refused (a tool adds its checks across fields)."""
        failed = next((field for field in self if field.errors), None)
        if failed is not None:
            self.refuse(list(failed.errors), {failed.name})

    def refuse(self, problems: list[str], fields: set[str] | None = None) -> None:
        """Add problems for the page to list, and the fields concerned to mark."""
        self.problems += problems
        self.invalid |= fields or set()

    def words(self, problem: Problem) -> str:
        """A rules-core problem in the reader's words, its cards named as the chosen deck shows them."""
        return problem_words(problem, deck=self.deck)

    def problem_text(self, code: str, **params: Any) -> str:
        """A problem's words from its code (with placeholders such as '{card}' too, for static/js/tools.js to
        fill in)."""
        return self.words(Problem((), code, params))

    def finding_text(self, code: str, **params: Any) -> str:
        """A rules-core finding in the reader's words, as problem_text words a problem."""
        return finding_words(Finding(code, params), deck=self.deck)


class CapturesForm(ToolForm):
    """Can I take?: the card played (a radio) and the cards on the table."""

    card = CardsField()
    table = CardsField()
    asks = ("card", "table")

    def judge(self) -> None:
        """Both must be tapped, the played card first."""
        super().judge()
        if self.problems:
            return
        gaps = {self.card: _("Tap the card you play."), self.table: _("Tap the cards on the table.")}
        missing = [field for field in gaps if not field.cards]
        self.refuse([gaps[field] for field in missing], {field.name for field in missing})

    @property
    def played(self) -> Card:
        """The card played (the first, should a link carry more than the radio sends)."""
        return self.card.cards[0]


class LeftoverForm(ToolForm):
    """Check the leftover: its cards tapped, or their sum typed, or both when they agree."""

    cards = CardsField()
    sum = StringField(default="", validators=[Optional()])
    asks = ("cards", "sum")
    total = 0  # the leftover's sum, once judged

    def validate_sum(self, field: Field) -> None:
        """A whole number no greater than the deck's sum."""
        typed = field.data.strip()
        if not _WHOLE.fullmatch(typed):
            raise ValidationError(_("Type the sum as a whole number, such as 25."))
        digits = typed.lstrip("0") or "0"
        # Past a few digits the number is too much anyway, and int() refuses more than 4 300 of them.
        if len(digits) > len(str(DECK_SUM)) or int(digits) > DECK_SUM:
            raise ValidationError(_("The whole deck adds up to %(most)s: no leftover adds up to more.",
                                    most=DECK_SUM))

    def judge(self) -> None:
        """One of the two is given, and the two agree when both are; `total` is then the leftover's sum."""
        super().judge()
        if self.problems:
            return
        typed, tapped = cast(str, self.sum.data).strip(), self.cards.cards  # text: its default is ''
        self.total = int(typed.lstrip("0") or "0") if typed else pile_sum(tapped)
        if not typed and not tapped:
            self.refuse([_("Tap the cards left on the table, or type their sum.")], {"cards", "sum"})
        elif typed and tapped and pile_sum(tapped) != self.total:
            self.refuse([_("The cards you tapped add up to %(cards)s, not %(typed)s: clear one of the two.",
                           cards=pile_sum(tapped), typed=self.total)], {"cards", "sum"})


class DisputeForm(ToolForm):
    """Settle a dispute: the cards of one side's pile."""

    pile = CardsField()
    asks = ("pile",)

    def judge(self) -> None:
        """The pile must be tapped."""
        super().judge()
        if not self.problems and not self.pile.cards:
            self.refuse([_("Tap the cards of the pile.")], {"pile"})


def name_length(_form: Any, field: Field) -> None:
    """A drawing player's name is bounded as on the new-match page."""
    if len(field.data or "") > NAME_LENGTH:
        raise ValidationError(_("A name has at most %(most)s characters.", most=NAME_LENGTH))


def name_field(i: int) -> Any:
    """Row i's name, as typed, trimmed."""
    return StringField(name=f"name-{i}", default="", filters=[stripped], validators=[name_length])


def card_field(i: int) -> Any:
    """Row i's card drawn."""
    return CardField(name=f"card-{i}", default="")


class DealerDrawForm(ToolForm):
    """Draw for dealer: a name (optional) and a card for each of up to four players, one row each.

    Names alone do not ask: the link to draw again carries the tied players' names only.
    """

    name_0, name_1, name_2, name_3 = (name_field(i) for i in range(PLAYERS))
    card_0, card_1, card_2, card_3 = (card_field(i) for i in range(PLAYERS))
    asks = tuple(f"card-{i}" for i in range(PLAYERS))

    @property
    def rows(self) -> list[tuple[str, str]]:
        """Each row's name and card code, as typed and chosen."""
        return [(self[f"name_{i}"].data, self[f"card_{i}"].data) for i in range(PLAYERS)]

    @property
    def names(self) -> list[str]:
        """Each row's player: the name typed, else 'Player n'."""
        return [name or _("Player %(number)s", number=i + 1) for i, (name, _code) in enumerate(self.rows)]

    @property
    def drawn(self) -> dict[int, Card]:
        """The card drawn in each row that has one, by row number."""
        return {i: card for i in range(PLAYERS) if (card := self._card(i)) is not None}

    def _card(self, i: int) -> Card | None:
        """Row i's card, read (None when none was chosen)."""
        return cast("CardField", self[f"card_{i}"]).card

    def judge(self) -> None:
        """A name too long alone; else every row's problem together with those of the whole draw."""
        if any(self[f"name_{i}"].errors for i in range(PLAYERS)):
            self.refuse([_("A name has at most %(most)s characters.", most=NAME_LENGTH)])
            return
        for i, (name, code) in enumerate(self.rows):
            field = self[f"card_{i}"]
            if field.errors:
                self.refuse(list(field.errors), {field.name})
            elif name and not code:
                self.refuse([_("Which card did %(name)s draw?", name=name)], {field.name})
        drawn, names = self.drawn, self.names
        if not self.problems and len(drawn) < 2:
            self.refuse([_("At least two players draw a card.")])
        if len(set(drawn.values())) != len(drawn):
            self.refuse([_("Two players cannot draw the same card.")])
        if len({names[i] for i in drawn}) != len(drawn):
            self.refuse([_("Two players have the same name.")])

