"""Members appear by the name they chose, as they wrote it: the registration and "Keep my matches" forms let a
phone's keyboard start the name with a capital (logins ignore case), and the club's member list and New
tournament's members show the name as registered, not as typed to log in."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from referee.extensions import db
from referee.models import User
from referee.services.clubs import create_club, join_club, make_invite, membership


@pytest.mark.parametrize("page", ["/register", "/account/keep"])
def test_the_name_fields_let_the_keyboard_write_a_capital(visitor, page):
    """autocapitalize="words" (not "none": a phone then writes 'ana'), with a hint that capitals do not matter to
    log in."""
    if page != "/register":
        assert visitor.submit("/", action="/guest").status_code == 302
    html = visitor.page(page)
    field = re.search(r'<input[^>]*name="username"[^>]*>', html)
    assert field and 'autocapitalize="words"' in field.group(0)
    assert "capitals do not matter when you log in" in visitor.text(html)


def test_members_show_as_registered_whatever_case_they_log_in_with(app, keeper_on):
    """Ana registered as "Ana" and logs in as "ana": the club's members and New tournament's read "Ana"."""
    keeper_on(app).account("Ana")
    bea = keeper_on(app).account("Bea")
    lower = keeper_on(app)
    assert lower.login("ana").status_code == 302
    with app.app_context():
        users = {u.username: u for u in db.session.scalars(select(User))}
        club = create_club(users["Ana"], "Casa")
        join_club(users["Bea"], make_invite(membership(users["Ana"], club.id)).secret)
        club_id = club.id
    members = re.findall(r'<span class="name">([^<]+)</span>', lower.page(f"/clubs/{club_id}"))
    assert {"Ana", "Bea"} <= set(members) and "ana" not in members
    entrants = lower.text(lower.page(f"/clubs/{club_id}/tournaments/new"))
    assert "Ana" in entrants and " ana " not in entrants and bea.username == "Bea"
