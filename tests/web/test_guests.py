"""Guests: "New match" without an account gives the phone an account of its own; "Keep my matches" names it
in the same row, keeping everything; an idle guest goes with everything it owns, and nothing else does."""

from __future__ import annotations

import re
import shutil
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page_client import PASSWORD, Scorekeeper
from sqlalchemy import func, select, update
from test_ratings import start, win

from referee import create_app
from referee.extensions import db
from referee.models import LoginToken, Match, Player, User, now
from referee.services import HandDraft, authenticate, edit_hand, record_hand, revoke_spectator_link, undo_last_hand
from referee.services.accounts import UsernameTaken
from referee.services.api_tokens import create_token
from referee.services.guests import NotAGuest, create_guest, idle_guests, keep_matches, remove_idle_guests

NEW_NAME = "bea"


def become_guest(app: Flask) -> Scorekeeper:
    """A phone with no account that taps the home page's "New match"."""
    phone = Scorekeeper(app, app.test_client())
    response = phone.submit("/", action="/guest")
    assert response.status_code == 302 and response.headers["Location"] == "/matches/new"
    return phone


def guest_of(app: Flask) -> User:
    """The one guest account there is (in the app context)."""
    return db.session.scalars(select(User).where(User.guest.is_(True))).one()


def every_row() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table the models declare, by table, in a stable order."""
    rows = {}
    for table in db.metadata.sorted_tables:
        rows[table.name] = sorted((tuple(row) for row in db.session.execute(select(table))), key=repr)
    return rows


def even_hand(escobas: int) -> HandDraft:
    """A hand by counts where every count ties and the first side makes `escobas` escobas (its only points)."""
    body = {"sides": [{"tally": {"cards": 20, "oros": 5, "sevens": 2, "velo": i == 0}, "escobas": escobas * (1 - i)}
                      for i in range(2)], "leftover_sum": 10, "last_capture": 0}
    return HandDraft.kept("tally", body, dealer=0)


def fill(user: User) -> None:
    """Everything an account can own: matches (one finished, so rated), hands recorded, corrected and taken
    back (a trail), players, a revoked spectator link, an API token used once."""
    finished = win(start(user, "Ana", "Bea"), 0)
    match = start(user, "Ana", "Bea", "Caio", "Dani", pairs=True)
    record_hand(match, even_hand(1), 1)
    record_hand(match, even_hand(0), 2)
    edit_hand(match, 1, even_hand(2), match.version)
    undo_last_hand(match, match.version)
    revoke_spectator_link(finished)
    token, _secret = create_token(user, "Sheet")
    token.last_used_at = now()
    db.session.commit()


def test_new_match_without_an_account_makes_a_guest_and_opens_the_new_match_form(app):
    """The home page's New match: the phone is logged in as a guest of its own, with a remembered login, and the
    new match's form opens; the header says it is a guest and offers Keep my matches."""
    phone = become_guest(app)
    page = phone.page("/matches/new")
    assert 'name="names-0"' in page or "names" in page
    text = phone.text(page)
    assert "This phone is a guest. Keep my matches" in text
    assert phone.client.get_cookie("remember_token") is not None
    with app.app_context():
        guest = guest_of(app)
        assert guest.password_hash == "!" and guest.username.startswith("guest:")
        assert [t.remember for t in guest.tokens] == [True]


def test_two_phones_get_two_guests(app):
    """Each phone its own account: neither sees the other's matches."""
    first, second = become_guest(app), become_guest(app)
    assert first.logged_in() and second.logged_in()
    with app.app_context():
        guests = db.session.scalars(select(User).where(User.guest.is_(True))).all()
        assert len(guests) == 2
        match = start(guests[0], "Ana", "Bea")
        match_id = match.id
    assert first.client.get(f"/matches/{match_id}").status_code == 200
    assert second.client.get(f"/matches/{match_id}").status_code == 404


