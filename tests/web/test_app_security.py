"""Security of the pages: other accounts' matches, CSRF on every form, escaping, cookies, redirects, languages."""

from __future__ import annotations

import re
from urllib.parse import quote, urlsplit

import factories
import pytest
from sqlalchemy import func, select

from referee.models import Hand, LoginToken, Match, MatchEvent, Player, Seat, User

# ---------------------------------------------------------------------------
# Another account's match looks like no match at all.

OTHERS_MATCH_ROUTES = [
    ("GET", "/matches/{id}"),
    ("GET", "/matches/{id}/draw"),
    ("POST", "/matches/{id}/draw"),
    ("POST", "/matches/{id}/rematch"),
    ("POST", "/matches/{id}/undo"),
    ("POST", "/matches/{id}/link"),
    ("GET", "/matches/{id}/hands/new?mode=cards"),
    ("GET", "/matches/{id}/hands/new?mode=tally"),
    ("POST", "/matches/{id}/hands/new?mode=cards"),
    ("POST", "/matches/{id}/hands/new?mode=tally"),
    ("GET", "/matches/{id}/hands/1/edit"),
    ("GET", "/matches/{id}/hands/1/edit?mode=tally"),
    ("POST", "/matches/{id}/hands/1/edit"),
    ("POST", "/matches/{id}/hands/1/edit?mode=tally"),
]


def snapshot(keeper, match_id):
    """What another account must not be able to change: the match row, its hands, the number of matches."""
    [match] = keeper.query(select(Match.first_dealer, Match.spectator_token, Match.version, Match.finished)
                           .where(Match.id == match_id))
    hands = keeper.query(select(Hand.number, Hand.points, Hand.entry).where(Hand.match_id == match_id))
    return tuple(match), [tuple(hand) for hand in hands], keeper.query(select(func.count(Match.id)))


@pytest.mark.parametrize(("method", "route"), OTHERS_MATCH_ROUTES, ids=[f"{m} {r}" for m, r in OTHERS_MATCH_ROUTES])
def test_another_accounts_match_is_not_found_on_every_route(keeper, scorekeeper, method, route):
    """Eve gets 404 whatever she sends, with a valid token of her own, and Ana's match is untouched."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    keeper.page(f"/matches/{match_id}")  # makes the spectator link
    before = snapshot(keeper, match_id)
    eve = scorekeeper("eve")
    url = route.format(id=match_id)
    if method == "GET":
        response = eve.client.get(url)
    else:
        data = {"csrf_token": eve.token(), "version": "99", "number": "2", "action": "save", "seats": "0,1",
                "cards-0": "3o", "cards-1": "4o"} | eve.hand_fields(mode="tally" if "tally" in url else "cards")
        response = eve.client.post(url, data=data | {"dealer": "0"})
    assert response.status_code == 404
    assert snapshot(keeper, match_id) == before


@pytest.mark.parametrize("url", ["/matches/999", "/matches/999/draw", "/matches/999/hands/new"])
def test_a_match_that_does_not_exist_is_not_found(keeper, url):
    """The same 404 page as for another account's match."""
    response = keeper.client.get(url)
    assert response.status_code == 404
    assert "Not found." in keeper.text(response.get_data(as_text=True))


# ---------------------------------------------------------------------------
# Every form needs its CSRF token.

def _register(keeper):
    """A visitor's registration form."""
    keeper.logout()
    return "/register", keeper.form("/register") | {"username": "zara", "password": "long-enough",
                                                    "confirm": "long-enough"}


def _login(keeper):
    """A visitor's login form."""
    keeper.logout()
    return "/login", keeper.form("/login") | {"username": "ana", "password": "correct-horse"}


def _logout(keeper):
    """The footer's log-out form."""
    return "/logout", keeper.form("/matches/", action="/logout")


def _new_match(keeper):
    """The new-match form, filled in."""
    return "/matches/new", keeper.form("/matches/new") | {"seating": "2", "names-0": "Ana", "names-1": "Bea",
                                                          "first_dealer": "0"}


