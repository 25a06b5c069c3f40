"""What the browser tests share besides fixtures: the phone's shape and screenshots."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def shot(page: Page, name: str) -> None:
    """Save a full-page screenshot of a main screen, to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
