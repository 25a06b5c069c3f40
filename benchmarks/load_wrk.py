"""Driving a server with Debian's wrk and reading its answer.

Each run's Lua script (load_page.lua, load_save.lua) counts the answers by status in every thread and prints,
when wrk is done, one line ``LOADJSON {...}``: requests, duration, latency percentiles, socket errors and
the status counts, parsed here into a `Result`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
MARK = "LOADJSON "


class WrkMissing(RuntimeError):
    """wrk is not installed."""


@dataclass(frozen=True)
class Result:
    """One wrk run's figures."""

    requests: int
    seconds: float
    p50_ms: float
    p90_ms: float
    p99_ms: float
    max_ms: float
    socket_errors: int
    statuses: dict[str, int] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        """Requests per second."""
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def unexpected(self) -> int:
        """Answers with another status than the page's expected one, plus socket errors."""
        return self.statuses.get("unexpected", 0) + self.socket_errors

    def status_words(self) -> str:
        """The status counts, as '200×1234 302×3'."""
        return " ".join(f"{k}×{v}" for k, v in sorted(self.statuses.items()) if k != "unexpected")


def combined(first: Result, second: Result) -> Result:
    """Two runs of the same page as one: their requests over their time; the worse of each percentile."""
    statuses = {key: first.statuses.get(key, 0) + second.statuses.get(key, 0)
                for key in first.statuses.keys() | second.statuses.keys()}
    return Result(first.requests + second.requests, first.seconds + second.seconds, max(first.p50_ms, second.p50_ms),
                  max(first.p90_ms, second.p90_ms), max(first.p99_ms, second.p99_ms), max(first.max_ms, second.max_ms),
                  first.socket_errors + second.socket_errors, statuses)


def parse(output: str) -> Result:
    """The figures in wrk's output (the LOADJSON line of our Lua done())."""
    for line in output.splitlines():
        if line.startswith(MARK):
            data = json.loads(line.removeprefix(MARK))
            return Result(requests=data["requests"], seconds=data["duration_us"] / 1e6,
                          p50_ms=data["p50_us"] / 1000, p90_ms=data["p90_us"] / 1000, p99_ms=data["p99_us"] / 1000,
                          max_ms=data["max_us"] / 1000, socket_errors=data["socket_errors"],
                          statuses={str(k): int(v) for k, v in data["statuses"].items()})
    raise ValueError(f"no {MARK.strip()} line in wrk's output:\n{output[-2000:]}")


def wrk_path() -> str:
    """The wrk program; WrkMissing with how to install it."""
    found = shutil.which("wrk")
    if found is None:
        raise WrkMissing("wrk is not installed: sudo apt-get install wrk (Debian, Ubuntu), or see "
                         "https://github.com/wg/wrk")
    return found


def run(url: str, script: str, env: dict[str, str], connections: int, seconds: float,
        threads: int | None = None) -> Result:
    """Drive `url` with wrk and `script` (a Lua file here) for `seconds`; its figures."""
    threads = threads or min(2, connections)
    words = [wrk_path(), "--latency", "-t", str(threads), "-c", str(connections), "-d", f"{max(1, round(seconds))}s",
             "--timeout", "10s", "-s", str(HERE / script), url]
    answer = subprocess.run(words, env=os.environ | env | {"LOAD_LUA_DIR": str(HERE)}, capture_output=True,
                            text=True, timeout=seconds + 60, check=False)
    if answer.returncode != 0:
        raise RuntimeError(f"wrk failed ({answer.returncode}): {answer.stderr[-2000:]}")
    return parse(answer.stdout)
