"""Starting a match: presets, seatings, names, options, the roster, the draw for dealer and the rematch."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from referee.models import Match, Seat


def match_row(keeper, match_id):
    """The stored rules and seating of a match."""
    [row] = keeper.query(select(Match.preset, Match.target, Match.all_oros, Match.all_sevens, Match.over30,
                                Match.penalty, Match.deal_passes, Match.deck_style, Match.partnerships,
                                Match.first_dealer).where(Match.id == match_id))
    return row._asdict()


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
        "deal_passes": "left", "deck_style": "french-jq", "partnerships": False, "first_dealer": 0}
    assert "Playing to 30" in keeper.board(match_id)


def test_a_name_of_40_characters_is_accepted(keeper):
    """The longest name allowed."""
    match_id = keeper.start(("A" * 40, "Bea"))
    assert seat_names(keeper, match_id) == ["A" * 40, "Bea"]


REFUSED_ROSTERS = [
    pytest.param(("Ana", ""), "Give every player a name.", id="a blank name"),
    pytest.param(("Ana", "   "), "Give every player a name.", id="only spaces"),
    pytest.param(("Ana", "Bea", "Cid", ""), "Give every player a name.", id="a partner missing"),
    pytest.param(("Ana", "Ana"), "Two players have the same name.", id="the same name twice"),
    pytest.param(("Ana", "Bea", "Ana"), "Two players have the same name.", id="the same name in three"),
    pytest.param(("Ana", "B" * 41), "Field cannot be longer than 40 characters.", id="41 characters"),
]


@pytest.mark.parametrize(("names", "message"), REFUSED_ROSTERS)
def test_a_refused_roster_answers_422_and_keeps_the_names_typed(keeper, names, message):
    """Every typed name is still in its seat, and no match is made."""
    response = keeper.new_match(names)
    assert response.status_code == 422
    typed = keeper.fields(response.get_data(as_text=True))
    assert [typed[f"names-{i}"] for i in range(len(names))] == list(names)
    assert match_count(keeper) == 0


@pytest.mark.parametrize(("names", "message"), REFUSED_ROSTERS)
def test_a_refused_roster_says_why(keeper, names, message):
    """The reason is on the page, not only "Please check what is marked below."."""
    page = keeper.new_match(names).get_data(as_text=True)
    assert message in keeper.text(page)


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
    keeper.start(("Zoe", "Yan"))
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


def test_the_highest_card_drawn_deals(keeper):
    """A king (10) beats a velo (7); the match goes to its scoreboard with the dealer named."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="draw")
    response = keeper.submit(f"/matches/{match_id}/draw", {"cards-0": "7o", "cards-1": "10c"})
    assert response.headers["Location"] == f"/matches/{match_id}"
    board = keeper.board(match_id)
    assert "Bea deals first." in board
    assert "Deals: Bea · Plays first: Ana" in board
    assert match_row(keeper, match_id)["first_dealer"] == 1


