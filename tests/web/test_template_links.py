"""The templates' kept addresses (referee/template_links.py): the same as Flask's url_for, per host and prefix."""

from __future__ import annotations

import re

import pytest
from flask import Flask, render_template_string, url_for
from flask.testing import FlaskClient

from referee import template_links

TEMPLATE = "{{ url_for('static', filename='css/app.css') }}|{{ url_for('tools.index') }}|" \
           "{{ url_for('pwa.theme', choice='dark', next=path) }}|{{ url_for('tools.draw', style=style) }}"


def drawn(app: Flask, path: str = "/", base_url: str = "http://localhost/", **values: object) -> tuple[str, str]:
    """The template's addresses, and Flask's own for the same, in a request to `path` under `base_url`."""
    with app.test_request_context(path, base_url=base_url):
        kept = render_template_string(TEMPLATE, path=path, style=values.get("style", "spanish"))
        own = "|".join([url_for("static", filename="css/app.css"), url_for("tools.index"),
                        url_for("pwa.theme", choice="dark", next=path),
                        url_for("tools.draw", style=values.get("style", "spanish"))])
    return kept, own


def test_the_same_as_flask_builds_them(app: Flask) -> None:
    """Built, then kept: both times what Flask's url_for answers, the static file with its fingerprint."""
    first, own = drawn(app, "/matches/?a=b c")
    again, _ = drawn(app, "/matches/?a=b c")
    assert first == again == own
    assert re.match(r"/static/css/app\.css\?v=[0-9a-f]{8}\|/tools/\|/[a-z/]*dark\?next=", first), first


def test_each_prefix_and_host_gets_its_own(app: Flask) -> None:
    """A page served under a prefix (SCRIPT_NAME) or another host never gets an address kept for another."""
    plain, _ = drawn(app)
    prefixed, own = drawn(app, base_url="http://localhost/referee/")
    assert prefixed == own and prefixed != plain
    assert all(part.startswith("/referee/") for part in prefixed.split("|")), prefixed
    elsewhere, own = drawn(app, base_url="http://example.test/")
    assert elsewhere == own == plain  # relative addresses: the same, yet built for that host


def test_values_of_other_types_are_not_confused(app: Flask) -> None:
    """1, True and '1' hash alike in a dict: each still gets its own address."""
    one, _ = drawn(app, style=1)
    yes, _ = drawn(app, style=True)
    text, _ = drawn(app, style="1")
    assert one.endswith("style=1") and yes.endswith("style=True") and text.endswith("style=1")


def test_bounded(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its size the store starts again rather than growing: every address still right."""
    monkeypatch.setattr(template_links, "SIZE", 3)
    app.jinja_env.globals["url_for"] = template_links.cached_url_for(app)
    for number in range(10):
        kept, own = drawn(app, f"/matches/{number}")
        assert kept == own


def test_pages_link_to_their_prefix(app: Flask, client: FlaskClient) -> None:
    """The same page read under two prefixes links each to its own."""
    plain = client.get("/tools/").get_data(as_text=True)
    prefixed = client.get("/tools/", environ_overrides={"SCRIPT_NAME": "/referee"}).get_data(as_text=True)
    assert 'href="/tools/"' in plain and 'href="/referee/tools/"' not in plain
    assert 'href="/referee/tools/"' in prefixed and 'href="/tools/"' not in prefixed
    assert re.search(r'href="/referee/static/css/app\.css\?v=[0-9a-f]{8}"', prefixed)