def test_starting_a_guest_needs_the_forms_csrf_token(app, visitor):
    """A guest is made by a POST with the page's CSRF token only: another site's form makes nothing."""
    assert visitor.client.post("/guest").status_code == 400
    assert visitor.client.get("/guest").status_code == 405
    with app.app_context():
        assert db.session.scalar(select(User.id)) is None


def test_someone_logged_in_who_taps_new_match_stays_who_they_are(app, keeper):
    """No guest for a logged-in phone: it goes to the new match's form as itself."""
    response = keeper.client.post("/guest", data={"csrf_token": keeper.token()})
    assert response.status_code == 302 and response.headers["Location"] == "/matches/new"
    with app.app_context():
        assert db.session.scalars(select(User.username)).all() == ["ana"]


def test_nobody_logs_in_as_a_guest_by_its_name(app):
    """A guest's placeholder name logs nothing in, with any password (its hash '!' too), on the login page and
    for the API's Basic credentials; the register form refuses such a name."""
    phone = become_guest(app)
    with app.app_context():
        name = guest_of(app).username
        assert authenticate(name, "!") is None and authenticate(name, "") is None
    stranger = Scorekeeper(app, app.test_client())
    for password in ("!", "", PASSWORD):
        assert stranger.login(name, password or "x").status_code == 422
    assert stranger.client.post("/api/v1/tokens", auth=(name, "!")).status_code == 401
    assert "Use letters, digits, dots, dashes or underscores." in stranger.errors(
        stranger.register(name).get_data(as_text=True))
    assert not stranger.logged_in() and phone.logged_in()


def test_keep_my_matches_names_the_guest_and_keeps_every_row(app):
    """The conversion changes the account's name, key, password and flag, and nothing else in any table: every
    match, seat, hand, side, trail event, rating, player, login and token is the same row; the new name and
    password log in on another phone and find the matches."""
    phone = become_guest(app)
    with app.app_context():
        guest = guest_of(app)
        guest_id = guest.id
        fill(guest)
        match_ids = [m.id for m in db.session.scalars(select(Match).where(Match.user_id == guest_id))]
        before = every_row()
    page = phone.page("/account")
    assert "This phone is a guest: no name, no password." in phone.text(page)
    response = phone.submit("/account/keep", {"username": NEW_NAME, "password": PASSWORD, "confirm": PASSWORD})
    assert response.status_code == 302 and response.headers["Location"] == "/account"
    with app.app_context():
        after = every_row()
        account = db.session.get(User, guest_id)
        assert account is not None and not account.guest and account.username == NEW_NAME
        named = next(row for row in after["user"] if row[0] == guest_id)
    assert {name: rows for name, rows in after.items() if name != "user"} == {
        name: rows for name, rows in before.items() if name != "user"}
    assert [row for row in before["user"] if row[0] != guest_id] == [row for row in after["user"] if row[0] != guest_id]
    assert len(after["user"]) == len(before["user"]) and named[0] == guest_id
    assert "This phone is a guest" not in phone.text(phone.page("/matches/"))
    other = Scorekeeper(app, app.test_client())
    assert other.login(NEW_NAME).status_code == 302
    for match_id in match_ids:
        other.page(f"/matches/{match_id}")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(matches=st.lists(st.tuples(st.integers(0, 3), st.booleans(), st.booleans()), max_size=3),
       tokens=st.integers(0, 2), players=st.lists(st.sampled_from(["Caio", "Dani", "Eva"]), unique=True))
