"""Sessions that end: logout, per-device tokens, log out everywhere, a password change, expiry."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

import pytest
from flask_login.utils import encode_cookie
from page_client import Scorekeeper
from sqlalchemy import delete, select

from referee.extensions import db
from referee.models import LoginToken, now
from referee.services import sessions

PASSWORD = "correct-horse"  # the scorekeepers' (tests/conftest.py)
FIREFOX_ON_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0"


def cookie(keeper, name):
    """The value of one of this browser's cookies, or None."""
    found = keeper.client.get_cookie(name)
    return found.value if found is not None else None


def browser_with(app, **cookies):
    """A new browser holding only the given cookies (as a thief who copied them would)."""
    client = app.test_client()
    for name, value in cookies.items():
        client.set_cookie(name, value)
    return client


def opens_the_matches(client):
    """True when this browser is let into the matches page."""
    return client.get("/matches/").status_code == 200


@pytest.fixture
def keeper(app):
    """Ana, logged in through the login page (what these tests are about: the cookies and the device login
    it makes), not through the services as elsewhere."""
    return Scorekeeper(app, app.test_client()).account("ana")


# ---------------------------------------------------------------------------
# The findings: logout did not end anything.

def test_a_session_cookie_copied_before_the_logout_no_longer_opens_the_matches(app, keeper):
    """The server forgets the session at logout: a copy of the old cookie is worth nothing."""
    copied = cookie(keeper, "session")
    assert opens_the_matches(browser_with(app, session=copied))
    keeper.logout()
    assert not opens_the_matches(browser_with(app, session=copied))


def test_a_remember_cookie_copied_before_the_logout_no_longer_logs_in(app, keeper):
    """The 'stay logged in' cookie is revoked at logout, in every browser that holds a copy."""
    copied = cookie(keeper, "remember_token")
    assert copied
    assert opens_the_matches(browser_with(app, remember_token=copied))
    keeper.logout()
    assert not opens_the_matches(browser_with(app, remember_token=copied))


def test_each_login_gets_its_own_remember_cookie(keeper):
    """Two phones of one account never share a token (it used to be the user's id, the same every time)."""
    phone = keeper.another_phone()
    mine, theirs = cookie(keeper, "remember_token"), cookie(phone, "remember_token")
    assert mine and theirs and mine != theirs
    assert not mine.startswith("1|")


def test_logging_out_on_one_phone_keeps_the_other_logged_in(keeper):
    """Logout ends this device's session only."""
    phone = keeper.another_phone()
    keeper.logout()
    assert not keeper.logged_in()
    assert phone.logged_in()


# ---------------------------------------------------------------------------
# Tokens: random, per device, stored hashed.

def test_the_database_keeps_only_a_hash_of_each_device_token(keeper):
    """The secret in the cookie is nowhere in the database; its SHA-256 is."""
    secret = cookie(keeper, "remember_token").rsplit("|", 1)[0]
    stored = keeper.query(select(LoginToken.secret_hash))
    assert [row[0] for row in stored] == [hashlib.sha256(secret.encode()).hexdigest()]
    assert len(secret) >= 43


def test_cookies_from_before_device_tokens_no_longer_log_in(app, keeper):
    """A remember cookie of the old kind ('<user id>|<HMAC>') is refused: everyone logs in once more."""
    with app.test_request_context():
        old_kind = encode_cookie("1")
    assert not opens_the_matches(browser_with(app, remember_token=old_kind))


def test_a_login_without_stay_logged_in_sets_no_remember_cookie(keeper, visitor):
    """Only the browser session carries the token then."""
    response = visitor.submit("/login", {"username": "ana", "password": PASSWORD, "remember": ""})
    assert response.status_code == 302
    assert cookie(visitor, "remember_token") is None
    assert visitor.logged_in()


# ---------------------------------------------------------------------------
# Log out everywhere, a password change, one device from the list.

def test_logging_out_everywhere_ends_every_device_and_every_copied_cookie(app, keeper):
    """Both phones and a copy of either's cookies are logged out."""
    phone = keeper.another_phone()
    copies = [cookie(keeper, "remember_token"), cookie(phone, "remember_token")]
    response = keeper.submit("/account", action="/account/logout-everywhere")
    assert response.headers["Location"] == "/"
    assert "You are logged out on every device." in keeper.text(keeper.page("/"))
    assert not keeper.logged_in() and not phone.logged_in()
    assert not any(opens_the_matches(browser_with(app, remember_token=copy)) for copy in copies)
    assert keeper.query(select(LoginToken.id)) == []


