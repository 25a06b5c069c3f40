"""What every form shares: choices as WTForms 3.3+ wants them, and lists that read only sane indexes."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from wtforms import FieldList
from wtforms.fields.choices import SelectChoice

# An entry's index as a page writes it ('cards-0', 'escobas-3'): a few ASCII digits.
_INDEX = re.compile(r"[0-9]{1,3}")


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
