"""Installable, offline-capable and light: the manifest and icons, the service worker, the theme switch,
fingerprinted static files and their cache headers, compression, and what a first visit weighs."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import re
import struct
from functools import reduce
from io import BytesIO
from pathlib import Path
from types import ModuleType

import factories
import pytest
from PIL import Image, ImageChops

from referee import ROOT

STATIC = ROOT / "static"
ICONS = STATIC / "img" / "icons"
GZIP = {"Accept-Encoding": "gzip"}
BUDGET = 100 * 1024  # bytes transferred for a page's first load: HTML, CSS and JS, card faces aside


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def scoreboard_path(keeper) -> str:
    """A match with one hand saved; its scoreboard's path."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    return f"/matches/{match_id}"


def watch_path(keeper, board: str) -> str:
    """The spectator link the scoreboard shares, as a path."""
    return re.search(r'href="https?://[^"/]+(/watch/[^"]+)"', keeper.page(board))[1]


def assets(html: str) -> list[str]:
    """The stylesheets and scripts a page loads."""
    return re.findall(r'<link rel="stylesheet" href="([^"]+)"', html) + re.findall(r'<script[^>]* src="([^"]+)"', html)


# ---------------------------------------------------------------------------
# Installable: the manifest, the icons.

def test_the_manifest_makes_the_app_installable(client):
    """Name, start URL, standalone display, colours, and icons of 192 and 512 pixels, maskable ones and an SVG."""
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert response.headers["Cache-Control"] == "no-cache"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] == "Escoba Referee" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    icons = {(icon["sizes"], icon["type"], icon["purpose"]) for icon in manifest["icons"]}
    for size in ("192x192", "512x512"):
        assert (size, "image/png", "any") in icons and (size, "image/png", "maskable") in icons
    assert ("any", "image/svg+xml", "any") in icons


