"""Every page of the recorded corpus (tests/web/page_corpus.py: Ana's matches, her club, its house rules and its
tournament; the list is tests/web/pages/) in Chromium at 320 × 568, each loaded once in English and once in Español,
whose words are the longest: no axe violation of any impact (WCAG 2.0, 2.1 and 2.2 A and AA, the landmarks' and the
skip link's best practices: tests/e2e/axe_check.py; all of axe in English, the rules that hang on words in Español),
no sideways scroll, no hex id and no "guest:" in the words shown, the skip link first and <main> its target. Light;
dark too for the pages recorded dark and a few of the busiest (the themes change colours only, and each page's
contrast is checked in both by the tests of its flow).

Then what a keyboard meets (WCAG 2.2, 2.4.11 Focus Not Obscured): every stop of the entry pages' Tab order, forwards
and backwards, wholly on the screen and clear of the bars that stay on it, at 390 × 844 and 320 × 568; the skip link
seen when focused and leading into <main>. And two targets: the draw grid's tiles and the first dealer's list.
"""

from __future__ import annotations

import re
import shutil
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import factories
import pytest
from axe_check import EVERY_IMPACT, WORDED, violations
from flask import Flask
from live import serve
from phone import PHONE, SIZES, at_each_size, picture
from playwright.sync_api import Browser, Page

from referee import create_app
from referee.extensions import db

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))  # the corpus's modules, on any run
from page_corpus import Corpus, build, spectator_address

pytestmark = pytest.mark.e2e

RECORDED = sorted(path.stem.removeprefix("en-") for path in (Path(__file__).resolve().parents[1] / "web" / "pages")
                  .glob("en-*.html"))
SMALL = {**PHONE, "viewport": SIZES["320"]}
LANGUAGES = ("en", "es")
# Seen in the dark scheme as well: the pages recorded dark, and the busiest of the others.
DARK = {"home-dark", "tools-dark", "watch-dark", "board-four", "new-hand-quick-pairs", "draw", "player-ana"}
# A violation allowed on a page, with why: (page, axe rule) → the reason. None today.
JUSTIFIED: dict[tuple[str, str], str] = {}
HEX = re.compile(r"[0-9a-f]{32}|guest:")
# One call a page: how far it scrolls sideways, the hex ids its words show, and the skip link's place.
LOOK = """() => {
  const first = document.querySelector("a[href], button, input:not([type=hidden]), select, textarea, [tabindex]");
  const skip = document.querySelector("a.skip-link");
  const target = skip && document.querySelector(skip.getAttribute("href"));
  return {sideways: document.documentElement.scrollWidth - innerWidth, words: document.body.innerText,
          skip: first === skip && target !== null && target.tagName === "MAIN"};
}"""


@dataclass
class Site:
    """The corpus's app served, and what the browser needs of it."""

    address: str
    corpus: Corpus
    cookie: dict[str, str]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[Site]:
    """The corpus's account, matches, club and tournament, made as tests/web/test_page_corpus.py makes them, served
    live; Ana's session cookie."""
    path = tmp_path_factory.mktemp("every-page") / "corpus.sqlite"
    shutil.copyfile(migrated_sqlite, path)
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": "corpus", "RATELIMIT_ENABLED": False,
                             "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    corpus = build(app)
    client = factories.logged_in_client(app, "ana")
    corpus.watch = spectator_address(client, corpus.matches["two"])
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert cookie is not None
    with serve(app) as address:
        yield Site(address, corpus, {"name": cookie.key, "value": cookie.value, "url": address})
    with app.app_context():
        db.engine.dispose()


def more_pages(corpus: Corpus) -> dict[str, str]:
    """Pages of the same account the corpus does not record, looked at here too: the club's own, My record, the
    organiser's tools of a club night."""
    club, event = f"/clubs/{corpus.club}", f"/tournaments/{corpus.tournament}"
    return {"club": club, "clubs": "/clubs/", "invites": f"{club}/invites", "my-record": "/me", "rules": "/rules/",
            "together": f"/matches/{corpus.matches['two']}/together", "tools-draw": "/tools/draw",
            "board-settings": f"{event}/board", "round-sheet": f"{event}/rounds/1/sheet"}


def address(site: Site, name: str) -> str:
    """A page's address: a visitor's and a dark page's are those of the page they are a view of."""
    pages = site.corpus.pages() | more_pages(site.corpus)
    return site.address + pages[name.removesuffix("-visitor").removesuffix("-dark")]


