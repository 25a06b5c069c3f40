"""Escoba Referee: the scorekeeper and referee for Escoba and Escova played with a real deck."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, cast

from flask import Flask
from flask.json.provider import DefaultJSONProvider

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; the body reads as the table of contents."""
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    cast(DefaultJSONProvider, app.json).sort_keys = False  # Flask's own provider; answers keep the rules' order
    configure(app, test_config)
    register_extensions(app)
    register_blueprints(app)
    register_errorhandlers(app)
    register_template_helpers(app)
    register_commands(app)
    return app


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Defaults, then instance/config.py if present, then the test's settings."""
    from .config import defaults

    app.config.from_mapping(defaults(app.instance_path))
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)


def register_extensions(app: Flask) -> None:
    """Log requests, answer the spectator page's polls before the rest, add the security headers, bound bodies
    (chunked ones too); bind the database (not migrated here: referee/database.py says where), CSRF protection,
    logins, translations, static files, throttling."""
    from . import database
    from .extensions import csrf
    from .views import spectator_polls
    from .web import auth, body_limit, headers, i18n, request_log, static_files, throttling

    request_log.init_app(app)
    spectator_polls.init_app(app)  # inside the proxy fix and the body limit, which wrap the app after it
    headers.init_app(app)
    body_limit.init_app(app)
    database.init_app(app)
    csrf.init_app(app)
    auth.init_app(app)
    i18n.init_app(app)
    static_files.init_app(app)
    throttling.init_app(app)


def register_blueprints(app: Flask) -> None:
    """The pages, the JSON API and the health check; numbers in their addresses bounded."""
    from .extensions import csrf
    from .views import (
        accounts,
        api,
        claims,
        club_profiles,
        clubs,
        confirmations,
        exports,
        guests,
        hands,
        health,
        imports,
        main,
        matches,
        openapi,
        player_admin,
        players,
        presence,
        profiles,
        pwa,
        sharing,
        spectator,
        tools,
        tournament_board,
        tournament_exports,
        tournaments,
        trail,
    )
    from .web import urls

    urls.init_app(app)
    app.register_blueprint(main.bp)
    app.register_blueprint(accounts.bp)
    app.register_blueprint(guests.bp)
    app.register_blueprint(matches.bp)
    app.register_blueprint(players.bp)
    app.register_blueprint(player_admin.bp)
    app.register_blueprint(exports.bp)
    app.register_blueprint(imports.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(confirmations.bp)
    app.register_blueprint(trail.bp)
    app.register_blueprint(presence.bp)
    app.register_blueprint(sharing.bp)
    app.register_blueprint(claims.bp)
    app.register_blueprint(clubs.bp)
    app.register_blueprint(profiles.bp)
    app.register_blueprint(club_profiles.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(tournament_board.bp)
    app.register_blueprint(tournament_exports.bp)
    app.register_blueprint(spectator.bp)
    app.register_blueprint(tools.bp)
    app.register_blueprint(pwa.bp)
    app.register_blueprint(health.bp)
    # The API is stateless and cookie-free: there is no session for CSRF to protect.
    csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(openapi.bp)


def register_errorhandlers(app: Flask) -> None:
    """JSON errors under /api, pages elsewhere."""
    from .views import errors

    errors.init_app(app)


def register_template_helpers(app: Flask) -> None:
    """Card faces, the error summary and the drafts' names for the templates."""
    from .views import card_tiles, drafts, error_summary, template_helpers

    card_tiles.init_app(app)
    drafts.init_app(app)
    template_helpers.init_app(app)
    error_summary.init_app(app)


def register_commands(app: Flask) -> None:
    """Commands for `flask --app referee`: faces."""
    from . import cli

    cli.init_app(app)
