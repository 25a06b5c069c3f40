"""Accounts through the pages: register, log in, log out, pages behind the login, the roster."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from werkzeug.security import check_password_hash

from referee.models import User


def test_registering_logs_in_and_opens_a_new_match(visitor):
    """A new account lands on the new-match page, logged in under its name."""
    response = visitor.register("carla")
    assert response.status_code == 302
    assert response.headers["Location"] == "/matches/new"
    page = visitor.page("/matches/new")
    assert "Log out carla" in visitor.text(page)


def test_a_password_is_stored_hashed_not_as_typed(visitor):
    """The database holds a salted hash that checks against the password, never the password."""
    visitor.register("carla", "s3cret-pass")
    [(stored,)] = visitor.query(select(User.password_hash).where(User.username == "carla"))
    assert "s3cret-pass" not in stored
    assert stored.startswith(("scrypt:", "pbkdf2:"))
    assert check_password_hash(stored, "s3cret-pass")


@pytest.mark.parametrize(("username", "password", "confirm", "message"), [
    ("ana", "long-enough", "long-enough", "That username is taken."),
    ("carla", "short", "short", "Use at least 8 characters."),
    ("carla", "long-enough", "long-enougH", "The passwords do not match."),
    ("car la", "long-enough", "long-enough", "Use letters, digits, dots, dashes or underscores."),
    ("carla<b>", "long-enough", "long-enough", "Use letters, digits, dots, dashes or underscores."),
    ("c", "long-enough", "long-enough", "Field must be between 2 and 40 characters long."),
])
def test_a_refused_registration_keeps_the_username_and_says_why(keeper, visitor, username, password, confirm,
                                                                 message):
    """422 with the message beside the field, the name still typed, the passwords not echoed, no account made."""
    response = visitor.register(username, password, confirm)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in visitor.errors(page)
    fields = visitor.fields(page)
    assert fields["username"] == username
    assert fields["password"] == fields["confirm"] == ""
    assert visitor.query(select(func.count(User.id))) == [(1,)]  # only keeper's 'ana'
    assert not visitor.logged_in()


def test_logging_in_with_the_right_password_opens_the_matches(keeper, visitor):
    """The matches page, and the account's name in the footer."""
    response = visitor.login("ana")
    assert response.status_code == 302
    assert response.headers["Location"] == "/matches/"
    assert "Log out ana" in visitor.text(visitor.page("/matches/"))


@pytest.mark.parametrize(("username", "password"), [("ana", "wrong-password"), ("nobody", "correct-horse")])
def test_a_wrong_username_or_password_keeps_the_username(keeper, visitor, username, password):
    """One message for both cases (it does not tell which was wrong), 422, the name still typed."""
    response = visitor.login(username, password)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Wrong username or password." in visitor.errors(page)
    assert visitor.fields(page)["username"] == username
    assert visitor.fields(page)["password"] == ""
    assert not visitor.logged_in()


def test_login_goes_on_to_a_local_next_page(keeper, visitor):
    """The page that asked for the login opens after it."""
    response = visitor.login("ana", next="/matches/new")
    assert response.headers["Location"] == "/matches/new"


def test_logging_out_ends_the_session(keeper):
    """After the footer's log-out button, the matches need a login again."""
    response = keeper.logout()
    assert response.status_code == 302
    assert response.headers["Location"] == "/"
    assert keeper.client.get("/matches/").headers["Location"].startswith("/login")


def test_logging_out_needs_a_post(keeper):
    """A link (GET) cannot log anyone out."""
    assert keeper.client.get("/logout").status_code == 405
    assert keeper.logged_in()


@pytest.mark.parametrize("url", [
    "/matches/", "/matches/new", "/matches/1", "/matches/1/draw", "/matches/1/hands/new",
    "/matches/1/hands/1/edit", "/roster",
])
def test_pages_behind_the_login_send_visitors_to_the_login_page(visitor, url):
    """A redirect to /login that remembers where the visitor was going."""
    response = visitor.client.get(url)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


