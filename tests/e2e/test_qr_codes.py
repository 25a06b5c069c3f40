"""Every QR code the app draws scans, on screen and on paper. Each page that shows one is drawn by Chromium: a phone
at 390 px in the dark scheme (the page around a code at its darkest), the board on a TV at 1280×720, and the
printable pages again in print emulation. Each code is cut out of the page's screenshot with some of what surrounds
it, as a camera sees it, and decoded with zxing-cpp; its quiet zone (4 modules of light on every side) and its size
are measured on the picture, and the address it holds is opened by another phone, which gets the page it promises.
The board, on a phone, breaks its name between words only.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pytest
import zxingcpp
from factories import club, house_rules, keeper, start, start_next_round, tournament, user_of
from flask import Flask
from page_client import Scorekeeper
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page

from referee.extensions import db
from referee.models import Match, RulesProfile
from referee.services.tournament_board import make_board_link

pytestmark = pytest.mark.e2e

DPR = 2  # fewer pixels than a phone's screen or a camera shows of a code: what decodes here decodes there
CAMERA_PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                "device_scale_factor": DPR, "color_scheme": "dark"}
TV = {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": DPR}
QUIET = 4  # modules of light around a code (ISO/IEC 18004); less, and many phones' cameras find no code
MM = 96 / 25.4  # CSS px in a millimetre, as Chromium prints
# The least a module may measure. On a phone's screen, in CSS px: 2.5 is 7–8 of the screen's pixels. On the TV, in
# CSS px of 1280: a 40-inch screen's module is then 3 mm. On paper, a code's whole width in mm: one lying on the
# table is scanned from 20–30 cm.
SCREEN_MODULE = 2.5
TV_MODULE = 3.5
PRINTED_MM = 25


@dataclass(frozen=True)
class Scanned:
    """A code as a camera reads it off the page: what it holds, its module and its whole width (quiet zone
    included) in CSS px, and the sides whose quiet zone is not light throughout."""

    text: str
    module: float
    width: float
    dark_sides: tuple[str, ...]


def scan(picture: Image.Image, box: list[float]) -> Scanned:
    """The code in the page's picture at this element's box (CSS px, in the page), cut out with a quarter of its
    width of the page around it: decoded, and its quiet zone measured beside the symbol zxing-cpp found."""
    x, y, width, height = (value * DPR for value in box)
    around = width / 4
    seen = picture.crop((max(0, round(x - around)), max(0, round(y - around)),
                         min(picture.width, round(x + width + around)),
                         min(picture.height, round(y + height + around))))
    found = zxingcpp.read_barcodes(seen, formats=zxingcpp.BarcodeFormat.QRCode)
    if len(found) != 1:
        return Scanned(f"{len(found)} codes read", 0, width / DPR, ())
    code = found[0]
    modules = code.to_image(add_quiet_zones=False).shape[1]
    corners = (code.position.top_left, code.position.top_right, code.position.bottom_right, code.position.bottom_left)
    left, right = min(p.x for p in corners), max(p.x for p in corners)
    top, bottom = min(p.y for p in corners), max(p.y for p in corners)
    module = (right - left) / modules
    # Each side's band from half a module to 3.5 modules out of the symbol, along the symbol's length: a pixel at
    # the symbol's edge blends with its modules, and the corners may be rounded off by the page's CSS.
    near, far = module / 2, module * (QUIET - 0.5)
    bands = {"top": (left, top - far, right, top - near), "bottom": (left, bottom + near, right, bottom + far),
             "left": (left - far, top, left - near, bottom), "right": (right + near, top, right + far, bottom)}
    gray = seen.convert("L")
    dark = tuple(side for side, band in bands.items()
                 if band[0] < 0 or band[1] < 0 or band[2] > seen.width or band[3] > seen.height
                 or gray.crop(tuple(round(edge) for edge in band)).getextrema()[0] < 160)
    return Scanned(code.text, module / DPR, width / DPR, dark)


def codes(page: Page, selector: str) -> list[Scanned]:
    """Every code the selector finds, scanned off one screenshot of the whole page as it is drawn now."""
    page.wait_for_load_state("load")
    picture = Image.open(io.BytesIO(page.screenshot(full_page=True, animations="disabled")))
    boxes = page.locator(selector).evaluate_all(
        "found => found.map(one => { const box = one.getBoundingClientRect();"
        " return [box.left + scrollX, box.top + scrollY, box.width, box.height]; })")
    assert boxes, f"no {selector} on {page.url}"
    return [scan(picture, box) for box in boxes]


def words_cut(page: Page, selector: str) -> list[str]:
    """The words of the element's text that the page breaks across two lines."""
    return page.locator(selector).evaluate("""element => {
      const text = element.firstChild, cut = [];
      for (const found of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, found.index);
        range.setEnd(text, found.index + found[0].length);
        const lines = new Set([...range.getClientRects()].map(box => Math.round(box.top)));
        if (lines.size > 1) cut.push(found[0]);
      }
      return cut;
    }""")


