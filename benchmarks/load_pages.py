"""What the load benchmark measures: one `Page` per row of its table, and the goals of issue 11 over them."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from load_browser import Browser, hidden
from load_deal import form_fields
from load_seed import PRESET, Seeded
from load_wrk import Result

PAIRED = "@floor"  # a row's key with this after it: the floor page measured just before and after that row


@dataclass(frozen=True)
class Page:
    """One row: a request (or, for the saves, a Lua flow) driven by wrk."""

    key: str
    label: str
    server: str  # "floor" or "project"
    path: str
    method: str = "GET"
    body: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    expect: int = 200
    script: str = "load_page.lua"
    env: dict[str, str] = field(default_factory=dict)
    tables: int = 0  # the saves: one connection (and wrk thread) per table

    def wrk_env(self) -> dict[str, str]:
        """The Lua script's settings."""
        headers = "\n".join(f"{name}: {value}" for name, value in self.headers.items())
        return {"LOAD_METHOD": self.method, "LOAD_PATH": self.path, "LOAD_BODY": self.body, "LOAD_HEADERS": headers,
                "LOAD_EXPECT": str(self.expect)} | self.env


def floor_pages() -> list[Page]:
    """The bare Flask app's two pages."""
    return [Page("floor_hello", "floor: Flask hello-world", "floor", "/"),
            Page("floor_rows", "floor: Flask 20-row Jinja page", "floor", "/rows")]


def project_pages(seeded: Seeded, browsers: dict[str, Browser], tables: int) -> list[Page]:
    """The project's rows, with the logged-in cookies (one login per account) and what the set-up read from
    the pages: the entry form's CSRF token and hidden fields, the spectator page's ETag. The hand checked,
    saved and scored is the seed's legal four-player hand."""
    entry = seeded.even
    bench = browsers["bench"]
    cookie = {"Cookie": bench.cookie_header()}
    board = f"/matches/{seeded.board12}"
    status, headers, _page = bench.get(f"/watch/{seeded.token}")
    etag = headers.get("etag", "")
    assert status == 200 and etag, (status, headers)
    _status, _headers, form_page = bench.get(f"{board}/hands/new?mode=cards")
    check = form_fields(entry) | {name: hidden(form_page, name) for name in ("csrf_token", "number", "version")}
    check |= {"dealer": "0", "client_token": "", "action": "review"}
    score = json.dumps({"ruleset": PRESET, **entry})
    fields = "&".join(f"{name}={value}" for name, value in form_fields(entry).items())
    saves = {"LOAD_MATCHES": ",".join(map(str, seeded.save_matches[:tables])), "LOAD_FORM": fields}
    history = sorted(seeded.histories.items(), key=lambda item: item[1])
    return [
        Page("board12", f"scoreboard, {12} hands (logged in)", "project", board, headers=cookie),
        Page("board60", "scoreboard, 60 hands (logged in)", "project", f"/matches/{seeded.board60}", headers=cookie),
        Page("watch", "spectator page", "project", f"/watch/{seeded.token}"),
        Page("watch304", "spectator page, If-None-Match (304)", "project", f"/watch/{seeded.token}",
             headers={"If-None-Match": etag}, expect=304),
        Page("entry", "hand entry page (quick entry)", "project", f"{board}/hands/new?mode=quick", headers=cookie),
        Page("check", "check the hand (POST, by cards)", "project", f"{board}/hands/new?mode=cards", "POST",
             _urlencoded(check), cookie | {"Content-Type": "application/x-www-form-urlencoded"}),
        Page("record", f"record a hand: entry page + save, {tables} tables", "project", "", headers=cookie,
             script="load_save.lua", env=saves | {"LOAD_FLOW": "flow"}, tables=tables),
        Page("save", f"save a hand (POST → 302), {tables} tables", "project", "", headers=cookie,
             script="load_save.lua", env=saves | {"LOAD_FLOW": "save"}, tables=tables),
        *[Page(f"history_{size}", f"match history, {spaced(size)} matches", "project", "/matches/",
               headers={"Cookie": browsers[name].cookie_header()}) for name, size in history],
        Page("player", f"a player's page (of {spaced(seeded.histories[seeded.player_account])} matches)", "project",
             f"/players/{seeded.player}", headers={"Cookie": browsers[seeded.player_account].cookie_header()}),
        Page("score", "POST /api/v1/score", "project", "/api/v1/score", "POST", score,
             {"Content-Type": "application/json"}),
        Page("healthz", "/healthz", "project", "/healthz"),
    ]


def spaced(number: int) -> str:
    """A number with thin groups, as the README writes them: 10 000."""
    return f"{number:,}".replace(",", " ")


def _urlencoded(fields: dict[str, str]) -> str:
    """A form body."""
    from urllib.parse import urlencode

    return urlencode(fields)


@dataclass(frozen=True)
class Goal:
    """One goal of issue 11, point 2: its words, and how it reads the run's results."""

    words: str
    check: Callable[[dict[str, Result]], tuple[bool, str] | None]  # None: a row it needs was not measured


def _ratio(key: str, bound: float) -> Callable[[dict[str, Result]], tuple[bool, str] | None]:
    """A page's rate over that of the floor page measured around it, at least `bound`."""
    def check(results: dict[str, Result]) -> tuple[bool, str] | None:
        ratio = _relative(results, key)
        return None if ratio is None else (ratio >= bound, f"{ratio:.3f}×")
    return check


def _relative(results: dict[str, Result], key: str) -> float | None:
    """A page's rate over that of the floor page measured around it (None when not measured)."""
    floor = results.get(f"{key}{PAIRED}") or results.get("floor_rows")
    if key not in results or floor is None or not floor.rate:
        return None
    return results[key].rate / floor.rate


def _within(faster: str, slower: str, bound: float) -> Callable[[dict[str, Result]], tuple[bool, str] | None]:
    """One page at most `bound` times slower than another, each as a ratio to its own floor."""
    def check(results: dict[str, Result]) -> tuple[bool, str] | None:
        fast, slow = _relative(results, faster), _relative(results, slower)
        if fast is None or not slow:
            return None
        ratio = fast / slow
        return ratio <= bound, f"{ratio:.2f} (at most {bound})"
    return check


def _p99(bound_ms: float) -> Callable[[dict[str, Result]], tuple[bool, str] | None]:
    """Every project page's p99 under the bound."""
    def check(results: dict[str, Result]) -> tuple[bool, str] | None:
        pages = {key: r for key, r in results.items() if not key.startswith("floor") and PAIRED not in key}
        if not pages:
            return None
        worst = max(pages, key=lambda key: pages[key].p99_ms)
        return pages[worst].p99_ms < bound_ms, f"worst {pages[worst].p99_ms:.0f} ms ({worst})"
    return check


def goals(big_history: str) -> list[Goal]:
    """The goals of issue 11, point 2, each against the 20-row floor page of the same run."""
    return [
        Goal("scoreboard (12 hands) ≥ 0.5× the floor page", _ratio("board12", 0.5)),
        Goal("spectator page ≥ 0.7× the floor page", _ratio("watch", 0.7)),
        Goal("hand entry page ≥ 0.5× the floor page", _ratio("entry", 0.5)),
        Goal("saving a hand (POST) ≥ 0.25× the floor page", _ratio("save", 0.25)),
        Goal("p99 < 100 ms on every project page", _p99(100.0)),
        Goal("60-hand scoreboard within 1.3× of the 12-hand one", _within("board12", "board60", 1.3)),
        Goal(f"history flat: {big_history} within 1.3× of 100 matches", _within("history_100", big_history, 1.3)),
    ]
