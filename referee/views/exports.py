"""Downloads: a match as CSV or JSON (from its scoreboard), the whole account as a backup file (from the
account page). Each is an attachment with a plain file name; another account's match is a 404."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user, login_required

from ..models import now
from ..services import scoreboard
from ..services.backup import export_account, export_match
from ..services.exports import CsvWords, export_filename, match_csv
from .downloads import attachment
from .lookups import scored

bp = Blueprint("exports", __name__)


def csv_words() -> CsvWords:
    """The CSV's words in the reader's language."""
    return CsvWords(
        hand=_("Hand"), dealer=_("Dealer"), mode=_("Entered"),
        points_of=lambda name: _("%(side)s points", side=name),
        total_of=lambda name: _("%(side)s total", side=name),
        valid=_("All checks passed"), erred=_("Erred"), yes=_("yes"), no=_("no"),
        modes={"quick": _("the quick way"), "cards": _("by every card"), "tally": _("by counts")})


def json_file(document: dict[str, Any], indent: int | None = None) -> str:
    """A document as the file holds it: UTF-8 text, names as typed (not escaped)."""
    separators = (",", ": ") if indent else (",", ":")
    return json.dumps(document, ensure_ascii=False, indent=indent, separators=separators) + "\n"


@bp.get("/matches/<int:match_id>/export.csv")
@login_required
def match_as_csv(match_id: int) -> ResponseReturnValue:
    """The match's hands, one row each, for a spreadsheet (with a byte-order mark: spreadsheets then read
    the names' accents right)."""
    board = scoreboard(scored(match_id))
    body = "\ufeff" + match_csv(board, csv_words())
    return attachment(body, "text/csv", export_filename(board.match, board.side_names, "csv"))


@bp.get("/matches/<int:match_id>/export.json")
@login_required
def match_as_json(match_id: int) -> ResponseReturnValue:
    """Everything of the match: rules, seats, hands with their entries, the trail (a backup file of one
    match, which an account can import too)."""
    board = scoreboard(scored(match_id))
    body = json_file(export_match(board.match), indent=2)
    return attachment(body, "application/json", export_filename(board.match, board.side_names, "json"))


@bp.get("/account/backup.json")
@login_required
def backup() -> ResponseReturnValue:
    """The whole account as one backup file (docs/backup.md)."""
    moment = now()
    body = json_file(export_account(current_user, moment))
    return attachment(body, "application/json", f"escoba-referee-backup-{moment:%Y-%m-%d}.json")
