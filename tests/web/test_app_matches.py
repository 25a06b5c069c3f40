"""Starting a match: presets, seatings, names, options, the roster, the draw for dealer and the rematch."""

from __future__ import annotations

import re
from pathlib import Path

import factories
import pytest
from sqlalchemy import func, select

from referee.extensions import db
from referee.models import Match, Seat


def match_row(keeper, match_id):
    """The stored rules (the preset, then each option) and seating of a match."""
    [row] = keeper.query(select(Match.preset, Match.options, Match.deck_style, Match.partnerships,
                                Match.first_dealer).where(Match.id == match_id))
    found = row._asdict()
    return {"preset": found.pop("preset"), **found.pop("options"), **found}


def seat_names(keeper, match_id):
    """A match's players in the order of play."""
    return [name for (name,) in keeper.query(select(Seat.name).where(Seat.match_id == match_id)
                                             .order_by(Seat.position))]


def match_count(keeper):
    """How many matches are stored, all accounts together."""
    return keeper.query(select(func.count(Match.id)))[0][0]


@pytest.mark.parametrize(("preset", "target", "deck", "king_of_oros"), [
    ("escova-rs", 15, "french", "King of diamonds"),
    ("escoba-es", 21, "spanish", "King of coins"),
    ("escoba-intl", 21, "spanish", "King of coins"),
])
def test_each_preset_starts_a_match_with_its_target_and_deck(keeper, preset, target, deck, king_of_oros):
    """The scoreboard plays to the preset's target; the entry page names cards in the preset's deck."""
    match_id = keeper.start(("Ana", "Bea"), preset=preset)
    assert f"Playing to {target}" in keeper.board(match_id)
    assert match_row(keeper, match_id)["deck_style"] == deck
    assert king_of_oros in keeper.text(keeper.page(keeper.hand_url(match_id)))


@pytest.mark.parametrize(("names", "seating", "sides"), [
    (("Ana", "Bea"), "2", ["Ana", "Bea"]),
    (("Ana", "Bea", "Cid"), "3", ["Ana", "Bea", "Cid"]),
    (("Ana", "Bea", "Cid", "Dan"), "4", ["Ana", "Bea", "Cid", "Dan"]),
    (("Ana", "Bea", "Cid", "Dan"), "pairs", ["Ana & Cid", "Bea & Dan"]),
])
def test_every_seating_makes_its_sides(keeper, names, seating, sides):
    """2, 3 or 4 players each a side, or two partnerships of seats 1 & 3 against 2 & 4."""
    match_id = keeper.start(names, seating=seating)
    board = keeper.board(match_id)
    for side in sides:
        assert f"{side} 0" in board  # each side's name and its total
    assert seat_names(keeper, match_id) == list(names)
    assert match_row(keeper, match_id)["partnerships"] is (seating == "pairs")
    entry = keeper.fields(keeper.page(keeper.hand_url(match_id)))
    assert [f"escobas-{i}" in entry for i in range(4)] == [i < len(sides) for i in range(4)]


def test_the_options_chosen_are_the_rules_in_force(keeper):
    """Target, bonuses, penalty, the way the deal passes and the deck are stored with the match."""
    match_id = keeper.start(("Ana", "Bea"), preset="escoba-es", target="30", all_oros="2", all_sevens="0",
                            over30="1", penalty="void", deal_passes="left", deck_style="french-jq")
    assert match_row(keeper, match_id) == {
        "preset": "escoba-es", "target": 30, "all_oros": 2, "all_sevens": 0, "over30": 1, "penalty": "void",
        "deal_passes": "left", "sevens": "most", "ties": "nobody", "confirm_hands": "none",
        "deck_style": "french-jq", "partnerships": False,
        "first_dealer": 0}
    assert "Playing to 30" in keeper.board(match_id)


def test_a_name_of_40_characters_is_accepted(keeper):
    """The longest name allowed."""
    match_id = keeper.start(("A" * 40, "Bea"))
    assert seat_names(keeper, match_id) == ["A" * 40, "Bea"]