def _draw(keeper):
    """The draw for dealer, filled in."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    url = f"/matches/{match_id}/draw"
    return url, keeper.form(url) | {"cards-0": "3o", "cards-1": "4o"}


def _hand(mode):
    """A new hand's entry form, filled in and saved."""
    def fill(keeper):
        match_id = factories.start(keeper, ("Ana", "Bea"))
        url = keeper.hand_url(match_id, mode)
        return url, keeper.form(url) | keeper.hand_fields(mode) | {"action": "save"}
    return fill


def _edit(keeper):
    """A correction, filled in and saved."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    url = keeper.hand_url(match_id, number=1)
    return url, keeper.form(url) | {"escobas-0": "0", "action": "save"}


def _scoreboard_form(action):
    """One of the scoreboard's buttons: undo, rematch or a new spectator link."""
    def fill(keeper):
        match_id = factories.start(keeper, ("Ana", "Bea"), target="4")
        factories.save_hand(keeper, match_id)
        url = f"/matches/{match_id}/{action}"
        page = url if action == "undo" else f"/matches/{match_id}"  # undo asks first, on a page of its own
        return url, keeper.form(page, action=url)
    return fill


def _trail_button(kind):
    """A button of the trail: restore the hand just taken back, or revert the correction just made."""
    def fill(keeper):
        match_id = factories.start(keeper, ("Ana", "Bea"))
        factories.save_hand(keeper, match_id)
        if kind == "restore":
            keeper.submit(f"/matches/{match_id}/undo")
        else:
            factories.save_hand(keeper, match_id, number=1, escobas=(0, 0))
        [(event_id,)] = keeper.query(select(MatchEvent.id).order_by(MatchEvent.id.desc()).limit(1)
                                     .where(MatchEvent.kind.in_(["hand_undone", "hand_edited"])))
        url = f"/matches/{match_id}/trail/{event_id}/{kind}"
        return url, keeper.form(url if kind == "revert" else f"/matches/{match_id}", action=url)
    return fill


def _revoke_link(keeper):
    """The spectator link's confirmation page: its button replaces the link."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    url = f"/matches/{match_id}/link"
    return url, keeper.form(url)


def _player_form(action, fields=None):
    """A form of a player's own pages: rename, merge or delete Bea (merge: with Ana)."""
    def fill(keeper):
        factories.start(keeper, ("Ana", "Bea"))
        ids = dict(keeper.query(select(Player.name, Player.id)))
        url = f"/players/{ids['Bea']}/{action}"
        return url, keeper.form(url) | {key: str(ids.get(value, value)) for key, value in (fields or {}).items()}
    return fill


def _change_password(keeper):
    """The change-password form, filled in."""
    return "/account/password", keeper.form("/account/password") | {
        "current": "correct-horse", "password": "a-new-secret-1", "confirm": "a-new-secret-1"}


def _account_button(action):
    """One of the account page's buttons: log out everywhere, or log out one device."""
    def fill(keeper):
        factories.phone(keeper)
        [(token_id,)] = keeper.query(select(LoginToken.id).order_by(LoginToken.id.desc()).limit(1))
        url = action.format(id=token_id)
        return url, keeper.form("/account", action=url)
    return fill


def _delete_account(keeper):
    """The delete-my-account form, with the password."""
    factories.start(keeper, ("Ana", "Bea"))
    return "/account/delete", keeper.form("/account/delete") | {"password": "correct-horse"}


FORMS = {
    "register": _register, "login": _login, "logout": _logout, "new match": _new_match, "draw": _draw,
    "hand by cards": _hand("cards"), "hand by counts": _hand("tally"), "correction": _edit,
    "undo": _scoreboard_form("undo"), "rematch": _scoreboard_form("rematch"), "link": _revoke_link,
    "restore": _trail_button("restore"), "revert": _trail_button("revert"),
    "rename a player": _player_form("rename", {"name": "Cristina"}),
    "merge players": _player_form("merge", {"other": "Ana"}), "delete a player": _player_form("delete"),
    "change password": _change_password,
    "log out everywhere": _account_button("/account/logout-everywhere"),
    "log out a device": _account_button("/account/devices/{id}/logout"), "delete account": _delete_account,
}


