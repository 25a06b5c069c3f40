"""What every form shares: choices as WTForms 3.3+ wants them, lists that read only sane indexes, and text
without control characters."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, cast

from flask_babel import lazy_gettext as _l
from wtforms import Field, FieldList, IntegerField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # new in WTForms 3.3; types-WTForms is 3.2
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


if TYPE_CHECKING:
    _FieldList = FieldList[Field]  # generic in types-WTForms only, not at run time
else:
    _FieldList = FieldList


class BoundedFieldList(_FieldList):
    """A FieldList that reads only indexes a page can have.

    WTForms reads any key whose index passes str.isdigit(), then calls int() on it: a posted
    'names-²' (a digit to isdigit, not to int) or a 5 000-digit index would raise a ValueError.
    """

    # Set by FieldList.__init__, and left out of types-WTForms as private.
    _separator: str
    _field_separator: str

    def _extract_indices(self, prefix: str, formdata: Any) -> Iterator[int]:
        """The indexes of the posted entries, small ASCII numbers only."""
        start = f"{prefix}{self._separator}"
        for key in formdata:
            if key.startswith(start):
                index = key[len(start):].split(self._field_separator, 1)[0]
                if _INDEX.fullmatch(index):
                    yield int(index)


class WholeNumberField(IntegerField):
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


def field_errors(field: Field) -> list[str]:
    """A validated field's errors, to add one to: validation leaves a list there (types-WTForms says Sequence,
    as a field not yet validated has an empty tuple)."""
    return cast("list[str]", field.errors)
