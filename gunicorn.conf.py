"""gunicorn's settings for this app. gunicorn reads ./gunicorn.conf.py by itself, so the README's command uses it.

The master brings the database up to date once, before it starts any worker (`on_starting`, what
`flask db upgrade` does); the workers then build the app on a schema that is already current.
The app writes one line per request on stdout (referee/web/request_log.py), so gunicorn's access log stays off.

The workers are sync workers, each serving one connection at a time: a client that sends its request or reads
its answer slowly holds a worker all along, and four such clients stop the site. So they serve behind a
buffering proxy (nginx, deploy/nginx/referee.conf; docs/deploy.md says why), which waits for slow clients itself
and talks to gunicorn only with whole requests; the README's command binds the loopback interface only.
"""

import os
from typing import Any

from referee.config import count

accesslog = None

# Whom gunicorn believes when a request claims HTTPS (X-Forwarded-Proto and its other secure-scheme headers):
# without a proxy (REFEREE_PROXIES=0) nobody, for gunicorn's default, 127.0.0.1, would let anyone on the machine,
# or anything a proxy passes on unchanged, claim it; with one, the proxy's address, this machine's unless
# FORWARDED_ALLOW_IPS (gunicorn's own variable) names another. The app itself believes only as many proxies as
# REFEREE_PROXIES counts (referee/web/headers.py).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1") if count("REFEREE_PROXIES") else ""


def on_starting(server: Any) -> None:
    """Migrate once, in the master, before it listens or forks: a migration that fails stops the start here.

    The app is built here for that alone (gunicorn's documented `load()`, not kept: each worker builds its own).
    Only an app of this project, whose Flask-Migrate names this repository's migrations, is migrated: the
    benchmarks' floor apps, served with these same settings, are left alone with their own databases.
    """
    from flask import Flask

    from referee.database import MIGRATIONS, upgrade_before_serving

    app = server.app.load()
    if isinstance(app, Flask) and getattr(app.extensions.get("migrate"), "directory", None) == MIGRATIONS:
        upgrade_before_serving(app)


def post_worker_init(worker: Any) -> None:
    """Say when a worker has built the app, so that a start can be checked worker by worker."""
    worker.log.info("Worker ready (pid: %s)", worker.pid)