def state(keeper):
    """Everything a form could change, all accounts together."""
    return (keeper.query(select(User.id, User.password_hash)), keeper.query(select(Match.id, Match.spectator_token,
                                                                                   Match.first_dealer, Match.version)),
            keeper.query(select(Player.id, Player.name)), keeper.query(select(Seat.id, Seat.name, Seat.player_id)),
            keeper.query(select(Hand.id, Hand.points)), keeper.query(select(LoginToken.id)),
            keeper.client.get("/").status_code)


@pytest.mark.parametrize("fill", FORMS.values(), ids=FORMS.keys())
def test_every_form_posted_without_its_csrf_token_is_refused(keeper, fill):
    """400, and nothing changes: no account, match, hand, link or login state."""
    url, fields = fill(keeper)
    assert fields.pop("csrf_token")
    before = state(keeper)
    response = keeper.client.post(url, data=fields)
    assert response.status_code == 400
    assert state(keeper) == before


@pytest.mark.parametrize("fill", FORMS.values(), ids=FORMS.keys())
def test_every_form_posted_with_its_csrf_token_goes_through(keeper, fill):
    """The same forms with the page's token are accepted (a redirect), so the refusals above are the token's."""
    url, fields = fill(keeper)
    response = keeper.client.post(url, data=fields)
    assert response.status_code == 302


def test_a_csrf_token_from_another_session_is_refused(keeper, visitor):
    """A token is only good for the session it was given to."""
    fields = keeper.form("/matches/new") | {"seating": "2", "names-0": "Ana", "names-1": "Bea",
                                            "first_dealer": "0", "csrf_token": visitor.token()}
    assert keeper.client.post("/matches/new", data=fields).status_code == 400
    assert keeper.query(select(func.count(Match.id))) == [(0,)]


# ---------------------------------------------------------------------------
# Tampered forms.

def test_a_draw_for_a_seat_not_at_the_table_is_refused_and_the_match_stays_playable(keeper):
    """views.matches.draw_for_dealer trusts the hidden `seats` field: seat 7 of 2 must be refused, not stored."""
    keeper.app.config["PROPAGATE_EXCEPTIONS"] = False  # see the answer a browser would get
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    url = f"/matches/{match_id}/draw"
    fields = keeper.form(url, url)  # the grids' form ("Draw for us" is the page's other), no card picked
    response = keeper.client.post(url, data=fields | {"seats": "7", "cards-0": "3o"})
    assert response.status_code in (400, 422)
    assert keeper.query(select(Match.first_dealer).where(Match.id == match_id)) == [(None,)]
    assert keeper.client.get(f"/matches/{match_id}").status_code == 302  # still asks for the draw


# ---------------------------------------------------------------------------
# Names are text, never markup.

SCRIPT = "<script>alert(1)</script>"


def test_a_player_name_with_markup_is_shown_escaped_everywhere(keeper, visitor):
    """Scoreboard, trail, history, spectator page, hand entry and review, draw, and the players' pages."""
    match_id = factories.start(keeper, (SCRIPT, "Bea"), first_dealer="draw")
    pages = {"draw": keeper.page(f"/matches/{match_id}/draw")}
    keeper.submit(f"/matches/{match_id}/draw", {"cards-0": "10o", "cards-1": "4o"})
    pages["review"] = keeper.enter_hand(match_id, moves={"1o": "0"}).get_data(as_text=True)
    factories.save_hand(keeper, match_id)
    pages["scoreboard"] = keeper.page(f"/matches/{match_id}")
    watch = re.search(r'href="https?://[^"/]+(/watch/[^"]+)"', pages["scoreboard"])[1]
    pages["spectator"] = visitor.page(watch)
    pages["history"] = keeper.page("/matches/")
    pages["entry"] = keeper.page(keeper.hand_url(match_id))
    pages["players"] = keeper.page("/players")
    [(player_id,)] = keeper.query(select(Player.id).where(Player.name == SCRIPT))
    for action in ("rename", "merge", "delete"):
        pages[action] = keeper.page(f"/players/{player_id}/{action}")
    for name, page in pages.items():
        assert SCRIPT not in page, name
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, name