def test_a_tie_for_the_highest_card_asks_only_the_tied_players_to_draw_again(keeper):
    """Ana and Bea both draw a king, Cid a five: only Ana and Bea draw again, and Bea's 4 beats Ana's 3."""
    match_id = keeper.start(("Ana", "Bea", "Cid"), first_dealer="draw")
    draw = f"/matches/{match_id}/draw"
    response = keeper.submit(draw, {"cards-0": "10c", "cards-1": "10e", "cards-2": "5o"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "A tie for the highest card: those players draw again." in keeper.text(page)
    fields = keeper.fields(page)
    assert fields["seats"] == "0,1"
    assert sorted(name for name in fields if name.startswith("cards-")) == ["cards-0", "cards-1"]
    assert '<label for="cards-0">Ana</label>' in page and '<label for="cards-1">Bea</label>' in page
    assert ">Cid</label>" not in page
    assert match_row(keeper, match_id)["first_dealer"] is None
    response = keeper.client.post(draw, data=fields | {"cards-0": "3o", "cards-1": "4o"})
    assert response.headers["Location"] == f"/matches/{match_id}"
    assert match_row(keeper, match_id)["first_dealer"] == 1


def test_two_players_cannot_draw_the_same_card(keeper):
    """The draw is refused with its message, the cards stay selected, and nobody deals yet."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="draw")
    response = keeper.submit(f"/matches/{match_id}/draw", {"cards-0": "3o", "cards-1": "3o"})
    page = response.get_data(as_text=True)
    assert match_row(keeper, match_id)["first_dealer"] is None
    assert [keeper.fields(page)[f"cards-{i}"] for i in range(2)] == ["3o", "3o"]
    assert "Two players cannot draw the same card." in keeper.text(page)


@pytest.mark.parametrize("cards", [("3o", "3o"), ("", "9b")], ids=["the same card", "a card missing"])
def test_a_refused_draw_answers_422_like_every_refused_form(keeper, cards):
    """The draw page with an error answers 422, as the other forms do."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="draw")
    response = keeper.submit(f"/matches/{match_id}/draw", {"cards-0": cards[0], "cards-1": cards[1]})
    assert response.status_code == 422


def test_every_player_must_draw_a_card(keeper):
    """A player without a card is asked which card they drew; the other's card stays selected."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="draw")
    response = keeper.submit(f"/matches/{match_id}/draw", {"cards-0": "", "cards-1": "9b"})
    page = response.get_data(as_text=True)
    assert "Which card did this player draw?" in keeper.errors(page)
    assert keeper.fields(page)["cards-1"] == "9b"
    assert match_row(keeper, match_id)["first_dealer"] is None


def finish(keeper, match_id):
    """Win the match (target 4) with the correct hand: the first side +4."""
    keeper.save_hand(match_id)
    assert "Winner: " in keeper.board(match_id)


def test_a_rematch_is_a_new_match_with_the_same_players_and_rules(keeper):
    """Same seats, seating, rules and deck; the old match is left as it was."""
    old = keeper.start(("Ana", "Bea", "Cid", "Dan"), preset="escoba-intl", target="4", penalty="flag",
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
    old = keeper.start(("Ana", "Bea", "Cid"), target="4")
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


def test_once_a_dealer_is_known_the_draw_goes_back_to_the_scoreboard(keeper):
    """A second phone's draw, or a page kept open, cannot change the first dealer afterwards."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="draw")
    phone = keeper.another_phone()
    late = phone.form(f"/matches/{match_id}/draw")
    keeper.submit(f"/matches/{match_id}/draw", {"cards-0": "7o", "cards-1": "10c"})
    response = phone.client.post(f"/matches/{match_id}/draw", data=late | {"cards-0": "10o", "cards-1": "1c"})
    assert response.headers["Location"] == f"/matches/{match_id}"
    assert keeper.client.get(f"/matches/{match_id}/draw").headers["Location"] == f"/matches/{match_id}"
    assert match_row(keeper, match_id)["first_dealer"] == 1


def test_two_phones_starting_matches_with_the_same_new_name_at_once_both_start(keeper, monkeypatch):
    """The roster gets the name from one of them; neither answers 500."""
    import threading

    from referee.services import matches as service

    phone, answers, started = keeper.another_phone(), [], threading.Event()
    theirs = phone.form("/matches/new") | {"seating": "2", "first_dealer": "0", "names-0": "Ana", "names-1": "Newt"}
    remember = service.add_to_roster

    def race(user, names):
        if not started.is_set():  # this phone has read the roster; the other saves its match now
            started.set()
            list(user.roster)
            thread = threading.Thread(target=lambda: answers.append(
                phone.client.post("/matches/new", data=theirs).status_code))
            thread.start()
            thread.join()
        remember(user, names)
    monkeypatch.setattr(service, "add_to_roster", race)
    response = keeper.new_match(("Bea", "Newt"))
    assert answers == [302] and response.status_code == 302
    assert match_count(keeper) == 2
    assert "Newt" in keeper.page("/matches/new")


def test_a_draw_with_more_cards_than_players_is_refused(keeper):
    """Extra cards-N entries (no page has them) answer 422 with the draw's words; nobody deals yet."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="draw")
    response = keeper.submit(f"/matches/{match_id}/draw", {"cards-0": "7o", "cards-1": "10c", "cards-7": "3o"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Each player draws one card." in keeper.text(page)
    assert sorted(name for name in keeper.fields(page) if name.startswith("cards-")) == ["cards-0", "cards-1"]
    assert match_row(keeper, match_id)["first_dealer"] is None


@pytest.mark.parametrize("seats", ["9" * 5000, "0,0", "0,7", "1", "a,b", "0,1," * 30, "٠,١"])
def test_a_tampered_list_of_drawing_seats_is_a_bad_request(keeper, seats):
    """The hidden seats field names who draws: anything but two or more seats of the match answers 400."""
    match_id = keeper.start(("Ana", "Bea"), first_dealer="draw")
    response = keeper.submit(f"/matches/{match_id}/draw", {"seats": seats, "cards-0": "7o", "cards-1": "10c"})
    assert response.status_code == 400
    assert match_row(keeper, match_id)["first_dealer"] is None


BIG = "9" * 30


@pytest.mark.parametrize("address", [
    f"/matches/{BIG}", "/matches/" + "9" * 5000, "/matches/٣", f"/matches/{BIG}/draw", f"/matches/{BIG}/hands/new",
    f"/matches/{BIG}/hands/1/edit", "/matches/1/hands/" + BIG + "/edit", f"/matches/{2**31}", f"/matches/{2**63}"])
def test_a_number_too_big_for_the_database_in_an_address_is_not_found(keeper, address):
    """Matches and hands numbered past what the database holds simply do not exist."""
    keeper.start(("Ana", "Bea"))
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
