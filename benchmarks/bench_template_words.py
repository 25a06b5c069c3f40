"""Times a page's translated words three ways, in process, in one request of a Spanish reader: the templates'
`gettext` as the app installs it (Jinja's i18n extension over the request's catalog, asked of Flask-Babel once
per request: referee/web/i18n.py), as Flask-Babel installs it (the catalog looked up again for every string), and
the floor: the catalog's own gettext bound once, called from the same template.

Run from the repository root:

    .venv/bin/python benchmarks/bench_template_words.py [--strings N] [--runs N]

The template holds N translated strings (530 by default: a 60-hand scoreboard's count). Each way renders it
`--runs` times after a warm-up, timed by this process's CPU time; it prints each median in ms and its ratio to
the floor (the floor's median over the way's: 0.5× means twice as slow).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable

from flask_babel import get_translations

from referee import create_app
from referee.web.i18n import template_gettext, template_ngettext


def median_ms(render: Callable[[], str], runs: int) -> float:
    """The median CPU time of one render, in ms, after a warm-up."""
    for _ in range(5):
        render()
    times = []
    for _ in range(runs):
        started = time.process_time()
        render()
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000


def main() -> None:
    """Render the template each way and print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--strings", type=int, default=530)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    # Two words a time, as the hand table's rows hold them.
    source = f"{{% for i in range({args.strings // 2}) %}}{{{{ _('Dealer') }}}} {{{{ _('total') }}}}{{% endfor %}}"
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        catalog = get_translations()
        env = app.jinja_env
        template = env.from_string(source)
        assert "Reparte" in template.render(), "the Spanish catalog"
        ways: dict[str, Callable[[], None]] = {
            "floor: the catalog bound once": lambda: env.install_gettext_callables(  # type: ignore[attr-defined]
                gettext=catalog.ugettext, ngettext=catalog.ungettext, newstyle=True),
            "the app's (catalog once per request)": lambda: env.install_gettext_callables(  # type: ignore[attr-defined]
                gettext=template_gettext, ngettext=template_ngettext, newstyle=True),
            "Flask-Babel's own": lambda: env.install_gettext_callables(  # type: ignore[attr-defined]
                gettext=lambda s: get_translations().ugettext(s),
                ngettext=lambda s, p, n: get_translations().ungettext(s, p, n), newstyle=True),
        }
        results = {}
        for name, install in ways.items():
            install()
            results[name] = median_ms(template.render, args.runs)
        ways["the app's (catalog once per request)"]()  # as the app runs
    print(f"{platform.platform()} · Python {sys.version.split()[0]} · {args.strings} strings · {args.runs} runs"
          " · CPU time")
    floor = next(iter(results.values()))
    for name, ms in results.items():
        print(f"  {name:40} median {ms:7.2f} ms   {floor / ms:5.2f}× the floor")


if __name__ == "__main__":
    main()