def test_changing_the_password_logs_out_the_other_devices_and_keeps_this_one(app, keeper):
    """This phone stays in with a fresh token; the other phone and a copy of this one's old cookie are out."""
    phone = keeper.another_phone()
    old = cookie(keeper, "remember_token")
    response = keeper.submit("/account/password", {"current": PASSWORD, "password": "a-new-secret-1",
                                                   "confirm": "a-new-secret-1"})
    assert response.headers["Location"] == "/account"
    assert "Your password is changed. Every other device is logged out." in keeper.text(keeper.page("/account"))
    assert keeper.logged_in()
    assert cookie(keeper, "remember_token") not in (None, old)
    assert not phone.logged_in()
    assert not opens_the_matches(browser_with(app, remember_token=old))
    assert len(keeper.query(select(LoginToken.id))) == 1


def test_the_account_page_lists_each_device_and_logs_one_out(keeper, visitor):
    """The Firefox phone is listed by name; logging it out from here ends its login, not this one."""
    phone = visitor
    phone.client.environ_base["HTTP_USER_AGENT"] = FIREFOX_ON_ANDROID
    phone.login("ana")
    page = keeper.page("/account")
    text = keeper.text(page)
    assert "Firefox Mobile, Android" in text and "Unknown device · this device" in text
    [(firefox,)] = keeper.query(select(LoginToken.id).where(LoginToken.device == "Firefox Mobile, Android"))
    response = keeper.submit("/account", action=f"/account/devices/{firefox}/logout")
    assert response.headers["Location"] == "/account"
    assert not phone.logged_in()
    assert keeper.logged_in()


def test_logging_out_this_device_from_the_list_logs_out(keeper):
    """The button beside 'this device' is the log-out button."""
    [(mine,)] = keeper.query(select(LoginToken.id))
    response = keeper.submit("/account", action=f"/account/devices/{mine}/logout")
    assert response.headers["Location"] == "/"
    assert not keeper.logged_in()


def test_another_accounts_device_is_not_found(keeper, scorekeeper):
    """Eve cannot log Ana's phone out: 404, and Ana stays logged in."""
    [(anas,)] = keeper.query(select(LoginToken.id))
    eve = scorekeeper("eve")
    response = eve.client.post(f"/account/devices/{anas}/logout", data={"csrf_token": eve.token()})
    assert response.status_code == 404
    assert keeper.logged_in()


@pytest.mark.parametrize("number", ["2147483648", "9" * 30])
def test_a_device_number_too_big_for_the_database_is_not_found(keeper, number):
    """The number never reaches the query (SQLite overflowed on it): 404, and this phone stays logged in."""
    response = keeper.client.post(f"/account/devices/{number}/logout", data={"csrf_token": keeper.token()})
    assert response.status_code == 404
    assert keeper.logged_in()


# ---------------------------------------------------------------------------
# Expiry: sliding, 90 days with "stay logged in", 12 hours without; uses written every few minutes.

def later(monkeypatch, **delta):
    """Move the sessions' clock forward."""
    moment = now() + timedelta(**delta)
    monkeypatch.setattr(sessions, "now", lambda: moment)
    return moment


def test_a_login_without_stay_logged_in_ends_after_12_hours_unused(keeper, visitor, monkeypatch):
    """The browser session alone does not keep a token alive for ever."""
    visitor.submit("/login", {"username": "ana", "password": PASSWORD, "remember": ""})
    later(monkeypatch, hours=11)
    assert visitor.logged_in()
    later(monkeypatch, hours=11 + 13)
    assert not visitor.logged_in()


def test_a_remembered_login_slides_while_used_and_ends_after_90_days_unused(keeper, monkeypatch):
    """Used on day 80, it lasts until day 170; unused after that, it ends."""
    moment = later(monkeypatch, days=80)
    response = keeper.client.get("/matches/")
    assert response.status_code == 200
    assert "remember_token" in {h.split("=", 1)[0] for h in response.headers.getlist("Set-Cookie")}
    [(expires,)] = keeper.query(select(LoginToken.expires_at))
    assert expires >= moment + timedelta(days=89)
    later(monkeypatch, days=169)
    assert keeper.logged_in()
    later(monkeypatch, days=169 + 91)
    assert not keeper.logged_in()


def test_a_use_is_written_at_most_every_five_minutes(keeper, monkeypatch):
    """Requests within the interval leave the last use alone; the first one after it moves it."""
    [(first,)] = keeper.query(select(LoginToken.last_used_at))
    later(monkeypatch, minutes=4)
    keeper.page("/matches/")
    assert keeper.query(select(LoginToken.last_used_at)) == [(first,)]
    moment = later(monkeypatch, minutes=6)
    keeper.page("/matches/")
    assert keeper.query(select(LoginToken.last_used_at)) == [(moment,)]


