"""The backup's schema and checks follow from the entry readers' definitions: every field a reader accepts (the
pages' forms, the API's readers in referee/bodies/score_payloads.py and referee/bodies/match_payloads.py) the schema
has, with limits no narrower than the rules core's; seat numbers at their boundary; export times to the microsecond."""

from __future__ import annotations

import contextlib
import copy
import json
import string
from datetime import datetime
from functools import cache
from typing import Any

import factories
import jsonschema_rs
import pytest
from backup_play import backup_of, upload
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from referee.bodies import match_payloads, score_payloads
from referee.extensions import db
from referee.forms.hands import CARD_CODES, TOKEN_LENGTH
from referee.forms.player_admin import RenamePlayerForm
from referee.models import Hand, Match, MatchEvent, Player, User
from referee.rules import DECK, Card, InvalidEntry, Sevens, Ties, UnknownCard
from referee.rules.cards import DECK_SUM
from referee.rules.scoring import ALL_OROS, ALL_SEVENS
from referee.rules.sevens import SETENTA_MOST
from referee.rules.tally_variants import EACH
from referee.services.backup_checks import BadBackup, read_backup, schema

DEFS = schema()["$defs"]
# What a score request has that a stored entry does not: the match's rules and deck apply.
REQUEST_ONLY = {"ruleset", "options", "deck_style"}


@cache
def validator(definition: str) -> Any:
    """A validator of one definition of the schema, as the import's validator checks it."""
    return jsonschema_rs.validator_for({"$schema": schema()["$schema"], "$defs": DEFS, "$ref": f"#/$defs/{definition}"})


def valid(definition: str, value: Any) -> bool:
    """True when a value passes one definition of the schema."""
    return bool(validator(definition).is_valid(value))


def properties(definition: dict[str, Any]) -> set[str]:
    """The fields an object of the schema may have."""
    return set(definition["properties"])


# -- every field a reader accepts, the schema has -----------------------------------------------------------------


def test_an_entry_has_every_field_the_score_reader_and_the_match_api_take():
    """The entry's fields are /score's less the rules (the match's apply); the match API's hand body adds only
    who dealt (a hand's own field) and the deck (not stored)."""
    entry = DEFS["entry"]
    assert properties(entry) == score_payloads.SCORE_KEYS - REQUEST_ONLY
    assert match_payloads.HAND_KEYS - {"dealer", "deck_style"} <= properties(entry)
    assert properties(entry["properties"]["sides"]["items"]) == score_payloads.SIDE_KEYS


def test_a_tally_has_every_count_the_reader_takes_the_regional_ones_too():
    """cards, oros, sevens (required, as the reader requires them), velo, pile_sum, and what the regional
    options need (setenta, sixes, aces, fives): score_payloads.TALLY_KEYS, no more, no fewer."""
    tally = DEFS["tally"]
    assert properties(tally) == score_payloads.TALLY_KEYS
    assert set(score_payloads.VARIANT_COUNTS) <= properties(tally)
    assert set(tally["required"]) == {"cards", "oros", "sevens"}
    assert tally["additionalProperties"] is False  # so a field missing here would refuse a hand the app saved


def test_the_schemas_limits_are_the_rules_cores():
    """Each count's range is the deck's: what the rules core accepts, the schema does."""
    tally = DEFS["tally"]["properties"]
    limits = {name: (tally[name]["minimum"], tally[name]["maximum"]) for name in ("cards", "oros", "sevens")}
    assert limits == {"cards": (0, len(DECK)), "oros": (0, ALL_OROS), "sevens": (0, ALL_SEVENS)}
    assert [tally[name]["maximum"] for name in ("sixes", "aces", "fives")] == [EACH] * 3
    assert (DEFS["setenta"]["minimum"], DEFS["setenta"]["maximum"]) == (0, SETENTA_MOST)
    assert tally["pile_sum"]["maximum"] == DEFS["entry"]["properties"]["leftover_sum"]["maximum"] == DECK_SUM
    side = DEFS["entry"]["properties"]["sides"]["items"]["properties"]
    assert side["escobas"]["maximum"] >= len(DECK) // 2  # a pile holds at most one escoba per two cards
    assert DEFS["cards"]["maxItems"] == score_payloads.MAX_CARDS


