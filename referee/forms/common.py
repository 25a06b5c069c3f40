"""What every form shares: choices as WTForms 3.3+ wants them, lists that read only sane indexes, and text
without control characters."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, FieldList, IntegerField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import StopValidation

# An entry's index as a page writes it ('cards-0', 'escobas-3'): a few ASCII digits.
_INDEX = re.compile(r"[0-9]{1,3}")
# A whole number as a person types one: no form here takes more than a few digits.
_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")
# IntegerField's own message: WTForms' catalog translates it (through Flask-WTF), not ours.
NOT_A_NUMBER = "Not a valid integer value."


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices for a select or radio field, as WTForms 3.3+ wants them."""
    return [SelectChoice(value, label) for value, label in pairs]


class BoundedFieldList(FieldList):  # type: ignore[misc]
    """A FieldList that reads only indexes a page can have.

    WTForms reads any key whose index passes str.isdigit(), then calls int() on it: a posted
    'names-²' (a digit to isdigit, not to int) or a 5 000-digit index would raise a ValueError.
    """

    def _extract_indices(self, prefix: str, formdata: Any) -> Iterator[int]:
        """The indexes of the posted entries, small ASCII numbers only."""
        start = f"{prefix}{self._separator}"
        for key in formdata:
            if key.startswith(start):
                index = key[len(start):].split(self._field_separator, 1)[0]
                if _INDEX.fullmatch(index):
                    yield int(index)


class WholeNumberField(IntegerField):  # type: ignore[misc]
    """An IntegerField that reads at most nine digits.

    WTForms' NumberRange compares through math.isnan(), which overflows on an integer of a few hundred
    digits (a 5 000-digit one int() refuses itself); refused here first, in WTForms' own words.
    """

    def process_formdata(self, valuelist: list[Any]) -> None:
        """The number typed, if it is one of sensible size."""
        if valuelist and not _WHOLE.fullmatch(str(valuelist[0]).strip()):
            self.data = None
            raise ValueError(self.gettext(NOT_A_NUMBER))
        super().process_formdata(valuelist)


def no_control_characters(_form: Any, field: Field) -> None:
    """Refuse control characters (NUL and the like): no keyboard types them, and PostgreSQL cannot store or
    even compare a NUL. It stops the field's other validators, which may look the value up."""
    if any(unicodedata.category(c) == "Cc" for c in str(field.data or "")):
        raise StopValidation(_l("This holds control characters, which no keyboard types: remove them."))
