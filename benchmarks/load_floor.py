"""The floor of the load benchmark: a bare Flask app, no project code, served like the project.

``/`` is a hello-world; ``/rows`` a Jinja page of 20 rows from a template (loaded and compiled once, as the
project's are), the size of a small scoreboard: what any page costs before the app does anything of its own.
"""

from __future__ import annotations

from flask import Flask, render_template
from jinja2 import DictLoader

ROWS_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head>
<body><main><h1>{{ title }}</h1>
<table><thead><tr><th>#</th><th>{{ names[0] }}</th><th>{{ names[1] }}</th></tr></thead><tbody>
{% for row in rows %}<tr><td>{{ row.number }}</td><td>{{ row.points[0] }}</td><td>{{ row.points[1] }}</td></tr>
{% endfor %}</tbody></table></main></body></html>
"""

app = Flask(__name__)
app.jinja_loader = DictLoader({"rows.html": ROWS_TEMPLATE})


@app.get("/")
def hello() -> str:
    """Hello, world."""
    return "Hello, World!"


@app.get("/rows")
def rows() -> str:
    """A 20-row page from a Jinja template."""
    table = [{"number": n, "points": [n % 4, (n * 3) % 5]} for n in range(1, 21)]
    return render_template("rows.html", title="Twenty rows", names=["Ana", "Bia"], rows=table)
