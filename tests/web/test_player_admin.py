"""Managing players through their pages: rename, merge, delete; each player one person whatever the case or
accents typed; private to the account; CSRF on every form."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import factories
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from werkzeug.datastructures import MultiDict

from referee.extensions import db
from referee.forms import NewMatchForm
from referee.forms.player_admin import RenamePlayerForm
from referee.models import Match, Player, Seat, User
from referee.services import players as player_service


def player_id(keeper, name):
    """The id of the account's player of that name."""
    [(found,)] = keeper.query(select(Player.id).join(User).where(User.username == keeper.username,
                                                                 Player.name == name))
    return found


def players_of(keeper):
    """The account's players' names, in the order the account lists them."""
    rows = keeper.query(select(Player.name).join(User).where(User.username == keeper.username)
                        .order_by(Player.name_key))
    return [name for (name,) in rows]


def seats(keeper, match_id):
    """A match's seats as (name, player's name or None)."""
    rows = keeper.query(select(Seat.name, Player.name).outerjoin(Player, Seat.player_id == Player.id)
                        .where(Seat.match_id == match_id).order_by(Seat.position))
    return [tuple(row) for row in rows]


def history(keeper, player=""):
    """The match list as a reader sees it, filtered by a player's name."""
    return keeper.text(keeper.page("/matches/" + (f"?{urlencode({'player': player})}" if player else "")))


def finished(keeper, names):
    """A match to 4 the first side won with one hand."""
    match_id = factories.start(keeper, names, target="4")
    factories.save_hand(keeper, match_id)
    return match_id


# ---------------------------------------------------------------------------
# The player's page links to the three.

def test_the_players_page_links_to_rename_merge_and_delete(keeper):
    """Each on a page of its own."""
    factories.start(keeper, ("Ana", "Bea"))
    bea = player_id(keeper, "Bea")
    page = keeper.page(f"/players/{bea}")
    for action in ("rename", "merge", "delete"):
        assert f'href="/players/{bea}/{action}"' in page


# ---------------------------------------------------------------------------
# Rename.

def test_renaming_a_player_renames_them_in_every_match_the_history_and_its_filter(keeper):
    """The scoreboard, the match list and the filter by player say the new name; the old one is gone."""
    first = finished(keeper, ("Ana", "Bea"))
    second = factories.start(keeper, ("Bea", "Cid", "Dan"))
    bea = player_id(keeper, "Bea")
    assert keeper.form(f"/players/{bea}/rename")["name"] == "Bea"
    response = keeper.submit(f"/players/{bea}/rename", {"name": "  Cristina "})
    assert response.status_code == 302 and response.headers["Location"] == f"/players/{bea}"
    assert "Bea is now Cristina, in every match." in keeper.text(keeper.page(f"/players/{bea}"))
    assert "Winner: Ana!" in keeper.board(first) and "Cristina" in keeper.board(first)
    assert "Bea" not in keeper.board(first) and "Bea" not in keeper.board(second)
    assert seats(keeper, second) == [("Cristina", "Cristina"), ("Cid", "Cid"), ("Dan", "Dan")]
    listed = history(keeper)
    assert "Ana · Cristina" in listed and "Cristina · Cid · Dan" in listed and "Bea" not in listed
    assert {"Ana · Cristina", "Cristina · Cid · Dan"} <= {n for n in ("Ana · Cristina", "Cristina · Cid · Dan")
                                                         if n in history(keeper, "cristína")}
    assert "No match matches these filters." in history(keeper, "Bea")
    assert '<option value="Cristina">' in keeper.page("/matches/new")
    assert '<option value="Bea">' not in keeper.page("/matches/new")


def test_a_name_differing_only_in_case_or_accents_renames_the_same_player(keeper):
    """'bea' → 'Béa' is the same player written better: no conflict with herself."""
    match_id = factories.start(keeper, ("Ana", "bea"))
    bea = player_id(keeper, "bea")
    assert keeper.submit(f"/players/{bea}/rename", {"name": "Béa"}).status_code == 302
    assert seats(keeper, match_id)[1] == ("Béa", "Béa")
    assert players_of(keeper) == ["Ana", "Béa"]


