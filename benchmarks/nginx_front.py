"""nginx in front of gunicorn as deploy/nginx/referee.conf sets it up, started for real by a test or a benchmark.

The shipped site file is used as it is, but for what only a production machine has: its ports (80 and 443)
become free ports of the loopback, its upstream the port the test's gunicorn listens on, and its Let's Encrypt
certificate a self-signed one made for the run (with the `openssl` program). Around it, a main configuration like
Debian's own (worker_processes auto, 768 connections a worker) that keeps nginx's pid, logs and temporary files in
the run's folder. Every change to the site file must be found: a file this no longer fits fails loudly here.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

from process_group import ProcessGroup

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "deploy" / "nginx" / "referee.conf"
SERVER_NAME = "referee.example.org"  # the shipped file's; the certificate is made for it
START_TIMEOUT = 20  # seconds: a generous bound for a loaded machine, not a measurement

MAIN = """\
{user}worker_processes auto;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
daemon off;
events {{
    worker_connections 768;
}}
http {{
    sendfile on;
    tcp_nopush on;
    default_type application/octet-stream;
    ssl_protocols TLSv1.2 TLSv1.3;
    access_log {folder}/access.log;
    client_body_temp_path {folder}/client_body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/referee.conf;
}}
"""


class NginxMissing(RuntimeError):
    """nginx (or openssl, for the certificate) is not installed."""


def nginx_path() -> str:
    """Debian's nginx."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if not found:
        raise NginxMissing("nginx is not installed: apt-get install nginx")
    return found


def free_port() -> int:
    """A port of the loopback that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for SERVER_NAME and its key, valid for a day."""
    openssl = shutil.which("openssl")
    if not openssl:
        raise NginxMissing("openssl is not installed: apt-get install openssl")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-days", "1", "-subj", f"/CN={SERVER_NAME}", "-addext", f"subjectAltName=DNS:{SERVER_NAME}",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True, timeout=60)
    return cert, key


def site_config(text: str, http_port: int, https_port: int, upstream_port: int, cert: Path, key: Path,
                names: tuple[str, ...] = ()) -> str:
    """The shipped site file with this run's ports and certificate in place of production's, and `names` beside
    its server name."""
    replacements = [
        (r"server_name (\S+);", rf"server_name \1{''.join(' ' + name for name in names)};"),
        (r"^\s*listen \[::\]:.*\n", ""),  # IPv6 may be off on a CI machine; the IPv4 lines stay
        (r"listen 80;", f"listen 127.0.0.1:{http_port};"),
        (r"listen 443 ssl;", f"listen 127.0.0.1:{https_port} ssl;"),
        (r"listen 443 ssl default_server;", f"listen 127.0.0.1:{https_port} ssl default_server;"),
        (r"server 127\.0\.0\.1:8000;", f"server 127.0.0.1:{upstream_port};"),
        (r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};"),
        (r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};"),
    ]
    for pattern, replacement in replacements:
        text, found = re.subn(pattern, replacement, text, flags=re.M)
        if not found:
            raise ValueError(f"{SITE.name} no longer has {pattern!r}: update {__name__}.site_config")
    return text


class Nginx(ProcessGroup):
    """One nginx master serving the shipped site file in front of gunicorn on `upstream_port`."""

    def __init__(self, upstream_port: int, folder: Path, names: tuple[str, ...] = ()) -> None:
        """`names`: more names the site answers to, such as 127.0.0.1 for a client that connects by address (its
        TLS server name is then the address, which the shipped file's catch-all server would refuse)."""
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.http_port, self.https_port = free_port(), free_port()
        cert, key = certificate(folder)
        self.cert = cert
        (folder / "referee.conf").write_text(
            site_config(SITE.read_text(), self.http_port, self.https_port, upstream_port, cert, key, names))
        # As root (CI), nginx's workers would otherwise drop to nobody, who cannot reach this folder.
        user = "user root;\n" if os.geteuid() == 0 else ""
        (folder / "nginx.conf").write_text(MAIN.format(user=user, folder=folder))
        self._log = (folder / "nginx.out").open("wb")
        self.process = subprocess.Popen([nginx_path(), "-e", str(folder / "error.log"), "-p", str(folder),
                                         "-c", str(folder / "nginx.conf")],
                                        stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True)
        self._wait()

    def tls(self) -> ssl.SSLContext:
        """A client's TLS settings that trust this run's certificate."""
        return ssl.create_default_context(cafile=str(self.cert))

    def log(self) -> str:
        """nginx's error log."""
        path = self.folder / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def _wait(self) -> None:
        """Wait until nginx accepts connections on its HTTPS port."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", self.https_port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"nginx did not start:\n{self.log()[-3000:]}")