def problems_of(page: Page, axe_script: str, name: str, language: str) -> list[str]:
    """What is wrong with the page as loaded, in words: axe's violations but those justified, a sideways scroll,
    a hex id, a skip link missing or not first."""
    options = None if language == LANGUAGES[0] else WORDED  # the whole of axe once a page; its words in each
    found = [line for line in violations(page, axe_script, EVERY_IMPACT, options)
             if (name, line.split(":", 2)[1].split(" — ")[0].strip()) not in JUSTIFIED]
    look: dict[str, Any] = page.evaluate(LOOK)
    if look["sideways"] > 0:
        found.append(f"scrolls {look['sideways']} px sideways")
    found += [f"shows a hex id: …{hit}…" for hit in sorted(set(HEX.findall(look["words"])))]
    if not look["skip"]:
        found.append("the skip link is not the first control, or does not lead to <main>")
    return found


@pytest.mark.seconds(60)
def test_every_page_of_the_corpus_passes_axe_and_fits_320_px(browser: Browser, site: Site, axe_script: str) -> None:
    """Every recorded page, in English and in Español, once each, in one browser page: the visitor's pages first,
    then Ana's."""
    context = browser.new_context(**SMALL)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    started = time.monotonic()
    visitor = [name for name in RECORDED if name.endswith("-visitor")]
    hers = [name for name in RECORDED if not name.endswith("-visitor")] + list(more_pages(site.corpus))
    for language in LANGUAGES:
        context.clear_cookies()
        page.goto(f"{site.address}/language/{language}")
        for name in visitor:
            found |= look_at(page, axe_script, f"{language} {name}", address(site, name), name in DARK)
    context.add_cookies([site.cookie])
    for language in LANGUAGES:
        page.goto(f"{site.address}/language/{language}")
        for name in hers:
            found |= look_at(page, axe_script, f"{language} {name}", address(site, name), name in DARK)
    print(f"{len(found)} pages looked at in {time.monotonic() - started:.1f} s")
    context.close()
    assert len(RECORDED) >= 60, "the corpus's pages are found"
    problems = {name: lines for name, lines in found.items() if lines}
    assert not problems, "\n".join(f"{name}: {line}" for name, lines in problems.items() for line in lines)


def look_at(page: Page, axe_script: str, name: str, url: str, dark: bool) -> dict[str, list[str]]:
    """The page's problems in the light scheme, and in the dark one too when asked: {name: problems}."""
    response = page.goto(url)
    if response is None or response.status != 200:
        return {name: [f"answered {response and response.status}"]}
    language, page_name = name.split(" ", 1)
    found = {name: problems_of(page, axe_script, page_name, language)}
    if dark:
        page.emulate_media(color_scheme="dark")
        found[f"{name} (dark)"] = violations(page, axe_script, EVERY_IMPACT)
        page.emulate_media(color_scheme="light")
    return found


# Where the focused element is, and the room the bars that stay on the screen take at its top and foot: a bar is
# an element of fixed or sticky position, seen, not holding the focus, stuck to the top or the foot of the screen.
FOCUSED = """() => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return null;
  const box = focused.getBoundingClientRect();
  let top = 0, bottom = innerHeight;
  for (const bar of document.querySelectorAll(".picker-bar, .submit-bar, .draft-notice, .entering, .skip-link")) {
    const style = getComputedStyle(bar);
    if (!["fixed", "sticky"].includes(style.position) || bar.contains(focused)) continue;
    if (style.visibility === "hidden") continue;
    const seen = bar.getBoundingClientRect();
    if (!seen.height || seen.bottom <= 0 || seen.top >= innerHeight) continue;
    if (seen.top <= 1) top = Math.max(top, seen.bottom);
    else if (seen.bottom >= innerHeight - 1) bottom = Math.min(bottom, seen.top);
  }
  return {what: focused.outerHTML.slice(0, 90), top: box.top, bottom: box.bottom, clear: [top, bottom],
          skip: focused.matches(".skip-link"), main: focused.closest("main") !== null};
}"""