def test_the_same_name_again_changes_nothing_and_says_nothing(keeper):
    """Saving the form as it opened goes back to the player."""
    factories.start(keeper, ("Ana", "Bea"))
    bea = player_id(keeper, "Bea")
    response = keeper.submit(f"/players/{bea}/rename")
    assert response.headers["Location"] == f"/players/{bea}"
    assert "is now" not in keeper.text(keeper.page(f"/players/{bea}"))


@pytest.mark.parametrize("typed", ["Ana", "ANA", "Aná", " ana "])
def test_a_name_another_player_has_is_refused_and_the_merge_is_offered(keeper, typed):
    """409, the name as typed kept, the other player named, a link to merge the two; nothing renamed."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    ana, bea = player_id(keeper, "Ana"), player_id(keeper, "Bea")
    response = keeper.submit(f"/players/{bea}/rename", {"name": typed})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert keeper.errors(page) == ["Another player is already called Ana."]
    assert keeper.fields(page)["name"] == typed
    assert f'href="/players/{bea}/merge?other={ana}&amp;keep=other"' in page
    assert "If Bea and Ana are the same person, merge them" in keeper.text(page)
    assert seats(keeper, match_id) == [("Ana", "Ana"), ("Bea", "Bea")]


def test_the_offered_merge_opens_with_the_other_player_picked_and_her_name_kept(keeper):
    """The link from a refused rename: the select holds Ana, and the name to keep is hers, the one typed."""
    factories.start(keeper, ("Ana", "Bea"))
    ana, bea = player_id(keeper, "Ana"), player_id(keeper, "Bea")
    page = keeper.page(f"/players/{bea}/merge?other={ana}&keep=other")
    assert f'<option selected value="{ana}">Ana</option>' in page
    assert keeper.fields(page) | {"csrf_token": ""} == {"csrf_token": "", "other": str(ana), "keep": "other"}
    assert "Bea is the same person as" in keeper.text(page) and "Keep the name Bea Ana" in keeper.text(page)
    response = keeper.submit(f"/players/{bea}/merge?other={ana}&keep=other", post_to=f"/players/{bea}/merge")
    assert response.headers["Location"] == f"/players/{ana}"
    assert players_of(keeper) == ["Ana"]


def test_the_merge_page_opened_with_nonsense_in_its_query_shows_nothing_picked(keeper):
    """Another account's player, a missing one, or no number: the select waits for a choice; nothing changes."""
    factories.start(keeper, ("Ana", "Bea"))
    bea = player_id(keeper, "Bea")
    for query in ("other=99999", "other=abc", "keep=nobody&other=", "other=" + "9" * 400):
        page = keeper.page(f"/players/{bea}/merge?{query}")
        assert not re.search(r'selected value="[0-9]', page), query
    assert players_of(keeper) == ["Ana", "Bea"]


@pytest.mark.parametrize(("typed", "message"), [
    ("", "Give the player a name."),
    ("    ", "Give the player a name."),
    ("x" * 41, "Field cannot be longer than 40 characters."),
    ("Be\x00a", "This holds control characters, which no keyboard types: remove them."),
])
def test_a_name_the_new_match_form_would_refuse_is_refused_and_kept(keeper, typed, message):
    """422 with the reason beside the field, the typed name back in it, the player unchanged."""
    factories.start(keeper, ("Ana", "Bea"))
    bea = player_id(keeper, "Bea")
    response = keeper.submit(f"/players/{bea}/rename", {"name": typed})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in keeper.errors(page)
    if "\x00" not in typed:
        assert keeper.fields(page)["name"] == typed
    assert players_of(keeper) == ["Ana", "Bea"]


