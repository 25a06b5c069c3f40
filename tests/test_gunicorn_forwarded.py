"""gunicorn believes a forwarded scheme only from the proxies REFEREE_PROXIES counts (gunicorn.conf.py).

gunicorn turns `X-Forwarded-Proto: https` (and `X-Forwarded-Ssl: on`, `X-Forwarded-Protocol: ssl`) into an HTTPS
request when it comes from an address of `forwarded_allow_ips`, 127.0.0.1 by default: whatever the app was told,
anyone on the machine, or anything a proxy passes on unchanged, could claim HTTPS. With REFEREE_PROXIES=0 nobody is
believed; with 1 or more the proxy's address (127.0.0.1 and ::1 unless FORWARDED_ALLOW_IPS names another).
"""

from __future__ import annotations

import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from gunicorn_server import ROOT, Gunicorn, clean_env, local_bind, readme_command

pytestmark = pytest.mark.slow  # real gunicorn masters, one or more a test

FORGED = {"X-Forwarded-Proto": "https"}
# The secure-scheme headers gunicorn reads by default (its secure_scheme_headers), each alone.
EACH_FORGERY = [{"X-Forwarded-Proto": "https"}, {"X-Forwarded-Ssl": "on"}, {"X-Forwarded-Protocol": "ssl"}]


def hsts(port: str, headers: dict[str, str]) -> str | None:
    """The Strict-Transport-Security header of /login asked with these headers: the app sends it only over HTTPS."""
    asked = urllib.request.Request(f"http://127.0.0.1:{port}/login", headers=headers)
    with urllib.request.urlopen(asked, timeout=10) as response:
        assert response.status == 200
        return response.headers.get("Strict-Transport-Security")


@pytest.fixture
def started(tmp_path: Path):
    """Start the README's command with these settings, bound to a free port; its port. Stopped afterwards."""
    servers: list[Gunicorn] = []

    def start(**settings: str) -> str:
        """The port of a new server."""
        env = clean_env(DATABASE_URL=f"sqlite:///{tmp_path / 'forwarded.sqlite'}", SECRET_KEY="forwarded-test",
                        REFEREE_HTTPS="1", **settings)
        folder = tmp_path / str(len(servers))
        folder.mkdir()
        servers.append(Gunicorn(local_bind(readme_command()), env, folder))
        port = servers[-1].wait_until(ready=4)
        assert port, servers[-1].log()
        return port

    yield start
    for server in servers:
        server.stop()


def test_a_forged_https_from_the_loopback_is_ignored_without_a_proxy(started) -> None:
    """REFEREE_PROXIES=0: a client on 127.0.0.1 claiming HTTPS by any of gunicorn's headers gets a plain-HTTP
    answer (no HSTS), like one that claims nothing."""
    port = started(REFEREE_PROXIES="0")
    assert hsts(port, {}) is None
    for forged in EACH_FORGERY:
        assert hsts(port, forged) is None, forged


def test_behind_one_proxy_on_the_loopback_its_https_is_believed(started) -> None:
    """REFEREE_PROXIES=1 with the proxy on this machine (nginx, deploy/nginx/referee.conf): its X-Forwarded-Proto
    makes the request HTTPS, so the app sends HSTS. (The same check as above, able to see HTTPS.)"""
    port = started(REFEREE_PROXIES="1")
    assert hsts(port, {}) is None
    assert hsts(port, FORGED) == "max-age=31536000"


def resolved(**settings: str) -> dict[str, str]:
    """gunicorn's settings as it resolves them from gunicorn.conf.py under these environment variables."""
    printed = subprocess.run([str(Path(sys.executable).parent / "gunicorn"), "--print-config", "referee:create_app()"],
                             cwd=ROOT, env=clean_env(**settings), capture_output=True, text=True, timeout=60,
                             check=True).stdout
    return {name.strip(): value.strip() for name, _, value in (line.partition("=") for line in printed.splitlines())}


@pytest.mark.parametrize(("settings", "allowed"), [
    ({}, "[]"),
    ({"REFEREE_PROXIES": "0"}, "[]"),
    ({"REFEREE_PROXIES": "0", "FORWARDED_ALLOW_IPS": "*"}, "[]"),
    ({"REFEREE_PROXIES": "1"}, "['127.0.0.1', '::1']"),
    ({"REFEREE_PROXIES": "2", "FORWARDED_ALLOW_IPS": "10.0.0.5,10.0.1.0/24"}, "['10.0.0.5', '10.0.1.0/24']"),
])
def test_forwarded_allow_ips_follows_referee_proxies(settings: dict[str, str], allowed: str) -> None:
    """Nobody without a proxy (FORWARDED_ALLOW_IPS then changes nothing); the proxy's address with one or more,
    the loopback unless FORWARDED_ALLOW_IPS names another."""
    assert resolved(**settings)["forwarded_allow_ips"] == allowed


def test_a_proxy_count_that_is_no_number_stops_gunicorn() -> None:
    """A typo in REFEREE_PROXIES stops the start with the app's own message, rather than trusting the default."""
    env = clean_env(REFEREE_PROXIES="one")
    done = subprocess.run([str(Path(sys.executable).parent / "gunicorn"), "--check-config", "referee:create_app()"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "REFEREE_PROXIES" in done.stdout + done.stderr

