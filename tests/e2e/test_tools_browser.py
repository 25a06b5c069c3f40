"""The referee tools in a phone's browser: answered by the page itself with JavaScript (offline
too), by the server without it, and the two answers read the same, word for word."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from phone import PHONE, shot
from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.e2e

# (tool, what to tap or type): taps are card codes per grid; typed fields are strings.
CASES = [
    ("captures", {"card": ["3c"], "table": ["7o", "5e", "2b", "10o"]}),
    ("captures", {"card": ["5o"], "table": ["10o"]}),  # an escoba
    ("captures", {"card": ["1o"], "table": ["1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "1e", "2e"]}),
    ("captures", {"card": ["7o"], "table": ["1c"]}),  # nothing to take
    ("captures", {"card": ["7o"], "table": ["7o", "1c"]}),  # the played card on the table too
    ("captures", {"table": ["7o"]}),  # no card played
    ("leftover", {"sum": "25"}),
    ("leftover", {"cards": ["1o", "2o", "3o", "4o", "5o"]}),  # 15: wrong
    ("leftover", {"sum": "0"}),
    ("leftover", {"sum": "two"}),
    ("leftover", {"sum": "300"}),
    ("leftover", {"sum": "25", "cards": ["10o"]}),  # typed and tapped disagree
    ("leftover", {}),
    ("dispute", {"pile": ["7o", "8c", "10e", "5b"]}),
    ("dispute", {"pile": ["10o", "10c", "10e"]}),
    ("dispute", {"pile": ["10o", "10c", "10e", "5b", "9o", "9c", "6o", "3e", "1b"]}),
    ("dispute", {}),
    ("draw", {"name-0": "Ana", "card-0": "7o", "name-1": "Bea", "card-1": "10c"}),
    ("draw", {"card-0": "10o", "card-1": "10c", "card-2": "3e"}),  # a tie
    ("draw", {"name-0": "Ana", "card-0": "7o", "name-1": "Bea"}),  # Bea drew nothing
    ("draw", {"name-0": "Ana", "card-0": "7o", "name-1": "Ana", "card-1": "6o"}),
    ("setenta", {"a": ["7o", "3o", "6c", "1e", "5b", "2b"], "b": ["7c", "6o", "5e", "10b", "9b"]}),
    ("setenta", {"a": ["7o", "7c", "7e"], "b": ["10o", "10c", "10e", "10b"]}),  # a side lacking a suit
    ("setenta", {"a": ["7o", "7c"], "b": ["10o", "10c"]}),  # both lack two suits
    ("setenta", {"a": ["7o", "6c", "1e", "5b"], "b": ["7c", "6o", "1b", "5e"]}),  # a tie
    ("setenta", {"a": ["7o", "6c"], "b": ["6c"]}),  # a card on both sides
    ("setenta", {"b": ["6c"]}),  # a side tapped nothing
]


@pytest.fixture(scope="module")
def with_js(browser: Browser) -> Iterator[BrowserContext]:
    """A phone with JavaScript, one tab reused by every test (see ask)."""
    context = browser.new_context(**PHONE, locale="en-GB")
    context.new_page()
    yield context
    context.close()


@pytest.fixture(scope="module")
def without_js(browser: Browser) -> Iterator[BrowserContext]:
    """A phone with JavaScript switched off, one tab reused by every test."""
    context = browser.new_context(**PHONE, locale="en-GB", java_script_enabled=False)
    context.new_page()
    yield context
    context.close()


def fill(page: Page, entries: dict[str, object]) -> None:
    """Tap the cards' tiles, type the numbers and names, choose the drawn cards."""
    for name, value in entries.items():
        if isinstance(value, list):
            for code in value:
                page.locator(f'#grid-{name} .tile[data-code="{code}"]').dispatch_event("click")
        elif name.startswith("card-"):
            page.select_option(f'select[name="{name}"]', str(value))
        else:
            page.fill(f'input[name="{name}"]', str(value))


def answer_text(page: Page) -> str:
    """What the answer says, whitespace collapsed."""
    return re.sub(r"\s+", " ", page.locator("#answer").inner_text()).strip()


def query(url: str) -> dict[str, list[str]]:
    """A URL's query, as lists of values."""
    return parse_qs(urlsplit(url).query, keep_blank_values=True)


def ask(context: BrowserContext, base: str, tool: str, entries: dict[str, object], lang: str = "en") -> Page:
    """Open a tool, fill it in and press its button."""
    context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    page = context.pages[0]
    page.bring_to_front()
    page.goto(f"{base}/tools/{tool}")
    fill(page, entries)
    page.evaluate("window.stillHere = true")  # gone if the page is left for the server's answer
    page.locator("form.tool button[type=submit]").click()
    page.wait_for_load_state()
    return page



@pytest.mark.parametrize(("tool", "entries"), CASES, ids=[f"{t}-{i}" for i, (t, _e) in enumerate(CASES)])
def test_the_page_answers_as_the_server_does(live_server, with_js, without_js, tool, entries):
    """Same answer, same address to share; with JavaScript the page does not go to the server."""
    server = ask(without_js, live_server, tool, entries)
    here = ask(with_js, live_server, tool, entries)
    assert here.evaluate("window.stillHere") is True  # the same document: no trip to the server
    assert answer_text(here) == answer_text(server)
    assert answer_text(here)
    assert query(here.url) == query(server.url)
    assert urlsplit(server.url).fragment == urlsplit(here.url).fragment == "answer"


