"""One log line per request on stdout, with a request id; errors with their traceback under the same id.

Done in the app rather than with gunicorn's access log: the same lines come out under `flask run`, gunicorn
or any other server; the id is the app's own (sent back in X-Request-ID, printed with a traceback, at hand
for any other message), and the tests can read it. gunicorn's access log stays off (gunicorn.conf.py).

    [2026-05-01 21:14:03 +0000] [4242] [INFO] [5f0c…] POST /matches/3/hands/new 302 41.7ms
"""

from __future__ import annotations

import logging
import re
import sys
import time
import uuid
from typing import TextIO
from urllib.parse import quote

from flask import Flask, g, has_request_context, request
from flask.logging import default_handler
from flask.wrappers import Response

HEADER = "X-Request-ID"
# What proxies and tracers send (hex, a UUID, nginx's $request_id, "Root=1-…"); anything else, a line break
# above all, is replaced rather than written into the log.
SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:=+/-]{0,99}")
FORMAT = "[%(asctime)s] [%(process)d] [%(levelname)s] [%(request_id)s] %(message)s"
DATE_FORMAT = "%Y-%m-%d %H:%M:%S %z"  # as gunicorn writes its own lines
PATH_SAFE = "/!$&'()*+,;=:@-._~"  # what a path may hold unencoded (RFC 3986)
QUIET = {"health.healthz": 200}  # a monitor asking every few seconds: logged only when it is not ok


def incoming_or_new(incoming: str) -> str:
    """The id the proxy sent (the X-Request-ID header), when it is a sane one, else a new one."""
    return incoming if SANE_ID.fullmatch(incoming) else uuid.uuid4().hex


def request_id() -> str:
    """This request's id: the proxy's, when it sent a sane one, else a new one."""
    if "request_id" not in g:
        g.request_id = incoming_or_new(request.headers.get(HEADER, ""))
    return str(g.request_id)


class RequestId(logging.Filter):
    """Give every record the id of the request it was logged in ("-" outside requests)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Add record.request_id (unless the record brings its own, logged outside Flask's requests); keep it."""
        if has_request_context():
            record.request_id = request_id()
        elif not hasattr(record, "request_id"):
            record.request_id = "-"
        return True


class Stdout(logging.StreamHandler[TextIO]):
    """A handler writing to whatever sys.stdout is at the time (a test's capture, gunicorn's pipe)."""

    @property
    def stream(self) -> TextIO:
        """The current stdout."""
        return sys.stdout

    @stream.setter
    def stream(self, _value: TextIO) -> None:
        """Ignore the stream StreamHandler sets: stdout is looked up each time."""


class OneLine(logging.Formatter):
    """A record's message on one line: a line break from a request (Flask's "Exception on <path>" quotes the
    decoded path) is written as \\n, so it cannot forge a line; a traceback, added after, keeps its lines."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        """The formatted message with CR and LF escaped."""
        return super().formatMessage(record).replace("\r", "\\r").replace("\n", "\\n")


LOGGER = logging.getLogger("referee.request")
HANDLER = Stdout()
HANDLER.addFilter(RequestId())
HANDLER.setFormatter(OneLine(FORMAT, DATE_FORMAT))


def start_clock() -> None:
    """Note when the request began, and settle its id."""
    g.request_started = time.perf_counter()
    request_id()


def log_request(response: Response) -> Response:
    """Send the id back, and write the request's line."""
    response.headers[HEADER] = request_id()
    if QUIET.get(request.endpoint or "") == response.status_code:
        return response
    started = g.get("request_started")
    took = f"{(time.perf_counter() - started) * 1000:.1f}ms" if started is not None else "-"
    log_line(request.method, request.path, response.status_code, took, request_id())
    return response


def log_line(method: str, path: str, status: int, took: str, identity: str) -> None:
    """Write one request's line (also for the answers made before Flask: referee/views/spectator_polls.py)."""
    # Percent-encoded as in the URL: a line break or a space in the path cannot forge a line or a field.
    LOGGER.info("%s %s %s %s", method, quote(path, safe=PATH_SAFE), status, took, extra={"request_id": identity})


def init_app(app: Flask) -> None:
    """Time and log each request: on by default, off in the tests unless REQUEST_LOG says so."""
    enabled = app.config.get("REQUEST_LOG")
    if enabled is None:
        enabled = not app.testing
    # The app's logger is "referee" (app.logger), parent of "referee.request": one handler prints both.
    logger = logging.getLogger(app.import_name)
    if enabled:
        logger.removeHandler(default_handler)  # Flask's own, on stderr: the lines would come out twice
        logger.addHandler(HANDLER)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    else:
        logger.removeHandler(HANDLER)
        logger.propagate = True
    # First of all before_request functions, so that the time counts them and a refusal (a 429) has an id.
    app.before_request_funcs.setdefault(None, []).insert(0, start_clock)
    app.after_request(log_request)
