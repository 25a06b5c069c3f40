"""What every form shares: choices as WTForms 3.3+ wants them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wtforms.fields.choices import SelectChoice


def options(pairs: Iterable[tuple[str, Any]]) -> list[SelectChoice]:
    """Choices for a select or radio field, as WTForms 3.3+ wants them."""
    return [SelectChoice(value, label) for value, label in pairs]
