"""The page shell's parts that show nothing of the reader, drawn once and kept (`templates/_shell.html`).

Every page draws the same head (icons, stylesheets), the bar and its nav, the footer's language and theme switches,
the scripts and the drafts' and the outbox's templates: about thirty addresses, twenty translated strings and the
macro calls around them, most of a small page's drawing. They depend on few things: the language, the theme, which
nav the reader gets (a kind: logged in or not, never the account), the page's own address (the switches link back
to it) and the host and prefix the addresses are built under. So each part is kept under those; what is the
reader's or the request's own (the flashed messages, the account's name, the logout form's CSRF token) is drawn
by `base.html` on every page. Not kept while debugging, when templates and static files change under a running
server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, get_template_attribute, request
from flask_babel import get_locale
from markupsafe import Markup

from ..i18n import LANGUAGES
from .pwa import THEMES
from .spectator import DrawnPages

KEPT = 1024  # parts per process: each language × theme × nav, and the switches of the pages last read
# What a part's macro takes besides the language and base.html's arguments.
_EXTRAS: dict[str, Callable[[], dict[str, Any]]] = {"switches": lambda: {"languages": LANGUAGES, "themes": THEMES}}


def kept_parts() -> DrawnPages:
    """This app's kept parts (the spectator pages' store, with its own entries)."""
    # The app's extensions are a dict of Any: the store is typed where it is made.
    pages: DrawnPages = current_app.extensions.setdefault("page_shell", DrawnPages(KEPT))
    return pages


class PageParts:
    """One page's `page_part`: what the parts depend on besides their arguments (the language, the host and the
    prefix) read once for the page, at its first part, not for each."""

    def __init__(self) -> None:
        self.locale: str | None = None
        self.prefix: tuple[str, ...] = ()

    def __call__(self, name: str, *args: str) -> Markup:
        """The macro `name` of `_shell.html` drawn in the page's language with `args`, as kept or drawn now."""
        if self.locale is None:
            self.locale = str(get_locale())
            self.prefix = (request.host, request.script_root, self.locale)
        key = (name, *self.prefix, *args)
        store = kept_parts()
        part = None if current_app.debug else store.get(key)
        if part is None:
            macro = get_template_attribute("_shell.html", name)
            part = str(macro(self.locale, *args, **_EXTRAS.get(name, dict)()))
            store.keep(key, part)
        return Markup(part)  # drawn by the autoescaping template above


def init_app(app: Flask) -> None:
    """Give each page drawn its `page_part`."""
    app.context_processor(lambda: {"page_part": PageParts()})
