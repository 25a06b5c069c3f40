"""The error summary at the top of a refused form: every problem in words, each linked to its field.

Every form page shows it through one macro (``errors_of`` in templates/_macros.html); this module
lists what it says. Each item is the words and the id of the element its link goes to.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from flask import Flask
from flask_babel import gettext as _
from wtforms import Field, FieldList, Form
from wtforms.fields import HiddenField, RadioField

from .template_helpers import is_message


@dataclass(frozen=True)
class SummaryItem:
    """One line of the summary: what is wrong, and the id of the field its link moves to."""

    words: str
    target: str


def field_target(field: Field) -> str:
    """The id a link to a field goes to: a group of radio buttons is reached by its first one."""
    return f"{field.id}-0" if isinstance(field, RadioField) else str(field.id)


def _labelled(label: str, message: str) -> str:
    """A field's message with the field's name in front."""
    return _("%(field)s: %(problem)s", field=label, problem=message)


def _entry_label(field_list: FieldList[Field], entry: Field) -> str:
    """What to call an entry of a list: its own label if it was given one, else the list's ('Cards' for
    'cards-0', not WTForms' 'Cards-0' made from the entry's name)."""
    made_up = entry.name.replace("_", " ").title()
    return str(field_list.label.text if entry.label.text == made_up else entry.label.text)


def _field_items(field: Field, labels: Mapping[str, str]) -> Iterator[tuple[str, SummaryItem]]:
    """A field's errors as summary items, each with the id it is ordered by."""
    if isinstance(field, HiddenField) or field.type == "CSRFTokenField":
        return  # written by the page, not by the person: a page that finds one changed says so itself
    if isinstance(field, FieldList):
        for i, entry in enumerate(field.entries):
            default = _("%(label)s %(number)s", label=_entry_label(field, entry), number=i + 1)
            yield from _field_items(entry, {entry.id: default, **labels})
        # The list's own errors ("Give every player a name.") go to its first entry.
        target = str(field.entries[0].id if field.entries else field.id)
        label = labels.get(str(field.id)) or str(field.label.text)
        for message in (error for error in field.errors if is_message(error)):
            yield target, SummaryItem(_labelled(label, str(message)), target)
        return
    label = labels.get(str(field.id)) or str(field.label.text)
    for message in field.errors:
        yield str(field.id), SummaryItem(_labelled(label, str(message)), field_target(field))


def summary_of(form: Form, labels: Mapping[str, str] | None = None) -> list[SummaryItem]:
    """Every WTForms error of a form as summary items, in the order of `labels` (the page's order) where
    given, else in the form's.

    `labels` maps a field's id to the name the page gives it ("Escobas · Ana" for 'escobas-0').
    """
    labels = labels or {}
    # Errors of the whole form (no one field holds them) come first, linked to where the form starts.
    start = getattr(form, "start_id", "") or next((str(f.id) for f in form if not isinstance(f, HiddenField)
                                                   and f.type != "CSRFTokenField"), "")
    items = [("", SummaryItem(str(message), start)) for message in getattr(form, "form_errors", [])]
    items += [item for field in form for item in _field_items(field, labels)]
    order = {field_id: i for i, field_id in enumerate(labels)}
    # sorted() is stable: fields the labels do not name keep the form's order, after those they name.
    return [item for _id, item in sorted(items, key=lambda pair: order.get(pair[0], len(order)) if pair[0] else -1)]


def init_app(app: Flask) -> None:
    """Let every template list a form's errors (see the errors_of macro)."""
    app.jinja_env.globals["summary_of"] = summary_of
