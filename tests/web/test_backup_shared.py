"""A shared match in the backups (docs/backup.md#shared-matches): it is its owner's, with who made each change by
name; a scorer's backup holds only the scorer's own matches; the sharing itself (scorers, join codes) stays on
the server."""

from __future__ import annotations

from api_client import ApiClient
from backup_play import backup_of, upload
from backup_round_trip import Script, Step, Table, round_trip
from page_client import Scorekeeper

from referee.extensions import db
from referee.models import JoinCode, Match, MatchEvent, Scorer, Seat, SeatClaim, User
from referee.services.claims import claim_seat, confirm_claim
from referee.services.sharing import join, make_join_code

# The owner and one scorer, each entering and correcting hands, taking one back and bringing it back.
STEPS = (Step("record", "api_cards", seed=1), Step("record", "page_cards", seed=2, phone=1),
         Step("correct", "api_tally", seed=3, phone=1), Step("revert", phone=0), Step("record", "page_quick", seed=4),
         Step("undo", phone=1), Step("restore", phone=0))
SHARED = Script("escoba-es", {"target": 21}, "spanish", "2", 0, False, STEPS, scorers=1)


def test_a_shared_match_restores_with_who_made_each_change(scorekeeper):
    """The owner's backup names the owner and the scorer on each change they made; imported into a fresh account
    and backed up again, the same file, and the fresh account's trail still shows the names."""
    document = round_trip(scorekeeper, [SHARED])
    [match] = document["matches"]
    by = [(event["kind"], event.get("by")) for event in match["trail"]]
    owner, scorer = by[0][1], by[2][1]
    assert owner is not None and scorer is not None and owner != scorer
    assert by == [("created", owner), ("hand_recorded", owner), ("hand_recorded", scorer),
                  ("hand_edited", scorer), ("hand_reverted", owner), ("hand_recorded", owner),
                  ("hand_undone", scorer), ("hand_restored", owner)]


def test_the_restored_trail_shows_who_made_each_change(scorekeeper, app):
    """Restored into an account that neither of them is, the names are text: the trail reads them, and no
    change points at an account."""
    keeper = scorekeeper("owen")
    table = Table(keeper, ApiClient(keeper.client, "owen"), SHARED)
    table.play()
    first = backup_of(keeper)
    fresh = scorekeeper("fresh")
    assert upload(fresh, first).status_code == 302
    with app.app_context():
        restored = db.session.scalars(db.select(Match).where(Match.user_id != table.owner_id())).one()
        assert {e.user_id for e in restored.events} == {None}
        assert {e.by_name for e in restored.events} == {"owen", table.phones[1][0].username}
        assert db.session.scalar(db.select(db.func.count()).select_from(Scorer)
                                 .where(Scorer.match_id == restored.id)) == 0
        restored_id = restored.id
    trail = fresh.text(fresh.board(restored_id))
    assert f"{table.phones[1][0].username}:" in trail and "owen:" in trail


def test_scorers_and_join_codes_are_not_in_the_file(scorekeeper, app):
    """A scorer and a live code are access to this server's match: the file says nothing of them, and the
    restored match has none (its owner makes a code of its own)."""
    keeper = scorekeeper("olga")
    table = Table(keeper, ApiClient(keeper.client, "olga"), SHARED)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(JoinCode)) == 1
    text = str(backup_of(keeper))
    assert "scorer" not in text.lower() and "code" not in text.lower()
    assert table.phones[1][0].username not in text  # nobody but the owner changed the match yet


def test_a_scorers_backup_holds_its_own_matches_only(scorekeeper, app):
    """The match a scorer scores is the owner's: it is in the owner's backup, not the scorer's, which holds the
    scorer's own match, itself shared or not."""
    keeper = scorekeeper("otto")
    table = Table(keeper, ApiClient(keeper.client, "otto"), SHARED)
    table.play()
    scorer = table.phones[1][0]
    own = scorer.start(("Cid", "Duda"))
    matches = backup_of(scorer)["matches"]
    assert len(matches) == 1 and [s["name"] for s in matches[0]["seats"]] == ["Cid", "Duda"]
    with app.app_context():
        assert db.session.get_one(Match, own).uid == matches[0]["uid"]
        uid = db.session.get_one(Match, table.id).uid
    assert [m["uid"] for m in backup_of(keeper)["matches"]] == [uid]


def test_a_match_only_its_owner_changed_names_no_one(scorekeeper, app):
    """Until another account changes it, a match's file reads as before sharing: no change names anyone (and a
    """
    document = round_trip(scorekeeper, [Script("escoba-es", {"target": 21}, "spanish", "2", 0, False,
                                               (Step("record", seed=1), Step("undo")), scorers=2)])
    assert not any("by" in event for event in document["matches"][0]["trail"])
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(MatchEvent)
                                 .where(MatchEvent.user_id.is_not(None))) > 0