def test_keeping_any_guests_matches_changes_only_its_own_user_row(app, matches, tokens, players):
    """Whatever a guest holds (matches with some hands, one taken back, one finished; extra players; tokens),
    keep_matches changes its name, key, password and flag and no other value of any row of any table."""
    with app.app_context():
        guest = create_guest()
        db.session.commit()
        for hands, undo, finished in matches:
            match = start(guest, "Ana", "Bea")
            for number in range(1, hands + 1):
                record_hand(match, even_hand(number % 2), number)
            if undo and hands:
                undo_last_hand(match, match.version)
            if finished:
                win(match, 1)
        for name in players:
            guest.players.append(Player(name=name))
        for number in range(tokens):
            create_token(guest, f"Token {number}")
        db.session.commit()
        before = every_row()
        guest_id = guest.id
        keep_matches(guest, f"kept{guest_id}", PASSWORD)
        after = every_row()
    changed = {name for name in before if before[name] != after[name]}
    assert changed == {"user"}
    moved = set(before["user"]) ^ set(after["user"])
    assert {row[0] for row in moved} == {guest_id} and len(moved) == 2


def test_keep_my_matches_refuses_a_taken_name_and_keeps_what_was_typed(app, keeper):
    """'ANA' is 'ana''s: the form says so, keeps the name typed, and the phone stays a guest."""
    phone = become_guest(app)
    response = phone.submit("/account/keep", {"username": "ANA", "password": PASSWORD, "confirm": PASSWORD})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "That username is taken." in phone.errors(html) and 'value="ANA"' in html
    with app.app_context():
        assert guest_of(app).username.startswith("guest:")


def test_the_service_refuses_a_name_taken_meanwhile_and_a_named_account(app, keeper):
    """Past the form's check, the database's unique key still refuses 'ana' (UsernameTaken, the guest left as it
    was); a named account is no guest to keep (NotAGuest)."""
    with app.app_context():
        guest = create_guest()
        db.session.commit()
        with pytest.raises(UsernameTaken):
            keep_matches(guest, "ana", PASSWORD)
        guest = db.session.get(User, guest.id)
        assert guest is not None and guest.guest and guest.username.startswith("guest:")
        with pytest.raises(NotAGuest):
            keep_matches(db.session.scalars(select(User).where(User.username == "ana")).one(), "zoe", PASSWORD)


def test_a_named_account_has_nothing_to_keep(app, keeper):
    """The keep and leave pages send a named account to its account page; its log-out is as before."""
    for url in ("/account/keep", "/account/leave"):
        response = keeper.client.get(url)
        assert response.status_code == 302 and response.headers["Location"] == "/account"
    response = keeper.client.post("/account/leave", data={"csrf_token": keeper.token()})
    assert response.status_code == 302 and keeper.logged_in()
    assert keeper.logout().status_code == 302 and not keeper.logged_in()


def test_a_guest_is_warned_before_logging_out_and_may_keep_its_matches_instead(app):
    """Log out (the footer, the device list, everywhere) leads a guest to a page saying its matches would be lost,
    offering Keep my matches; it is still logged in. Confirming deletes it with everything."""
    phone = become_guest(app)
    with app.app_context():
        guest = guest_of(app)
        fill(guest)
        token_id = guest.tokens[0].id
    footer = phone.page("/matches/")
    assert 'href="/account/leave"' in footer and 'action="/logout"' not in footer
    token = phone.token()
    for url in ("/logout", "/account/logout-everywhere", f"/account/devices/{token_id}/logout"):
        response = phone.client.post(url, data={"csrf_token": token})
        assert response.status_code == 303 and response.headers["Location"] == "/account/leave", url
        assert phone.logged_in()
    for url in ("/account/password", "/account/delete"):
        assert phone.client.get(url).status_code == 302
    page = phone.page("/account/leave")
    assert "nothing can open its matches again" in phone.text(page) and 'href="/account/keep"' in page
    response = phone.submit("/account/leave", action="/account/leave")
    assert response.status_code == 302 and not phone.logged_in()
    with app.app_context():
        assert db.session.scalar(select(User.id)) is None and db.session.scalar(select(Match.id)) is None


def named_and_old(name: str, days: int) -> User:
    """A named account made `days` days ago."""
    user = User(username=name, password_hash="-", created_at=now() - timedelta(days=days))
    db.session.add(user)
    db.session.commit()
    return user


