"""Restore a backup file into the account: the upload page (its own, from the account page).

An import runs for a second or a few: one at a time per account, at most IMPORTS_AT_ONCE on the server (a
request that finds no slot is told so at once), and at most IMPORT_LIMIT uploads per account (Flask-Limiter,
with the app's other limits: referee/web/throttling.py, docs/deploy.md).
"""

from __future__ import annotations

import math

from flask import Blueprint, current_app, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required
from werkzeug.exceptions import RequestEntityTooLarge, TooManyRequests

from ..extensions import limiter
from ..forms.backup import ImportForm
from ..forms.common import field_errors
from ..services import Conflict
from ..services.backup import BadBackup, ImportBusy, ImportResult, import_backup
from ..services.refusals import ImportRefusal
from ..web.body_limit import larger_body
from ..web.throttling import retry_after
from .backup_words import backup_words
from .refusal_words import conflict_words

bp = Blueprint("imports", __name__)

BUSY_RETRY = 5  # seconds: the largest import takes about four (benchmarks/README.md, bench_import.py)


def done_words(result: ImportResult) -> str:
    """What an import did, in a sentence or two."""
    if not result.added and not result.players:
        return _("Nothing to add: this account has every match and player of the file already.")
    words = ngettext("%(num)d match restored.", "%(num)d matches restored.", result.added)
    if result.skipped:
        words += " " + ngettext("%(num)d was here already.", "%(num)d were here already.", result.skipped)
    if result.players:
        words += " " + ngettext("%(num)d new player.", "%(num)d new players.", result.players)
    return words


def _account_key() -> str:
    """Imports are counted per account, wherever they come from."""
    return f"import:{current_user.id}"


_throttled = limiter.limit(lambda: str(current_app.config["IMPORT_LIMIT"]), key_func=_account_key, methods=["POST"])


@bp.route("/account/import", methods=["GET", "POST"])
@login_required
@_throttled
@larger_body("IMPORT_MAX_BYTES")
def upload() -> ResponseReturnValue:
    """The upload form; a refused file answers 422 with what is wrong, and nothing of it is kept."""
    form = ImportForm()
    if form.validate_on_submit():
        most = current_app.config["IMPORT_MAX_BYTES"]
        try:
            result = import_backup(current_user, form.content(most), most, current_app.config["IMPORTS_AT_ONCE"])
        except BadBackup as error:
            field_errors(form.backup).append(backup_words(error))
        except ImportBusy as busy:
            return _busy(form, busy)
        except Conflict as refused:
            field_errors(form.backup).append(conflict_words(refused))
        else:
            flash(done_words(result), "info")
            return redirect(url_for("matches.index"))
    return _page(form, 422 if form.errors else 200)


def _busy(form: ImportForm, busy: ImportBusy) -> ResponseReturnValue:
    """No slot for this import: 409 while the account's own import runs, 429 (with Retry-After) while the
    server runs as many as it takes. Nothing of the file was read."""
    field_errors(form.backup).append(conflict_words(busy))
    if busy.reason is ImportRefusal.ACCOUNT_BUSY:
        return _page(form, 409)
    page, status = _page(form, 429)
    return page, status, {"Retry-After": str(BUSY_RETRY)}


def _page(form: ImportForm, status: int) -> tuple[str, int]:
    """The upload page, with what the form says."""
    return render_template("accounts/import.html", form=form, most=current_app.config["IMPORT_MAX_BYTES"]), status


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge) -> ResponseReturnValue:
    """A file over the import's limit: refused before it is read (413), on the upload page, saying why."""
    form = ImportForm(formdata=None)  # the body is not read: it is what was refused
    form.backup.errors = [backup_words(BadBackup("too_big", most=current_app.config["IMPORT_MAX_BYTES"]))]
    return _page(form, 413)


@bp.errorhandler(TooManyRequests)
def too_many(_error: TooManyRequests) -> ResponseReturnValue:
    """Over IMPORT_LIMIT: the upload page, saying how long to wait (429, Retry-After)."""
    seconds = retry_after()
    minutes = math.ceil(seconds / 60)
    form = ImportForm(formdata=None)
    form.backup.errors = [ngettext("This account has restored as many backups as it may for now: try again in "
                                   "%(num)d minute.", "This account has restored as many backups as it may for "
                                   "now: try again in %(num)d minutes.", minutes)]
    page, status = _page(form, 429)
    return page, status, {"Retry-After": str(seconds)}
