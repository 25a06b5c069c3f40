"""The app served on a free local port for the browser: Werkzeug's development server, closing every answer.

Werkzeug's server closes an answer once it is sent, but not when the browser drops the connection first (a page
left while its icon loads): it reads what is left of the request before closing, that read fails too, and the
close is skipped. The file being sent was then left to the garbage collector, a ResourceWarning failing whichever
test it ran in. (gunicorn, which serves the app in production, closes the answer whatever happens.)
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server

ANSWER = "tests.e2e.answer"  # where a request's environ keeps the app's answer, for the handler


class Answer:
    """The app's answer, closed once: by the server once it is sent, or by the handler when the browser left."""

    def __init__(self, iterable: Iterable[bytes]) -> None:
        self.iterable = iterable
        self.closed = False

    def __iter__(self) -> Iterator[bytes]:
        """The answer's bytes."""
        return iter(self.iterable)

    def close(self) -> None:
        """Close the app's answer, the first time only."""
        if not self.closed:
            self.closed = True
            close = getattr(self.iterable, "close", None)
            if close is not None:
                close()


class ClosingHandler(WSGIRequestHandler):
    """Werkzeug's request handler, closing the answer of a connection the browser dropped."""

    def connection_dropped(self, error: BaseException, environ: dict[str, Any] | None = None) -> None:
        """Close the answer the server left open."""
        answer = (environ or {}).get(ANSWER)
        if answer is not None:
            answer.close()


# The app behind each address served, for set-up through its services (phone.start_match).
SERVED: dict[str, Flask] = {}


@contextmanager
def serve(app: Flask) -> Iterator[str]:
    """The app on a free local port: its address, while the block runs."""
    def keeping_answers(environ: dict[str, Any], start_response: Any) -> Answer:
        """The app's answer, kept in the environ where the handler finds it."""
        answer = environ[ANSWER] = Answer(app(environ, start_response))
        return answer

    server = make_server("127.0.0.1", 0, keeping_answers, threaded=True, request_handler=ClosingHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    address = f"http://127.0.0.1:{server.server_port}"
    SERVED[address] = app
    try:
        yield address
    finally:
        del SERVED[address]
        server.shutdown()
        thread.join()
