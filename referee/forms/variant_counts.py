"""The counts a tally needs under the match's ``sevens`` option (docs/rules.md, Regional options).

Under ``setenta`` each side gives its setenta sum; under ``most_tiebreak`` its sixes, aces and fives, typed
only when the sevens tie. A match that plays ``most`` asks for none of them: the fields are dropped from its
forms, so that its pages (and what they accept) stay as they were.
"""

from __future__ import annotations

from typing import Any

from wtforms.validators import NumberRange, Optional

from ..rules.sevens import SETENTA_MOST, TIEBREAK
from .common import BoundedFieldList, WholeNumberField

SETENTA = ("setenta",)
BREAKERS = tuple(name for name, _ in TIEBREAK)  # sixes, aces, fives: the order that breaks a tie
ASKED: dict[str, tuple[str, ...]] = {"setenta": SETENTA, "most_tiebreak": BREAKERS}
EVERY = (*SETENTA, *BREAKERS)
EACH = 4  # the deck holds four sixes, four aces, four fives


def setenta_list(most: int) -> Any:
    """Each side's setenta sum, 0 for a side lacking a suit (missing ones are the referee's to name)."""
    return BoundedFieldList(WholeNumberField(validators=[Optional(), NumberRange(min=0, max=SETENTA_MOST)]),
                            min_entries=1, max_entries=most)


def breaker_list(most: int) -> Any:
    """Each side's sixes (or aces, or fives): optional, asked only when the sevens tie."""
    return BoundedFieldList(WholeNumberField(validators=[Optional(), NumberRange(min=0, max=EACH)]),
                            min_entries=1, max_entries=most)


def asked(sevens: str | None) -> tuple[str, ...]:
    """The variant counts a match's ``sevens`` option asks of a tally (none for ``most``)."""
    return ASKED.get(sevens or "most", ())


def drop_unasked(form: Any, sevens: str | None) -> tuple[str, ...]:
    """Remove the variant fields the match does not ask for (what was posted to them is then ignored);
    the names of those kept."""
    kept = asked(sevens)
    for name in EVERY:
        if name not in kept and name in form:
            del form[name]
    return kept


def typed(form: Any, i: int, names: tuple[str, ...]) -> dict[str, Any]:
    """Side i's variant counts that were typed, by the API's names."""
    values = {name: form[name].entries[i].data for name in names
              if name in form and i < len(form[name].entries)}
    return {name: value for name, value in values.items() if value is not None}
