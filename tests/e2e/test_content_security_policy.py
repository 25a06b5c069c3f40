"""The Content-Security-Policy in a real browser: a violation reaches the tests, and no site can frame a page.

Every browser test fails on any violation (or other console error) its pages log: tests/e2e/conftest.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_an_inline_style_is_refused_and_the_tests_hear_of_it(page: Page, live_server: str,
                                                             console_errors: list[str]) -> None:
    """What a page of ours would log if it carried an inline style: the refusal fails a browser test."""
    page.goto(live_server + "/tools/")
    page.evaluate("document.body.setAttribute('style', 'outline: 3px solid red')")
    page.wait_for_function("() => getComputedStyle(document.body).outlineStyle !== 'solid'")
    page.wait_for_function("() => new Promise((resolve) => requestAnimationFrame(() => resolve(true)))")
    seen, console_errors[:] = list(console_errors), []  # caused on purpose here
    assert any("CSP violation: style-src-attr blocked inline" in line for line in seen), seen


def test_another_site_cannot_frame_a_page(page: Page, live_server: str, console_errors: list[str]) -> None:
    """frame-ancestors 'none': a page of another origin that frames our login page shows nothing of it."""
    page.set_content(f'<iframe src="{live_server}/login" title="framed"></iframe>')  # waits for the frame's load
    framed = page.frames[1]
    assert framed.locator("form").count() == 0
    seen, console_errors[:] = list(console_errors), []
    assert any("frame-ancestors 'none'" in line for line in seen), seen
