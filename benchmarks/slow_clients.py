"""Slow clients, as a slowloris attack makes them, and the normal requests made meanwhile.

Three kinds of slow connection, each cheap for its client and each able to hold a sync worker of gunicorn:
`headers` sends a request's headers a byte at a time and never ends them; `body` sends whole headers announcing a
body (a login form, within the app's body limit) and then the body a byte at a time; `reader` asks for the largest
answer the app has (a 1.7 MB script) with a small receive window and reads it a few bytes at a time. One thread
keeps them all going; a connection the server drops is opened again, as an attacker would.
Used by benchmarks/bench_slow_clients.py and tests/test_proxy.py.
"""

from __future__ import annotations

import http.client
import socket
import ssl
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import cycle, islice

KINDS = ("headers", "body", "reader")
LARGEST = "/static/vendor/swagger-ui/swagger-ui-bundle.js"  # 1.7 MB: the largest answer the app has
BODY_LENGTH = 60_000  # under the app's 64 KB limit (and nginx's client_max_body_size): a body it would read
HEADER_LINE = b"X-Slow: 1\r\n"
RECEIVE_WINDOW = 4096  # bytes: a reader's socket buffer, so the server's writes block soon


@dataclass(frozen=True)
class Target:
    """Where to connect: an address, and TLS with the name to ask for when the server speaks it."""

    host: str
    port: int
    tls: ssl.SSLContext | None = None
    server_name: str | None = None

    @property
    def host_header(self) -> str:
        """The Host header of a request to it."""
        return self.server_name or f"{self.host}:{self.port}"

    def connect(self, timeout: float, receive_window: int | None = None) -> socket.socket:
        """A connection (TLS handshake done), blocking with this timeout."""
        raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            if receive_window:  # before connecting, so that the window announced is the small one
                raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_window)
            raw.settimeout(timeout)
            raw.connect((self.host, self.port))
            if self.tls is None:
                return raw
            return self.tls.wrap_socket(raw, server_hostname=self.server_name)
        except BaseException:
            raw.close()
            raise


def opening(kind: str, host: str) -> bytes:
    """What a slow connection of this kind sends at once."""
    if kind == "headers":
        return f"GET /login HTTP/1.1\r\nHost: {host}\r\nUser-Agent: slow\r\n".encode()
    if kind == "body":
        return (f"POST /login HTTP/1.1\r\nHost: {host}\r\nUser-Agent: slow\r\n"
                f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {BODY_LENGTH}\r\n\r\n"
                "username=").encode()
    return f"GET {LARGEST} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: slow\r\nConnection: close\r\n\r\n".encode()


@dataclass
class Slow:
    """One slow connection."""

    kind: str
    sock: socket.socket
    sent: int = 0


@dataclass
class SlowClients:
    """`count` slow connections to `target`, the kinds in turn, each sending (or reading) a little every
    `interval` seconds until stopped."""

    target: Target
    count: int
    kinds: tuple[str, ...] = KINDS
    interval: float = 1.0
    connect_timeout: float = 10.0
    live: list[Slow] = field(default_factory=list)
    opened: Counter[str] = field(default_factory=Counter)
    dropped: Counter[str] = field(default_factory=Counter)  # closed (or answered) by the server
    refused: int = 0  # could not connect at all
    _stop: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _thread: threading.Thread | None = None

    def __enter__(self) -> SlowClients:
        """Open every connection, then keep them slow in a thread of their own."""
        for kind in islice(cycle(self.kinds), self.count):
            self._open(kind)
        self._thread = threading.Thread(target=self._run, name="slow-clients", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        """Stop the thread and close every connection."""
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=30)
        with self._lock:
            for slow in self.live:
                slow.sock.close()
            self.live.clear()

    def held(self) -> Counter[str]:
        """How many connections of each kind are open now."""
        with self._lock:
            return Counter(slow.kind for slow in self.live)

    def _open(self, kind: str) -> None:
        """Open one connection of this kind and send its opening."""
        receive_window = RECEIVE_WINDOW if kind == "reader" else None
        try:
            sock = self.target.connect(self.connect_timeout, receive_window)
        except OSError:
            self.refused += 1
            return
        try:
            sock.sendall(opening(kind, self.target.host_header))
            sock.setblocking(False)
        except OSError:
            sock.close()
            self.refused += 1
            return
        with self._lock:
            self.live.append(Slow(kind, sock))
        self.opened[kind] += 1

    def _run(self) -> None:
        """Every interval, a byte more from each sender and a little read by each reader; a dropped connection is
        opened again."""
        while not self._stop.wait(self.interval):
            with self._lock:
                slows = list(self.live)
            for slow in slows:
                if self._stop.is_set():
                    return
                if not self._step(slow):
                    slow.sock.close()
                    with self._lock:
                        self.live.remove(slow)
                    self.dropped[slow.kind] += 1
                    self._open(slow.kind)

    def _step(self, slow: Slow) -> bool:
        """One step of one connection; False when the server has closed it or answered it."""
        try:
            if slow.kind == "reader":
                return self._read_a_little(slow.sock)
            if self._answered(slow.sock):
                return False
            if slow.kind == "headers":
                byte = HEADER_LINE[slow.sent % len(HEADER_LINE):][:1]
            else:
                byte = b"a" if slow.sent < BODY_LENGTH - len("username=") - 1 else b""
            if byte:
                slow.sock.send(byte)
                slow.sent += 1
            return True
        except (ssl.SSLWantReadError, ssl.SSLWantWriteError, BlockingIOError):
            return True
        except OSError:
            return False

    @staticmethod
    def _read_a_little(sock: socket.socket) -> bool:
        """A few bytes of the answer (a TLS record at most); False once the server has closed the connection."""
        return sock.recv(16) != b""

    @staticmethod
    def _answered(sock: socket.socket) -> bool:
        """Whether the server has said something (a 408, a 400) or closed the connection: a sender is then done."""
        try:
            return sock.recv(1) is not None
        except (ssl.SSLWantReadError, BlockingIOError):
            return False


def ask(target: Target, path: str, timeout: float, headers: dict[str, str] | None = None,
        ) -> tuple[int | None, float, dict[str, str]]:
    """A normal GET of `path`: its status (None if it did not come within `timeout`), the seconds it took, and the
    answer's headers."""
    started = time.perf_counter()
    try:
        sock = target.connect(timeout)
    except OSError:
        return None, time.perf_counter() - started, {}
    connection = http.client.HTTPConnection(target.host, target.port, timeout=timeout)
    connection.sock = sock  # already connected (and through TLS, under the server's name)
    try:
        connection.request("GET", path, headers={"Host": target.host_header} | (headers or {}))
        response = connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - started, dict(response.getheaders())
    except OSError:
        return None, time.perf_counter() - started, {}
    finally:
        connection.close()