def logged_in_phone(browser: Browser, person: Scorekeeper, base: str) -> BrowserContext:
    """A phone logged in as the scorekeeper (its test client's session cookie), dark."""
    context = browser.new_context(**CAMERA_PHONE, locale="en-GB")
    person.client.get("/")
    cookie = person.client.get_cookie(person.app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": base}])
    return context


def test_every_qr_code_scans_on_screen_and_printed_and_opens_its_page(browser: Browser,
                                                                      live_app: tuple[str, Flask]) -> None:
    """A match's spectator link and Score together's code, a club's invite, house rules and their rules card, a
    tournament's tables (on its page and on the round sheet), the board's link on its page and on the TV: each code
    decodes to the address written beside it, with a quiet zone on every side, large enough on a phone, a TV and on
    paper; each address, opened on a phone without an account, answers with the page it promises. The board's name
    wraps between its words at 320 and 390 px."""
    base, app = live_app
    ana = keeper(app, "qr-ana")
    match_id = start(ana, ("Ana Beatriz", "Bea"))
    profile_id = house_rules(ana, "Casa de Ana", target=21)
    club_id = club(ana, "Club of codes")
    tournament_id = tournament(ana, club_id, ["Caio", "Dora", "Eva", "Fer"], rounds=2, name="Campeonato de primavera")
    start_next_round(ana, tournament_id)
    with app.app_context():
        board_token = make_board_link(user_of(ana), tournament_id).token
        watch_token = db.session.get_one(Match, match_id).spectator_token
        card_token = db.session.get_one(RulesProfile, profile_id).card_token
    context = logged_in_phone(browser, ana, base)
    page = context.new_page()
    scanned: dict[str, list[Scanned]] = {}  # each page's codes, by the page's name ("… printed" on paper)
    shown: dict[str, list[str]] = {}  # the address written beside each code of the page, where there is one

    def look(name: str, path: str, selector: str, link: str | None = None, button: str | None = None,
             printed: bool = False) -> None:
        """Open the page (and tap its button, which makes its codes), scan its codes; on paper too if printed."""
        page.goto(base + path)
        if button:
            page.get_by_role("button", name=button).click()
            page.wait_for_load_state("load")
        for summary in page.locator("details:has(svg) > summary").all():
            summary.click()
        scanned[name] = codes(page, selector)
        if link:
            shown[name] = [one.get_attribute("href") or "" for one in page.locator(link).all()]
        if printed:
            page.emulate_media(media="print")
            scanned[f"{name} printed"] = codes(page, selector)
            page.emulate_media(media="screen")

    look("scoreboard", f"/matches/{match_id}", ".spectators .qr svg", ".spectators .link a")
    look("score together", f"/matches/{match_id}/together", ".join-code .qr svg", ".join-code .link a",
         button="Make a join code")
    look("club invites", f"/clubs/{club_id}/invites", ".invite .qr svg", "[data-invite-link]",
         button="Make an invite link")
    look("house rules", f"/rules/{profile_id}", ".card-qr svg", ".card-qr figcaption a", printed=True)
    look("rules card", f"/card/{card_token}", ".card-qr svg", printed=True)
    look("round sheet", f"/tournaments/{tournament_id}/rounds/1/sheet", ".sheet-qr svg",
         button="Make QR codes for this sheet", printed=True)
    look("tournament", f"/tournaments/{tournament_id}", ".table-qr .qr svg", ".table-qr .link a")
    look("board's page", f"/tournaments/{tournament_id}/board", ".board-link .qr svg", "[data-board-link]")
    tv = browser.new_context(**TV, locale="en-GB").new_page()
    tv.goto(f"{base}/board/{board_token}")
    scanned["board"] = codes(tv, ".wall-qr svg")
    # The same board on a phone: its name wraps between its words, never inside one.
    cut = {}
    for width, height in ((320, 568), (390, 844)):
        tv.set_viewport_size({"width": width, "height": height})
        cut[width] = words_cut(tv, ".wall-title h1")
    assert cut == {320: [], 390: []}

    read = {name: [one.text for one in found] for name, found in scanned.items()}
    tables = shown["tournament"]
    assert len(tables) == 2 and all(re.fullmatch(rf"{base}/join/\w+", one) for one in tables), tables
    assert read == {
        "scoreboard": [f"{base}/watch/{watch_token}"], "score together": shown["score together"],
        "club invites": shown["club invites"], "house rules": [f"{base}/card/{card_token}"],
        "house rules printed": [f"{base}/card/{card_token}"], "rules card": [f"{base}/card/{card_token}"],
        "rules card printed": [f"{base}/card/{card_token}"], "round sheet": tables, "round sheet printed": tables,
        "tournament": tables, "board's page": [f"{base}/board/{board_token}"], "board": [f"{base}/board/{board_token}"],
    }
    assert shown["scoreboard"] == read["scoreboard"] and shown["house rules"] == read["house rules"]
    assert shown["board's page"] == read["board"]
    assert {name: [one.dark_sides for one in found if one.dark_sides] for name, found in scanned.items()
            if any(one.dark_sides for one in found)} == {}
    small = {name: [round(one.module, 2) for one in found] for name, found in scanned.items()
             if "printed" not in name and name != "board" and min(one.module for one in found) < SCREEN_MODULE}
    assert small == {}, f"modules under {SCREEN_MODULE} CSS px on a phone's screen"
    assert scanned["board"][0].module >= TV_MODULE, scanned["board"]
    printed = {name: [round(one.width / MM, 1) for one in found] for name, found in scanned.items()
               if "printed" in name}
    assert all(width >= PRINTED_MM for widths in printed.values() for width in widths), printed

    # Another phone, without an account, opens each address read.
    camera = browser.new_context(locale="en-GB").request
    promised = {"scoreboard": "Ana Beatriz", "score together": "Join", "club invites": "Join Club of codes",
                "rules card": "Casa de Ana", "tournament": "Join", "board": "Campeonato de primavera"}
    for name, words in promised.items():
        for address in read[name]:
            answer = camera.get(address)
            assert answer.status == 200 and words in answer.text(), (name, address, answer.status)
    join = camera.get(read["score together"][0]).text()
    code = read["score together"][0].rsplit("/", 1)[1]
    assert re.search(rf'name="code"[^>]*value="{code}"|value="{code}"[^>]*name="code"', join), "code not filled in"
    context.close()
    tv.context.close()
