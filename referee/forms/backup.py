"""The backup's form: a file to restore into the account."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired


class ImportForm(FlaskForm):
    """A backup file (JSON, as the account page downloads it) to restore; CSRF-protected like every form."""

    backup = FileField(_l("Backup file"), validators=[FileRequired(_l("Choose the backup file to restore."))],
                       render_kw={"accept": "application/json,.json"})

    def content(self, most: int) -> bytes:
        """The file's bytes, at most `most` and one more (so that a larger file is known as one)."""
        return bytes(self.backup.data.stream.read(most + 1))