def test_expired_logins_are_cleared_from_the_database_at_the_next_login(keeper, scorekeeper, monkeypatch):
    """Tokens do not pile up: once expired, any account's are deleted when someone logs in."""
    later(monkeypatch, days=91)
    scorekeeper("bea")
    assert len(keeper.query(select(LoginToken.id))) == 1  # bea's new one; ana's expired one is gone


def test_a_device_logged_out_while_its_request_runs_is_simply_logged_out(app, keeper, monkeypatch):
    """Its token goes between loading and noting the use: that very request asks for a login, no 500."""
    real = sessions.touch_session

    def logged_out_meanwhile(token, lifetimes, moment=None):
        with app.app_context():  # another phone presses "log out everywhere", in a session of its own
            db.session.execute(delete(LoginToken))
            db.session.commit()
        return real(token, lifetimes, moment)

    monkeypatch.setattr(sessions, "touch_session", logged_out_meanwhile)
    later(monkeypatch, minutes=10)
    assert keeper.client.get("/matches/").headers["Location"].startswith("/login")
    monkeypatch.setattr(sessions, "touch_session", real)
    assert not keeper.logged_in()


def test_a_request_within_the_interval_sets_no_cookie(keeper, monkeypatch):
    """The session cookie is signed and sent again only when something in it changes, and the remember cookie
    only when a use is written (the previous test): a page read within the interval answers no Set-Cookie."""
    later(monkeypatch, minutes=4)
    response = keeper.client.get("/matches/")
    assert response.status_code == 200
    assert response.headers.getlist("Set-Cookie") == []


# ---------------------------------------------------------------------------
# The finding: a CSRF token survived a logout and a new login.

def csrf_of(html):
    """The CSRF token a page's forms carry."""
    [token] = set(re.findall(r'name="csrf_token" type="hidden" value="([^"]+)"', html))
    return token


def test_a_csrf_token_from_before_the_login_is_refused_after_it(keeper, visitor):
    """A token handed out on the login page (or planted by another site before the login) no longer passes once
    the login is done; the pages after it carry a new one, which does."""
    before = visitor.token()
    assert visitor.login("ana").status_code == 302
    fields = visitor.form("/matches/new") | {"seating": "2", "names-0": "Ana", "names-1": "Bea", "first_dealer": "0"}
    assert fields["csrf_token"] != before
    assert visitor.client.post("/matches/new", data=fields | {"csrf_token": before}).status_code == 400
    assert visitor.client.post("/matches/new", data=fields).status_code == 302


def test_a_csrf_token_from_before_the_logout_is_refused_after_it(keeper):
    """The logged-in pages' token is refused once the browser has logged out: by the login form too."""
    before = keeper.token()
    assert keeper.logout().status_code == 302
    fields = keeper.form("/login") | {"username": "ana", "password": PASSWORD}
    assert fields["csrf_token"] != before
    assert keeper.client.post("/login", data=fields | {"csrf_token": before}).status_code == 400
    assert keeper.client.post("/login", data=fields).status_code == 302


@pytest.mark.parametrize("way", ["register", "password change", "log out everywhere", "device list", "delete"])
def test_every_other_way_in_or_out_gives_a_new_csrf_token(keeper, visitor, way):
    """Registering, changing the password (a new login of this device), logging out everywhere or this device
    from the list, deleting the account: the token of the page before is refused after."""
    person = visitor if way == "register" else keeper
    before = person.token()
    if way == "register":
        assert visitor.register("carla").status_code == 302
    elif way == "password change":
        assert keeper.submit("/account/password", {"current": PASSWORD, "password": "a-new-secret-1",
                                                   "confirm": "a-new-secret-1"}).status_code == 302
    elif way == "log out everywhere":
        assert keeper.submit("/account", action="/account/logout-everywhere").status_code == 302
    elif way == "device list":
        [(device,)] = keeper.query(select(LoginToken.id))
        assert keeper.submit("/account", action=f"/account/devices/{device}/logout").status_code == 302
    else:
        assert keeper.submit("/account/delete", {"password": PASSWORD}).status_code == 302
    page = "/matches/new" if person.logged_in() else "/login"
    assert csrf_of(person.page(page)) != before
    assert person.client.post(page, data={"csrf_token": before}).status_code == 400  # a bad form would be 422
