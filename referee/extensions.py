"""Flask extensions, created bare and bound to the app in create_app."""

from typing import TYPE_CHECKING

from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Base class of every model."""


db = SQLAlchemy(model_class=Base)

# Every model subclasses db.Model. Flask-SQLAlchemy makes that class at run time (Base's mapping with its own
# Model's query property and table names), so a type checker cannot take it as a base: it sees it as this class.
if TYPE_CHECKING:
    from flask_sqlalchemy.model import Model as _FlaskModel

    class Model(_FlaskModel, Base):
        """db.Model, as the type checker sees it."""

else:
    Model = db.Model
migrate = Migrate()
babel = Babel()
csrf = CSRFProtect()
login_manager = LoginManager()
# Limits are by address unless a limit says otherwise; which routes are limited is in referee/web/throttling.py.
limiter = Limiter(key_func=get_remote_address)
