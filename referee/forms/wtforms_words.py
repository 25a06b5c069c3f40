"""WTForms' own messages ("Not a valid integer value.", "Not a valid choice.") in the reader's language, from
a catalog read once per process and language.

Flask-WTF reads WTForms' catalog from disk again in every request that builds a form (about 0.6 ms); the hand
forms, built on every entry page and save, take it from here instead. The words are the same.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from babel import support
from flask import current_app
from flask_babel import get_locale
from wtforms.i18n import messages_path


@cache
def _catalog(language: str) -> support.NullTranslations:
    """WTForms' catalog for one language (an empty one where WTForms has none)."""
    return support.Translations.load(messages_path(), [language], domain="wtforms")


class WTFormsWords:
    """What a form's Meta.get_translations gives: gettext and ngettext over WTForms' catalog."""

    def gettext(self, string: str) -> str:
        """One message in the reader's language."""
        return str(_catalog(str(get_locale())).ugettext(string))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """One message with a number in the reader's language."""
        return str(_catalog(str(get_locale())).ungettext(singular, plural, n))


WORDS = WTFormsWords()


def translations(_meta: Any, _form: Any) -> WTFormsWords | None:
    """A form Meta's get_translations: the cached catalog, unless Flask-WTF's translations are turned off."""
    return WORDS if current_app.config.get("WTF_I18N_ENABLED", True) else None
