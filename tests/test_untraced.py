"""The tests that coverage does not count run untraced in every process, a pytest-xdist worker's too: pytest-cov's
no_cover alone left a worker's second coverage tracing them (tests/conftest.py, untraced)."""

from __future__ import annotations

import sys

import pytest


@pytest.mark.no_cover
def test_a_no_cover_test_runs_with_no_tracer_set() -> None:
    """No trace function: nothing is measured, and the test runs at its untraced speed."""
    assert sys.gettrace() is None
