"""Runs a JavaScript module of static/js/ under Node.js on many cases at once, through a driver beside the tests
(tests/web/*_driver.mjs reads the cases as JSON on stdin and writes one answer per case)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest


def run_driver(driver: Path, cases: list[Any], what: str) -> list[Any]:
    """Each case's answer from the driver; a clear failure without Node (`what` says what it tests)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail(f"Node.js is needed to test {what}: install it (apt-get install nodejs), "
                    "so that `node` is on the PATH")
    done = subprocess.run([node, str(driver)], input=json.dumps(cases), capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    assert len(answers) == len(cases)
    return list(answers)
