"""gunicorn's settings for the README's production command (read from the current directory)."""


def post_worker_init(worker):
    """Say when a worker has loaded the app, so that a start can be checked worker by worker."""
    worker.log.info("Worker ready (pid: %s)", worker.pid)