def test_a_scorer_keeps_a_copy_by_the_matchs_own_download(scorekeeper, app):
    """The scorer downloads the match's JSON from its scoreboard: restored into its own account it is a match of
    its own, the names of who made each change with it; the owner's match is as it was."""
    keeper = scorekeeper("ugo")
    table = Table(keeper, ApiClient(keeper.client, "ugo"), SHARED)
    table.play()
    scorer = table.phones[1][0]
    download = scorer.client.get(f"/matches/{table.id}/export.json")
    assert download.status_code == 200
    assert upload(scorer, download.get_data()).status_code == 302
    [copy] = backup_of(scorer)["matches"]
    [original] = backup_of(keeper)["matches"]
    assert copy == original and {event.get("by") for event in copy["trail"]} == {"ugo", scorer.username}
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Match).where(Match.uid == copy["uid"])) == 2


def guest_phone(app) -> Scorekeeper:
    """A phone with no account that taps the home page's "New match": a guest of its own."""
    phone = Scorekeeper(app, app.test_client())
    assert phone.submit("/", action="/guest").status_code == 302
    return phone


def same_file(first: dict, again: dict) -> bool:
    """Two backups alike but for their export time."""
    return {k: v for k, v in first.items() if k != "exported_at"} == {k: v for k, v in again.items()
                                                                      if k != "exported_at"}


def test_a_guests_backup_is_the_same_file_and_restores_into_a_named_account(app, scorekeeper):
    """A guest downloads its backup from its account page like any account; a named account restores it and
    backs up the same file."""
    phone = guest_phone(app)
    match_id = phone.start(("Ana", "Bea"))
    assert phone.save_hand(match_id).status_code == 302
    first = backup_of(phone)
    assert [len(m["hands"]) for m in first["matches"]] == [1]
    named = scorekeeper("nora")
    assert upload(named, first).status_code == 302
    assert same_file(first, backup_of(named))


def test_a_guest_scorers_changes_name_no_one_and_round_trip(app, scorekeeper):
    """A guest who joined by the code has no name to give: its changes carry none, on the scoreboard's trail and
    in the file; the owner's carry the owner's, and the file round-trips."""
    keeper = scorekeeper("olivia")
    match_id = keeper.start(("Ana", "Bea"))
    phone = guest_phone(app)
    with app.app_context():
        guest = db.session.scalars(db.select(User).where(User.guest.is_(True))).one()
        join(guest, make_join_code(db.session.get_one(Match, match_id)).code)
    assert phone.save_hand(match_id).status_code == 302
    assert keeper.save_hand(match_id, mirror=True).status_code == 302
    # The scoreboard's trail names no one for the guest's change either: never its placeholder name.
    with app.app_context():
        placeholder = db.session.scalars(db.select(User.username).where(User.guest.is_(True))).one()
    assert placeholder not in keeper.board(match_id) and "olivia:" in keeper.text(keeper.board(match_id))
    first = backup_of(keeper)
    by = [(e["kind"], e.get("by")) for e in first["matches"][0]["trail"]]
    assert by == [("created", "olivia"), ("hand_recorded", None), ("hand_recorded", "olivia")]
    fresh = scorekeeper("fresh")
    assert upload(fresh, first).status_code == 302
    assert same_file(first, backup_of(fresh))


def test_seat_claims_stay_on_the_server_and_the_file_round_trips(scorekeeper, app):
    """A confirmed claim links an account of this server to the owner's seat: the owner's file says nothing of it
    (the same file as before the claim), the restored match has no claim, and the claimant's own backup does not
    hold the owner's match."""
    keeper = scorekeeper("ofelia")
    table = Table(keeper, ApiClient(keeper.client, "ofelia"), SHARED)
    table.play()
    before = backup_of(keeper)
    claimant = table.phones[1][0]
    with app.app_context():
        match = db.session.get_one(Match, table.id)
        user = db.session.scalars(db.select(User).where(User.username == claimant.username)).one()
        claim = claim_seat(user, match, 1)
        confirm_claim(match.owner, match, claim.id)
        assert db.session.scalar(db.select(db.func.count()).select_from(SeatClaim)) == 1
    after = backup_of(keeper)
    assert {k: v for k, v in after.items() if k != "exported_at"} == {
        k: v for k, v in before.items() if k != "exported_at"}
    assert "claim" not in str(after).lower()
    assert backup_of(claimant)["matches"] == []
    fresh = scorekeeper("fresh")
    assert upload(fresh, after).status_code == 302
    with app.app_context():
        restored = db.session.scalars(db.select(Match).where(Match.user_id != table.owner_id())).one()
        assert db.session.scalar(db.select(db.func.count()).select_from(SeatClaim)
                                 .join(Seat).where(Seat.match_id == restored.id)) == 0