def test_every_icon_of_the_manifest_is_served_at_the_size_it_claims(client):
    """Each PNG's own header agrees with the manifest; the SVG is an SVG."""
    manifest = json.loads(client.get("/manifest.webmanifest").get_data(as_text=True))
    for icon in manifest["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == icon["type"]
        if icon["type"] == "image/png":
            width, height = png_size(response.data)
            assert f"{width}x{height}" == icon["sizes"]
        else:
            assert response.data.startswith(b"<svg")


def generator() -> ModuleType:
    """tools/make_icons.py, loaded as a module (a script, outside the package)."""
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "tools" / "make_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def image(data: bytes) -> Image.Image:
    """A PNG or a .ico decoded (Pillow), as RGBA pixels."""
    with Image.open(BytesIO(data)) as opened:
        return opened.convert("RGBA")


def opaque(data: bytes) -> bool:
    """True when every pixel of the image is opaque."""
    return image(data).getchannel("A").getextrema() == (255, 255)


def share_unlike(one: Image.Image, other: Image.Image, levels: int = 64) -> float:
    """The share of pixels where two images of a size differ by more than `levels` in some channel."""
    most = reduce(ImageChops.lighter, ImageChops.difference(one, other).split())
    histogram = most.histogram()
    return sum(histogram[levels + 1:]) / sum(histogram)


def test_the_home_screen_and_tab_icons_are_there(client):
    """Apple's touch icon is 180 pixels and opaque (iOS shows transparency black), so is the maskable icon; the
    rounded one's corners are clear; /favicon.ico holds a 32-pixel PNG."""
    touch = (ICONS / "apple-touch-icon.png").read_bytes()
    assert png_size(touch) == (180, 180)
    assert opaque(touch) and opaque((ICONS / "maskable-512.png").read_bytes())
    assert image((ICONS / "icon-512.png").read_bytes()).getpixel((0, 0))[3] == 0
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert struct.unpack("<HHH", response.data[:6]) == (0, 1, 1)
    assert png_size(response.data[6 + 16:]) == (32, 32)


def test_the_icons_are_what_the_generator_renders_from_the_svg():
    """tools/make_icons.py renders every committed PNG and the favicon from the committed SVG (CairoSVG, the
    `icons` extra, which the tests' extra includes): the same files and sizes, and the same pixels but at a few
    edges, which another version of cairo may antialias a little differently. An SVG edited without running the
    generator fails here."""
    rendered = generator().icons((ICONS / "icon.svg").read_bytes())
    assert sorted(rendered) == sorted(path.name for path in ICONS.iterdir() if path.name != "icon.svg")
    for name, data in rendered.items():
        committed, fresh = image((ICONS / name).read_bytes()), image(data)
        assert committed.size == fresh.size, name
        assert share_unlike(committed, fresh) < 0.01, name


def test_the_maskable_icon_is_the_drawing_smaller_edge_to_edge():
    """The maskable variant squares the background's corners and keeps the drawing inside the mask's safe circle
    (80 % of the width): outside it, only the background's red."""
    make_icons = generator()
    drawn = image(make_icons.png(make_icons.full_bleed((ICONS / "icon.svg").read_bytes()), 100))
    red = drawn.getpixel((0, 0))
    assert red[3] == 255
    outside = [(x, y) for x in range(100) for y in range(100) if (x + 0.5 - 50) ** 2 + (y + 0.5 - 50) ** 2 > 40 ** 2]
    assert {drawn.getpixel(point) for point in outside} == {red}


def test_every_page_links_the_manifest_the_icons_and_the_colour_of_the_browser_bar(client):
    """The head of every page makes it installable."""
    page = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    fingerprint = r"\?v=[0-9a-f]{8}"
    assert re.search(rf'<link rel="apple-touch-icon" href="/static/img/icons/apple-touch-icon.png{fingerprint}">', page)
    assert re.search(rf'<link rel="icon" href="/static/img/icons/icon.svg{fingerprint}" type="image/svg\+xml">', page)
    assert '<meta name="theme-color" content="#fbfaf7" media="(prefers-color-scheme: light)">' in page
    assert '<meta name="theme-color" content="#121212" media="(prefers-color-scheme: dark)">' in page


# ---------------------------------------------------------------------------
# The service worker.

def test_the_service_worker_is_served_from_the_root_and_checked_on_every_visit(client):
    """JavaScript, allowed to control the whole site, never cached by the browser."""
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"


def sw_config(client) -> dict:
    """The CONFIG the service worker is served with."""
    source = client.get("/sw.js").get_data(as_text=True)
    return json.loads(re.search(r"^const CONFIG = (\{.*\});$", source, flags=re.M)[1])


def test_the_service_worker_keeps_the_shell_the_card_faces_and_the_tools(client):
    """Every stylesheet and script, the icons, the card faces that exist and the tool pages, each fingerprinted."""
    config = sw_config(client)
    files = {url.split("?")[0].removeprefix("/static/"): url for url in config["static"]}
    for name in ("css/app.css", "js/offline.js", "js/outbox.js", "js/wakelock.js", "img/icons/icon.svg"):
        assert name in files
    for path in STATIC.glob("js/*.js"):
        assert f"js/{path.name}" in files
    for face in ("spanish", "french", "french-jq"):
        assert (f"img/cards/{face}.svg" in files) == (STATIC / "img" / "cards" / f"{face}.svg").is_file()
    for name, url in files.items():
        assert url == f"/static/{name}?v={hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:8]}"
    assert "/offline" in config["pages"]
    assert "sw.js" not in " ".join(files)


def test_everything_the_service_worker_keeps_is_there(client):
    """One missing file would make the install fail: each answers 200."""
    config = sw_config(client)
    for url in config["static"] + config["pages"]:
        assert client.get(url).status_code == 200, url


def test_the_service_worker_changes_when_a_file_of_the_shell_changes(app, client, monkeypatch):
    """Its version names the fingerprints, so the browser installs the new shell."""
    before = sw_config(client)["version"]
    monkeypatch.setitem(app.extensions["fingerprints"], "css/app.css", "00000000")
    assert sw_config(client)["version"] != before


def test_the_offline_page_says_what_still_works(client):
    """Shown for a page never opened on this phone."""
    response = client.get("/offline")
    assert response.status_code == 200
    assert "No connection" in response.get_data(as_text=True)


def test_the_scoreboards_carry_a_hidden_offline_banner_and_other_pages_do_not(keeper, visitor):
    """The owner's scoreboard and the spectator's show it when their score is not live."""
    board = scoreboard_path(keeper)
    for page in (keeper.page(board), visitor.page(watch_path(keeper, board))):
        assert re.search(r'<p class="offline-banner" role="status" data-offline-banner hidden>Offline — last updated '
                         r"<time></time>\.", page)
    assert "data-offline-banner" not in keeper.page("/matches/")


def test_the_hand_entry_page_and_the_scoreboard_have_the_outbox(keeper):
    """Its script and its texts, on the two pages where a hand waits to be sent."""
    board = scoreboard_path(keeper)
    for page in (keeper.page(board), keeper.page(keeper.hand_url(int(board.split("/")[-1])))):
        assert '<template id="outbox">' in page
        assert "Not sent — no connection. Hand <span data-number></span> is kept on this phone until it can be sent." \
            in page
        assert "Not checked — no connection." in page
        assert re.search(r'<script type="module" src="/static/js/outbox.js\?v=[0-9a-f]{8}"></script>', page)


def test_the_scoreboard_offers_to_keep_the_screen_on_where_the_browser_can(keeper):
    """The switch is hidden until wakelock.js finds the Screen Wake Lock API."""
    page = keeper.page(scoreboard_path(keeper))
    assert re.search(r'<p class="keep-awake" id="keep-awake" data-live-keep hidden><button type="button" '
                     r'class="switch" data-wakelock aria-pressed="false">Keep the screen on</button></p>', page)
    assert re.search(r'src="/static/js/wakelock.js\?v=[0-9a-f]{8}"', page)


# ---------------------------------------------------------------------------
# The theme.

@pytest.mark.parametrize("choice", ["light", "dark"])
def test_choosing_a_theme_sets_a_cookie_and_every_page_follows(visitor, choice):
    """<html data-theme>, the browser's colour scheme and bar colour, and the switch all say it."""
    response = visitor.client.get(f"/theme/{choice}?next=/login")
    assert response.status_code == 302 and response.headers["Location"] == "/login"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"theme={choice};") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = visitor.page("/login")
    assert f'<html lang="en" data-theme="{choice}">' in page
    assert f'<meta name="color-scheme" content="{choice}">' in page
    assert page.count('name="theme-color"') == 1
    assert re.search(rf'<nav class="themes" aria-label="Theme">\s*<a href="/theme/system\?next=[^"]*" rel="nofollow">'
                     rf"System</a>.*<strong>{choice.title()}</strong>", page, flags=re.S)