def aged_guest(days: int, login_used: int | None = None, token_used: int | None = None) -> User:
    """A guest with a match, made `days` days ago; its device login last used `login_used` days ago and an API
    token `token_used` days ago (none when not given)."""
    user = create_guest()
    user.created_at = now() - timedelta(days=days)
    start(user, "Ana", "Bea")
    if login_used is not None:
        moment = now() - timedelta(days=login_used)
        db.session.add(LoginToken(user=user, secret_hash=f"{user.id:064d}", remember=True, created_at=moment,
                                  last_used_at=moment, expires_at=moment + timedelta(days=90)))
    if token_used is not None:
        token, _secret = create_token(user, "Sheet")
        token.last_used_at = now() - timedelta(days=token_used)
    db.session.commit()
    return user


def test_only_guests_unused_for_the_days_given_are_removed(app):
    """The command removes the guests made and unused for 90 days (logged out, login unused, token unused) and
    keeps a named account as old, a guest made yesterday, and guests whose login or token was used lately."""
    with app.app_context():
        kept = {named_and_old("old", 400).id, aged_guest(1).id, aged_guest(200, login_used=89).id,
                aged_guest(200, token_used=10).id, aged_guest(200, login_used=300, token_used=2).id}
        removed = {aged_guest(91).id, aged_guest(200, login_used=91).id, aged_guest(200, token_used=120).id,
                   aged_guest(500, login_used=200, token_used=100).id}
        assert set(db.session.scalars(idle_guests(90))) == removed
    result = app.test_cli_runner().invoke(args=["remove-idle-guests", "--days", "90"])
    assert result.exit_code == 0 and "Removed 4 guest accounts unused for 90 days." in result.output
    with app.app_context():
        assert set(db.session.scalars(select(User.id))) == kept
        assert {m.user_id for m in db.session.scalars(select(Match))} == kept - {min(kept)}
    again = app.test_cli_runner().invoke(args=["remove-idle-guests"])
    assert again.exit_code == 0 and "Removed 0 guest accounts unused for 90 days." in again.output


def test_the_days_must_be_a_positive_number(app):
    """--days 0 or a word is refused by the command's own check, removing nothing."""
    for days in ("0", "soon", "-5"):
        result = app.test_cli_runner().invoke(args=["remove-idle-guests", "--days", days])
        assert result.exit_code == 2 and "Invalid value for '--days'" in result.output


def test_a_removed_guest_leaves_nothing_behind(database_app):
    """Every table holds exactly what it held before the guest came: its matches, seats, hands, sides, trail,
    ratings, players, revoked links, logins and tokens are gone, and another account's are untouched (SQLite,
    then PostgreSQL)."""
    app = database_app()
    phone = become_guest(app)
    with app.app_context():
        db.session.execute(update(User).values(guest=False, username="kept", username_key="kept"))
        fill(db.session.scalars(select(User)).one())
        before = every_row()
    phone.client.delete_cookie("remember_token")
    phone.client.delete_cookie("session")
    become_guest(app)
    with app.app_context():
        guest = guest_of(app)
        fill(guest)
        assert every_row() != before
        assert remove_idle_guests(90, moment=now() + timedelta(days=91)) == 1
        assert every_row() == before


def throttled_app(migrated_sqlite: Path, folder: Path, **limits: str) -> Flask:
    """An app with throttling on (the shipped limits but these) on a copy of the migrated database."""
    path = folder / "throttled.sqlite"
    shutil.copyfile(migrated_sqlite, path)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"} | limits)
    assert app.config["RATELIMIT_ENABLED"]
    return app