@pytest.mark.parametrize("lang", ["es", "pt_BR"])
def test_the_page_answers_in_the_pages_language(live_server, with_js, without_js, lang):
    """The words come from the page, so a Spanish or Portuguese page answers in its language: one answer of each
    tool (every answer's words are checked against the server's in English above)."""
    for tool, entries in [CASES[1], CASES[7], CASES[15], CASES[18], CASES[23]]:
        server = ask(without_js, live_server, tool, entries, lang)
        here = ask(with_js, live_server, tool, entries, lang)
        assert here.locator("html").get_attribute("lang") == lang.replace("_", "-")
        assert answer_text(here) == answer_text(server)


def test_the_tools_answer_offline_once_the_page_is_open(live_server, with_js):
    """No network at all after the page loaded: every tool still answers."""
    with_js.add_cookies([{"name": "lang", "value": "en", "url": live_server}])
    pages = {tool: with_js.new_page() for tool in ("captures", "leftover", "dispute", "draw", "setenta")}
    for tool, page in pages.items():
        page.goto(f"{live_server}/tools/{tool}")
    with_js.set_offline(True)
    try:
        answers = {}
        for (tool, entries) in [CASES[0], CASES[6], CASES[15], CASES[18], CASES[21]]:
            page = pages[tool]
            page.bring_to_front()  # a tab in the background gets few animation frames: slow taps
            fill(page, entries)
            page.locator("form.tool button[type=submit]").click()
            answers[tool] = answer_text(page)
    finally:
        with_js.set_offline(False)
    assert "Ways to make 15 with 3 of cups:" in answers["captures"]
    assert "The leftover sums to 25: right" in answers["leftover"]
    assert "The pile sums to" in answers["dispute"] and "Suspect cards:" in answers["dispute"]
    assert "A tie for the highest card" in answers["draw"]
    assert answers["setenta"].startswith("Side 1 takes the sevens point: a setenta of 70 against 64.")
    shot(pages["dispute"], "tools-dispute-offline")
    for page in pages.values():
        page.close()


def test_a_cached_page_answered_for_another_query_answers_for_its_own_address(live_server, with_js):
    """Offline, the service worker may show a tool page cached for another query: the page puts
    its form and answer right for the address it is shown at."""
    with_js.add_cookies([{"name": "lang", "value": "en", "url": live_server}])
    cached = with_js.request.get(f"{live_server}/tools/captures?style=spanish&check=1&card=3c&table=7o&table=5e").text()
    page = with_js.new_page()
    page.route("**/tools/captures?*", lambda route: route.fulfill(status=200, body=cached,
                                                                   headers={"Content-Type": "text/html"}))
    page.goto(f"{live_server}/tools/captures?style=spanish&check=1&card=5o&table=10o")
    assert page.locator('#grid-card input[value="5o"]').is_checked()
    assert not page.locator('#grid-table input[value="7o"]').is_checked()
    assert answer_text(page).startswith("Ways to make 15 with 5 of coins:")
    assert "Escoba" in answer_text(page)
    page.close()


def test_clear_empties_the_form_and_the_answer(live_server, with_js):
    """The Clear button, answered here: nothing ticked, no answer, an address without the old query."""
    page = ask(with_js, live_server, "captures", CASES[0][1])
    page.locator("[data-clear]").click()
    assert page.locator("#answer").is_hidden()
    assert page.locator("form.tool input:checked").count() == 0
    assert query(page.url) == {"style": ["spanish"]}


@pytest.mark.parametrize("js", [True, False], ids=["here", "server"])
def test_after_a_tie_the_tied_players_draw_again(live_server, with_js, without_js, js):
    """'Draw again' opens the form with only the tied players' names, nothing drawn yet."""
    page = ask(with_js if js else without_js, live_server, "draw",
               {"name-0": "Ana", "card-0": "10o", "name-1": "Bea", "card-1": "3e", "name-2": "Cid", "card-2": "10b"})
    page.locator("a[data-again]").click()
    page.wait_for_load_state()
    assert [page.input_value(f'input[name="name-{i}"]') for i in range(4)] == ["Ana", "Cid", "", ""]
    assert [page.input_value(f'select[name="card-{i}"]') for i in range(4)] == ["", "", "", ""]
    assert page.locator("#answer").is_hidden()
    assert query(page.url) == {"style": ["spanish"], "name-0": ["Ana"], "name-1": ["Cid"]}
    if js:
        assert page.evaluate("window.stillHere") is True


NARROW = {**PHONE, "viewport": {"width": 320, "height": 568}}
ANSWERED = {
    "captures": "?check=1&card=1o&table=1c&table=2c&table=3c&table=4c&table=5c&table=6c&table=7c&table=8c",
    "leftover": "?check=1&sum=24",
    "dispute": "?check=1&pile=10o&pile=10c&pile=10e&pile=5b&pile=9o&pile=6o&pile=3e",
    "draw": "?check=1&name-0=Bernardina+de+la+Cruz&card-0=10o&card-1=10c&card-2=3e",
    "setenta": "?check=1&a=7o&a=6c&a=1e&a=5b&b=7c&b=7e&b=6o",
}


@pytest.mark.parametrize("tool", list(ANSWERED))
def test_a_narrow_phone_needs_no_sideways_scrolling_and_every_target_is_big_enough(live_server, browser, tool):
    """At 320 px: nothing wider than the screen; every tile, button, link and field at least 44 px."""
    context = browser.new_context(**NARROW, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"{live_server}/tools/{tool}{ANSWERED[tool]}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
        small = page.evaluate("""() => [...document.querySelectorAll(
            'main a, main button, main label.tile, main input[type=text], main select, main summary')]
            .filter((e) => e.offsetParent)
            .map((e) => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44).map(([html]) => html)""")
        assert small == []
        shot(page, f"tools-{tool}-320")
    finally:
        context.close()
