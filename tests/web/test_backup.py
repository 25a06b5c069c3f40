"""The account's backup: downloaded whole, restored into another account or the same one (nothing twice),
players merged by name, and every kind of bad file refused in words with nothing written."""

from __future__ import annotations

import copy
import io
import json
import tomllib
from pathlib import Path
from typing import Any

import factories
import pytest
from backup_play import JSON, backup_of, mutated, play_everything, upload
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.test import encode_multipart

from referee.extensions import db
from referee.forms import HandFormBase
from referee.models import Hand, HandSide, Match, MatchEvent, Player, Seat, User
from referee.rules import OPTIONS, PRESETS, CardEntry, DealPasses, DeckStyle, Penalty
from referee.services import backup_checks, scoreboard
from referee.services.backup_checks import schema
from referee.services.hands import read_entry
from referee.views.hands import FORMS

ROOT = Path(__file__).resolve().parents[2]
MODELS = (Match, Seat, Hand, HandSide, MatchEvent, Player)


def counts(keeper: Any) -> dict[str, int]:
    """How many rows of each kind the whole database holds."""
    return {model.__name__: keeper.query(select(func.count()).select_from(model))[0][0] for model in MODELS}


def without_export_time(document: dict[str, Any]) -> dict[str, Any]:
    """A backup without the one thing that differs from one download to the next."""
    return {key: value for key, value in document.items() if key != "exported_at"}


