"""Restore a backup file into the account: the upload page (its own, from the account page)."""

from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required
from werkzeug.exceptions import RequestEntityTooLarge

from ..body_limit import larger_body
from ..forms.backup import ImportForm
from ..forms.common import field_errors
from ..services import Conflict
from ..services.backup import BadBackup, ImportResult, import_backup
from .backup_words import backup_words

bp = Blueprint("imports", __name__)


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


@bp.route("/account/import", methods=["GET", "POST"])
@login_required
@larger_body("IMPORT_MAX_BYTES")
def upload() -> ResponseReturnValue:
    """The upload form; a refused file answers 422 with what is wrong, and nothing of it is kept."""
    form = ImportForm()
    if form.validate_on_submit():
        most = current_app.config["IMPORT_MAX_BYTES"]
        try:
            result = import_backup(current_user, form.content(most), most)
        except BadBackup as error:
            field_errors(form.backup).append(backup_words(error))
        except Conflict:
            field_errors(form.backup).append(_("Another import of these matches ran at the same moment: check your "
                                        "matches, then import again if any is missing."))
        else:
            flash(done_words(result), "info")
            return redirect(url_for("matches.index"))
    return _page(form, 422 if form.errors else 200)


def _page(form: ImportForm, status: int) -> ResponseReturnValue:
    """The upload page, with what the form says."""
    return render_template("accounts/import.html", form=form, most=current_app.config["IMPORT_MAX_BYTES"]), status


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge) -> ResponseReturnValue:
    """A file over the import's limit: refused before it is read (413), on the upload page, saying why."""
    form = ImportForm(formdata=None)  # the body is not read: it is what was refused
    form.backup.errors = [backup_words(BadBackup("too_big", most=current_app.config["IMPORT_MAX_BYTES"]))]
    return _page(form, 413)
