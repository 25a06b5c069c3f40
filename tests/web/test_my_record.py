"""My record: an account's figures over the seats it holds by a confirmed claim, whoever owns the matches; the
same figures as a player's page for a player whose every match is claimed (services/stats.py)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from test_player_stats import PRESETS, ROSTER, SEATINGS, Plan, figure, plans, play, win_for_side_zero
from test_ratings import account, start, win

from referee.extensions import db
from referee.models import Match, User
from referee.services.claims import claim_seat, drop_claim
from referee.services.players import delete_player
from referee.services.sharing import join, make_join_code, revoke_join_codes
from referee.services.stats import PlayerStats, StatsFilter, account_stats, player_stats

ACCOUNTS = iter(range(10**6))
FILTERS = st.builds(StatsFilter, game=st.sampled_from(["", "escova-rs", "escoba-es"]),
                    period=st.sampled_from(["all", "year", "30d"]))


def figures(stats: PlayerStats) -> dict[str, Any]:
    """Every figure a page shows, partners and opponents by player id."""
    return {"record": stats.record, "hands": stats.hands,
            "partners": stats.partners, "opponents": stats.opponents}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(plans(), min_size=1, max_size=4), st.sampled_from(ROSTER), FILTERS)
def test_my_record_equals_the_player_s_page_when_every_match_of_theirs_is_claimed(
        app: Flask, matches: list[Plan], name: str, only: StatsFilter) -> None:
    """Random matches of one owner; an account claims the seat of one player in each match it sat in (with a
    live code: confirmed): its record and the player's page agree, figure by figure, under any filter."""
    with app.app_context():
        n = next(ACCOUNTS)
        owner, me = account(f"own{n}"), account(f"me{n}")
        for plan in matches:
            match = play(owner, plan)
            seat = next((s for s in match.seats if s.name == name), None)
            if seat is not None:
                join(me, make_join_code(match).code)
                claim_seat(me, match, seat.position)
        player = next((p for p in owner.players if p.name == name), None)
        mine = account_stats(me.id, only)
        if player is None:
            assert mine.record.started == 0 and mine.hands.hands == 0
        else:
            assert figures(mine) == figures(player_stats(player, only))


def test_my_record_spans_owners_and_counts_only_confirmed_claims(app: Flask) -> None:
    """Bea's seat in Ana's match and in Cy's, both won; a third claim waits for its owner and does not count
    until confirmed; a claim given up counts no more."""
    with app.app_context():
        ana, cy, bea = account("ana"), account("cy"), account("bea")
        first, second, third = start(ana, "Bea", "Dan"), start(cy, "Beatriz", "Eva"), start(cy, "B", "Fay")
        for match in (first, second, third):
            join(bea, make_join_code(match).code)
        revoke_join_codes(third)
        claims = [claim_seat(bea, match, 0) for match in (first, second, third)]
        for match in (first, second):
            win(match, 0)
        record = account_stats(bea.id).record
        assert (record.started, record.finished, record.won) == (2, 2, 2)
        assert {o.name for o in account_stats(bea.id).opponents} == {"Dan", "Eva"}
        drop_claim(bea, first, claims[0].id)
        assert account_stats(bea.id).record.started == 1


def test_a_partnership_counts_the_partner_not_the_claimed_seat(app: Flask) -> None:
    """In a match of two partnerships, the claimed seat's partner is a partner, the others opponents."""
    with app.app_context():
        ana, bea = account("ana"), account("bea")
        match = win_for_side_zero(ana, Plan(SEATINGS[3], ("Ana", "Bia", "Carla", "Duda"), "escova-rs", 0, 1, 0.0))
        join(bea, make_join_code(match).code)
        claim_seat(bea, match, 0)
        stats = account_stats(bea.id)
        assert [p.name for p in stats.partners] == ["Carla"]
        assert sorted(o.name for o in stats.opponents) == ["Bia", "Duda"]


def test_my_record_is_empty_for_an_account_without_claims(app: Flask) -> None:
    with app.app_context():
        me = User(username="nobody", password_hash="-")
        db.session.add(me)
        db.session.commit()
        assert account_stats(me.id).empty


# -- the page ----------------------------------------------------------------------------------------

def test_my_record_page_shows_the_figures_and_the_seats(app: Flask, scorekeeper: Any) -> None:
    """Bea claims her seat in Ana's match (with the code) and wins it: her page counts it and lists the seat,
    linked to the scoreboard; the footer links it."""
    ana, bea = scorekeeper("ana"), scorekeeper("bea")
    match_id = ana.start()
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        user = db.session.scalar(select(User).where(User.username == "bea"))
        join(user, make_join_code(match).code)
        claim_seat(user, match, 1)
        win(match, 1)
    html = bea.page("/me")
    assert figure(html, "Played to the end") == "1" and figure(html, "Won") == "1"
    assert f'href="/matches/{match_id}">Bea in ana\'s match of' in html.replace("&#39;", "'")
    assert 'href="/me"' in bea.page("/")


def test_my_record_without_claims_says_how_to_get_one(scorekeeper: Any) -> None:
    bea = scorekeeper("bea")
    text = bea.text(bea.page("/me"))
    assert "Claim your seat in a match you play" in text and "You hold no seat yet." in text


def test_my_record_refuses_a_bad_filter_beside_it(scorekeeper: Any) -> None:
    bea = scorekeeper("bea")
    response = bea.client.get("/me?game=poker")
    assert response.status_code == 422 and "Showing every game instead." in bea.text(response.get_data(as_text=True))


def test_my_record_needs_an_account(client: Any) -> None:
    assert "/login" in client.get("/me").headers["Location"]


def test_my_record_holds_on_sqlite_and_postgresql(database_app: Any) -> None:
    """The same SQL on both databases: seeded random matches, Ana's seat claimed in each, My record equals her
    page's figures under every filter; claims, merges and deletes of players on both too."""
    app = database_app()
    with app.app_context():
        owner, me = account("both"), account("me")
        for n in range(8):
            seating = SEATINGS[n % len(SEATINGS)]
            names = ("Ana", *[name for name in ROSTER if name != "Ana"][:seating.seats - 1])
            match = play(owner, Plan(seating, names, PRESETS[n % 3], 10, n, 0.3))
            join(me, make_join_code(match).code)
            claim_seat(me, match, 0)
        ana = next(p for p in owner.players if p.name == "Ana")
        for only in (StatsFilter(), StatsFilter("escova-rs", "30d"), StatsFilter("", "year")):
            assert figures(account_stats(me.id, only)) == figures(player_stats(ana, only)), only
        delete_player(ana)
        assert account_stats(me.id).empty
