"""The browser tests' server (tests/e2e/live.py) closes an answer whose connection the browser dropped."""

from __future__ import annotations

import gc
import socket
import struct
import time
from pathlib import Path

from live import serve

from referee import create_app
from referee.database import upgrade_schema


def test_a_dropped_connection_leaves_no_file_open(tmp_path: Path) -> None:
    """Connections reset just as an icon is sent: Werkzeug's own handler left most of those files to the collector,
    whose ResourceWarning fails this test (pytest turns warnings into errors)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'd.db'}"})
    upgrade_schema(app)
    with serve(app) as address:
        port = int(address.rsplit(":", 1)[1])
        for _ in range(20):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as browser:
                browser.sendall(b"GET /static/img/icons/apple-touch-icon.png HTTP/1.1\r\nHost: test\r\n\r\n")
                browser.recv(1)  # the answer is on its way; the server reads what is left of the request next
                browser.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = reset
        time.sleep(0.5)  # for the server's threads to meet the resets
    gc.collect()
