"""First load of the scoreboard and the hand-entry page under a slow-4G profile.

Run from the repository root: .venv/bin/python benchmarks/bench_weight.py
It serves the app from a throwaway database (an account, a match, one hand), opens
each page in a fresh headless Chromium context (empty cache) at 390×844 with the
network throttled through the DevTools protocol, and prints what was transferred
(bytes on the wire, compressed), by kind, and the time to the load event.

Slow 4G here is Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbit/s down,
750 kbit/s up. Goal (issue 4): at most 100 KB of HTML, CSS and JS per first load,
card faces aside.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from referee import create_app
from referee.database import upgrade_schema

SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
RUNS = 5


def prepare(app: Any) -> tuple[str, str]:
    """An account with a match and one hand; the session cookie and the scoreboard path."""
    client = app.test_client()
    app.config["WTF_CSRF_ENABLED"] = False
    client.post("/register", data={"username": "bench", "password": "weighing-1", "confirm": "weighing-1"})
    response = client.post("/matches/new", data={
        "preset": "escova-rs", "seating": "pairs", "names-0": "Ana", "names-1": "Bia", "names-2": "Carla",
        "names-3": "Duda", "first_dealer": "0", "penalty": "forfeit", "deal_passes": "right"})
    board = response.headers["Location"]
    tally = {"dealer": "0", "number": "1", "version": "1", "client_token": "bench", "last_capture": "0",
             "escobas-0": "1", "escobas-1": "0", "cards-0": "24", "cards-1": "16", "oros-0": "6", "oros-1": "4",
             "sevens-0": "3", "sevens-1": "1", "velo": "0", "leftover_sum": "10", "action": "save"}
    client.post(board + "/hands/new?mode=tally", data=tally)
    app.config["WTF_CSRF_ENABLED"] = True
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value, board


def kind(resource_type: str, url: str) -> str:
    """HTML, CSS, JS, card faces, or other."""
    if "/img/cards/" in url:
        return "card faces"
    return {"Document": "HTML", "Stylesheet": "CSS", "Script": "JS"}.get(resource_type, "other")


def first_load(browser: Any, url: str, cookie: str, host: str) -> tuple[dict[str, int], float]:
    """Bytes on the wire by kind, and milliseconds to the load event, with an empty cache."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  service_workers="block")
    context.add_cookies([{"name": "session", "value": cookie, "domain": host, "path": "/"}])
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    types: dict[str, tuple[str, str]] = {}
    sizes: dict[str, int] = defaultdict(int)
    cdp.on("Network.responseReceived",
           lambda e: types.__setitem__(e["requestId"], (e["type"], e["response"]["url"])))
    cdp.on("Network.loadingFinished",
           lambda e: sizes.__setitem__(kind(*types.get(e["requestId"], ("Other", ""))),
                                       sizes[kind(*types.get(e["requestId"], ("Other", "")))]
                                       + int(e["encodedDataLength"])))
    page.goto(url, wait_until="load")
    timing = page.evaluate("() => { const t = performance.getEntriesByType('navigation')[0];"
                           " return t.loadEventEnd - t.startTime; }")
    page.wait_for_timeout(300)
    context.close()
    return dict(sizes), float(timing)


def main() -> None:
    """Serve, measure each page RUNS times, print medians."""
    found = (shutil.which(name) for name in ("chromium-headless-shell", "chromium"))  # as tests/e2e/conftest.py
    chromium = os.environ.get("CHROMIUM") or next(filter(None, found), None)
    if not chromium:
        sys.exit("needs Chromium: apt-get install chromium-headless-shell (or chromium)")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'w.sqlite'}"})
        upgrade_schema(app)
        cookie, board = prepare(app)
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        pages = {"scoreboard": base + board, "hand entry (quick)": base + board + "/hands/new?mode=quick",
                 "hand entry (cards)": base + board + "/hands/new?mode=cards",
                 "hand entry (counts)": base + board + "/hands/new?mode=tally"}
        if any(r.rule.startswith("/tools") for r in app.url_map.iter_rules()):
            pages["tools: can I take?"] = base + "/tools/captures"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
            print(f"slow 4G: {SLOW_4G['latency']} ms RTT, 1.6 Mbit/s down, 750 kbit/s up; {RUNS} cold loads each")
            for name, url in pages.items():
                runs = [first_load(browser, url, cookie, "127.0.0.1") for _ in range(RUNS)]
                sizes = runs[-1][0]
                shell = sum(v for k, v in sizes.items() if k in ("HTML", "CSS", "JS"))
                detail = ", ".join(f"{k} {v / 1024:.1f} KB" for k, v in sorted(sizes.items()))
                load = statistics.median(r[1] for r in runs)
                print(f"  {name:22} HTML+CSS+JS {shell / 1024:6.1f} KB  load {load:6.0f} ms  ({detail})")
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