SEAT_NAMES = st.text(st.characters(codec="utf-8"), max_size=45) | st.sampled_from(
    ["Ana", " Ana ", "x" * 40, " " + "x" * 40, "ß" * 40, "ﷺ" * 40, "Lucía", "\u0301", "A\tB", "\nAna"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=SEAT_NAMES)
def test_any_name_the_new_match_form_takes_the_rename_takes_too(app, name):
    """The same rules (referee.forms.matches.NAME_RULES), trimmed the same way, and stored as the seat's."""
    with app.test_request_context():
        seat = NewMatchForm(formdata=MultiDict({"preset": "escova-rs", "seating": "2", "first_dealer": "0",
                                                "penalty": "forfeit", "deal_passes": "right",
                                                "names-0": name, "names-1": "Zz"}), meta={"csrf": False})
        if not seat.validate():
            return
        rename = RenamePlayerForm(formdata=MultiDict({"name": name}), meta={"csrf": False})
        assert rename.validate(), rename.errors
        assert rename.new_name() == seat.player_names()[0]
        db.create_all()
        user = db.session.scalar(select(User)) or User(username="ana", password_hash="x")
        if not user.players:
            user.players.append(Player(name="Placeholder"))
            db.session.add(user)
            db.session.commit()
        [player] = user.players
        player_service.rename_player(player, rename.new_name())
        assert db.session.scalar(select(Player.name)) == seat.player_names()[0]


# ---------------------------------------------------------------------------
# Merge.

def test_merging_moves_every_seat_of_the_other_player_under_the_name_kept(keeper):
    """'Bia' was a typo for Bea: her seats become Bea's, named Bea, in the board, the list and its filter."""
    one = factories.start(keeper, ("Ana", "Bea"))
    two = finished(keeper, ("Bia", "Cid"))
    three = factories.start(keeper, ("Ana", "Bia", "Cid"))
    bea, bia = player_id(keeper, "Bea"), player_id(keeper, "Bia")
    page = keeper.page(f"/players/{bea}/merge")
    assert "Bea is the same person as" in keeper.text(page)
    response = keeper.submit(f"/players/{bea}/merge", {"other": str(bia), "keep": "this"})
    assert response.status_code == 302 and response.headers["Location"] == f"/players/{bea}"
    assert "Bia and Bea are one player now, called Bea in every match." in keeper.text(keeper.page(f"/players/{bea}"))
    assert players_of(keeper) == ["Ana", "Bea", "Cid"]
    assert seats(keeper, one) == [("Ana", "Ana"), ("Bea", "Bea")]
    assert seats(keeper, two) == [("Bea", "Bea"), ("Cid", "Cid")]
    assert seats(keeper, three) == [("Ana", "Ana"), ("Bea", "Bea"), ("Cid", "Cid")]
    assert "Winner: Bea!" in keeper.board(two)
    assert "No match matches these filters." in history(keeper, "bia")
    found = history(keeper, "bea")
    assert all(names in found for names in ("Ana · Bea", "Bea · Cid", "Ana · Bea · Cid"))
    assert keeper.client.get(f"/players/{bia}").status_code == 404


def test_merging_can_keep_the_other_players_name(keeper):
    """Keep 'Beatriz': Bea's seats take that name, and the page goes to Beatriz."""
    one = factories.start(keeper, ("Ana", "Bea"))
    two = factories.start(keeper, ("Beatriz", "Cid"))
    bea, beatriz = player_id(keeper, "Bea"), player_id(keeper, "Beatriz")
    response = keeper.submit(f"/players/{bea}/merge", {"other": str(beatriz), "keep": "other"})
    assert response.headers["Location"] == f"/players/{beatriz}"
    assert seats(keeper, one)[1] == ("Beatriz", "Beatriz") and seats(keeper, two)[0] == ("Beatriz", "Beatriz")
    assert players_of(keeper) == ["Ana", "Beatriz", "Cid"]


def test_merging_moves_the_side_results_with_the_seats(keeper):
    """The hands a merged player played count for the kept one: the seats' sides stay, so do their hands."""
    match_id = finished(keeper, ("Bia", "Cid"))
    factories.start(keeper, ("Bea", "Cid"))
    bea, bia = player_id(keeper, "Bea"), player_id(keeper, "Bia")
    before = keeper.query(select(Seat.id, Seat.side).where(Seat.match_id == match_id).order_by(Seat.position))
    keeper.submit(f"/players/{bea}/merge", {"other": str(bia)})
    after = keeper.query(select(Seat.id, Seat.side, Seat.player_id).where(Seat.match_id == match_id)
                         .order_by(Seat.position))
    assert [(i, s) for i, s, _p in after] == [tuple(row) for row in before]
    assert after[0][2] == bea


@pytest.mark.parametrize("other", ["", "abc", "999999", "-1", "1" * 40, "self", "another account's"])
def test_merging_with_a_player_not_offered_is_refused(keeper, scorekeeper, other):
    """Nobody, nonsense, a missing player, this one, another account's: 422 'Pick one of your players.'"""
    factories.start(keeper, ("Ana", "Bea"))
    bob = scorekeeper("bob")
    factories.start(bob, ("Zoe", "Yan"))
    bea = player_id(keeper, "Bea")
    value = {"self": str(bea), "another account's": str(player_id(bob, "Zoe"))}.get(other, other)
    response = keeper.submit(f"/players/{bea}/merge", {"other": value})
    assert response.status_code == 422
    assert "Pick one of your players." in keeper.errors(response.get_data(as_text=True))
    assert players_of(keeper) == ["Ana", "Bea"] and players_of(bob) == ["Yan", "Zoe"]


def test_a_keep_choice_not_offered_is_refused(keeper):
    """Only this name or the other's."""
    factories.start(keeper, ("Ana", "Bea"))
    response = keeper.submit(f"/players/{player_id(keeper, 'Bea')}/merge",
                             {"other": str(player_id(keeper, "Ana")), "keep": "both"})
    assert response.status_code == 422
    assert players_of(keeper) == ["Ana", "Bea"]


def test_a_player_alone_has_no_one_to_merge_with(keeper):
    """The page says so, with no form."""
    factories.start(keeper, ("Ana", "ana"))  # one player in two seats
    page = keeper.page(f"/players/{player_id(keeper, 'Ana')}/merge")
    assert "Ana is your only player: there is no one to merge with." in keeper.text(page)
    assert 'name="other"' not in page


def test_merging_and_deleting_rate_the_account_again_before_the_commit(keeper, monkeypatch):
    """referee.services.ratings.rerate runs on the account once the player is gone and the seats moved."""
    match_id = factories.start(keeper, ("Bia", "Cid"))
    factories.start(keeper, ("Bea", "Cid"))
    seen = []

    def rerate(user):
        seen.append(([p.name for p in user.players],
                     db.session.execute(select(Seat.name, Seat.player_id).where(Seat.match_id == match_id)
                                        .order_by(Seat.position)).all()))

    monkeypatch.setattr(player_service.ratings, "rerate", rerate)
    bea, cid = player_id(keeper, "Bea"), player_id(keeper, "Cid")
    keeper.submit(f"/players/{bea}/merge", {"other": str(player_id(keeper, "Bia"))})
    keeper.submit(f"/players/{cid}/delete")
    assert seen == [(["Bea", "Cid"], [("Bea", bea), ("Cid", cid)]), (["Bea"], [("Bea", bea), ("Cid", None)])]


def test_merging_keeps_the_seats_even_when_their_lists_were_read_before(keeper):
    """The seats moved by one UPDATE: a seat list loaded earlier must not set them to no player at the delete."""
    match_id = factories.start(keeper, ("Bia", "Bea"))
    with keeper.app.app_context():
        bia = db.session.scalar(select(Player).where(Player.name == "Bia"))
        bea = db.session.scalar(select(Player).where(Player.name == "Bea"))
        assert len(bia.seats) == 1 and len(bea.seats) == 1  # loaded, soon stale
        player_service.merge_players(bea, bia)
    assert seats(keeper, match_id) == [("Bea", "Bea"), ("Bea", "Bea")]


def versions(keeper, *match_ids):
    """Each match's version, in the order asked."""
    found = dict(keeper.query(select(Match.id, Match.version).where(Match.id.in_(match_ids))))
    return [found[match_id] for match_id in match_ids]


def test_renaming_merging_and_deleting_bump_the_version_of_each_match_the_player_sat_in(database_app, keeper_on):
    """Each changes the names those matches show (or their seats' player), so their copies whose ETag holds the version
    go stale; the account's other matches keep theirs. On SQLite and PostgreSQL."""
    keeper = keeper_on(database_app(), "ana")
    matches = tuple(factories.start(keeper, names) for names in [("Ana", "Bea"), ("Bea", "Cid"), ("Ana", "Cid"),
                                                                 ("Bia", "Ana")])
    before = versions(keeper, *matches)
    assert keeper.submit(f"/players/{player_id(keeper, 'Bea')}/rename", {"name": "Beatriz"}).status_code == 302
    assert [now - then for now, then in zip(versions(keeper, *matches), before, strict=True)] == [1, 1, 0, 0]
    beatriz, bia = player_id(keeper, "Beatriz"), player_id(keeper, "Bia")
    assert keeper.submit(f"/players/{beatriz}/merge", {"other": str(bia), "keep": "this"}).status_code == 302
    assert [now - then for now, then in zip(versions(keeper, *matches), before, strict=True)] == [1, 1, 0, 1]
    assert keeper.submit(f"/players/{player_id(keeper, 'Cid')}/delete").status_code == 302
    assert [now - then for now, then in zip(versions(keeper, *matches), before, strict=True)] == [1, 2, 1, 1]


# ---------------------------------------------------------------------------
# Delete.

def test_deleting_a_player_keeps_their_matches_under_the_name(keeper):
    """The seats keep 'Bea' with no player; the board and the list still say Bea; the filter still finds her."""
    one = finished(keeper, ("Ana", "Bea"))
    two = factories.start(keeper, ("Bea", "Cid"))
    bea = player_id(keeper, "Bea")
    page = keeper.text(keeper.page(f"/players/{bea}/delete"))
    assert "The 2 matches Bea played stay, with the name Bea at the seats." in page
    response = keeper.submit(f"/players/{bea}/delete")
    assert response.status_code == 302 and response.headers["Location"] == "/players"
    assert "Bea is deleted. Their matches stay, under that name." in keeper.text(keeper.page("/players"))
    assert players_of(keeper) == ["Ana", "Cid"]
    assert seats(keeper, one) == [("Ana", "Ana"), ("Bea", None)]
    assert seats(keeper, two) == [("Bea", None), ("Cid", "Cid")]
    assert "Bea" in keeper.board(one) and "Bea" in keeper.board(two)
    assert all(names in history(keeper, "bea") for names in ("Ana · Bea", "Bea · Cid"))
    assert keeper.client.get(f"/players/{bea}").status_code == 404


def test_the_delete_page_counts_one_match_once_and_says_nothing_of_none(keeper):
    """One match in two seats is one match; a player of no match is not told of matches."""
    factories.start(keeper, ("Bea", "bea"))
    bea = player_id(keeper, "Bea")
    assert "The match Bea played stays" in keeper.text(keeper.page(f"/players/{bea}/delete"))
    with keeper.app.app_context():
        user = db.session.scalar(select(User).where(User.username == "ana"))
        user.players.append(Player(name="Nadie"))
        db.session.commit()
    assert "played stay" not in keeper.text(keeper.page(f"/players/{player_id(keeper, 'Nadie')}/delete"))


def test_a_name_of_a_deleted_player_makes_a_new_player_next_time(keeper):
    """The old seats stay without a player; the new match's seat has the new one."""
    old = factories.start(keeper, ("Ana", "Bea"))
    keeper.submit(f"/players/{player_id(keeper, 'Bea')}/delete")
    new = factories.start(keeper, ("Ana", "bea"))
    assert seats(keeper, old)[1] == ("Bea", None) and seats(keeper, new)[1] == ("bea", "bea")


def test_a_player_deleted_on_another_phone_meanwhile_is_said_not_a_500(keeper):
    """This phone's delete page was open; the other phone merged her away first."""
    factories.start(keeper, ("Bea", "Bia"))
    bea, bia = player_id(keeper, "Bea"), player_id(keeper, "Bia")
    fields = keeper.form(f"/players/{bia}/delete")
    factories.phone(keeper).submit(f"/players/{bea}/merge", {"other": str(bia)})
    response = keeper.client.post(f"/players/{bia}/delete", data=fields)
    assert response.status_code == 404
    assert players_of(keeper) == ["Bea"]


def test_two_phones_merging_the_same_pair_meet_no_500(keeper, monkeypatch):
    """The other phone deletes Bia after this one's form was read, before the merge: it says so."""
    factories.start(keeper, ("Bea", "Bia"))
    bea, bia = player_id(keeper, "Bea"), player_id(keeper, "Bia")
    from referee.views import player_admin

    def raced(kept, merged):
        with keeper.app.app_context():  # the other phone, first
            db.session.delete(db.session.get(Player, bia))
            db.session.commit()
        player_service.merge_players(kept, merged)

    monkeypatch.setattr(player_admin, "merge_players", raced)
    response = keeper.submit(f"/players/{bea}/merge", {"other": str(bia)})
    assert response.headers["Location"] == "/players"
    assert "That player was just deleted or merged on another phone." in keeper.text(keeper.page("/players"))
    assert players_of(keeper) == ["Bea"]


# ---------------------------------------------------------------------------
# One person whatever the case or accents.

def test_starting_a_match_with_a_name_differing_in_case_or_accents_picks_the_same_player(keeper):
    """'ANA' and 'Béa' are Ana and Bea: no new players, the seats keep what was typed."""
    one = factories.start(keeper, ("Ana", "Bea"))
    two = factories.start(keeper, ("ANA", "Béa"))
    assert players_of(keeper) == ["Ana", "Bea"]
    assert seats(keeper, two) == [("ANA", "Ana"), ("Béa", "Bea")]
    ids = keeper.query(select(Seat.match_id, Seat.player_id).where(Seat.match_id.in_([one, two]))
                       .order_by(Seat.position, Seat.match_id))
    assert ids[0][1] == ids[1][1] and ids[2][1] == ids[3][1]


# ---------------------------------------------------------------------------
# Private to the account, CSRF, tampered addresses.

@pytest.mark.parametrize("action", ["rename", "merge", "delete"])
def test_another_accounts_player_is_not_found(keeper, scorekeeper, action):
    """404 to look and to post; her player stays as it was."""
    bob = scorekeeper("bob")
    factories.start(bob, ("Zoe", "Yan"))
    zoe = player_id(bob, "Zoe")
    factories.start(keeper, ("Ana", "Bea"))
    assert keeper.client.get(f"/players/{zoe}/{action}").status_code == 404
    fields = keeper.form(f"/players/{player_id(keeper, 'Bea')}/{action}") | {"name": "Mine", "other": str(zoe)}
    assert keeper.client.post(f"/players/{zoe}/{action}", data=fields).status_code == 404
    assert players_of(bob) == ["Yan", "Zoe"]


@pytest.mark.parametrize("address", ["/players/abc/rename", "/players/-1/merge", "/players/0/delete",
                                     "/players/" + "9" * 40 + "/rename", "/players/2147483648/merge",
                                     "/players/%C2%B2/delete"])
def test_a_tampered_player_number_is_a_404(keeper, address):
    """Never a 500, whatever stands where the number goes."""
    assert keeper.client.get(address).status_code == 404
    assert keeper.client.post(address, data={"csrf_token": keeper.token()}).status_code == 404


@pytest.mark.parametrize(("action", "fields"), [("rename", {"name": "Cristina"}), ("merge", {"other": "ana"}),
                                                ("delete", {})])
@pytest.mark.parametrize("token", ["none", "empty", "forged", "another session's"])
def test_every_player_form_needs_its_csrf_token(keeper, visitor, action, fields, token):
    """400 without the page's token, and nothing changes."""
    factories.start(keeper, ("Ana", "Bea"))
    bea = player_id(keeper, "Bea")
    fields = {key: str(player_id(keeper, "Ana")) if value == "ana" else value for key, value in fields.items()}
    posted = keeper.form(f"/players/{bea}/{action}") | fields
    real = posted.pop("csrf_token")
    posted |= {"none": {}, "empty": {"csrf_token": ""}, "forged": {"csrf_token": real[::-1]},
               "another session's": {"csrf_token": visitor.token()}}[token]
    assert keeper.client.post(f"/players/{bea}/{action}", data=posted).status_code == 400
    assert players_of(keeper) == ["Ana", "Bea"]
    with_token = keeper.client.post(f"/players/{bea}/{action}", data=posted | {"csrf_token": real})
    assert with_token.status_code == 302  # the refusal was the token's


@pytest.mark.parametrize("action", ["rename", "merge", "delete"])
def test_the_pages_need_a_login(visitor, action):
    """A visitor is sent to log in, posting or not."""
    assert visitor.client.get(f"/players/1/{action}").headers["Location"].startswith("/login?next=")
    response = visitor.client.post(f"/players/1/{action}", data={"csrf_token": visitor.token()})
    assert response.headers["Location"].startswith("/login")


# ---------------------------------------------------------------------------
# The old roster page.

def test_the_old_roster_address_sends_on_to_the_players_for_good(keeper, visitor):
    """301 to /players, for bookmarks; removing a name there is gone."""
    response = keeper.client.get("/roster")
    assert response.status_code == 301 and response.headers["Location"] == "/players"
    assert visitor.client.get("/roster").status_code == 301
    assert keeper.client.post("/roster/remove", data={"csrf_token": keeper.token()}).status_code in (404, 405)


def test_the_account_page_links_to_the_players(keeper):
    """'Names you have played with' opens the players page."""
    assert '<a href="/players">Names you have played with</a>' in keeper.page("/account")


def test_a_match_still_starts_when_a_player_was_renamed_between(keeper):
    """The new-match form's datalist offers the new name, and a match started with it is that player's."""
    factories.start(keeper, ("Ana", "Bea"))
    bea = player_id(keeper, "Bea")
    keeper.submit(f"/players/{bea}/rename", {"name": "Cristina"})
    match_id = factories.start(keeper, ("Ana", "cristina"))
    assert seats(keeper, match_id)[1] == ("cristina", "Cristina")
    assert keeper.query(select(Match.id)) and players_of(keeper) == ["Ana", "Cristina"]


def test_rename_merge_and_delete_hold_on_sqlite_and_postgresql(database_app, keeper_on):
    """The row locks, the bulk updates and the deletes, on both databases."""
    app = database_app()
    ana = keeper_on(app, "ana")
    one, two = factories.start(ana, ("Ana", "Bea")), factories.start(ana, ("Bia", "Cid"))
    ana.submit(f"/players/{player_id(ana, 'Cid')}/rename", {"name": "Cidália"})
    assert ana.submit(f"/players/{player_id(ana, 'Cidália')}/rename", {"name": "ANA"}).status_code == 409
    ana.submit(f"/players/{player_id(ana, 'Bea')}/merge", {"other": str(player_id(ana, "Bia"))})
    ana.submit(f"/players/{player_id(ana, 'Ana')}/delete")
    assert players_of(ana) == ["Bea", "Cidália"]
    assert seats(ana, one) == [("Ana", None), ("Bea", "Bea")]
    assert seats(ana, two) == [("Bea", "Bea"), ("Cidália", "Cidália")]
