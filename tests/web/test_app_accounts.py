"""Accounts through the pages: register, log in, log out, pages behind the login, the players page."""

from __future__ import annotations

import factories
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from werkzeug.security import check_password_hash

from referee import credentials
from referee.models import Hand, HandSide, LoginToken, Match, MatchEvent, Player, Seat, User

PASSWORD = "correct-horse"  # the scorekeepers' (tests/conftest.py)


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
    "/matches/1/hands/1/edit", "/players", "/players/1", "/players/1/rename", "/players/1/merge",
    "/players/1/delete",
])
def test_pages_behind_the_login_send_visitors_to_the_login_page(visitor, url):
    """A redirect to /login that remembers where the visitor was going."""
    response = visitor.client.get(url)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


@pytest.mark.parametrize("url", ["/matches/1/rematch", "/matches/1/undo", "/matches/1/link", "/players/1/rename",
                                 "/players/1/merge", "/players/1/delete"])
def test_posts_behind_the_login_send_visitors_to_the_login_page(visitor, url):
    """Posting without an account changes nothing and asks for the login."""
    response = visitor.client.post(url, data={"csrf_token": visitor.token()})
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login")


def test_the_front_page_offers_a_visitor_an_account_and_a_scorekeeper_a_new_match(keeper, visitor):
    """Visitors are asked to register or log in; a scorekeeper is offered a new match (tests/web/test_app_home.py
    has the rest)."""
    assert "Create an account" in visitor.text(visitor.page("/"))
    page = keeper.page("/")
    assert 'href="/matches/new"' in page and "Create an account" not in keeper.text(page)


def test_the_players_page_lists_the_names_played_with_and_deleting_one_keeps_the_others(keeper):
    """Starting a match adds its players (the old /roster sends there); deleting one keeps the others."""
    factories.start(keeper, ("Ana", "Bea"))
    assert keeper.client.get("/roster").headers["Location"] == "/players"
    page = keeper.text(keeper.page("/players"))
    assert "Ana" in page and "Bea" in page
    [(bea,)] = keeper.query(select(Player.id).where(Player.name == "Bea"))
    response = keeper.submit(f"/players/{bea}/delete")
    assert response.headers["Location"] == "/players"
    page = keeper.text(keeper.page("/players"))
    assert "Bea is deleted. Their matches stay, under that name." in page
    assert '<option value="Ana">' in keeper.page("/matches/new")
    assert '<option value="Bea">' not in keeper.page("/matches/new")


@pytest.mark.parametrize("name", ["x" * 5000, "Be\x00a", ""])
def test_a_tampered_player_name_is_refused_and_nothing_is_echoed_into_the_cookie(keeper, name):
    """A name no player can hold is refused beside the field: nothing renamed, nothing copied into the session
    cookie."""
    factories.start(keeper, ("Ana", "Bea"))
    [(bea,)] = keeper.query(select(Player.id).where(Player.name == "Bea"))
    response = keeper.submit(f"/players/{bea}/rename", {"name": name})
    assert response.status_code == 422
    assert all(len(cookie) < 1000 for cookie in response.headers.getlist("Set-Cookie"))
    assert keeper.query(select(Player.name).order_by(Player.name)) == [("Ana",), ("Bea",)]


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


# The finding: a password of 8 spaces was accepted.
BLANK_MESSAGE = "The password cannot be only spaces or invisible characters."
BLANK_PASSWORDS = [" " * 8, "\t" * 8, "\u3000" * 8, "\u00a0" * 12, " \u200b " * 4, "\ufeff" + " " * 9, "   "]


@pytest.mark.parametrize("password", BLANK_PASSWORDS, ids=["spaces", "tabs", "ideographic", "no-break", "zero-width",
                                                           "bom", "three-spaces"])
def test_a_password_of_spaces_only_is_refused_at_registration(visitor, password):
    """422, the reason beside the password, the name kept, no account."""
    response = visitor.register("carla", password)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert BLANK_MESSAGE in visitor.errors(page)
    assert visitor.fields(page)["username"] == "carla"
    assert visitor.query(select(func.count(User.id))) == [(0,)]


@pytest.mark.parametrize("password", BLANK_PASSWORDS[:3])
def test_a_password_of_spaces_only_is_refused_at_a_password_change(keeper, password):
    """The change-password page refuses it too, and the old password still works."""
    response = keeper.submit("/account/password", {"current": PASSWORD, "password": password, "confirm": password})
    assert response.status_code == 422
    assert BLANK_MESSAGE in keeper.errors(response.get_data(as_text=True))
    assert keeper.another_phone().logged_in()


@pytest.mark.parametrize(("language", "message"), [
    ("es", "La contraseña no puede tener solo espacios o caracteres invisibles."),
    ("pt-BR", "A senha não pode ter só espaços ou caracteres invisíveis.")])
def test_a_blank_password_is_refused_in_the_readers_language(visitor, language, message):
    """Spanish and Brazilian Portuguese."""
    fields = visitor.form("/register") | {"username": "carla", "password": " " * 8, "confirm": " " * 8}
    response = visitor.client.post("/register", data=fields, headers={"Accept-Language": language})
    assert message in visitor.errors(response.get_data(as_text=True))


# Characters that show nothing: every kind of space, line and paragraph break, control and format character.
INVISIBLE = st.characters(categories=["Zs", "Zl", "Zp", "Cc", "Cf"])


@settings(max_examples=200, deadline=None)
@given(st.text(INVISIBLE, min_size=8, max_size=40))
def test_any_password_showing_nothing_is_blank(password):
    """Whatever mix of invisible characters, the password is refused as blank."""
    assert credentials.password_problem(password, "carla") == "blank"


