"""Scoring together in the reader's words: why a join code let no one in (the join page and the API say the same)."""

from __future__ import annotations

from flask_babel import gettext as _


def bad_code_words(reason: str) -> str:
    """Why a code let no one in, in the reader's words."""
    if reason == "expired":
        return _("This code has expired: ask for a new one.")
    if reason == "revoked":
        return _("This code was withdrawn: ask for the new one.")
    if reason == "used_up":
        return _("This code has let in as many phones as one code may: ask for a new one.")
    return _("No match has this code: check it and try again.")
