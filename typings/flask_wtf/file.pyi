from wtforms import FileField as _FileField
from wtforms.validators import DataRequired

class FileField(_FileField):
    def has_file(self) -> bool: ...

class FileRequired(DataRequired):
    def __init__(self, message: str | None = None) -> None: ...