@settings(max_examples=200, deadline=None)
@given(st.text(INVISIBLE, max_size=10), st.characters(categories=["L", "N", "P", "S"]), st.text(INVISIBLE, max_size=10))
def test_one_visible_character_is_enough_not_to_be_blank(before, visible, after):
    """Spaces around a visible character are a password like any other (its other rules still apply)."""
    assert credentials.password_problem(before + visible + after, "carla") != "blank"


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


def test_a_registration_that_loses_a_race_for_the_name_is_told_it_is_taken(keeper, visitor, monkeypatch):
    """Two registrations at once: the unique key refuses the second, which sees the usual message, not a 500."""
    from referee.forms import accounts as account_forms

    monkeypatch.setattr(account_forms, "username_taken", lambda _name: False)
    response = visitor.register("ANA", "long-enough")
    assert response.status_code == 422
    assert "That username is taken." in visitor.errors(response.get_data(as_text=True))
    assert visitor.query(select(func.count(User.id))) == [(1,)]


def test_a_login_with_a_password_too_long_to_be_one_is_refused_before_hashing(keeper, visitor):
    """A 5,000-character password is a 422 with the field's message, not minutes of scrypt."""
    response = visitor.login("ana", "x" * 5000)
    assert response.status_code == 422
    assert "Field cannot be longer than 200 characters." in visitor.errors(response.get_data(as_text=True))


# ---------------------------------------------------------------------------
# The account page: change the password, delete the account.

def test_the_footer_links_to_the_account_page(keeper):
    """Beside the players and the log-out button; the page says who is logged in."""
    assert 'href="/account"' in keeper.page("/matches/")
    page = keeper.text(keeper.page("/account"))
    assert "Logged in as ana." in page
    assert "Change the password" in page and "Delete my account and all its matches" in page


def test_changing_the_password_needs_the_current_one(keeper):
    """A wrong current password changes nothing: 422, the message beside it, the old password still works."""
    response = keeper.submit("/account/password", {"current": "not-my-password", "password": "a-new-secret-1",
                                                   "confirm": "a-new-secret-1"})
    assert response.status_code == 422
    assert "Wrong password." in keeper.errors(response.get_data(as_text=True))
    assert keeper.another_phone().logged_in()


@pytest.mark.parametrize(("password", "message"), [
    ("short", "Use at least 8 characters."),
    ("qwertyuiop", "This password is too common."),
    ("my-name-is-ANA", "The password must not contain the username."),
])
def test_a_new_password_follows_the_same_rules_as_at_registration(keeper, password, message):
    """The change-password page refuses what registration refuses, saying why."""
    response = keeper.submit("/account/password", {"current": PASSWORD, "password": password, "confirm": password})
    assert response.status_code == 422
    assert message in keeper.errors(response.get_data(as_text=True))


def test_after_a_password_change_only_the_new_password_logs_in(keeper, visitor):
    """The old password is refused, the new one opens the matches."""
    keeper.submit("/account/password", {"current": PASSWORD, "password": "a-new-secret-1",
                                        "confirm": "a-new-secret-1"})
    assert visitor.login("ana").status_code == 422
    assert visitor.login("ana", "a-new-secret-1").status_code == 302


def test_deleting_the_account_needs_its_password_and_warns_first(keeper):
    """The page says it cannot be undone; a wrong password deletes nothing."""
    keeper.start()
    assert "This cannot be undone." in keeper.text(keeper.page("/account/delete"))
    response = keeper.submit("/account/delete", {"password": "not-my-password"})
    assert response.status_code == 422
    assert "Wrong password." in keeper.errors(response.get_data(as_text=True))
    assert keeper.query(select(func.count(Match.id))) == [(1,)]
    assert keeper.logged_in()


def everything_of(keeper, user_id):
    """How many rows of each kind belong to one account."""
    matches = select(Match.id).where(Match.user_id == user_id).scalar_subquery()
    counts = {"user": select(func.count(User.id)).where(User.id == user_id),
              "match": select(func.count(Match.id)).where(Match.user_id == user_id),
              "player": select(func.count(Player.id)).where(Player.user_id == user_id),
              "token": select(func.count(LoginToken.id)).where(LoginToken.user_id == user_id)}
    counts |= {model.__tablename__: select(func.count(model.id)).where(model.match_id.in_(matches))
               for model in (Seat, Hand, HandSide, MatchEvent)}
    return {name: keeper.query(statement)[0][0] for name, statement in counts.items()}


def test_deleting_the_account_removes_every_row_of_it_and_nothing_of_others(database_app, keeper_on):
    """Matches, seats, hands, trail, roster names, device tokens and the account go; Bea's stay (SQLite, PostgreSQL)."""
    app = database_app()
    ana, bea = keeper_on(app, "ana"), keeper_on(app, "bea")
    for keeper in (ana, bea):
        match_id = factories.start(keeper, ("Ana", "Bea"))
        factories.save_hand(keeper, match_id)
        factories.save_hand(keeper, match_id, mode="tally")
        keeper.page(f"/matches/{match_id}")  # a spectator link too
    phone = ana.another_phone()
    [(ana_id,)], [(bea_id,)] = (ana.query(select(User.id).where(User.username == n)) for n in ("ana", "bea"))
    before = everything_of(ana, bea_id)
    assert all(everything_of(ana, ana_id).values())
    response = ana.submit("/account/delete", {"password": PASSWORD})
    assert response.headers["Location"] == "/"
    assert "Your account and all its matches are deleted." in ana.text(ana.page("/"))
    assert set(everything_of(ana, ana_id).values()) == {0}
    assert everything_of(ana, bea_id) == before
    assert not ana.logged_in() and not phone.logged_in()
    assert keeper_on(app).register("ana", "long-enough").status_code == 302  # the name is free