@pytest.mark.parametrize("url", ["/matches/1/rematch", "/matches/1/undo", "/matches/1/link", "/roster/remove"])
def test_posts_behind_the_login_send_visitors_to_the_login_page(visitor, url):
    """Posting without an account changes nothing and asks for the login."""
    response = visitor.client.post(url, data={"csrf_token": visitor.token()})
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login")


def test_the_front_page_sends_a_logged_in_scorekeeper_to_the_matches(keeper, visitor):
    """Visitors see what the app is; a scorekeeper goes straight to the matches."""
    assert keeper.client.get("/").headers["Location"] == "/matches/"
    assert "Create an account" in visitor.text(visitor.page("/"))


def test_the_roster_lists_the_names_played_with_and_forgets_one(keeper):
    """Starting a match adds its names; removing one keeps the others."""
    keeper.start(("Ana", "Bea"))
    page = keeper.page("/roster")
    assert 'value="Ana"' in page and 'value="Bea"' in page
    response = keeper.submit("/roster", {"name": "Bea"}, action="/roster/remove")
    assert response.headers["Location"] == "/roster"
    page = keeper.page("/roster")
    assert "Bea is no longer in your roster." in keeper.text(page)
    assert 'value="Ana"' in page and 'value="Bea"' not in page


# ---------------------------------------------------------------------------
# The findings: 'Ana' and 'ana' were two accounts, and any password of 8 characters was taken.

@pytest.mark.parametrize("username", ["Ana", "ANA", "ａｎａ"])
def test_a_username_differing_only_in_case_or_width_is_taken(keeper, visitor, username):
    """'ana' exists: 'Ana', 'ANA' and the full-width 'ａｎａ' are the same name."""
    response = visitor.register(username, "long-enough")
    assert response.status_code == 422
    assert "That username is taken." in visitor.errors(response.get_data(as_text=True))
    assert visitor.query(select(func.count(User.id))) == [(1,)]


@pytest.mark.parametrize("username", ["\u0430na", "an\u0430", "\u0430\u0441\u0435"])
def test_a_username_that_only_looks_like_latin_letters_is_refused(scorekeeper, visitor, username):
    """Cyrillic 'а' in 'аna', or the all-Cyrillic 'асе', would pass for 'ana' and 'ace' on a scoreboard."""
    scorekeeper("ana")
    scorekeeper("ace")
    response = visitor.register(username, "long-enough")
    assert response.status_code == 422
    assert visitor.errors(response.get_data(as_text=True))
    assert visitor.query(select(func.count(User.id))) == [(2,)]


def test_logging_in_ignores_the_case_of_the_username(keeper, visitor):
    """'ANA' opens ana's account."""
    assert visitor.login("ANA").status_code == 302
    assert "Log out ana" in visitor.text(visitor.page("/matches/"))


@pytest.mark.parametrize(("password", "message"), [
    ("password", "This password is too common."),
    ("12345678", "This password is too common."),
    ("Password", "This password is too common."),
    ("carla-rocks", "The password must not contain the username."),
    ("xxCARLAxx", "The password must not contain the username."),
])
def test_a_common_password_or_one_containing_the_username_is_refused(visitor, password, message):
    """The registration says why, beside the password."""
    response = visitor.register("carla", password)
    assert response.status_code == 422
    assert message in visitor.errors(response.get_data(as_text=True))
    assert visitor.query(select(func.count(User.id))) == [(0,)]


def test_an_unknown_username_is_checked_against_a_dummy_hash_of_the_same_method(keeper, visitor, monkeypatch):
    """A wrong name costs one password check, as a wrong password does, so timing does not tell names apart."""
    from referee import credentials

    checked = []
    real = credentials.check_password_hash
    monkeypatch.setattr(credentials, "check_password_hash",
                        lambda stored, given: checked.append(stored) or real(stored, given))
    assert visitor.login("nobody", "correct-horse").status_code == 422
    assert len(checked) == 1
    method = credentials.hash_password("anything").split("$", 1)[0]
    assert checked[0].split("$", 1)[0] == method
