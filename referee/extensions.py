"""Flask extensions, created bare and bound to the app in create_app."""

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
migrate = Migrate()
babel = Babel()
csrf = CSRFProtect()
login_manager = LoginManager()
# Limits are by address unless a limit says otherwise; which routes are limited is in referee/throttling.py.
limiter = Limiter(key_func=get_remote_address)
