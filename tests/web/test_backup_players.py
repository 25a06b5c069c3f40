"""What renaming, merging and deleting players does to the seats of a backup (docs/backup.md, "Players and
seats"): the backup written after, and a backup written before imported after."""

from __future__ import annotations

from typing import Any

import factories
import pytest
from backup_play import backup_of, upload
from sqlalchemy import select

from referee.extensions import db
from referee.models import Player, User
from referee.services.players import delete_player, merge_players, rename_player


@pytest.fixture
def played(keeper: Any) -> Any:
    """Ana's account: two matches of Ana against Bea (one by the pages' hand); the backup before any change."""
    for _ in range(2):
        factories.save_hand(keeper, factories.start(keeper, ("Ana", "Bea")))
    keeper.before = backup_of(keeper)
    return keeper


def player(keeper: Any, name: str) -> Player:
    """The account's player of this name (within an app context)."""
    found = db.session.scalar(select(Player).join(User).where(User.username == keeper.username, Player.name == name))
    assert found is not None
    return found


def seats(document: dict[str, Any], uid: str | None = None) -> list[tuple[str, str | None]]:
    """Every seat of the file (or of its match of this uid) as (name, player), in order."""
    return [(seat["name"], seat["player"]) for match in document["matches"] for seat in match["seats"]
            if uid in (None, match["uid"])]


def first_names(document: dict[str, Any]) -> list[list[str]]:
    """The names each match's trail says it started with."""
    return [match["trail"][0]["after"]["seats"] for match in document["matches"]]


def test_after_a_rename_every_seat_of_the_player_has_the_new_name_and_the_trail_the_old(played):
    """A rename renames the player in every match they played: each of their seats reads the new name, as
    seat name and as player; the player list has the new name only; the trail still says who started."""
    with played.app.app_context():
        rename_player(player(played, "Ana"), "Anita")
    after = backup_of(played)
    assert seats(played.before) == [("Ana", "Ana"), ("Bea", "Bea")] * 2
    assert seats(after) == [("Anita", "Anita"), ("Bea", "Bea")] * 2
    assert sorted(p["name"] for p in after["players"]) == ["Anita", "Bea"]
    assert first_names(after) == first_names(played.before) == [["Ana", "Bea"]] * 2


def test_a_backup_from_before_a_rename_brings_the_old_name_back_as_a_player_of_its_own(played):
    """Restored into the renamed account: the matches there already (by uid) are left as they are, under the
    new name; the old name, which the account no longer has, is made a player again (the file lists it), with
    the seats of the matches the account lacks, as the file names them. Merge the two if they are one person."""
    with played.app.app_context():
        rename_player(player(played, "Ana"), "Anita")
    assert upload(played, played.before).status_code == 302
    assert "0 matches restored. 2 were here already. 1 new player." in played.text(played.page("/matches/"))
    assert seats(backup_of(played)) == [("Anita", "Anita"), ("Bea", "Bea")] * 2

    lacking = played.before | {"matches": [played.before["matches"][1] | {"uid": "f" * 32}]}
    assert upload(played, lacking).status_code == 302
    assert "1 match restored." in played.text(played.page("/matches/"))
    after = backup_of(played)
    assert [seats(after, match["uid"]) for match in played.before["matches"]] == [[("Anita", "Anita"),
                                                                                 ("Bea", "Bea")]] * 2
    assert seats(after, "f" * 32) == [("Ana", "Ana"), ("Bea", "Bea")]
    assert sorted(p["name"] for p in after["players"]) == ["Ana", "Anita", "Bea"]


def test_a_rename_of_case_or_accents_only_keeps_the_files_seat_names_on_the_renamed_player(played):
    """Renamed "ÁNA" (the same name without case or accents), the account's player is still the one the old
    file names: a match restored from it joins "ÁNA", its seats keeping the name they were played under."""
    with played.app.app_context():
        rename_player(player(played, "Ana"), "ÁNA")
    lacking = played.before | {"matches": [played.before["matches"][0] | {"uid": "e" * 32}]}
    assert upload(played, lacking).status_code == 302
    assert "1 match restored." in played.text(played.page("/matches/"))
    after = backup_of(played)
    assert seats(after, "e" * 32) == [("Ana", "ÁNA"), ("Bea", "Bea")]
    assert sorted(p["name"] for p in after["players"]) == ["Bea", "ÁNA"]


def test_a_merge_renames_the_merged_seats_and_a_delete_leaves_seats_without_a_player(played):
    """Merged into Bea, Ana's seats read Bea's name; deleted, Bea's seats keep their names and no player."""
    with played.app.app_context():
        merge_players(player(played, "Bea"), player(played, "Ana"))
    assert seats(backup_of(played)) == [("Bea", "Bea"), ("Bea", "Bea")] * 2
    with played.app.app_context():
        delete_player(player(played, "Bea"))
    after = backup_of(played)
    assert seats(after) == [("Bea", None), ("Bea", None)] * 2 and after["players"] == []