# ---------------------------------------------------------------------------
# Cookies.

def cookies_set(response):
    """The Set-Cookie headers of a response, by cookie name."""
    return {header.split("=", 1)[0]: header for header in response.headers.getlist("Set-Cookie")}


def test_the_session_cookie_is_http_only_and_same_site_lax(keeper, visitor):
    """Set at login: no script can read it, other sites' forms do not carry it."""
    cookie = cookies_set(visitor.login("ana"))["session"]
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


def test_every_cookie_set_at_login_is_http_only_and_same_site_lax(keeper, visitor):
    """The 'stay logged in' cookie logs its holder in for a year: it needs the session cookie's flags."""
    cookies = cookies_set(visitor.login("ana"))
    assert "remember_token" in cookies
    for name, cookie in cookies.items():
        assert "HttpOnly" in cookie, name
        assert "SameSite=Lax" in cookie, name


# ---------------------------------------------------------------------------
# Languages and redirects.

def test_switching_to_spanish_sets_a_cookie_and_the_pages_follow(visitor):
    """The brand and the page's lang attribute change; the cookie keeps the choice."""
    response = visitor.client.get("/language/es")
    assert response.status_code == 302
    cookie = cookies_set(response)["lang"]
    assert cookie.startswith("lang=es;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = visitor.page("/")
    assert '<html lang="es">' in page
    assert "Árbitro de Escoba" in visitor.text(page)
    assert "Escoba Referee" not in visitor.text(page)


def test_the_chosen_language_wins_over_the_browsers(visitor):
    """A Portuguese browser that chose Spanish gets Spanish."""
    visitor.client.get("/language/es")
    page = visitor.client.get("/", headers={"Accept-Language": "pt-BR"}).get_data(as_text=True)
    assert "Árbitro de Escoba" in page


def test_an_unknown_language_is_not_found(visitor):
    """No cookie is set for it."""
    response = visitor.client.get("/language/xx")
    assert response.status_code == 404
    assert "lang" not in cookies_set(response)


def test_the_language_switch_goes_back_to_the_local_page(visitor):
    """The footer's links come back to the page they were on."""
    response = visitor.client.get(f"/language/es?next={quote('/login?x=1', safe='')}")
    assert response.headers["Location"] == "/login?x=1"


EXTERNAL = ["//evil.example", "https://evil.example", "http://evil.example/matches/", "javascript:alert(1)",
            "evil.example", "///evil.example"]


@pytest.mark.parametrize("target", EXTERNAL)
def test_the_language_switch_refuses_to_send_anyone_to_another_site(visitor, target):
    """An external next falls back to the front page."""
    response = visitor.client.get(f"/language/es?next={quote(target, safe='')}")
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize("target", EXTERNAL)
def test_login_refuses_to_send_anyone_to_another_site(keeper, visitor, target):
    """After the login an external next falls back to the matches."""
    response = visitor.login("ana", next=target)
    assert response.status_code == 302
    assert response.headers["Location"] == "/matches/"


def stays_on_site(location):
    """True when a browser following this Location stays here (browsers read a backslash as a slash)."""
    parts = urlsplit(location.replace("\\", "/"))
    return location.startswith("/") and not parts.scheme and not parts.netloc


@pytest.mark.parametrize("target", ["/\\evil.example", "/\\/evil.example", "/\t/evil.example"])
def test_a_next_that_only_a_browser_reads_as_another_site_stays_on_site(keeper, visitor, target):
    """'/\\evil.example' is '//evil.example' to a browser: the Location sent must not be."""
    for response in (visitor.client.get(f"/language/es?next={quote(target, safe='')}"),
                     visitor.login("ana", next=target)):
        assert response.status_code == 302
        assert stays_on_site(response.headers["Location"]), response.headers["Location"]