@pytest.fixture(scope="module")
def played_backup(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A backup of an account that played every kind of match (made once, for the module)."""
    from referee import create_app
    from referee.database import upgrade_schema

    folder = tmp_path_factory.mktemp("played")
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'played.sqlite'}"})
    upgrade_schema(app)
    keeper = factories.keeper(app, "ana")
    play_everything(keeper)
    return backup_of(keeper)


@pytest.fixture
def bob(scorekeeper):
    """A second account, empty."""
    return scorekeeper("bob")


def side_results(keeper: Any, username: str) -> list[tuple[Any, ...]]:
    """Every hand's side results of an account, by match uid and hand number: what statistics sum."""
    rows = keeper.query(
        select(Match.uid, Hand.number, HandSide.side, HandSide.points, HandSide.escobas, HandSide.cards,
               HandSide.oros, HandSide.sevens, HandSide.velo, HandSide.all_oros, HandSide.all_sevens,
               HandSide.over30, HandSide.erred)
        .join(Hand, HandSide.hand_id == Hand.id).join(Match, Hand.match_id == Match.id)
        .join(User, Match.user_id == User.id).where(User.username == username)
        .order_by(Match.uid, Hand.number, HandSide.side))
    return [tuple(row) for row in rows]


# -- the file ------------------------------------------------------------------------------------------------------


def test_the_backup_holds_every_kind_of_match_and_change_and_validates_against_its_schema(played_backup):
    """Two to four seats, partnerships, a finished match and open ones, corrections, a revert, an undo and a
    restore, a draw for dealer; the file passes the schema it documents."""
    doc = played_backup
    assert (doc["format"], doc["version"]) == ("escoba-referee-backup", 1)
    assert sorted(p["name"] for p in doc["players"]) == ["Ana", "Bea", "Carla", "Cid", "Duda", "Eva", "Lucía"]
    matches = doc["matches"]
    assert sorted(len(m["seats"]) for m in matches) == [2, 2, 2, 2, 3, 4]
    assert [m["partnerships"] for m in matches].count(True) == 1
    assert [m["finished"] for m in matches].count(True) == 1
    assert any(m["first_dealer"] is None and not m["hands"] for m in matches)
    kinds = {event["kind"] for m in matches for event in m["trail"]}
    assert kinds >= {"created", "draw_tie", "first_dealer", "hand_recorded", "hand_edited", "hand_reverted",
                     "hand_undone", "hand_restored", "finished"}
    assert {h["mode"] for m in matches for h in m["hands"]} >= {"cards", "tally"}
    assert any(not h["valid"] for m in matches for h in m["hands"]) is False  # the hand with an error was undone
    assert any(not (e["before"] or {}).get("valid", True) for m in matches for e in m["trail"])
    assert not list(Draft202012Validator(schema()).iter_errors(doc))


def test_the_file_holds_no_database_ids_and_names_trail_changes_by_their_place(played_backup):
    """No key of the file is an id; a restore and a revert name the change they undo by its index in the
    trail, an earlier change of the right kind."""
    def keys(value: Any) -> set[str]:
        if isinstance(value, dict):
            return set(value) | {k for v in value.values() for k in keys(v)}
        return {k for v in value for k in keys(v)} if isinstance(value, list) else set()

    assert not {key for key in keys(played_backup) if key == "id" or key.endswith("_id")}
    named = 0
    for match in played_backup["matches"]:
        for i, event in enumerate(match["trail"]):
            for key, kinds in (("restores", {"hand_undone"}), ("reverts", {"hand_edited", "hand_reverted"})):
                if key in (event["after"] or {}):
                    target = event["after"][key]
                    assert 0 <= target < i and match["trail"][target]["kind"] in kinds
                    named += 1
    assert named == 2


def test_the_schema_in_docs_is_the_one_the_app_checks_with_and_it_ships_with_the_package():
    """docs/backup.schema.json is the package's file, which the app checks with once the rules core's options are
    in it (and nothing else changed); the schema is valid draft 2020-12; pyproject ships it."""
    docs = ROOT / "docs" / "backup.schema.json"
    shipped = ROOT / "referee" / "schemas" / "backup.schema.json"
    assert json.loads(docs.read_text(encoding="utf-8")) == json.loads(shipped.read_text(encoding="utf-8"))
    filled = copy.deepcopy(schema())
    filled["$defs"]["rules"]["properties"] = {"preset": filled["$defs"]["rules"]["properties"]["preset"]}
    assert filled == json.loads(shipped.read_text(encoding="utf-8"))
    assert list(schema()["$defs"]["rules"]["properties"]) == ["preset", *OPTIONS]
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["referee"]
    assert "schemas/*.json" in data


def test_the_schema_allows_exactly_the_presets_decks_penalties_and_modes_the_app_has():
    """The schema's lists of choices are the rules core's and the entry pages'."""
    defs = schema()["$defs"]
    assert defs["rules"]["properties"]["preset"]["enum"] == list(PRESETS)
    assert defs["rules"]["properties"]["penalty"]["enum"] == [p.value for p in Penalty]
    assert defs["rules"]["properties"]["deal_passes"]["enum"] == [d.value for d in DealPasses]
    assert defs["match"]["properties"]["deck_style"]["enum"] == [d.value for d in DeckStyle]
    assert sorted(defs["mode"]["enum"]) == sorted(FORMS)
    assert all(issubclass(form, HandFormBase) for form in FORMS.values())


# -- the round trip --------------------------------------------------------------------------------------------------


def test_export_import_into_a_fresh_account_and_export_again_gives_the_same_file(played_backup, bob):
    """The round trip: the second account's backup is the first's, its export time aside."""
    response = upload(bob, played_backup)
    assert response.status_code == 302 and response.headers["Location"] == "/matches/"
    assert "6 matches restored. 7 new players." in bob.text(bob.page("/matches/"))
    assert without_export_time(backup_of(bob)) == without_export_time(played_backup)


def test_imported_hands_get_their_side_results_as_if_played_here(played_backup, keeper, bob):
    """The statistics' rows of the imported hands are those the hands would have had if saved here: the
    account that played them anew has the same ones."""
    play_everything(keeper)
    upload(bob, played_backup)
    mine = side_results(keeper, "ana")
    imported = side_results(bob, "bob")
    assert len(imported) == sum(len(m["seats"]) if not m["partnerships"] else 2
                                for m in played_backup["matches"] for _ in m["hands"])
    # Same games, other uids: compare without them, in order.
    assert sorted(row[1:] for row in imported) == sorted(row[1:] for row in mine)


def boards(keeper: Any, username: str) -> list[tuple[Any, ...]]:
    """Each match of an account as its scoreboard reads it (rows, result) and what its trail's lines offer."""
    with keeper.app.app_context():
        matches = db.session.scalars(select(Match).join(User).where(User.username == username)
                                     .order_by(Match.created_at, Match.id))
        found = []
        for match in matches:
            board = scoreboard(match, actions=True)
            found.append(([(r.number, r.dealer, r.points, r.running, r.valid, r.mode, r.erred) for r in board.rows],
                          board.standing, board.next_dealer, [board.actions.get(e.id) for e in match.events]))
        return found


def test_an_imported_match_reads_and_offers_on_its_scoreboard_what_the_original_did(keeper, bob):
    """Rows, totals, the winner, who deals, and the trail's buttons (restore, revert, enter again) are the
    original's; every scoreboard opens."""
    play_everything(keeper)
    upload(bob, backup_of(keeper))
    original, imported = boards(keeper, "ana"), boards(bob, "bob")
    assert imported == original
    assert {"restore", "revert"} <= {action for *_, actions in imported for action in actions}
    for match_id, first_dealer in bob.query(select(Match.id, Match.first_dealer).join(User)
                                            .where(User.username == "bob")):
        bob.page(f"/matches/{match_id}", 200 if first_dealer is not None else 302)


def test_importing_the_same_file_twice_adds_nothing(played_backup, bob):
    """The second import finds every match by its uid and every player by name: not one row more."""
    upload(bob, played_backup)
    before = counts(bob)
    response = upload(bob, played_backup)
    assert response.status_code == 302
    assert "Nothing to add" in bob.text(bob.page("/matches/"))
    assert counts(bob) == before


def test_importing_into_the_account_it_came_from_adds_nothing(keeper):
    """A backup restored where it was made: every match is already there."""
    play_everything(keeper)
    before = counts(keeper)
    assert upload(keeper, backup_of(keeper)).status_code == 302
    assert counts(keeper) == before


def test_players_are_merged_by_name_without_case_or_accents(played_backup, bob):
    """Bob's account already has "ana" and "LUCIA": the imported seats are theirs, no second Ana; the others
    are made; the seats keep the names they were played under."""
    factories.start(bob, ("ana", "LUCIA"))
    upload(bob, played_backup)
    players = [name for name, in bob.query(select(Player.name).join(User).where(User.username == "bob")
                                           .order_by(Player.name_key))]
    assert players == ["ana", "Bea", "Carla", "Cid", "Duda", "Eva", "LUCIA"]
    seats = bob.query(select(Seat.name, Player.name).join(Player, Seat.player_id == Player.id)
                      .where(Seat.name.in_(["Ana", "Lucía"])))
    assert set(seats) == {("Ana", "ana"), ("Lucía", "LUCIA")}
    assert "6 matches restored. 5 new players." in bob.text(bob.page("/matches/"))


def test_a_match_the_account_has_is_skipped_and_the_others_added(played_backup, bob):
    """Half the file imported first; then the whole file adds the other half only."""
    half = copy.deepcopy(played_backup)
    half["matches"] = half["matches"][:3]
    upload(bob, half)
    upload(bob, played_backup)
    assert "3 matches restored. 3 were here already." in bob.text(bob.page("/matches/"))
    assert without_export_time(backup_of(bob)) == without_export_time(played_backup)


def test_a_seat_of_a_deleted_player_comes_back_without_a_player(played_backup, bob):
    """A seat whose player was deleted keeps its name and no player, in the file and once imported."""
    doc = copy.deepcopy(played_backup)
    doc["matches"][0]["seats"][1]["player"] = None
    doc["players"] = [p for p in doc["players"] if p["name"] != "Bea"]
    doc["matches"] = doc["matches"][:1]
    upload(bob, doc)
    assert backup_of(bob)["matches"][0]["seats"][1] == {"position": 1, "name": "Bea", "side": 1, "player": None}


def test_import_rates_the_account_once_before_its_one_commit(played_backup, bob, monkeypatch):
    """The ratings are computed again from the matches (the ratings' service does it), inside the import's
    transaction: the imported hands are there when it runs, and a failure there imports nothing."""
    from referee.services import backup

    seen = []

    def rerate(user):
        seen.append((user.username, db.session.scalar(select(func.count()).select_from(Hand))))
        raise RuntimeError("the ratings failed")

    monkeypatch.setattr(backup, "rerate", rerate)
    before = counts(bob)
    with pytest.raises(RuntimeError):
        upload(bob, played_backup)
    assert seen == [("bob", sum(len(m["hands"]) for m in played_backup["matches"]))]
    assert counts(bob) == before


# -- the page ---------------------------------------------------------------------------------------------------------


def test_the_account_page_links_to_the_backup_and_to_the_import_page(keeper):
    """Two links on the account page; the import page is a file upload with CSRF, asking for JSON."""
    account = keeper.page("/account")
    assert 'href="/account/backup.json"' in account and 'href="/account/import"' in account
    page = keeper.page("/account/import")
    assert 'enctype="multipart/form-data"' in page
    assert 'type="file"' in page and 'accept="application/json,.json"' in page
    assert keeper.fields(page, action=None)["csrf_token"]
    assert "Restore a backup" in keeper.text(page)


def test_the_import_page_and_the_backup_need_a_login(visitor):
    """Logged out: both go to the login page."""
    for url in ("/account/import", "/account/backup.json"):
        response = visitor.client.get(url)
        assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_the_upload_needs_its_csrf_token(played_backup, bob):
    """A post without the form's token (another site's form) is refused, and nothing is imported."""
    before = counts(bob)
    response = bob.client.post("/account/import", content_type="multipart/form-data",
                               data={"backup": (io.BytesIO(json.dumps(played_backup).encode()), "b.json")})
    assert response.status_code == 400
    assert counts(bob) == before


def test_no_file_chosen_is_refused_in_words(bob):
    """The form without a file: 422 and what to do."""
    fields = bob.form("/account/import")
    response = bob.client.post("/account/import", data=fields, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Choose the backup file to restore." in bob.errors(response.get_data(as_text=True))


# -- bad files: each refused in words, 422, and nothing written -------------------------------------------------------


def refused(keeper: Any, content: Any, status: int = 422) -> str:
    """Upload a bad file: its status, nothing written; the error shown beside the field."""
    before = counts(keeper)
    response = upload(keeper, content)
    html = response.get_data(as_text=True)
    assert response.status_code == status, html[-2000:]
    assert counts(keeper) == before
    errors = keeper.errors(html)
    assert len(errors) == 1, errors
    assert 'aria-invalid="true"' in html and "error-summary" in html
    return errors[0]


def broken(document: dict[str, Any], change: Any) -> dict[str, Any]:
    """A copy of a backup, changed by `change` (which edits the copy in place)."""
    copied = copy.deepcopy(document)
    change(copied)
    return copied


def test_a_file_that_is_not_json_is_refused(bob):
    """A text that is not JSON: where it stops making sense."""
    assert refused(bob, '{"format": "escoba-referee-backup",\n  "version": 1,,}') == \
        "The file is not JSON (it stops making sense at line 2, column 16)."


def test_a_file_that_is_not_text_is_refused(bob):
    """A picture chosen by mistake: not UTF-8 text."""
    assert refused(bob, b"\x89PNG\r\n\x1a\n\xff\xfe") == "The file is not text: a backup is a JSON text file."


def test_json_that_is_not_an_object_is_refused(bob):
    """A list, a number: JSON, but not a backup."""
    assert refused(bob, "[1, 2, 3]") == "The file is JSON, but not a backup: a backup is one JSON object."


def test_json_of_another_kind_is_refused_by_its_format(bob):
    """An object without this app's format name."""
    assert refused(bob, {"format": "keepscore", "version": 1}) == (
        "The file is JSON, but not an Escoba Referee backup: its “format” is not “escoba-referee-backup”.")


def test_a_backup_of_another_version_is_refused_naming_both(played_backup, bob):
    """Version 2 (a later app's) is not read as version 1."""
    assert refused(bob, broken(played_backup, lambda d: d.update(version=2))) == (
        "The file is a backup of version 2; this app reads version 1.")


def test_a_schema_violation_names_its_place_in_plain_words_and_as_a_json_path(played_backup, bob):
    """Points written as text: which match, which hand, which item, and the JSON path."""
    def text_points(doc):
        doc["matches"][1]["hands"][2]["points"][0] = "4"
    assert refused(bob, broken(played_backup, text_points)) == (
        "Match 2, hand 3, “points”, item 1: should be a whole number. In the file: $.matches[1].hands[2].points[0]")


def test_a_missing_field_is_named(played_backup, bob):
    """A match without its trail."""
    assert refused(bob, broken(played_backup, lambda d: d["matches"][0].pop("trail"))) == (
        "Match 1, “trail”: is missing. In the file: $.matches[0].trail")


def test_an_unknown_field_is_named(played_backup, bob):
    """A hand with a field no backup has (a hand's own ruleset would score it by other rules)."""
    def ruleset(doc):
        doc["matches"][0]["hands"][0]["entry"]["ruleset"] = "escoba-es"
    assert refused(bob, broken(played_backup, ruleset)) == (
        "Match 1, hand 1, “entry”, “ruleset”: is not a field a backup has. "
        "In the file: $.matches[0].hands[0].entry.ruleset")


def test_a_value_out_of_range_is_named_with_its_limit(played_backup, bob):
    """A target of 500."""
    assert refused(bob, broken(played_backup, lambda d: d["matches"][0]["rules"].update(target=500))) == (
        "Match 1, “rules”, “target”: should be at most 100. In the file: $.matches[0].rules.target")


def test_a_file_too_deep_is_refused_before_it_is_walked(bob):
    """Ten thousand nested lists: not a backup, and no crash."""
    assert refused(bob, '{"format": "escoba-referee-backup", "version": 1, "x": ' + "[" * 10_000 + "]" * 10_000
                   + "}") == "The file nests lists and objects more than 16 levels deep: it is not a backup."


def test_a_file_a_little_too_deep_is_refused_too(played_backup, bob):
    """Nesting the parser reads, deeper than a backup's: refused by the depth, not the schema."""
    def deep(doc):
        doc["matches"][0]["trail"][0]["after"]["seats"] = [[[[[[[[[[[["Ana"]]]]]]]]]]]]
    assert refused(bob, broken(played_backup, deep)) == (
        "The file nests lists and objects more than 16 levels deep: it is not a backup.")


def test_nan_is_not_json(played_backup, bob):
    """Python's reader takes NaN; JSON does not."""
    raw = json.dumps(played_backup).replace('"target": 15', '"target": NaN', 1)
    assert "NaN" in raw
    assert refused(bob, raw).startswith("The file holds a number JSON does not allow")


def test_a_file_over_the_import_limit_is_refused_before_it_is_read(bob):
    """Over 8 MB: 413 on the import page, saying how much it takes (the limit is that of this page only)."""
    assert bob.app.config["IMPORT_MAX_BYTES"] == 8 * 1024 * 1024
    before = counts(bob)
    response = upload(bob, b" " * (8 * 1024 * 1024 + 1))
    assert response.status_code == 413
    html = response.get_data(as_text=True)
    assert bob.errors(html) == ["The file is larger than 8 MB, the most one import takes."]
    assert 'type="file"' in html and counts(bob) == before


def test_a_file_over_64_kb_is_taken_by_the_import_page_only(played_backup, bob, hand):
    """The import's larger limit is its own: a 1 MB backup (padded) is restored, while a 1 MB body to another
    page is still 413."""
    raw = json.dumps(played_backup)[:-1] + " " * (1024 * 1024) + "}"
    assert upload(bob, raw).status_code == 302
    assert bob.client.post("/matches/new", data={"x": "y" * (1024 * 1024)}).status_code == 413


def chunked_upload(keeper: Any, content: bytes) -> Any:
    """The import form sent as a chunked body (no Content-Length), as some phones' browsers and proxies do."""
    fields = dict(keeper.form("/account/import"))
    upload = FileStorage(io.BytesIO(content), filename="b.json", content_type="application/json")
    boundary, body = encode_multipart(MultiDict({**fields, "backup": upload}))
    return keeper.client.post("/account/import", content_type=f"multipart/form-data; boundary={boundary}",
                              input_stream=io.BytesIO(body),
                              environ_overrides={"wsgi.input_terminated": True, "HTTP_TRANSFER_ENCODING": "chunked",
                                                 "CONTENT_LENGTH": ""})


def test_a_chunked_upload_gets_the_import_limit_not_the_pages(played_backup, bob, app):
    """A chunked 1 MB backup is read whole (not cut at 64 KB); one over the import's limit is 413."""
    raw = (json.dumps(played_backup)[:-1] + " " * (1024 * 1024) + "}").encode()
    assert chunked_upload(bob, raw).status_code == 302
    app.config["IMPORT_MAX_BYTES"] = 512 * 1024
    assert chunked_upload(bob, raw).status_code == 413


# -- deeper than the schema -----------------------------------------------------------------------------------------


def test_seats_out_of_order_are_refused(played_backup, bob):
    """Seat positions are the order of play from 0."""
    def swap(doc):
        doc["matches"][0]["seats"][0]["position"] = 1
    assert refused(bob, broken(played_backup, swap)) == (
        "Match 1, seat 1, “position”: should be 0: seats are listed in the order of play, from 0. "
        "In the file: $.matches[0].seats[0].position")


def test_a_seat_on_the_wrong_side_is_refused(played_backup, bob):
    """In a partnership match the first and third seats play together."""
    pairs = next(i for i, m in enumerate(played_backup["matches"]) if m["partnerships"])
    def side(doc):
        doc["matches"][pairs]["seats"][2]["side"] = 1
    assert refused(bob, broken(played_backup, side)) == (
        f"Match {pairs + 1}, seat 3, “side”: should be 0, the side this seat plays for. "
        f"In the file: $.matches[{pairs}].seats[2].side")


def test_hands_not_numbered_one_to_n_are_refused(played_backup, bob):
    """Hand 2 missing: the third hand is numbered 3 where 2 belongs."""
    def gap(doc):
        del doc["matches"][1]["hands"][1]
    assert refused(bob, broken(played_backup, gap)) == (
        "Match 2, hand 2, “number”: should be 2: hands are numbered 1, 2, 3… in order. "
        "In the file: $.matches[1].hands[1].number")


def test_an_entry_the_referee_cannot_read_is_refused_with_the_referees_words(played_backup, bob):
    """A card taken out of a pile: the deck is incomplete."""
    def lose(doc):
        doc["matches"][1]["hands"][0]["entry"]["sides"][0]["cards"].pop()
    message = refused(bob, broken(played_backup, lose))
    assert message.startswith("Match 2, hand 1, “entry”, “sides”: the referee cannot read this entry: not placed "
                              "yet: ")
    assert message.endswith("In the file: $.matches[1].hands[0].entry.sides")


def _card_hand(doc):
    """The first hand of the file entered by cards (its sides' piles, the leftover)."""
    return next(h for m in doc["matches"] for h in m["hands"] if "cards" in h["entry"]["sides"][0])


def _tally_hand(doc):
    """The first hand of the file entered by counts with a tally of its own on the first side."""
    return next(h for m in doc["matches"] for h in m["hands"] if isinstance(h["entry"]["sides"][0].get("tally"), dict))


def _both(doc):
    side = _card_hand(doc)["entry"]["sides"][0]
    side["tally"] = {"cards": 1, "oros": 0, "sevens": 0}


def _neither(doc):
    del _card_hand(doc)["entry"]["sides"][0]["cards"]


def _mixed(doc):
    entry = _card_hand(doc)["entry"]
    entry["sides"][1] = {"tally": "rest", "escobas": 0}


def _setenta_beside(doc):
    _tally_hand(doc)["entry"]["sides"][0]["setenta"] = 50


def _no_leftover(doc):
    del _card_hand(doc)["entry"]["leftover"]


def _no_leftover_sum(doc):
    entry = _tally_hand(doc)["entry"]
    entry.pop("leftover_sum", None)
    entry.pop("leftover", None)


@pytest.mark.parametrize(("change", "field", "words"), [
    (_both, "side 1", "a side gives either 'cards' or a 'tally', not both or neither"),
    (_neither, "side 1", "a side gives either 'cards' or a 'tally', not both or neither"),
    (_mixed, "“sides”", "all sides must be entered the same way"),
    (_setenta_beside, "side 1, “setenta”", "setenta"),
    (_no_leftover, "“leftover”", "this field is required"),
    (_no_leftover_sum, "“leftover_sum”", "this field is required"),
], ids=["cards-and-tally", "neither", "mixed", "setenta-beside-a-tally", "no-leftover", "no-leftover-sum"])
def test_an_entry_the_schema_lets_through_but_the_store_cannot_hold_is_refused(played_backup, bob, change, field,
                                                                              words):
    """What the file's schema cannot say of an entry (a side by cards and by counts at once, or by neither; sides
    entered both ways; a setenta beside a side's own tally; the leftover missing) is refused naming the field,
    in the referee's words, before anything is written."""
    message = refused(bob, broken(played_backup, change))
    assert f"“entry”, {field}: the referee cannot read this entry: " in message, message
    assert words in message


def test_a_card_entry_that_keeps_a_leftover_sum_too_reads_as_by_cards(played_backup, bob, app):
    """A sum beside a card entry's leftover is checked and ignored, as the API does: the hand stays one by cards
    when the database reads it back."""
    def sum_too(doc):
        entry = _card_hand(doc)["entry"]
        entry["leftover_sum"] = sum(int(code[:-1]) for code in entry["leftover"])
    response = upload(bob, json.dumps(broken(played_backup, sum_too)).encode())
    assert response.status_code == 302, bob.errors(response.get_data(as_text=True))
    with app.app_context():
        hand = next(h for h in db.session.scalars(select(Hand)) if "leftover_sum" in h.entry)
        assert isinstance(read_entry(hand.match, hand.entry), CardEntry)


def test_an_entry_of_another_mode_is_refused(played_backup, bob):
    """A hand by counts said to be entered by every card would not open on its correction page."""
    def mode(doc):
        hand = next(h for h in doc["matches"][0]["hands"] if h["mode"] == "tally")
        hand["mode"] = "cards"
    assert "is not an entry of the kind its mode (cards) says" in refused(bob, broken(played_backup, mode))


def test_points_for_more_sides_than_the_match_has_are_refused(played_backup, bob):
    """Three numbers in a two-player match."""
    def points(doc):
        doc["matches"][1]["hands"][0]["points"].append(0)
    assert refused(bob, broken(played_backup, points)) == (
        "Match 2, hand 1, “points”: should hold one number per side (2). In the file: $.matches[1].hands[0].points")


def test_a_dealer_not_at_the_table_is_refused(played_backup, bob):
    """Seat 4 dealing in a two-player match."""
    def dealer(doc):
        doc["matches"][1]["hands"][0]["dealer"] = 3
    assert refused(bob, broken(played_backup, dealer)) == (
        "Match 2, hand 1, “dealer”: names seat 4, but the match has 2 seats. In the file: $.matches[1].hands[0].dealer")


def test_a_winner_the_points_do_not_make_is_refused(played_backup, bob):
    """The finished match said to be won by the other side."""
    def winner(doc):
        match = next(m for m in doc["matches"] if m["finished"])
        match["winner"] = 1 - match["winner"]
    assert "does not follow from the points of the hands" in refused(bob, broken(played_backup, winner))


def test_a_trail_change_naming_a_later_one_is_refused(played_backup, bob):
    """A restore that names a change after itself."""
    def forward(doc):
        trail = doc["matches"][0]["trail"]
        restore = next(e for e in trail if e["kind"] == "hand_restored")
        restore["after"]["restores"] = len(trail) - 1
    assert "names a change of the trail that is not an earlier one of its kind" in refused(
        bob, broken(played_backup, forward))


def test_two_matches_with_one_uid_are_refused(played_backup, bob):
    """The same match twice in one file."""
    def twice(doc):
        doc["matches"][1]["uid"] = doc["matches"][0]["uid"]
    assert refused(bob, broken(played_backup, twice)) == (
        "Match 2, “uid”: is the same as another match's of the file. In the file: $.matches[1].uid")


def test_partnerships_of_three_seats_are_refused(played_backup, bob):
    """Partnerships are two pairs."""
    def three(doc):
        match = next(m for m in doc["matches"] if len(m["seats"]) == 3)
        match["partnerships"] = True
    assert "partnerships need four seats" in refused(bob, broken(played_backup, three))


def test_a_date_that_does_not_exist_is_refused(played_backup, bob):
    """The 30th of February has the form of a date."""
    def date(doc):
        doc["matches"][0]["created_at"] = "2026-02-30T10:00:00.000000Z"
    assert refused(bob, broken(played_backup, date)) == (
        "Match 1, “created_at”: is not a real moment in time. In the file: $.matches[0].created_at")


def test_more_hands_than_one_import_takes_are_refused(played_backup, bob, monkeypatch):
    """The cap on hands in one file (all matches together) is told with the count."""
    monkeypatch.setattr(backup_checks, "MAX_HANDS", 5)
    total = sum(len(m["hands"]) for m in played_backup["matches"])
    assert refused(bob, played_backup) == f"The file holds {total} hands; one import takes at most 5."


def test_the_errors_are_in_the_readers_language(played_backup, bob):
    """Spanish: the place and the problem in Spanish, the JSON path as it is."""
    bob.client.set_cookie("lang", "es")
    def text_points(doc):
        doc["matches"][1]["hands"][2]["points"][0] = "4"
    message = refused(bob, broken(played_backup, text_points))
    assert message.startswith("Partida 2, mano 3, «points», elemento 1: ")
    assert message.endswith("$.matches[1].hands[2].points[0]")


# -- fuzz: whatever the file, a page in words and never a 500 -------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=JSON)
def test_any_json_is_refused_in_words(value):
    """Arbitrary JSON read as a backup: a BadBackup (which the page words), never another exception."""
    with pytest.raises(backup_checks.BadBackup) as refusal:
        backup_checks.read_backup(json.dumps(value).encode(), 1024 * 1024)
    assert refusal.value.code


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_backup_changed_anywhere_is_read_or_refused_in_words(played_backup, app, data):
    """One value of a real backup changed: it passes every check or is a BadBackup, and the refusal is worded
    (in a request, as the page words it); never another exception."""
    raw = json.dumps(mutated(played_backup, data)).encode()
    try:
        backup_checks.read_backup(raw, 1024 * 1024)
    except backup_checks.BadBackup as error:
        from referee.views.backup_words import backup_words

        with app.test_request_context():
            assert backup_words(error)


@settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_compiled_schema_refuses_what_the_schema_refuses_in_the_same_words(played_backup, data):
    """The import checks a file with a compiled validator and words its first error on the file cut down around
    it: a real backup changed anywhere is refused exactly when the jsonschema library, reading the whole file,
    refuses it; where that finds one error, with the same words at the same place; where several (a list
    replaced by junk), the one told is one of them, at its own place."""
    document = mutated(played_backup, data)
    errors = list(Draft202012Validator(schema()).iter_errors(document))
    try:
        backup_checks.check_schema(document)
    except backup_checks.BadBackup as refusal:
        assert errors
        told = (refusal.code, refusal.where, refusal.params)
        if len(errors) == 1:
            expected = backup_checks.schema_problem(best_match(errors))
            assert told == (expected.code, expected.where, expected.params)
        else:
            assert any(refusal.where[:len(error.absolute_path)] == tuple(error.absolute_path) for error in errors)
    else:
        assert not errors


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_import_page_never_fails_whatever_the_file(played_backup, bob, data):
    """Through the page: arbitrary JSON, or a real backup changed somewhere, is restored (302) or refused
    (422) with nothing written; never a 500."""
    value = mutated(played_backup, data) if data.draw(st.booleans()) else data.draw(JSON)
    before = counts(bob)
    response = upload(bob, json.dumps(value))
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert counts(bob) == before
        assert len(bob.errors(response.get_data(as_text=True))) == 1


def test_the_documented_limits_are_the_ones_in_force(app):
    """docs/backup.md's table of limits says what the code and the schema hold."""
    text = (ROOT / "docs" / "backup.md").read_text(encoding="utf-8")
    defs = schema()["$defs"]

    def spaced(number: int) -> str:
        return f"{number:,}".replace(",", " ")

    assert f"| file size | {app.config['IMPORT_MAX_BYTES'] // (1024 * 1024)} MB" in text
    assert f"| nesting | {backup_checks.MAX_DEPTH} levels" in text
    assert f"| {spaced(backup_checks.MAX_HANDS)} |" in text
    assert (f"| {spaced(schema()['properties']['matches']['maxItems'])} / "
            f"{spaced(schema()['properties']['players']['maxItems'])} |") in text
    assert (f"| {defs['match']['properties']['hands']['maxItems']} / "
            f"{spaced(defs['match']['properties']['trail']['maxItems'])} |") in text
    assert f"| {backup_checks.CHECK_SECONDS:.0f} s (`CHECK_SECONDS`) |" in text
    assert f"| 1 / {app.config['IMPORTS_AT_ONCE']} (`IMPORTS_AT_ONCE`) |" in text
    assert f"| {app.config['IMPORT_LIMIT'].replace(' per ', ' an ')} (`IMPORT_LIMIT`) |" in text
