"""A server the benchmarks or the tests start in a process group of its own (gunicorn's master and workers, nginx's),
stopped as a whole, so that nothing is left listening after a run or a failed start."""

from __future__ import annotations

import os
import signal
import subprocess
from typing import IO, Self

STOP_TIMEOUT = 30  # seconds a graceful shutdown may take before the group is killed


class ProcessGroup:
    """Its `process` started with `start_new_session=True`, its output going to `_log`; used in a with block."""

    process: subprocess.Popen[bytes]
    _log: IO[bytes]

    def stop(self) -> None:
        """Ask the group to shut down (SIGTERM: graceful for gunicorn, fast for nginx), kill it if it will not, and
        wait for it."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._log.close()

    def __enter__(self) -> Self:
        """The running server."""
        return self

    def __exit__(self, *_exc: object) -> None:
        """Stopped at the end of the block."""
        self.stop()
