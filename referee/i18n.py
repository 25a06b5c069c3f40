"""Languages: which one a request gets, the list the app offers, and the templates' translations."""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from flask_babel import get_locale, get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

# Locale code -> the language's own name, as a switcher shows it.
LANGUAGES = {"en": "English", "pt_BR": "Português (Brasil)", "es": "Español"}
LANGUAGE_COOKIE = "lang"


def select_locale() -> str | None:
    """The language chosen on this phone, else the best for the browser's Accept-Language."""
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES and not request.path.startswith("/api/"):
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default="en")


def page_translations() -> dict[str, Any]:
    """`gettext` and `ngettext` for one page, bound to its language's catalog once.

    Flask-Babel's own (still the templates' globals, for imported macros) look the catalog up again on every
    string, through the request and the app context: a hundred and more strings a page made that a large part of
    the scoreboard's time. These behave as Jinja's "newstyle" ones: a string is always a format string (its
    `%(name)s` filled, escaped), and `ngettext` fills `num`.
    """
    catalog = get_translations()
    found, plural = catalog.gettext, catalog.ngettext

    @pass_context
    def gettext(context: Context, string: str, /, **variables: Any) -> str:
        """A string of the page in its language."""
        text = found(string)
        return (Markup(text) if context.eval_ctx.autoescape else text) % variables

    @pass_context
    def ngettext(context: Context, singular: str, many: str, num: int, /, **variables: Any) -> str:
        """A string with a number, in the plural form its language uses for that number."""
        variables.setdefault("num", num)
        text = plural(singular, many, num)
        return (Markup(text) if context.eval_ctx.autoescape else text) % variables

    return {"gettext": gettext, "ngettext": ngettext}


def init_app(app: Flask) -> None:
    """Bind Flask-Babel with the locale selector and the project's catalogs."""
    from .extensions import babel

    babel.init_app(app, locale_selector=select_locale,
                   default_translation_directories="translations")
    app.context_processor(lambda: {"get_locale": get_locale, "languages": LANGUAGES})
    app.context_processor(page_translations)
