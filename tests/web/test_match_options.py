"""The regional options kept with a match: started through the match API, scored by them, read back, backed up,
and the matches stored before them read as the one way they were scored (most sevens, ties to nobody)."""

from __future__ import annotations

import copy

import pytest
from api_client import ApiClient
from backup_play import backup_of, upload
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.models import Match
from referee.rules import Sevens, Ties, make_ruleset
from referee.services.backup_checks import schema

TWO = {"ruleset": "escoba-es", "players": ["Ana", "Bea"], "partnerships": False, "first_dealer": 0}
BEFORE = "a9d2c4e6f801"  # the revision before the options' columns
# Sevens tied 2–2 and the oros 5–5: the tiebreak and the shared ties decide.
SIDES = [{"tally": {"cards": 20, "oros": 5, "sevens": 2, "velo": True}, "escobas": 0},
         {"tally": {"cards": 20, "oros": 5, "sevens": 2, "velo": False}, "escobas": 0}]


@pytest.fixture
def api(keeper, client) -> ApiClient:
    """Ana's program, with a token of her account."""
    return ApiClient(client)


def tally(*extra: dict[str, int]) -> dict:
    """The hand above by counts, each side's tally with its extra counts."""
    sides = copy.deepcopy(SIDES)
    for side, counts in zip(sides, extra, strict=False):
        side["tally"].update(counts)
    return {"sides": sides, "leftover_sum": 10, "last_capture": 0}


def test_a_match_keeps_its_options_and_scores_its_hands_by_them(api):
    """Started with the tiebreak and shared ties: answered with them, read back with them, and a hand scored
    by them (sevens tied, the sixes decide; the tied cards and oros score for both)."""
    match = api.start(**(TWO | {"options": {"sevens": "most_tiebreak", "ties": "shared"}}))
    assert (match["options"]["sevens"], match["options"]["ties"]) == ("most_tiebreak", "shared")
    again = api.request("GET", f"/matches/{match['id']}").get_json()
    assert (again["options"]["sevens"], again["options"]["ties"]) == ("most_tiebreak", "shared")
    saved = api.request("POST", f"/matches/{match['id']}/hands",
                        tally({"sixes": 3, "aces": 2, "fives": 2}, {"sixes": 1, "aces": 2, "fives": 2}))
    assert saved.status_code == 201, saved.get_data(as_text=True)
    # Side 0: cards and oros shared (1 + 1), the sevens by its sixes, the velo: 4. Side 1: cards and oros: 2.
    assert saved.get_json()["hand"]["points"] == [4, 2]


def test_a_tally_without_what_the_matchs_option_needs_is_refused_naming_the_field(api):
    """Under the setenta a tally without the sums is a 422 naming each side's setenta, and nothing is saved."""
    match = api.start(**(TWO | {"options": {"sevens": "setenta"}}))
    refused = api.request("POST", f"/matches/{match['id']}/hands", tally())
    assert refused.status_code == 422
    assert [e["field"] for e in refused.get_json()["errors"]] == ["sides[0].tally.setenta", "sides[1].tally.setenta"]
    assert api.request("GET", f"/matches/{match['id']}").get_json()["hands"] == []


def test_a_match_without_options_is_scored_as_before(api):
    """Most sevens, ties to nobody: the tied sevens, cards and oros score nothing, the velo one."""
    match = api.start(**TWO)
    assert (match["options"]["sevens"], match["options"]["ties"]) == ("most", "nobody")
    saved = api.request("POST", f"/matches/{match['id']}/hands", tally())
    assert saved.get_json()["hand"]["points"] == [1, 0]


def test_the_backup_keeps_the_options_and_a_file_from_before_them_imports_as_the_defaults(api, keeper, scorekeeper):
    """Exported with the match's options and restored with them; a file written before the options (no such
    keys) restores its matches as most sevens and ties to nobody."""
    api.start(**(TWO | {"options": {"sevens": "setenta", "ties": "shared"}}))
    document = backup_of(keeper)
    assert {k: document["matches"][0]["rules"][k] for k in ("sevens", "ties")} == {"sevens": "setenta",
                                                                                    "ties": "shared"}
    bob, cai = scorekeeper("bob"), scorekeeper("cai")
    assert upload(bob, document).status_code == 302
    assert backup_of(bob)["matches"][0]["rules"] == document["matches"][0]["rules"]
    old = copy.deepcopy(document)
    for key in ("sevens", "ties"):
        del old["matches"][0]["rules"][key]
    assert upload(cai, old).status_code == 302
    rules = backup_of(cai)["matches"][0]["rules"]
    assert (rules["sevens"], rules["ties"]) == ("most", "nobody")


def test_the_schema_allows_exactly_the_options_the_rules_core_has():
    """The backup schema's choices are the rules core's."""
    rules = schema()["$defs"]["rules"]["properties"]
    assert rules["sevens"]["enum"] == [s.value for s in Sevens]
    assert rules["ties"]["enum"] == [t.value for t in Ties]


def test_matches_stored_before_the_options_read_as_most_sevens_and_ties_to_nobody(database_app):
    """At the revision before, a match row has no option columns; upgraded, it reads as the defaults, and the
    downgrade drops them again."""
    app = database_app(migrated=False, MIGRATING_AT_START=True)
    with app.app_context():
        upgrade(directory=MIGRATIONS, revision=BEFORE)
        db.session.execute(text("INSERT INTO \"user\" (id, username, password_hash, created_at, username_key) "
                                "VALUES (1, 'ana', 'x', CURRENT_TIMESTAMP, 'ana')"))
        db.session.execute(text(
            "INSERT INTO match (id, user_id, uid, created_at, updated_at, preset, target, all_oros, all_sevens, "
            "over30, penalty, deal_passes, deck_style, partnerships, finished, version) VALUES (1, 1, 'u1', "
            "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'escoba-es', 21, 0, 0, 0, 'forfeit', 'right', 'spanish', "
            ":no, :no, 1)"), {"no": False})
        db.session.commit()
        upgrade(directory=MIGRATIONS)
        match = db.session.get(Match, 1)
        assert (match.ruleset.sevens, match.ruleset.ties) == (Sevens.MOST, Ties.NOBODY)
        db.session.close()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        columns = set(db.session.execute(text("SELECT * FROM match")).keys())
        assert "sevens" not in columns and "ties" not in columns


def test_a_matchs_ruleset_is_its_preset_and_options_columns_both_ways():
    """Match.ruleset writes the preset and Ruleset.options() into the columns and reads them back, the same
    ruleset for the same columns and another once they change (read once per distinct rules, never stale)."""
    setenta = make_ruleset("escoba-es", target=30, sevens="setenta")
    match = Match(ruleset=setenta)
    assert (match.preset, match.options) == ("escoba-es", setenta.options())
    assert match.ruleset == setenta and match.ruleset is match.ruleset
    match.options = {**match.options, "ties": "shared"}
    assert match.ruleset == make_ruleset("escoba-es", target=30, sevens="setenta", ties="shared")
    match.options = {key: value for key, value in match.options.items() if key not in ("sevens", "ties")}
    assert (match.ruleset.sevens, match.ruleset.ties) == (Sevens.MOST, Ties.NOBODY)  # stored before them