REFUSED_ROSTERS = [
    pytest.param(("Ana", ""), {1: "Give seat 2 a name."}, id="a blank name"),
    pytest.param(("Ana", "   "), {1: "Give seat 2 a name."}, id="only spaces"),
    pytest.param(("Ana", "Bea", "Cid", ""), {3: "Give seat 4 a name."}, id="a partner missing"),
    pytest.param(("", "Bea", "", "Dan"), {0: "Give seat 1 a name.", 2: "Give seat 3 a name."}, id="two missing"),
    pytest.param(("Ana", "Ana"), {1: "Seat 1 already has this name: give each player a different one."},
                 id="the same name twice"),
    pytest.param(("Ana", "Bea", "Ana"), {2: "Seat 1 already has this name: give each player a different one."},
                 id="the same name in three"),
    pytest.param(("Ana", "B" * 41), {1: "Field cannot be longer than 40 characters."}, id="41 characters"),
]


@pytest.mark.parametrize(("names", "problems"), REFUSED_ROSTERS)
def test_a_refused_roster_answers_422_and_keeps_the_names_typed(keeper, names, problems):
    """Every typed name is still in its seat, and no match is made."""
    response = keeper.new_match(names)
    assert response.status_code == 422
    typed = keeper.fields(response.get_data(as_text=True))
    assert [typed[f"names-{i}"] for i in range(len(names))] == list(names)
    assert match_count(keeper) == 0


def seat_blocks(page):
    """Each seat's block of the new-match form, by seat number."""
    return {int(seat): block for seat, block in re.findall(r'<div class="field seat[^"]*" data-seat="(\d)">(.*?)</div>',
                                                           page, re.S)}


@pytest.mark.parametrize(("names", "problems"), REFUSED_ROSTERS)
def test_a_refused_roster_marks_only_the_seats_at_fault_and_says_why(keeper, names, problems):
    """Each seat at fault is marked, with its reason beside it (a name typed twice on its second seat, naming the
    first); the other seats are not marked at all."""
    page = keeper.new_match(names).get_data(as_text=True)
    marked = {int(seat) for seat in re.findall(r'<div class="field seat has-error" data-seat="(\d)">', page)}
    assert marked == set(problems)
    blocks = seat_blocks(page)
    for seat, message in problems.items():
        assert message in keeper.text(blocks[seat])
        assert 'aria-invalid="true"' in blocks[seat]
    for seat in set(blocks) - set(problems):
        assert "aria-invalid" not in blocks[seat] and 'class="error"' not in blocks[seat]
    assert '<fieldset class="seats has-error">' not in page


def test_the_partnership_hint_is_worded_for_partnerships_and_hidden_by_css_for_other_seatings(keeper):
    """The hint says it is about two partnerships, and the style sheet hides it unless that seating is checked."""
    page = keeper.page("/matches/new")
    assert "With two partnerships, seats 1 and 3 play together against seats 2 and 4." in keeper.text(page)
    assert '<p class="hint pairs-hint">' in page
    css = (Path(__file__).parents[2] / "static" / "css" / "table.css").read_text()
    assert 'form:has(input[name="seating"][value="pairs"]:not(:checked)) .pairs-hint { display: none; }' in css


@pytest.mark.parametrize(("fields", "message"), [
    pytest.param({"target": "0"}, "Number must be between 1 and 100.", id="target 0"),
    pytest.param({"target": "101"}, "Number must be between 1 and 100.", id="target 101"),
    pytest.param({"target": "many"}, "Not a valid integer value.", id="target not a number"),
    pytest.param({"first_dealer": "2"}, "Pick one of the players.", id="dealer not at the table"),
    pytest.param({"seating": "5"}, "Not a valid choice.", id="5 players"),
    pytest.param({"preset": "poker"}, "Not a valid choice.", id="unknown game"),
])
def test_refused_rules_keep_the_names_and_say_why(keeper, fields, message):
    """A target out of 1–100, a dealer not at the table, an unknown seating or game: 422, names kept."""
    response = keeper.new_match(("Ana", "Bea"), **fields)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in keeper.errors(page)
    assert [keeper.fields(page)[f"names-{i}"] for i in range(2)] == ["Ana", "Bea"]
    assert match_count(keeper) == 0


