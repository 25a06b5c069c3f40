"""The scorekeeping app through its pages, as a browser fills them in (tests/web/test_app_*.py).

A module of its own, not conftest.py: a test module imports it by name (`from page_client import Scorekeeper`),
which "conftest" cannot be when tests/e2e/ has a conftest of its own.
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.security import generate_password_hash
from werkzeug.test import TestResponse

from referee.extensions import db
from referee.models import Hand, User

# A correct hand, written out so every test can see it: each suit's 10+5, 9+6 and
# 8+7 are fifteens, 4c 4e 4b 3c is one and the eight cards 1–3 of copas, espadas
# and bastos (3c aside) are another; the four low oros (sum 10) are the leftover.
PILE_A = ["10o", "5o", "9o", "6o", "8o", "7o", "10c", "5c", "9c", "6c", "8c", "7c", "4c", "4e", "4b", "3c"]
PILE_B = ["10e", "5e", "9e", "6e", "8e", "7e", "10b", "5b", "9b", "6b", "8b", "7b",
          "1c", "2c", "1e", "2e", "3e", "1b", "2b", "3b"]
LEFTOVER = ["1o", "2o", "3o", "4o"]

# A Scorekeeper fills in the forms the pages render, as a browser would: it
# reads each form's fields (the CSRF token included) from the page, changes
# what the test says and posts the lot. So the app keeps CSRF on throughout,
# and a page that loses a typed value or a selected card shows in the tests.

PASSWORD = "correct-horse"


class PageForms(HTMLParser):
    """Every <form> on a page: its attributes and the fields a browser would submit."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[dict[str, Any]] = []
        self._select: str | None = None
        self._select_options: list[tuple[str, bool]] = []

    def _fields(self) -> dict[str, str]:
        """The fields of the form being read (fields outside any form are kept apart)."""
        if not self.forms or self.forms[-1].get("closed"):
            self.forms.append({"attrs": {}, "fields": {}, "closed": True, "loose": True})
        return self.forms[-1]["fields"]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note forms, inputs, selects and their options."""
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.forms.append({"attrs": a, "fields": {}, "closed": False})
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self._fields().setdefault(a["name"], a.get("value", "on"))
            elif kind not in ("submit", "button", "image", "reset"):
                self._fields().setdefault(a["name"], a.get("value", ""))
        elif tag == "textarea" and a.get("name"):
            self._fields().setdefault(a["name"], "")
        elif tag == "select" and a.get("name"):
            self._select, self._select_options = a["name"], []
        elif tag == "option" and self._select is not None:
            self._select_options.append((a.get("value", ""), "selected" in a))

    def handle_endtag(self, tag: str) -> None:
        """Close forms and settle a select's value: the selected option, else the first."""
        if tag == "form" and self.forms:
            self.forms[-1]["closed"] = True
        elif tag == "select" and self._select is not None:
            chosen = [value for value, selected in self._select_options if selected]
            first = [value for value, _ in self._select_options[:1]]
            self._fields().setdefault(self._select, (chosen or first or [""])[-1])
            self._select = None


def page_forms(html: str) -> list[dict[str, Any]]:
    """The forms on a page, in order, each as {'attrs': …, 'fields': {name: value}}."""
    parser = PageForms()
    parser.feed(html)
    return [form for form in parser.forms if not form.get("loose")]


def hand_places(moves: dict[str, str] | None = None, mirror: bool = False) -> dict[str, str]:
    """Each card's select for the correct hand above: PILE_A to the first side, PILE_B to
    the second (swapped when mirrored), LEFTOVER on the table; `moves` puts cards elsewhere."""
    a, b = ("1", "0") if mirror else ("0", "1")
    places = {card: a for card in PILE_A} | {card: b for card in PILE_B} | {card: "L" for card in LEFTOVER}
    places.update(moves or {})
    return {f"place-{card}": place for card, place in places.items()}


