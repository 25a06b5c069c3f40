"""The setenta tool's GET form: the cards each side took, for the rules core to count each side's setenta."""

from __future__ import annotations

from flask_babel import gettext as _

from ..rules import Card
from ..words.deck_words import name_card
from .tools import CardsField, ToolForm


class SetentaForm(ToolForm):
    """Count the setenta: the cards each side took, one grid a side (its best cards are enough)."""

    a = CardsField()
    b = CardsField()
    asks = ("a", "b")

    @property
    def sides(self) -> list[str]:
        """The two sides as the page names them."""
        return [_("Side %(number)s", number=number) for number in (1, 2)]

    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """Each side's cards, read."""
        return [tuple(self.a.cards), tuple(self.b.cards)]

    def judge(self) -> None:
        """Both sides tapped, and no card in both."""
        super().judge()
        if self.problems:
            return
        grids = [self.a, self.b]
        missing = [(field, side) for field, side in zip(grids, self.sides, strict=True) if not field.cards]
        self.refuse([_("Tap the cards %(side)s took.", side=side) for _field, side in missing],
                    {field.name for field, _side in missing})
        both = [card for card in self.a.cards if card in self.b.cards]
        if both:
            self.refuse([_("%(card)s cannot be in both sides' cards.", card=name_card(both[0], self.deck))],
                        {"a", "b"})