def test_names_played_with_are_offered_on_the_next_new_match(keeper):
    """The roster's names fill the datalist the name fields use."""
    assert '<option value="Zoe">' not in keeper.page("/matches/new")
    factories.start(keeper, ("Zoe", "Yan"))
    page = keeper.page("/matches/new")
    datalist = page[page.index('<datalist id="roster">'):].split("</datalist>")[0]
    assert '<option value="Yan">' in datalist and '<option value="Zoe">' in datalist


def test_a_picked_first_dealer_deals_the_first_hand(keeper):
    """Seat 2 picked: she deals, the seat after her plays first."""
    match_id = keeper.start(("Ana", "Bea", "Cid"), first_dealer="1")
    assert "Deals: Bea · Plays first: Cid" in keeper.board(match_id)


def test_choosing_to_draw_for_dealer_opens_the_draw(keeper):
    """The new match goes to its scoreboard, which sends on to the draw until a dealer is known."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="draw")
    response = keeper.client.get(f"/matches/{match_id}")
    assert response.headers["Location"] == f"/matches/{match_id}/draw"
    assert keeper.client.get(keeper.hand_url(match_id)).headers["Location"] == f"/matches/{match_id}/draw"
    assert match_row(keeper, match_id)["first_dealer"] is None


def finish(keeper, match_id):
    """Win the match (target 4) with the correct hand: the first side +4."""
    factories.save_hand(keeper, match_id)
    assert "Winner: " in keeper.board(match_id)


def test_a_rematch_is_a_new_match_with_the_same_players_and_rules(keeper):
    """Same seats, seating, rules and deck; the old match is left as it was."""
    old = factories.start(keeper, ("Ana", "Bea", "Cid", "Dan"), preset="escoba-intl", target="4", penalty="flag",
                          deal_passes="left", deck_style="french")
    finish(keeper, old)
    response = keeper.submit(f"/matches/{old}", action=f"/matches/{old}/rematch")
    new = int(response.headers["Location"].split("/")[-1])
    assert new != old
    old_rules, new_rules = match_row(keeper, old), match_row(keeper, new)
    assert {k: v for k, v in new_rules.items() if k != "first_dealer"} == \
           {k: v for k, v in old_rules.items() if k != "first_dealer"}
    assert seat_names(keeper, new) == seat_names(keeper, old) == ["Ana", "Bea", "Cid", "Dan"]
    assert "Winner: Ana & Cid!" in keeper.board(old)


def test_a_rematch_deals_on_round_the_table_without_a_new_draw(keeper):
    """Ana dealt the only hand of the first match, so Bea (the next seat) deals the rematch's first hand."""
    old = factories.start(keeper, ("Ana", "Bea", "Cid"), target="4")
    finish(keeper, old)
    response = keeper.submit(f"/matches/{old}", action=f"/matches/{old}/rematch")
    new = int(response.headers["Location"].split("/")[-1])
    assert match_row(keeper, new)["first_dealer"] == 1
    assert "Deals: Bea" in keeper.board(new)


# -- tampered forms and addresses: a 4xx, never a 500 ------------------------------

@pytest.mark.parametrize(("fields", "message"), [
    pytest.param({"seating": "x"}, "Not a valid choice.", id="seating not a choice"),
    pytest.param({"first_dealer": "zz"}, "Not a valid choice.", id="first dealer not a choice"),
    pytest.param({"first_dealer": "9" * 5000}, "Not a valid choice.", id="first dealer 5000 digits"),
    pytest.param({"target": "9" * 5000}, "Not a valid integer value.", id="target 5000 digits"),
    pytest.param({"target": "9" * 400}, "Not a valid integer value.", id="target too big for a float"),
    pytest.param({"preset": "nonesuch"}, "Not a valid choice.", id="preset not a choice"),
])
def test_a_tampered_new_match_form_answers_422_and_says_why(keeper, fields, message):
    """Values no page offers are refused beside their field; no match is stored."""
    response = keeper.new_match(("Ana", "Bea"), **fields)
    assert response.status_code == 422
    assert message in keeper.errors(response.get_data(as_text=True))
    assert match_count(keeper) == 0


