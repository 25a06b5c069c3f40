"""The production set-up started for real: the README's gunicorn command behind the shipped nginx configuration
(deploy/nginx/referee.conf), on free ports of this machine, with a certificate made for the test.

Why nginx is required (docs/deploy.md): each of gunicorn's sync workers waits on one client however slowly it
sends, so four slow connections stop gunicorn alone; the first test shows it, and so that the slow clients here
really are slow. Behind nginx, 200 of them (headers or a body trickled a byte at a time, readers that hardly read)
leave every normal request answered. How fast is for benchmarks/bench_slow_clients.py to measure (under 1 s:
benchmarks/README.md); here a request only has to be answered, within a bound generous for a loaded CI machine.
nginx comes from Debian (`apt-get install nginx`, as .ci/run does).
"""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gunicorn_server import Gunicorn, clean_env, local_bind, readme_command

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from nginx_front import SERVER_NAME, Nginx, NginxMissing
from slow_clients import LARGEST, SlowClients, Target, ask

SLOW = 200
PATIENCE = 20.0  # seconds a normal request may take here: a bound for a loaded machine, not a measurement
WAITED = 3.0  # seconds a request to gunicorn alone is given while slow clients hold its workers (it gets nothing)
PAGES = ("/healthz", "/login", "/tools/", "/api/v1/rulesets")

pytestmark = pytest.mark.slow  # about 20 s: a real gunicorn and nginx, and slow clients held for seconds


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gunicorn]:
    """The README's command (4 sync workers) on a fresh SQLite file, told that one proxy on HTTPS is in front."""
    folder = tmp_path_factory.mktemp("proxy")
    env = clean_env(DATABASE_URL=f"sqlite:///{folder / 'referee.sqlite'}", SECRET_KEY="proxy-test",
                    REFEREE_PROXIES="1", REFEREE_HTTPS="1")
    server = Gunicorn(local_bind(readme_command()), env, folder)
    try:
        port = server.wait_until(ready=4)
        assert port, server.log()
        server.port = int(port)  # type: ignore[attr-defined]
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def nginx(gunicorn: Gunicorn, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Nginx]:
    """The shipped nginx configuration in front of it."""
    try:
        front = Nginx(gunicorn.port, tmp_path_factory.mktemp("nginx"))  # type: ignore[attr-defined]
    except NginxMissing as missing:
        pytest.fail(f"The proxy tests need nginx and openssl: {missing}")
    with front:
        yield front


@pytest.fixture(scope="module")
def front(nginx: Nginx) -> Target:
    """Where a browser connects: nginx's HTTPS port, under the site's name."""
    return Target("127.0.0.1", nginx.https_port, nginx.tls(), SERVER_NAME)


def direct(gunicorn: Gunicorn) -> Target:
    """gunicorn itself, as the README's command used to expose it to everyone (0.0.0.0)."""
    return Target("127.0.0.1", gunicorn.port)  # type: ignore[attr-defined]


def test_four_slow_clients_stop_gunicorn_alone(gunicorn: Gunicorn) -> None:
    """One slow connection per sync worker (headers or a body trickled): a health check gets no answer; once they
    go, it does. This is why the proxy is required."""
    with SlowClients(direct(gunicorn), 4, kinds=("headers", "body")) as slow:
        time.sleep(0.5)  # each worker has taken its slow connection
        assert sum(slow.held().values()) == 4
        status, _, _ = ask(direct(gunicorn), "/healthz", timeout=WAITED)
        assert status is None, "gunicorn answered while every worker had a slow client"
    status, _, _ = ask(direct(gunicorn), "/healthz", timeout=PATIENCE)
    assert status == 200


def test_through_nginx_the_app_sees_https_and_nginx_request_id(front: Target, gunicorn: Gunicorn) -> None:
    """nginx forwards the scheme (the app, believing one proxy, sends HSTS) and its $request_id, which the app logs
    as the request's id and sends back."""
    status, _, headers = ask(front, "/login", PATIENCE)
    assert status == 200
    assert headers["Strict-Transport-Security"] == "max-age=31536000"
    assert re.fullmatch(r"[0-9a-f]{32}", headers["X-Request-ID"])
    deadline = time.monotonic() + PATIENCE
    while headers["X-Request-ID"] not in gunicorn.log() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert f"[{headers['X-Request-ID']}] GET /login 200" in gunicorn.log()


def test_two_hundred_slow_clients_leave_normal_requests_answered(front: Target, gunicorn: Gunicorn,
                                                                  nginx: Nginx) -> None:
    """200 slow connections at nginx, every kind, kept slow (and opened again when nginx drops one) for a few
    seconds: every normal request of every round is answered, and no worker of gunicorn was ever held."""
    with SlowClients(front, SLOW, interval=0.5) as slow:
        assert slow.refused == 0
        assert sum(slow.held().values()) == SLOW, slow.held()
        for _ in range(3):
            time.sleep(1.0)  # the slow clients send (or read) a little more
            for path in PAGES:
                status, _, _ = ask(front, path, PATIENCE)
                assert status == 200, (path, nginx.log()[-2000:])
        assert slow.refused == 0  # nginx never turned a connection away
        readers = slow.opened["reader"]
        # Each reader's request reached gunicorn and was answered whole, into nginx's buffers, while the reader
        # had read almost nothing of it.
        deadline = time.monotonic() + PATIENCE
        while served(gunicorn, LARGEST) < readers and time.monotonic() < deadline:
            time.sleep(0.1)
        assert served(gunicorn, LARGEST) == readers
    assert "WORKER TIMEOUT" not in gunicorn.log()


def served(gunicorn: Gunicorn, path: str) -> int:
    """How many requests for `path` gunicorn has answered with 200."""
    return len(re.findall(rf" GET {re.escape(path)} 200 ", gunicorn.log()))


@pytest.mark.parametrize("host", ["ex..ample", "a" * 64 + ".example"])
def test_a_host_that_is_no_dns_name_gets_a_400_from_gunicorn_in_one_log_line(gunicorn: Gunicorn, host: str) -> None:
    """Straight to the real server (nginx would not pass it on): 400, and one line in the log, no traceback."""
    request_id = f"bad-host-{len(host)}"
    status, _, _ = ask(direct(gunicorn), "/login", PATIENCE, {"Host": host, "X-Request-ID": request_id})
    assert status == 400
    deadline = time.monotonic() + PATIENCE
    while request_id not in gunicorn.log() and time.monotonic() < deadline:
        time.sleep(0.05)
    lines = [line for line in gunicorn.log().splitlines() if request_id in line]
    assert len(lines) == 1 and lines[0].endswith("ms") and " GET /login 400 " in lines[0], lines
    assert "Traceback" not in gunicorn.log()