def test_the_third_guest_from_one_address_in_an_hour_is_refused_with_the_refusal_page(migrated_sqlite, tmp_path):
    """Guests per address are throttled: over GUEST_LIMIT the answer is 429 with the app's refusal page and
    Retry-After, and no account is made; another address goes on."""
    app = throttled_app(migrated_sqlite, tmp_path, GUEST_LIMIT="2 per hour")
    become_guest(app)
    become_guest(app)
    phone = Scorekeeper(app, app.test_client())
    response = phone.submit("/", action="/guest")
    assert response.status_code == 429 and int(response.headers["Retry-After"]) > 60
    assert re.search(r"Too many requests\. Please wait \d+ seconds and try again\.", phone.text(
        response.get_data(as_text=True)))
    assert not phone.logged_in()
    phone.client.environ_base["REMOTE_ADDR"] = "192.0.2.9"
    assert phone.submit("/", action="/guest").status_code == 302
    with app.app_context():
        assert len(db.session.scalars(select(User.id)).all()) == 3


def test_keep_my_matches_over_its_limit_keeps_what_was_typed_and_says_how_long_to_wait(migrated_sqlite, tmp_path):
    """Over REGISTER_LIMIT on the keep page: 429, the form again with the name typed and the wait, the phone
    still a guest."""
    app = throttled_app(migrated_sqlite, tmp_path, REGISTER_LIMIT="1 per hour")
    phone = become_guest(app)
    fields = {"username": "ANA", "password": PASSWORD, "confirm": "other"}
    assert phone.submit("/account/keep", fields).status_code == 422
    response = phone.submit("/account/keep", fields | {"username": "zoe"})
    assert response.status_code == 429 and int(response.headers["Retry-After"]) > 60
    html = response.get_data(as_text=True)
    assert 'value="zoe"' in html and re.search(r"Too many attempts\. Please wait \d+ seconds", phone.text(html))
    with app.app_context():
        assert guest_of(app).guest


def test_a_guest_opening_the_login_or_register_page_is_told_its_matches_would_stay_behind(app, visitor):
    """Logging in to another account leaves a guest's matches where nothing reaches them: both pages say so and
    offer Keep my matches; a visitor's pages say nothing of it."""
    phone = become_guest(app)
    for url in ("/login", "/register"):
        page = phone.page(url)
        assert "its matches stay behind, and nothing can open them again." in phone.text(page)
        assert 'href="/account/keep"' in page
        assert "its matches stay behind" not in visitor.text(visitor.page(url))


def test_a_name_taken_between_the_check_and_the_save_is_said_on_the_form(app, monkeypatch):
    """Another phone registers the name while this one's keep is on its way: the form says the name is taken,
    keeps it, and the phone stays a guest."""
    phone = become_guest(app)

    def taken_meanwhile(user: User, username: str, password: str) -> User:
        raise UsernameTaken(username)

    monkeypatch.setattr("referee.views.guests.keep_matches", taken_meanwhile)
    response = phone.submit("/account/keep", {"username": "zoe", "password": PASSWORD, "confirm": PASSWORD})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "That username is taken." in phone.errors(html) and 'value="zoe"' in html
    with app.app_context():
        assert guest_of(app).guest


def test_a_guest_named_after_the_idle_were_picked_is_not_removed(app, monkeypatch):
    """The idle are picked first and removed after: one that Keep my matches named in between (here, picked as
    a guest and named before the removal) stays with its match; the still idle guest goes."""
    import referee.services.guests as guests

    with app.app_context():
        named, idle = aged_guest(100), aged_guest(100)
        named_id, idle_id = named.id, idle.id
        db.session.commit()
        picked = select(User.id).where(User.id.in_(list(db.session.scalars(guests.idle_guests(90)))))
        monkeypatch.setattr(guests, "idle_guests", lambda days, moment=None: picked)
        keep_matches(named, "kept-meanwhile", PASSWORD)
        assert remove_idle_guests(90) == 1
        assert db.session.get(User, named_id) is not None and db.session.get(User, idle_id) is None
        assert db.session.scalar(select(func.count()).select_from(Match).where(Match.user_id == named_id)) == 1
