"""Backups written by earlier versions of the app (tests/web/backups/README.md) still restore: imported into a
fresh account, exported again, the same file, but for what a newer app writes of its own (the export time, the
regional options' defaults for matches from before them)."""

from __future__ import annotations

import pytest
from backup_play import backup_of, upload
from backup_round_trip import FILES, as_written_today, kept_file

from referee.extensions import db
from referee.models import Hand, MatchEvent
from referee.services.stored_entries import MARK, version_of


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_backup_an_earlier_app_wrote_restores_whole(path, scorekeeper, app):
    """Restored through the import page, every match, hand, seat, player and change of the trail is there:
    the account's own backup then reads as the file. The database keeps each entry, the hands' and the trail's,
    marked with its encoding's version; the file shows no mark."""
    document = kept_file(path)
    keeper = scorekeeper("restorer")
    response = upload(keeper, path.read_bytes())
    assert response.status_code == 302, keeper.errors(response.get_data(as_text=True))
    assert f"{len(document['matches'])} matches restored." in keeper.text(keeper.page("/matches/"))
    assert as_written_today(backup_of(keeper)) == as_written_today(document)
    with app.app_context():
        kept = [hand.entry for hand in db.session.scalars(db.select(Hand))]
        kept += [facts["entry"] for event in db.session.scalars(db.select(MatchEvent))
                 for facts in (event.before, event.after) if facts is not None and "entry" in facts]
    assert kept and all(entry[MARK] == version_of(entry) for entry in kept)
    assert not any(MARK in hand["entry"] for match in backup_of(keeper)["matches"] for hand in match["hands"])


def test_the_files_cover_what_earlier_apps_wrote():
    """Between them: hands without their erring sides, a trail of points only, rules without the regional
    options, the API's quick way, keys of any printable character, the setenta and the tiebreak by counts."""
    documents = [kept_file(path) for path in FILES]
    matches = [match for document in documents for match in document["matches"]]
    hands = [hand for match in matches for hand in match["hands"]]
    entries = [hand["entry"] for hand in hands]
    assert any(hand["erred"] is None for hand in hands)
    assert any(event["after"] is not None and "points" in event["after"] and "entry" not in event["after"]
               for match in matches for event in match["trail"] if event["kind"] == "hand_recorded")
    assert any("sevens" not in match["rules"] for match in matches)
    assert any(side.get("tally") == "rest" for entry in entries for side in entry["sides"])
    assert any("leftover" in entry and any("tally" in side for side in entry["sides"]) for entry in entries)
    assert any(hand["client_token"] and not hand["client_token"].replace("-", "").replace("_", "").isalnum()
               for hand in hands)
    tallies = [side["tally"] for entry in entries for side in entry["sides"] if isinstance(side.get("tally"), dict)]
    assert any("setenta" in tally for tally in tallies) and any("sixes" in tally for tally in tallies)
    assert {match["rules"].get("sevens") for match in matches} >= {"setenta", "most_tiebreak"}
