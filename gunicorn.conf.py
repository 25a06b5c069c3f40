"""gunicorn's settings for this app. gunicorn reads ./gunicorn.conf.py by itself, so the README's command uses it.

Each worker builds the app and, doing so, brings the database up to date under a lock (referee/database.py):
the first worker migrates, the others wait for it and find nothing left to do; none serves before that.
The app writes one line per request on stdout (referee/request_log.py), so gunicorn's access log stays off.
"""

from typing import Any

accesslog = None


def post_worker_init(worker: Any) -> None:
    """Say when a worker has built the app (and so migrated), so that a start can be checked worker by worker."""
    worker.log.info("Worker ready (pid: %s)", worker.pid)
