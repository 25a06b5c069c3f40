"""Installable and offline: the service worker, the manifest, the favicon, the offline page, the theme switch."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from ..web.headers import cookie_security
from ..web.static_files import fingerprint
from .redirect_targets import safe_next
from .themes import THEME_COOKIE, THEMES

bp = Blueprint("pwa", __name__)

# The app shell the service worker keeps: every stylesheet and script, the icons the pages show, the card faces.
# (The manifest's big PNG icons are fetched once, by the browser, when the app is installed.)
SHELL_GLOBS = ("css/*.css", "js/*.js")
SHELL_FILES = ("img/icons/icon.svg", "img/icons/apple-touch-icon.png",
               "img/cards/spanish.svg", "img/cards/french.svg", "img/cards/french-jq.svg")
# Pages cached at install: the offline page and the referee tools (GET pages that work without the server).
SHELL_PAGES = ("/offline", "/tools/", "/tools/captures", "/tools/leftover", "/tools/dispute", "/tools/draw",
               "/tools/setenta")
CONFIG_LINE = "const CONFIG = "  # the line of static/sw.js this view fills in


def _static(name: str) -> Path:
    """A file in the static folder."""
    return Path(current_app.static_folder or "") / name


def _routed(path: str) -> bool:
    """True when a GET of this path reaches a view (tools another part of the app may not have yet)."""
    try:
        current_app.url_map.bind("localhost").match(path, method="GET")
    except HTTPException:
        return False
    return True


def shell() -> dict[str, Any]:
    """What the service worker precaches: fingerprinted static URLs, the pages, and a version naming them all."""
    folder = _static("")
    names = sorted({p.relative_to(folder).as_posix() for pattern in SHELL_GLOBS for p in folder.glob(pattern)}
                   | {name for name in SHELL_FILES if _static(name).is_file()})
    files = [url_for("static", filename=name) for name in names if fingerprint(name)]
    pages = [path for path in SHELL_PAGES if _routed(path)]
    version = hashlib.sha256(json.dumps([files, pages]).encode()).hexdigest()[:12]
    return {"version": version, "static": files, "pages": pages}


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The service worker, at the root so that it controls every page; the browser checks it on each visit."""
    config = shell()
    source = _static("sw.js").read_text()
    lines = [CONFIG_LINE + json.dumps(config) + ";" if line.startswith(CONFIG_LINE) else line
             for line in source.splitlines()]
    body = "\n".join(lines) + "\n"
    return Response(body, mimetype="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """The web app manifest, which makes the app installable on a home screen."""
    response = current_app.send_static_file("manifest.webmanifest")
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/favicon.ico")
def favicon() -> ResponseReturnValue:
    """The icon browsers ask for by themselves."""
    response = current_app.send_static_file("img/icons/favicon.ico")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.get("/offline")
def offline() -> ResponseReturnValue:
    """What the service worker shows for a page that was never opened on this phone, when there is no network."""
    return render_template("pwa/offline.html", tools="/tools/" if _routed("/tools/") else None)


@bp.get("/theme/<choice>")
def theme(choice: str) -> ResponseReturnValue:
    """Switch between the system's colours, light and dark, and remember it on this phone for a year."""
    if choice not in THEMES:
        abort(404)
    response = redirect(safe_next(request.args.get("next")) or url_for("main.index"))
    if choice == "system":
        response.delete_cookie(THEME_COOKIE, **cookie_security())
    else:
        response.set_cookie(THEME_COOKIE, choice, max_age=365 * 24 * 3600, **cookie_security())
    return response


@bp.app_context_processor
def theme_choice() -> dict[str, Any]:
    """The theme this phone chose, for <html data-theme> and the footer's switch."""
    chosen = request.cookies.get(THEME_COOKIE, "system")
    return {"theme": chosen if chosen in THEMES else "system", "themes": THEMES}
