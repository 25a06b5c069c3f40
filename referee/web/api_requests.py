"""Which requests are the API's: any address under /api/, routed to a view or not. They are answered in JSON
(referee/views/errors.py, referee/web/headers.py), in the client's Accept-Language rather than the phone's chosen
one (referee/web/i18n.py), and count against the API's limits (referee/web/throttling.py)."""

from __future__ import annotations

from flask import request

API_PREFIX = "/api/"


def to_the_api() -> bool:
    """True for a request to the API: any address under /api/, routed to a view or not."""
    return request.path.startswith(API_PREFIX)