@pytest.mark.parametrize("extra", ["names-50", "names-²", "names-" + "9" * 5000],
                         ids=["50", "superscript", "5000 digits"])
def test_names_past_the_fourth_seat_are_ignored(keeper, extra):
    """A posted names-50 (no page has one) neither seats a fifth player nor breaks the page."""
    match_id = keeper.start(("Ana", "Bea"), **{extra: "Zed"})
    assert seat_names(keeper, match_id) == ["Ana", "Bea"]


def test_two_phones_starting_matches_with_the_same_new_name_at_once_both_start(keeper, monkeypatch):
    """One of them makes the player; the other's match takes that player; neither answers 500."""
    import threading

    from referee.services import matches as service

    phone, answers, started = factories.phone(keeper), [], threading.Event()
    theirs = phone.form("/matches/new") | {"seating": "2", "first_dealer": "0", "names-0": "Ana", "names-1": "Newt"}
    find = service.players_for

    def race(user, names):
        if not started.is_set():  # this phone has read the players; the other saves its match now
            started.set()
            list(user.players)
            thread = threading.Thread(target=lambda: answers.append(
                phone.client.post("/matches/new", data=theirs).status_code))
            thread.start()
            thread.join()
        return find(user, names)
    monkeypatch.setattr(service, "players_for", race)
    response = keeper.new_match(("Bea", "Newt"))
    assert answers == [302] and response.status_code == 302
    assert match_count(keeper) == 2
    assert "Newt" in keeper.page("/matches/new")
    with keeper.app.app_context():
        newts = {seat.player_id for seat in db.session.scalars(select(Seat).where(Seat.name == "Newt"))}
    assert len(newts) == 1 and None not in newts


BIG = "9" * 30


@pytest.mark.parametrize("address", [
    f"/matches/{BIG}", "/matches/" + "9" * 5000, "/matches/٣", f"/matches/{BIG}/draw", f"/matches/{BIG}/hands/new",
    f"/matches/{BIG}/hands/1/edit", "/matches/1/hands/" + BIG + "/edit", f"/matches/{2**31}", f"/matches/{2**63}"])
def test_a_number_too_big_for_the_database_in_an_address_is_not_found(keeper, address):
    """Matches and hands numbered past what the database holds simply do not exist."""
    factories.start(keeper, ("Ana", "Bea"))
    assert keeper.client.get(address).status_code == 404


@pytest.mark.parametrize("action", ["rematch", "undo", "link"])
def test_a_post_to_a_match_number_too_big_is_not_found(keeper, action):
    """The match's buttons, posted to an impossible match number, answer 404."""
    token = keeper.token()
    assert keeper.client.post(f"/matches/{BIG}/{action}", data={"csrf_token": token}).status_code == 404


@pytest.mark.parametrize("name", ["A\x00na", "Ana\n", "\x1b[31mAna"])
def test_a_name_with_control_characters_is_refused_beside_it(keeper, name):
    """No keyboard types a NUL or an escape (and PostgreSQL cannot store a NUL): 422, the seat says why."""
    response = keeper.new_match((name, "Bea"))
    assert response.status_code == 422
    assert "This holds control characters, which no keyboard types: remove them." in \
        keeper.errors(response.get_data(as_text=True))
    assert match_count(keeper) == 0


@pytest.mark.parametrize("token", ["%00", "x" * 5000, "a%0Ab", "..%2F..", "%F0%9F%83%8F"])
def test_a_spectator_link_no_token_looks_like_is_not_found(visitor, token):
    """Only what token_urlsafe makes is looked up; anything else is simply not found."""
    assert visitor.client.get(f"/watch/{token}").status_code == 404
