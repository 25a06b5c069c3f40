# Partial stub: the names referee uses (typings/README.md). Flask-Login 0.6.
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from flask import Flask

_F = TypeVar("_F", bound=Callable[..., Any])
_Loader = TypeVar("_Loader", bound=Callable[[str], Any])

# A proxy to what the user loader answered for this request, or an anonymous user (is_authenticated false): its
# type depends on the loader, so it stays Any here; referee.auth.signed_in_user gives it its type.
current_user: Any

def login_required(func: _F) -> _F: ...
def login_user(
    user: Any, remember: bool = False, duration: timedelta | None = None, force: bool = False, fresh: bool = True
) -> bool: ...
def logout_user() -> bool: ...

class UserMixin:
    @property
    def is_active(self) -> bool: ...
    @property
    def is_authenticated(self) -> bool: ...
    @property
    def is_anonymous(self) -> bool: ...
    def get_id(self) -> str: ...

class LoginManager:
    login_view: str | None
    login_message: str
    login_message_category: str
    def __init__(self, app: Flask | None = None, add_context_processor: bool = True) -> None: ...
    def init_app(self, app: Flask, add_context_processor: bool = True) -> None: ...
    def user_loader(self, callback: _Loader) -> _Loader: ...
