"""Languages: which one a request gets, and the list the app offers."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import get_locale

# Locale code -> the language's own name, as a switcher shows it.
LANGUAGES = {"en": "English", "pt_BR": "Português (Brasil)", "es": "Español"}
LANGUAGE_COOKIE = "lang"


def select_locale() -> str | None:
    """The language chosen on this phone, else the best for the browser's Accept-Language."""
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES and not request.path.startswith("/api/"):
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default="en")


def init_app(app: Flask) -> None:
    """Bind Flask-Babel with the locale selector and the project's catalogs."""
    from .extensions import babel

    babel.init_app(app, locale_selector=select_locale,
                   default_translation_directories="translations")
    app.context_processor(lambda: {"get_locale": get_locale, "languages": LANGUAGES})
