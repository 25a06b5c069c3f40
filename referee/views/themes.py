"""The colour themes a reader picks (the footer's switch, views/pwa.py) and the cookie that keeps the choice on the
phone: the pages that answer with an ETag hash it, since the page drawn depends on it."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

THEME_COOKIE = "theme"
THEMES = {"system": _l("System"), "light": _l("Light"), "dark": _l("Dark")}
