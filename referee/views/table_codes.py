"""A tournament round's join codes, kept on the organiser's phone: the codes it made for the tables, and a table's join
link as its QR code holds it (the tournament's page and its board show them)."""

from __future__ import annotations

from flask import session, url_for

from ..services.sharing import NewCode

# The join codes of the current round's tables this phone made, by table id: only a hash is stored, so the
# organiser's phone keeps the codes it made (in its signed session cookie) to show their QR codes after a reload.
SHOWN = "table_codes"


def keep_codes(codes: dict[int, NewCode]) -> None:
    """Keep the round's codes on this phone, in place of the last round's."""
    session[SHOWN] = {str(table_id): code.code for table_id, code in codes.items()}


def join_url(code: str) -> str:
    """A table's join link, as its QR code holds it."""
    return url_for("sharing.join_page", code=code, _external=True)
