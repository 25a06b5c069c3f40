"""Take the phone screenshots of the user's guide (docs/guide.md) into docs/img/.

A short match is played through the pages, as a phone at the table would: an account, a match of Ana against
Bea, hands entered the quick way (one of them with a card in the wrong pile), the scoreboard, the spectator page
and a player's page. The app runs on a fresh SQLite file in a temporary folder, served on a free local port, so
the pictures never depend on what a developer's own database holds.

Chromium comes from the system, as for the browser tests (tests/e2e/conftest.py): Debian's
chromium-headless-shell, else chromium; CHROMIUM names another. The pictures are 390 CSS pixels wide at a pixel
ratio of 1, reduced to a palette of 256 colours by Pillow (the test extra has it) to keep each a few tens of KB:

    .venv/bin/python tools/guide_screenshots.py            # writes docs/img/guide-*.png
"""

from __future__ import annotations

import io
import logging
import os
import re
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image
from playwright.sync_api import Page, expect, sync_playwright
from werkzeug.serving import make_server

from referee import create_app
from referee.database import upgrade_schema

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 1,
         "locale": "en-GB", "timezone_id": "Europe/Madrid", "color_scheme": "light", "service_workers": "block"}
PASSWORD = "escova-2026"
# The cards left on the table: the four lowest oros, 10 in all (a right leftover).
LEFTOVER = ["1o", "2o", "3o", "4o"]
# Ana's pile when the table holds only 2o 3o 4o (a leftover of 9: the ace went into Bea's pile); 105, seven fifteens.
ANAS_PILE = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]


def chromium() -> str:
    """The system's headless Chromium, as the browser tests find it."""
    found = (shutil.which(name) for name in ("chromium-headless-shell", "chromium", "chromium-browser"))
    path = os.environ.get("CHROMIUM") or next(filter(None, found), None)
    if not path:
        raise SystemExit("Needs Chromium: apt-get install chromium-headless-shell (or set CHROMIUM)")
    return path


@contextmanager
def served_app(folder: Path) -> Iterator[str]:
    """The app on a fresh, migrated SQLite file in the folder, served on a free local port: its address."""
    os.environ.setdefault("SECRET_KEY", "guide-screenshots")  # else the app writes instance/secret_key
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'referee.sqlite'}",
                      "RATELIMIT_ENABLED": False, "REQUEST_LOG": False})
    upgrade_schema(app)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request on the terminal
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


def save(page: Page, name: str, full_page: bool = False) -> None:
    """The page's window (or the whole page) as docs/img/guide-<name>.png, in 256 colours."""
    page.evaluate("document.activeElement && document.activeElement.blur()")  # no focus ring in the picture
    page.wait_for_timeout(1000)  # the last tap's highlight fades out
    raw = page.screenshot(full_page=full_page, animations="disabled", caret="hide")
    with Image.open(io.BytesIO(raw)) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        path = OUT / f"guide-{name}.png"
        small.save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


def register(page: Page, base: str, username: str) -> None:
    """A new account, logged in on this phone."""
    page.goto(base + "/register")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Repeat the password").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/matches/new$"))


def new_match(page: Page) -> None:
    """Escova RS, Ana against Bea, Ana dealing: the form filled in, pictured, and sent."""
    page.get_by_label("Escova (Rio Grande do Sul)", exact=False).check()
    page.get_by_label("2 players").check()
    page.get_by_label("Seat 1", exact=True).fill("Ana")
    page.get_by_label("Seat 2", exact=True).fill("Bea")
    page.get_by_label("First dealer").select_option(label="Ana")
    page.evaluate("window.scrollTo(0, 0)")
    save(page, "new-match")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".board")).to_contain_text("Bea")