def test_the_rules_choices_are_the_rules_cores():
    """The sevens and ties options: the rules core's choices."""
    rules = DEFS["rules"]["properties"]
    assert rules["sevens"]["enum"] == [s.value for s in Sevens]
    assert rules["ties"]["enum"] == [t.value for t in Ties]


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=string.printable + "ºª½", max_size=4) | st.sampled_from(CARD_CODES))
def test_a_card_is_a_code_the_reader_parses(text):
    """The schema's card code is exactly what the readers parse (Card.parse), the pages' codes among them."""
    try:
        Card.parse(text)
        parsed = True
    except UnknownCard:
        parsed = False
    assert valid("card", text) == parsed


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=70) | st.text(alphabet=string.ascii_letters + string.digits + "-_", min_size=1,
                                           max_size=TOKEN_LENGTH))
def test_a_client_token_is_any_idempotency_key_and_any_pages_token(text):
    """A hand keeps the API's Idempotency-Key (any printable ASCII) or the page's token as its client token:
    the schema takes exactly the API's keys, the pages' being among them."""
    assert valid("client_token", text) == bool(match_payloads.IDEMPOTENCY_KEY.fullmatch(text))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=44))
def test_a_name_the_pages_or_the_api_take_is_a_name_of_the_schema(app, text):
    """A seat's or player's name, as the API reads it and as the pages' name fields take it (the same rules for
    a seat and a rename), is a name of the schema."""
    with contextlib.suppress(InvalidEntry):  # the API's players, read by match_payloads.read_name
        assert valid("name", match_payloads.read_new_match({"ruleset": "escova-rs", "players": [text, "Zoe"]})
                     .names[0])
    with app.test_request_context():
        form = RenamePlayerForm(formdata=MultiDict({"name": text}), meta={"csrf": False})
        if form.validate():
            assert valid("name", form.new_name())