def test_the_system_theme_is_the_default_and_choosing_it_again_forgets_the_cookie(visitor):
    """No data-theme: the page follows the phone's setting."""
    page = visitor.page("/")
    assert '<html lang="en">' in page and '<meta name="color-scheme" content="light dark">' in page
    assert "<strong>System</strong>" in page
    visitor.client.get("/theme/dark")
    response = visitor.client.get("/theme/system")
    assert "theme=;" in response.headers["Set-Cookie"] and "Expires=Thu, 01 Jan 1970" in response.headers["Set-Cookie"]
    assert '<html lang="en">' in visitor.page("/")


def test_an_unknown_theme_is_not_found_and_a_cookie_with_one_is_ignored(visitor):
    """Only system, light and dark."""
    assert visitor.client.get("/theme/pink").status_code == 404
    visitor.client.set_cookie("theme", "pink")
    assert '<html lang="en">' in visitor.page("/")


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "/\\evil.example"])
def test_the_theme_switch_refuses_to_send_anyone_to_another_site(visitor, target):
    """Like the language switch: only a path on this site."""
    response = visitor.client.get("/theme/dark", query_string={"next": target})
    assert response.headers["Location"] == "/"


def test_dark_and_light_share_one_set_of_colours():
    """Each colour is written once as light-dark(); the theme and the system's setting only pick the scheme."""
    css = (STATIC / "css" / "app.css").read_text()
    root = re.search(r"^:root \{(.*?)^\}", css, flags=re.S | re.M)[1]
    colours = re.findall(r"(--[\w-]+): ([^;]+);", root)
    assert len(colours) >= 15 and all(value.startswith("light-dark(") for _, value in colours)
    assert ":root[data-theme=dark] { color-scheme: dark; }" in css
    assert re.search(r"@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme=light\]\) "
                     r"\{ color-scheme: dark; \}", css)
    assert css.count(": light-dark(") == len(colours)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two #rrggbb colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("scheme", [0, 1], ids=["light", "dark"])
def test_text_colours_keep_wcag_aa_contrast_on_the_page_and_on_panels(scheme):
    """4.5:1 for every text colour on the background and on a panel, in both schemes."""
    css = (STATIC / "css" / "app.css").read_text()
    values = {name: (light, dark)
              for name, light, dark in re.findall(r"(--[\w-]+): light-dark\((#[0-9a-f]+), (#[0-9a-f]+)\)", css)}

    def full(colour: str) -> str:
        return "#" + "".join(c * 2 for c in colour[1:]) if len(colour) == 4 else colour
    text = ["--fg", "--muted", "--accent", "--ok", "--bad", "--focus", "--side-0", "--side-1", "--side-2",
            "--side-3", "--side-L", "--oros", "--copas", "--espadas", "--bastos"]
    for ground in ("--bg", "--panel"):
        for name in text:
            ratio = contrast(full(values[name][scheme]), full(values[ground][scheme]))
            assert ratio >= 4.5, (name, ground, round(ratio, 2))
    assert contrast(full(values["--accent-fg"][scheme]), full(values["--accent"][scheme])) >= 4.5


