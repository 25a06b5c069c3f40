"""The project as the load benchmark serves it: `create_app()` with production settings, throttling off.

Everything comes from the environment as in production (SECRET_KEY, DATABASE_URL: see README "Production");
instance/config.py is not read (the run's database is a throwaway), and Flask-Limiter is disabled: fifty
connections from one address would otherwise be answered 429 by the API's per-address limit, and the
benchmark would measure refusals. No page measured here has a limit of its own (referee/web/throttling.py).
"""

from __future__ import annotations

from flask import Flask

import referee


def create_app() -> Flask:
    """The app, configured from the environment as `referee.create_app()` does, with throttling disabled."""
    return referee.create_app({"RATELIMIT_ENABLED": False})