def test_a_leftover_beside_a_leftover_sum_is_read_as_cards(client):
    """The sum wins for a tally, but the leftover's cards are kept with the hand: anything else is refused by
    the reader, so that no hand keeps what its backup would refuse."""
    body = {"ruleset": "escova-rs", "last_capture": 0, "leftover_sum": 10,
            "sides": [{"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True}}, {"tally": "rest"}]}
    assert client.post("/api/v1/score", json=body | {"leftover": ["1o", "2o", "3o", "4o"]}).status_code == 200
    refused = client.post("/api/v1/score", json=body | {"leftover": {"cards": "1o"}})
    assert refused.status_code == 422
    assert [error["field"] for error in refused.get_json()["errors"]] == ["leftover"]


# -- seat numbers at the boundary -----------------------------------------------------------------------------------


@pytest.fixture
def bob(scorekeeper: Any) -> Any:
    """A second account, empty."""
    return scorekeeper("bob")


@pytest.fixture
def small_backup(keeper: Any) -> dict[str, Any]:
    """An account's backup of one match of two, one hand saved, its first dealer picked."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    return backup_of(keeper)


def checked(document: dict[str, Any]) -> BadBackup | None:
    """The refusal of a file, or None when it passes every check."""
    try:
        read_backup(json.dumps(document).encode(), 1 << 20)
    except BadBackup as error:
        return error
    return None


def changed(document: dict[str, Any], place: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    """A copy of the file with one value replaced."""
    copied = copy.deepcopy(document)
    node: Any = copied
    for key in place[:-1]:
        node = node[key]
    node[place[-1]] = value
    return copied


@pytest.mark.parametrize("place", [("matches", 0, "hands", 0, "dealer"), ("matches", 0, "first_dealer")],
                         ids=["dealer", "first_dealer"])
def test_the_last_seat_deals_and_a_seat_equal_to_the_number_of_seats_is_refused(small_backup, place):
    """Seats count from 0: in a match of two, seat 1 is the last one (accepted), seat 2 is none (refused,
    named as the third seat of two), and so is any beyond."""
    assert checked(changed(small_backup, place, 1)) is None
    for seat in (2, 3):
        refusal = checked(changed(small_backup, place, seat))
        assert refusal is not None
        assert (refusal.code, refusal.where, refusal.params) == ("no_such_seat", place, {"seat": seat + 1,
                                                                                        "seats": 2})


def test_a_seat_beyond_the_largest_table_is_refused_by_the_schema(small_backup, bob):
    """Four seats at most: seat 4 is refused before the checks, in words, through the page."""
    response = upload(bob, changed(small_backup, ("matches", 0, "hands", 0, "dealer"), 4))
    assert response.status_code == 422
    assert bob.errors(response.get_data(as_text=True)) == [
        "Match 1, hand 1, “dealer”: should be at most 3. In the file: $.matches[0].hands[0].dealer"]


def test_a_drawn_first_dealer_names_seats_the_match_has(keeper):
    """The draw's changes name seats too: seat 2 of two is refused there as well."""
    match_id = factories.start(keeper, ("Ana", "Bea"), first_dealer="draw")
    keeper.submit(f"/matches/{match_id}/draw", {"cards-0": "10o", "cards-1": "2c"})
    document = backup_of(keeper)
    trail = document["matches"][0]["trail"]
    at = next(i for i, e in enumerate(trail) if e["kind"] == "first_dealer")
    assert checked(changed(document, ("matches", 0, "trail", at, "after", "seat"), 1)) is None
    refusal = checked(changed(document, ("matches", 0, "trail", at, "after", "seat"), 2))
    assert refusal is not None and (refusal.code, refusal.params) == ("no_such_seat", {"seat": 3, "seats": 2})


# -- moments ----------------------------------------------------------------------------------------------------------

MOMENTS = [datetime(2026, 5, 1, 18, 30, 0, 1), datetime(2026, 5, 1, 18, 30, 0, 999_999),
           datetime(2026, 5, 1, 18, 30, 0, 0), datetime(2026, 12, 31, 23, 59, 59, 123_456)]


def test_export_times_keep_their_microseconds_through_the_round_trip(keeper, bob):
    """Every moment of the file is written to the microsecond (zeros included) and comes back to it: a match's,
    a hand's, a change's and a player's."""
    match_id = factories.start(keeper, ("Ana", "Bea"))
    factories.save_hand(keeper, match_id)
    with keeper.app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        match.created_at, match.updated_at = MOMENTS[0], MOMENTS[1]
        hand = db.session.scalars(db.select(Hand).where(Hand.match_id == match_id)).one()
        hand.created_at, hand.updated_at = MOMENTS[2], MOMENTS[3]
        for event in db.session.scalars(db.select(MatchEvent).where(MatchEvent.match_id == match_id)):
            event.at = MOMENTS[3]
        for player in db.session.scalars(db.select(Player).join(User).where(User.username == "ana")):
            player.created_at = MOMENTS[0]
        db.session.commit()
    first = backup_of(keeper)
    [match_data] = first["matches"]
    assert (match_data["created_at"], match_data["updated_at"]) == ("2026-05-01T18:30:00.000001Z",
                                                                    "2026-05-01T18:30:00.999999Z")
    assert (match_data["hands"][0]["created_at"], match_data["hands"][0]["updated_at"]) == (
        "2026-05-01T18:30:00.000000Z", "2026-12-31T23:59:59.123456Z")
    assert {event["at"] for event in match_data["trail"]} == {"2026-12-31T23:59:59.123456Z"}
    assert {player["created_at"] for player in first["players"]} == {"2026-05-01T18:30:00.000001Z"}
    assert upload(bob, first).status_code == 302
    again = backup_of(bob)
    assert again["matches"] == first["matches"] and again["players"] == first["players"]


def test_a_moment_with_fewer_digits_is_read_to_the_microsecond(small_backup, bob):
    """A file written elsewhere with tenths of a second: the same moment, written back to the microsecond."""
    document = changed(small_backup, ("matches", 0, "created_at"), "2026-05-01T18:30:00.5Z")
    assert upload(bob, document).status_code == 302
    assert backup_of(bob)["matches"][0]["created_at"] == "2026-05-01T18:30:00.500000Z"


def test_a_lone_surrogate_is_no_text(small_backup):
    """JSON allows the escape \\ud800, but no text holds half a character: refused as a file that is not text."""
    raw = json.dumps(changed(small_backup, ("players", 0, "name"), "A\ud800")).encode()
    with pytest.raises(BadBackup) as refusal:
        read_backup(raw, 1 << 20)
    assert refusal.value.code == "not_text"


def test_a_token_ending_in_a_newline_is_refused_where_pythons_pattern_would_let_it_through(small_backup, bob):
    """Python's "$" matches before a final newline, the compiled schema's does not: "abc\\n" is no token, and the
    refusal names the token's place and its form."""
    document = changed(small_backup, ("matches", 0, "hands", 0, "client_token"), "abc\n")
    response = upload(bob, document)
    assert response.status_code == 422
    assert bob.errors(response.get_data(as_text=True)) == [
        "Match 1, hand 1, “client_token”: should be 1 to 64 printable characters, without spaces. "
        "In the file: $.matches[0].hands[0].client_token"]
