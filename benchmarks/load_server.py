"""gunicorn for the load benchmark: the floor app or the project, on a free loopback port, stopped afterwards.

The master runs in the repository root, so it reads gunicorn.conf.py as production does (no access log; a
"Worker ready" line once a worker has built the app); its output goes to a file in the run's folder.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from process_group import ProcessGroup

ROOT = Path(__file__).resolve().parent.parent
BOOT_TIMEOUT = 120  # seconds: a loaded shared machine, migrations on the first start


@dataclass(frozen=True)
class Workers:
    """gunicorn's worker settings, the same for every server of a run."""

    workers: int = 2
    worker_class: str = "sync"
    threads: int = 1

    def words(self) -> list[str]:
        """The command-line options."""
        return ["--workers", str(self.workers), "--worker-class", self.worker_class, "--threads", str(self.threads)]

    def __str__(self) -> str:
        """As the output's header says it."""
        threads = f", {self.threads} threads" if self.worker_class == "gthread" else ""
        return f"{self.workers} {self.worker_class} workers{threads}"


class Server(ProcessGroup):
    """One gunicorn master serving `app` (a WSGI spec such as 'load_floor:app')."""

    def __init__(self, app: str, workers: Workers, env: dict[str, str], folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.log_path = folder / "gunicorn.log"
        self._log = self.log_path.open("wb")
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        words = [gunicorn, "--bind", "127.0.0.1:0", "--pythonpath", str(ROOT / "benchmarks"), *workers.words(), app]
        env = os.environ | env | {"XDG_RUNTIME_DIR": str(folder)}  # gunicorn's control socket: one per server
        self.process = subprocess.Popen(words, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        self.url = self._wait(workers.workers)

    def log(self) -> str:
        """What the master and its workers printed."""
        return self.log_path.read_text(errors="replace")

    def _wait(self, ready: int) -> str:
        """Wait until every worker has built the app; the server's base URL."""
        deadline = time.monotonic() + BOOT_TIMEOUT
        while time.monotonic() < deadline and self.process.poll() is None:
            found = re.search(r"Listening at: (http://127\.0\.0\.1:\d+)", self.log())
            if found and self.log().count("Worker ready") >= ready:
                return found.group(1)
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"gunicorn did not start:\n{self.log()[-3000:]}")