def quick_hand(page: Page, number: int, cards: int, oros: int, sevens: int, velo: int, escobas: int,
               picture: bool = False) -> None:
    """Hand N the quick way, the leftover right: Ana's counts typed, Bea's worked out; checked and saved."""
    page.get_by_role("link", name=f"Enter hand {number}", exact=True).click()
    page.wait_for_load_state()
    for code in LEFTOVER:
        page.locator(f'.card[data-code="{code}"]').tap()
    expect(page.locator("[data-verdict]")).to_have_text("Table 10: right")
    if picture:
        page.evaluate("window.scrollTo(0, 0)")
        save(page, "quick-leftover")
    page.locator("#cards-0").tap()
    page.keyboard.type(str(cards))
    page.locator(f'label.chip:has(input[name="oros-0"][value="{oros}"])').tap()
    page.locator(f'label.chip:has(input[name="sevens-0"][value="{sevens}"])').tap()
    page.locator("#velo label.choice").nth(velo).tap()
    for _ in range(escobas):
        page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")).tap()
    page.locator(".choices:has(input[name=last_capture]) label.choice").first.tap()
    if picture:
        page.locator(".quick-counts").evaluate("element => element.scrollIntoView()")
        page.evaluate("window.scrollBy(0, -150)")  # the table's cards just above the counts, under the bar of sums
        save(page, "quick-counts")
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Every check passed")
    page.get_by_role("button", name=f"Save hand {number}").tap()
    expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved.")


def wrong_hand(page: Page, number: int) -> None:
    """Hand N with the ace of oros in Bea's pile: the table sums 9, the piles turned over, the verdict pictured."""
    page.get_by_role("link", name=f"Enter hand {number}", exact=True).click()
    page.wait_for_load_state()
    for code in LEFTOVER[1:]:
        page.locator(f'.card[data-code="{code}"]').tap()
    expect(page.locator("[data-verdict]")).to_have_text("Table 9: wrong")
    page.get_by_role("button", name="Turn the piles over").tap()
    for code in ANAS_PILE:
        page.locator(f'.card[data-code="{code}"]').tap()
    page.get_by_role("button", name="The rest to Bea").tap()
    page.locator(".escobas .stepper").first.get_by_role("button", name=re.compile(r"^\+1")).tap()
    page.locator(".choices:has(input[name=last_capture]) label.choice").first.tap()
    page.get_by_role("button", name="Check the hand").tap()
    expect(page.locator(".review")).to_contain_text("Bea erred")
    page.locator(".review").scroll_into_view_if_needed()
    save(page, "verdict")
    page.get_by_role("button", name=f"Save hand {number}").tap()
    expect(page.locator(".flash")).to_contain_text(f"Hand {number} saved.")


def main() -> None:
    """Play the match and take the pictures."""
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, served_app(Path(folder)) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_context(**PHONE).new_page()
        register(page, base, "ana")
        new_match(page)
        scoreboard = page.url
        quick_hand(page, 1, cards=22, oros=4, sevens=2, velo=1, escobas=1, picture=True)
        wrong_hand(page, 2)
        quick_hand(page, 3, cards=17, oros=4, sevens=1, velo=1, escobas=0)
        page.goto(scoreboard)
        save(page, "scoreboard")
        page.locator(".hands, table").first.evaluate("element => element.scrollIntoView()")
        save(page, "hands")
        watch = page.locator("#spectators .link a").get_attribute("href")
        spectator = browser.new_context(**PHONE).new_page()
        spectator.goto(watch if watch and watch.startswith("http") else base + (watch or ""))
        save(spectator, "spectator")
        quick_hand(page, 4, cards=21, oros=6, sevens=3, velo=0, escobas=2)  # Ana reaches 15: the match is won
        page.get_by_role("button", name=re.compile("^Rematch")).click()  # a second match in the list, in progress
        quick_hand(page, 1, cards=19, oros=6, sevens=2, velo=0, escobas=0)
        page.goto(base + "/matches/")
        save(page, "matches")
        page.goto(base + "/players")
        page.get_by_role("link", name="Ana", exact=True).first.click()
        save(page, "player")
        browser.close()


if __name__ == "__main__":
    main()