# ---------------------------------------------------------------------------
# Fingerprinted static files, their cache headers, compression, the weight of a page.

def test_static_urls_carry_the_files_fingerprint(client):
    """?v= is the first 8 hex digits of the file's SHA-256, so a changed file gets a new URL."""
    page = client.get("/").get_data(as_text=True)
    url = re.search(r'href="(/static/css/app.css\?v=[0-9a-f]{8})"', page)[1]
    digest = hashlib.sha256((STATIC / "css" / "app.css").read_bytes()).hexdigest()[:8]
    assert url.endswith(f"?v={digest}")


def test_a_fingerprinted_file_is_cached_for_a_year(client):
    """public, max-age one year, immutable."""
    page = client.get("/").get_data(as_text=True)
    url = re.search(r'href="(/static/css/app.css\?v=[0-9a-f]{8})"', page)[1]
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("query", ["", "?v=00000000", "?v="])
def test_a_file_asked_without_its_fingerprint_is_checked_each_time(client, query):
    """No fingerprint, or another one: the browser asks again (a 304 when nothing changed)."""
    response = client.get(f"/static/css/app.css{query}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers.get("ETag")


def test_a_missing_static_file_is_not_found_and_gets_no_fingerprint(app, client):
    """url_for leaves its URL alone; the 404 is not cached for a year."""
    with app.test_request_context():
        from flask import url_for
        assert url_for("static", filename="css/nothing.css") == "/static/css/nothing.css"
    response = client.get("/static/css/nothing.css?v=12345678")
    assert response.status_code == 404
    assert response.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("url", ["/", "/static/css/app.css", "/static/js/outbox.js", "/sw.js", "/manifest.webmanifest"])
def test_pages_and_static_files_are_compressed_for_a_browser_that_accepts_it(client, url):
    """gzip when the browser offers only gzip; the same bytes once unzipped."""
    plain = client.get(url)
    assert "Content-Encoding" not in plain.headers
    zipped = client.get(url, headers=GZIP)
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert gzip.decompress(zipped.data) == plain.data
    assert len(zipped.data) < len(plain.data)


def test_a_modern_browser_gets_brotli(client):
    """The best the browser offers."""
    response = client.get("/static/css/app.css", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert response.headers["Content-Encoding"] in ("br", "zstd")


def weight(client, path: str) -> int:
    """Bytes transferred, gzipped, for a page's HTML and each stylesheet and script it loads."""
    response = client.get(path, headers=GZIP)
    assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"
    total = len(response.data)
    for url in assets(gzip.decompress(response.data).decode()):
        asset = client.get(url, headers=GZIP)
        assert asset.status_code == 200, url
        total += len(asset.data)
    return total


def test_the_scoreboard_and_the_hand_entry_page_weigh_under_100_kb(keeper):
    """HTML, CSS and JS of a first visit, compressed, card faces aside."""
    board = scoreboard_path(keeper)
    match_id = int(board.split("/")[-1])
    for path in (board, keeper.hand_url(match_id, "cards"), keeper.hand_url(match_id, "tally")):
        assert weight(keeper.client, path) <= BUDGET, path


def test_nothing_is_loaded_from_another_site():
    """No CDN: every stylesheet and script a template names is one of ours."""
    for template in Path(ROOT / "templates").rglob("*.html"):
        text = template.read_text()
        assert not re.search(r'<(?:script|link)\b[^>]*(?:src|href)="(?:https?:)?//', text), template


@pytest.mark.parametrize("encoding", ["identity", "zstd", "gzip"])
def test_a_static_file_is_closed_with_its_answer_compressed_or_not(app, monkeypatch, encoding):
    """The file a static answer streams is closed when the server closes the answer, also once Flask-Compress
    has wrapped it in a compressing generator (which closes only itself): no file waits for the collector."""
    import werkzeug.utils
    from werkzeug.test import EnvironBuilder

    opened = []

    def recording_open(*args, **kwargs):
        opened.append(open(*args, **kwargs))  # noqa: SIM115  # closed by the answer, as the test checks
        return opened[-1]

    monkeypatch.setattr(werkzeug.utils, "open", recording_open, raising=False)
    environ = EnvironBuilder(path="/static/css/app.css", headers={"Accept-Encoding": encoding}).get_environ()
    statuses = []
    body = app.wsgi_app(environ, lambda status, headers, exc_info=None: statuses.append((status, dict(headers))))
    assert b"".join(body)
    assert statuses[0][0].startswith("200")
    assert statuses[0][1].get("Content-Encoding", "identity") == encoding
    assert opened and not any(f.closed for f in opened)
    body.close()  # what a WSGI server does once the answer is sent
    assert all(f.closed for f in opened)
