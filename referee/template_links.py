"""The templates' `url_for`, each address built once per process and kept.

A page builds about thirty addresses (the stylesheets and scripts with their fingerprints, the nav, the footer,
the language and theme switches), most of them the same on every page: each is a Werkzeug rule build, a
url_defaults hook and a query string encoded, a good part of the page shell's time. A built address depends only
on the endpoint, its values and the request's URL adapter (its host, script root, subdomain and scheme: a page
served under another prefix or host gets its own), so it is kept under all of them. Only plain values (strings
and numbers) and relative addresses are kept; anything else (`_external`, `_anchor`, a list, a lazy string) is
built each time, as is everything while debugging (static files change under a running server, and their
fingerprints with them). The address holds nothing of the account: the same values give the same address to
anyone on the same host.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.globals import _cv_request

# Addresses kept per app; when full it starts again (a `next=` of every path read could otherwise grow it).
SIZE = 4096
_PLAIN = (str, int)


def cached_url_for(app: Flask) -> Any:
    """A `url_for` for the templates of `app` that keeps each address it builds."""
    kept: dict[tuple[Any, ...], str] = {}
    build = app.url_for

    def url_for(endpoint: str, /, **values: Any) -> str:
        """The address of `endpoint` with `values`, as Flask's url_for builds it; built once per host."""
        context = _cv_request.get(None)
        if context is None or app.debug or endpoint[:1] == "." or any(
                name[:1] == "_" or type(value) not in _PLAIN for name, value in values.items()):
            return build(endpoint, **values)
        adapter = context.url_adapter
        if adapter is None:
            return build(endpoint, **values)
        key = (adapter.server_name, adapter.script_name, adapter.subdomain, adapter.url_scheme, endpoint,
               *sorted((name, type(value), value) for name, value in values.items()))
        found = kept.get(key)
        if found is None:
            found = build(endpoint, **values)
            if len(kept) >= SIZE:
                kept.clear()
            kept[key] = found
        return found

    return url_for


def init_app(app: Flask) -> None:
    """Give the templates the keeping `url_for` in place of Flask's."""
    app.jinja_env.globals["url_for"] = cached_url_for(app)
