# Partial stub: the names referee uses (typings/README.md). Flask-WTF 1.2.
from .csrf import CSRFProtect as CSRFProtect
from .form import FlaskForm as FlaskForm