def hand_tally(mirror: bool = False) -> dict[str, str]:
    """The correct hand above by counts, the leftover counted with the first side's pile."""
    a = {"cards": "20", "oros": "10", "sevens": "2", "pile_sum": ""}
    b = {"cards": "20", "oros": "0", "sevens": "2", "pile_sum": ""}
    first, second = (b, a) if mirror else (a, b)
    fields = {f"{key}-0": value for key, value in first.items()}
    fields |= {f"{key}-1": value for key, value in second.items()}
    return fields | {"velo": "1" if mirror else "0", "leftover_sum": "10"}


class Scorekeeper:
    """One person at the table with a phone: an account, a browser session and its pages."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client
        self.username: str | None = None  # once logged in

    # -- pages and forms ---------------------------------------------------
    def page(self, url: str, status: int = 200) -> str:
        """A page's HTML, asserting its status."""
        response = self.client.get(url)
        assert response.status_code == status, (url, response.status_code, response.headers.get("Location"))
        return response.get_data(as_text=True)

    @staticmethod
    def fields(html: str, action: str | None = None) -> dict[str, str]:
        """The fields of a page's POST form: the one posting to `action`, else the first
        (the footer's log-out form aside)."""
        forms = [f for f in page_forms(html) if f["attrs"].get("method", "").lower() == "post"]
        if action is not None:
            forms = [f for f in forms if f["attrs"].get("action", "").split("?")[0] == action]
        else:
            forms = [f for f in forms if f["attrs"].get("action") != "/logout"]
        assert forms, f"no form{' for ' + action if action else ''} on the page"
        return dict(forms[0]["fields"])

    @staticmethod
    def text(html: str) -> str:
        """What a reader sees of a page: tags, scripts and SVG drawings out, whitespace collapsed."""
        html = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", html, flags=re.S | re.I)
        return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()

    @staticmethod
    def errors(html: str) -> list[str]:
        """The messages a page shows beside its fields (class="error")."""
        found = re.findall(r'<[^>]*\bclass="error"[^>]*>(.*?)</', html, flags=re.S)
        return [unescape(message).strip() for message in found]

    def form(self, url: str, action: str | None = None) -> dict[str, str]:
        """The fields of the POST form on the page at `url` (see `fields`)."""
        return self.fields(self.page(url), action)

    def submit(self, url: str, changes: dict[str, str] | None = None, action: str | None = None,
               post_to: str | None = None) -> TestResponse:
        """Fill in a page's form as a browser would and post it."""
        fields = self.form(url, action) | (changes or {})
        return self.client.post(post_to or action or url, data=fields)

    def token(self) -> str:
        """This session's CSRF token, as any page with a form gives it."""
        fields = self.form("/login") if not self.logged_in() else self.form("/matches/new")
        return fields["csrf_token"]

    def logged_in(self) -> bool:
        """True when the session belongs to an account."""
        return self.client.get("/matches/").status_code == 200

    # -- accounts ------------------------------------------------------------
    def register(self, username: str, password: str = PASSWORD, confirm: str | None = None) -> TestResponse:
        """Fill in the registration form."""
        return self.submit("/register", {"username": username, "password": password,
                                         "confirm": password if confirm is None else confirm})

    def login(self, username: str, password: str = PASSWORD, next: str | None = None) -> TestResponse:
        """Fill in the login form, optionally with ?next=."""
        url = "/login" if next is None else f"/login?next={quote(next, safe='')}"
        response = self.submit(url, {"username": username, "password": password})
        if response.status_code == 302:
            self.username = username
        return response

    def logout(self) -> TestResponse:
        """Press the footer's log-out button."""
        return self.submit("/matches/", action="/logout")

    def another_phone(self) -> Scorekeeper:
        """The same account logged in from a second browser (the account must have PASSWORD)."""
        phone = Scorekeeper(self.app, self.app.test_client())
        assert self.username is not None and phone.login(self.username).status_code == 302
        return phone

    def account(self, username: str, password: str = PASSWORD) -> Scorekeeper:
        """An account made straight in the database (with a quick hash, to keep tests fast), then logged in."""
        with self.app.app_context():
            db.session.add(User(username=username,
                                password_hash=generate_password_hash(password, method="pbkdf2:sha256:1000")))
            db.session.commit()
        assert self.login(username, password).status_code == 302
        return self

    # -- matches -------------------------------------------------------------
    def new_match(self, names: tuple[str, ...] = ("Ana", "Bea"), **fields: str) -> TestResponse:
        """Fill in the new-match form: names in the order of play, seating from their number
        (four names are two partnerships unless seating says '4'), the first seat dealing."""
        changes = {"seating": "pairs" if len(names) == 4 else str(len(names)), "first_dealer": "0"}
        changes |= {f"names-{i}": name for i, name in enumerate(names)} | fields
        return self.submit("/matches/new", changes)

    def start(self, names: tuple[str, ...] = ("Ana", "Bea"), **fields: str) -> int:
        """A new match; its id."""
        response = self.new_match(names, **fields)
        assert response.status_code == 302, response.get_data(as_text=True)
        return int(response.headers["Location"].rstrip("/").split("/")[-1])

    # -- hands ---------------------------------------------------------------
    def hand_url(self, match_id: int, mode: str = "cards", number: int | None = None) -> str:
        """The entry page for the next hand, or the correction page of a saved one."""
        where = "new" if number is None else f"{number}/edit"
        return f"/matches/{match_id}/hands/{where}?mode={mode}"

    @staticmethod
    def hand_fields(mode: str = "cards", mirror: bool = False, moves: dict[str, str] | None = None,
                    escobas: tuple[int, ...] = (1, 0)) -> dict[str, str]:
        """The correct hand (or its mirror image, the second side's) as entry fields."""
        fields = hand_places(moves, mirror) if mode == "cards" else hand_tally(mirror)
        sides = escobas[::-1] if mirror else escobas
        fields |= {f"escobas-{i}": str(n) for i, n in enumerate(sides)}
        return fields | {"last_capture": "1" if mirror else "0"}

    @staticmethod
    def places(fields: dict[str, str]) -> dict[str, str]:
        """The card selects among a form's fields: place-<code> → '0'…'3', 'L' or ''."""
        return {name: value for name, value in fields.items() if name.startswith("place-")}

    def enter_hand(self, match_id: int, action: str = "review", mode: str = "cards", number: int | None = None,
                   mirror: bool = False, moves: dict[str, str] | None = None, escobas: tuple[int, ...] = (1, 0),
                   overrides: dict[str, str] | None = None) -> TestResponse:
        """Fill in a hand's entry page (new, or the correction of hand `number`) with the correct hand,
        changed by `mirror`, `moves`, `escobas` and `overrides`, and press Check (review) or Save."""
        changes = self.hand_fields(mode, mirror, moves, escobas) | {"action": action} | (overrides or {})
        url = self.hand_url(match_id, mode, number)
        return self.submit(url, changes, post_to=url)

    def save_hand(self, match_id: int, **entry: Any) -> TestResponse:
        """Save a hand (see enter_hand), asserting it went back to the scoreboard."""
        response = self.enter_hand(match_id, "save", **entry)
        assert response.status_code == 302, response.get_data(as_text=True)
        return response

    def board(self, match_id: int) -> str:
        """The match's scoreboard as a reader sees it."""
        return self.text(self.page(f"/matches/{match_id}"))

    def saved_hands(self, match_id: int) -> list[tuple[Any, ...]]:
        """The stored hands of a match as (number, points, valid, mode, dealer)."""
        rows = self.query(select(Hand.number, Hand.points, Hand.valid, Hand.mode, Hand.dealer)
                          .where(Hand.match_id == match_id).order_by(Hand.number))
        return [tuple(row) for row in rows]

    # -- the database, for what no page shows --------------------------------
    def query(self, statement: Any) -> Any:
        """Every row a SQLAlchemy select gives, read in an app context."""
        with self.app.app_context():
            return db.session.execute(statement).all()
