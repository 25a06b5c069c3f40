"""Languages: which one a request gets, the list the app offers, and the templates' translations."""

from __future__ import annotations

from babel.support import NullTranslations
from flask import Flask, g, request
from flask_babel import get_locale, get_translations

from ..extensions import babel
from .api_requests import to_the_api

# Locale code -> the language's own name, as a switcher shows it.
LANGUAGES = {"en": "English", "pt_BR": "Português (Brasil)", "es": "Español"}
LANGUAGE_COOKIE = "lang"


def select_locale() -> str | None:
    """The language chosen on this phone, else the best for the browser's Accept-Language."""
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES and not to_the_api():
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default="en")


def catalog() -> NullTranslations:
    """The request's catalog, asked of Flask-Babel once per request (its language does not change meanwhile).

    Flask-Babel's own template callables ask for it again for every string, through three context-local proxies:
    530 strings (a 60-hand scoreboard's) took twice as long (benchmarks/bench_template_words.py).
    """
    found: NullTranslations | None = g.get("catalog")
    if found is None:
        found = g.catalog = get_translations()
    return found


def template_gettext(string: str) -> str:
    """One string of a page in its language."""
    return str(catalog().ugettext(string))


def template_ngettext(singular: str, plural: str, num: int) -> str:
    """A string with a number, in the plural form its language uses for that number."""
    return str(catalog().ungettext(singular, plural, num))


def init_app(app: Flask) -> None:
    """Bind Flask-Babel with the locale selector and the project's catalogs; the templates' `gettext` and `ngettext`
    are Jinja's i18n extension's, "newstyle" (a string is a format string, escaped), over the request's catalog."""
    babel.init_app(app, locale_selector=select_locale,
                   default_translation_directories="translations")
    # Installed after Flask-Babel's, which they replace (Jinja's documented API for its i18n extension).
    app.jinja_env.install_gettext_callables(gettext=template_gettext, ngettext=template_ngettext,  # type: ignore[attr-defined]
                                            newstyle=True)
    app.context_processor(lambda: {"get_locale": get_locale, "languages": LANGUAGES})
