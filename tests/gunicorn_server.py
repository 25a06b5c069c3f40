"""Real gunicorn for the tests that need a real server (a first start, saves at the same moment).

The master runs in the repository (so it reads gunicorn.conf.py, whose hook logs "Worker ready" once a
worker has built the app), on a free local port, with its own folder for its log and its control socket:
several servers may run at once.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from process_group import ProcessGroup

ROOT = Path(__file__).resolve().parent.parent
BOOT_TIMEOUT = 60  # seconds: a generous bound for a loaded CI machine, not a measurement


def readme_command() -> list[str]:
    """The gunicorn part of the README's production command, as words."""
    readme = (ROOT / "README.md").read_text()
    line = next(line for line in readme.splitlines() if "bin/gunicorn " in line)
    words = shlex.split(line[line.index("bin/gunicorn "):])
    words[0] = str(Path(sys.executable).parent / "gunicorn")
    return words


def local_bind(words: list[str], address: str = "127.0.0.1:0") -> list[str]:
    """The same command bound to a free port of this machine instead of the README's port."""
    at = words.index("-b")
    return [*words[:at + 1], address, *words[at + 2:]]


def clean_env(**settings: str) -> dict[str, str]:
    """This process's environment without any REFEREE_ or GUNICORN setting of its own, and these settings."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("REFEREE_", "GUNICORN"))}
    env.pop("FORWARDED_ALLOW_IPS", None)
    return env | settings


class Gunicorn(ProcessGroup):
    """One gunicorn master started by a test, its log in a file of its folder."""

    def __init__(self, words: list[str], env: dict[str, str], folder: Path) -> None:
        self.log_path = folder / "gunicorn.log"
        self._log = self.log_path.open("wb")
        env = env | {"XDG_RUNTIME_DIR": str(folder)}  # gunicorn's control socket: one per server
        self.process = subprocess.Popen(words, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                        start_new_session=True)

    def log(self) -> str:
        """What master and workers have printed so far."""
        return self.log_path.read_text(errors="replace")

    def wait_until(self, ready: int, timeout: float = BOOT_TIMEOUT) -> str:
        """Wait for `ready` workers to have loaded the app (or for the master to stop); the port it listens on."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None or self.log().count("Worker ready") >= ready:
                break
            time.sleep(0.05)
        found = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", self.log())
        return found.group(1) if found else ""