def hidden_stops(page: Page, key: str) -> tuple[int, list[str]]:
    """Tab (or Shift+Tab) from the page's start (or end) through every stop of its Tab order until it leaves the
    page or comes round: how many stops, and those not wholly on the screen clear of its bars."""
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    if key == "Shift+Tab":
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    seen: set[str] = set()
    hidden: list[str] = []
    for _ in range(300):
        page.keyboard.press(key)
        stop = page.evaluate(FOCUSED)
        if stop is None or stop["what"] in seen:
            break
        seen.add(stop["what"])
        top, bottom = stop["clear"]
        if stop["top"] < top - 0.5 or stop["bottom"] > bottom + 0.5:
            hidden.append(f"{stop['what']} at {stop['top']:.0f}–{stop['bottom']:.0f}, clear {top:.0f}–{bottom:.0f}")
    return len(seen), hidden


def test_no_focused_control_is_hidden_behind_a_bar(browser: Browser, site: Site) -> None:
    """The quick entry (its bar of sums at the top, its buttons at the foot) and the entry by cards with four players
    (the tallest bar: five brushes), at both sizes, Tab and Shift+Tab: each stop wholly in view; the skip link, the
    first stop, is seen and leads into <main>."""
    context = browser.new_context(**PHONE)
    context.add_cookies([site.cookie])
    page = context.new_page()
    found: dict[str, list[str]] = {}
    for name in ("new-hand-quick-two", "new-hand-cards-pairs"):
        page.goto(address(site, name))
        for size in at_each_size(page):
            for key in ("Tab", "Shift+Tab"):
                stops, found[f"{name} at {size}, {key}"] = hidden_stops(page, key)
                assert stops >= 40, f"{name}: {stops} stops only"
    page.goto(address(site, "new-hand-quick-two"))
    page.keyboard.press("Tab")
    skip = page.evaluate(FOCUSED)
    assert skip["skip"] and skip["top"] >= 0 and skip["bottom"] <= SIZES["390"]["height"], skip
    picture(page, "skip-link")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)["main"], "past the skip link, the next stop is the page's own"
    context.close()
    hidden = {name: stops for name, stops in found.items() if stops}
    assert not hidden, "\n".join(f"{name}: {stop}" for name, stops in hidden.items() for stop in stops)


# The first dealer's list: how wide its chosen option's words are, and how wide it shows them (its box less its
# padding and the arrow, some 17 px in Chromium: measured where it cut Spanish words).
DEALER_TEXT = """() => {
  const list = document.querySelector("#first_dealer");
  const style = getComputedStyle(list);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = style.font;
  const room = list.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return [...list.options].filter((option) => !option.hidden).map((option) =>
    [option.textContent, Math.ceil(pen.measureText(option.textContent).width), Math.floor(room)]);
}"""
LONG_NAMES = ("Maria Eduarda Gonçalves", "José Antonio Fernández", "Ana Beatriz", "Luís Felipe Araújo")


def test_the_draw_grid_and_the_first_dealers_list_at_a_phones_width(browser: Browser, site: Site) -> None:
    """The draw for dealer's tiles are 44 × 44 px targets at 320 and 390 px; the first dealer's list shows each of
    its choices whole, the draw and long names, in every language."""
    context = browser.new_context(**PHONE)
    context.add_cookies([site.cookie])
    page = context.new_page()
    page.goto(address(site, "draw"))
    small: dict[str, list[Any]] = {}
    for size in at_each_size(page):
        tiles = page.locator(".draw-card").evaluate_all(
            "tiles => tiles.map((t) => { const box = t.getBoundingClientRect(); return [box.width, box.height]; })")
        assert len(tiles) == 120  # three players' grids of 40
        small[size] = [tile for tile in tiles if tile[0] < 44 or tile[1] < 44]
        picture(page.locator(".draw-grid").first, f"draw-grid-{size}")
    assert small == {"390": [], "320": []}
    cut = []
    for language in ("en", "es", "pt_BR"):
        page.goto(f"{site.address}/language/{language}?next=/matches/new")
        page.locator('input[name="seating"][value="pairs"]').check()
        for seat, name in enumerate(LONG_NAMES):
            page.locator(f"#names-{seat}").fill(name)
        for size in at_each_size(page):
            cut += [f"{language} at {size}: {text!r} is {width} px in {room}"
                    for text, width, room in page.evaluate(DEALER_TEXT) if width > room]
        picture(page.locator("#first_dealer").locator(".."), f"first-dealer-{language}")
    context.close()
    assert not cut, "\n".join(cut)
