"""House rules: saving a profile (its page and the new-match form's "Save these rules as…"), starting a match from
one (without JavaScript: the new-match page's links), and the lock a started match puts on it."""

from __future__ import annotations

from collections.abc import Callable

import factories
import pytest
from flask import Flask
from page_client import Scorekeeper
from sqlalchemy import func, select

from referee.extensions import db
from referee.models import Match, RulesProfile
from referee.rules import make_ruleset
from referee.services import get_match, rematch
from referee.services import profiles as profiles_service
from referee.services.accounts import delete_account
from referee.services.errors import Conflict, NotFound
from referee.services.profiles import (
    HouseRules,
    OpeningSweep,
    change_profile,
    delete_profile,
    get_profile,
    profile_to_record,
    profiles_of,
    read_rules,
    save_profile,
    stored_rules,
)
from referee.services.refusals import ProfileRefusal

# A house's rules as the profile page's form sends them: Escoba (Spain) to 30, the setenta, void, to the left.
HOUSE = {"name": "Tuesday club", "preset": "escoba-es", "target": "30", "all_oros": "1", "all_sevens": "",
         "over30": "2", "penalty": "void", "deal_passes": "left", "deck_style": "french-jq", "sevens": "setenta",
         "ties": "shared", "opening_sweep": "first"}
TUESDAY = HouseRules(make_ruleset("escoba-es", target=30, all_oros=1, over30=2, penalty="void", deal_passes="left",
                                  sevens="setenta", ties="shared"), "french-jq", OpeningSweep.FIRST)


def profile_id(keeper: Scorekeeper, name: str = "Tuesday club") -> int:
    """The id of the keeper's profile of this name."""
    with keeper.app.app_context():
        found = db.session.scalar(select(RulesProfile.id).where(RulesProfile.name == name))
        assert found is not None, name
        return found


def saved(app: Flask, username: str, name: str = "Tuesday club", rules: HouseRules = TUESDAY) -> int:
    """A profile of the account saved through the service; its id."""
    with app.app_context():
        user = factories.find_account(username)
        assert user is not None
        return save_profile(user, name, rules).id


def match_row(app: Flask, match_id: int) -> tuple[int | None, str, dict[str, object], str]:
    """A match's profile, preset, options and deck, as stored."""
    with app.app_context():
        match = db.session.get_one(Match, match_id)
        return match.profile_id, match.preset, dict(match.options), match.deck_style


# -- the house rules pages ---------------------------------------------------------------------

def test_house_rules_saved_on_their_page_read_back_as_chosen(keeper: Scorekeeper) -> None:
    """Every field of the form is kept: the profile's rules are those chosen, its page lists it."""
    response = keeper.submit("/rules/new", HOUSE)
    assert response.status_code == 302
    pid = profile_id(keeper)
    assert response.headers["Location"] == f"/rules/{pid}"
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        assert get_profile(user, pid).rules == TUESDAY
    assert "Tuesday club" in keeper.text(keeper.page("/rules/"))
    form = keeper.form(f"/rules/{pid}/edit")
    assert {key: form[key] for key in HOUSE} == HOUSE | {"all_sevens": "0"}  # every option as the profile holds it


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"name": "  "}, "name", "Give the house rules a name."),
    ({"name": "x" * 41}, "name", "Field cannot be longer than 40 characters."),
    ({"target": "0"}, "target", "Number must be between 1 and 100."),
    ({"penalty": "sometimes"}, "penalty", "Not a valid choice."),
])
def test_a_refused_profile_keeps_what_was_typed(keeper: Scorekeeper, changes: dict[str, str], field: str,
                                                 message: str) -> None:
    """422, the problem beside its field, every other field as typed, nothing saved."""
    response = keeper.submit("/rules/new", HOUSE | changes)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in keeper.errors(html)
    kept = keeper.fields(html)
    assert {key: kept.get(key) for key in HOUSE if key not in changes and key != "penalty"} == {
        key: value for key, value in HOUSE.items() if key not in changes and key != "penalty"}
    with keeper.app.app_context():
        assert db.session.scalar(select(func.count(RulesProfile.id))) == 0


def test_a_second_profile_of_the_same_name_is_refused_in_words(keeper: Scorekeeper) -> None:
    """Names are the account's own, without regard to case or accents: 'TUESDAY CLUB' is taken."""
    saved(keeper.app, "ana")
    response = keeper.submit("/rules/new", HOUSE | {"name": "TUESDAY CLUB"})
    assert response.status_code == 422
    assert any("already have the name" in error for error in keeper.errors(response.get_data(as_text=True)))
    assert keeper.fields(response.get_data(as_text=True))["name"] == "TUESDAY CLUB"


def test_another_accounts_profiles_are_404(keeper: Scorekeeper, scorekeeper: Callable[[str], Scorekeeper]) -> None:
    """Bea sees none of Ana's house rules, nor can she use them to start a match."""
    pid = saved(keeper.app, "ana")
    bea = scorekeeper("bea")
    for url in (f"/rules/{pid}", f"/rules/{pid}/edit", f"/rules/{pid}/rename", f"/rules/{pid}/delete"):
        bea.page(url, 404)
    assert bea.client.post(f"/rules/{pid}/link", data={"csrf_token": bea.token()}).status_code == 404
    assert "Tuesday club" not in bea.page(f"/matches/new?profile={pid}")
    match = bea.start(("Ana", "Bea"), profile=str(pid))
    assert match_row(bea.app, match)[0] is None


# -- starting a match from house rules ------------------------------------------------------------

def test_the_new_match_page_offers_the_profiles_and_fills_the_rules_from_the_one_chosen(keeper: Scorekeeper) -> None:
    """Without JavaScript: a link per profile; the page it opens has the profile's rules in the rules part, and the
    match started with them records the profile and plays by its rules."""
    pid = saved(keeper.app, "ana")
    page = keeper.page("/matches/new")
    assert f'href="/matches/new?profile={pid}"' in page
    form = keeper.form(f"/matches/new?profile={pid}")
    assert form["profile"] == str(pid)
    assert {key: form[key] for key in ("preset", "target", "sevens", "penalty", "deck_style")} == {
        "preset": "escoba-es", "target": "30", "sevens": "setenta", "penalty": "void", "deck_style": "french-jq"}
    response = keeper.submit(f"/matches/new?profile={pid}", {
        "seating": "2", "first_dealer": "0", "names-0": "Ana", "names-1": "Bea"})
    assert response.status_code == 302
    match = int(response.headers["Location"].rsplit("/", 1)[1])
    assert match_row(keeper.app, match) == (pid, "escoba-es", TUESDAY.ruleset.options(), "french-jq")


def test_a_rule_changed_on_the_form_starts_the_match_without_the_profile(keeper: Scorekeeper) -> None:
    """The rules part filled from house rules, then the target changed: the match plays to 40 and records no
    profile (its card would say 30)."""
    pid = saved(keeper.app, "ana")
    response = keeper.submit(f"/matches/new?profile={pid}", {
        "seating": "2", "first_dealer": "0", "names-0": "Ana", "names-1": "Bea", "target": "40"})
    match = int(response.headers["Location"].rsplit("/", 1)[1])
    profile, _preset, options, _deck = match_row(keeper.app, match)
    assert (profile, options["target"]) == (None, 40)


def test_save_these_rules_as_saves_the_profile_and_starts_the_match_from_it(keeper: Scorekeeper) -> None:
    """The new-match form's "Save these rules as…": the profile holds the rules chosen, the match records it."""
    match = keeper.start(("Ana", "Bea"), preset="escoba-intl", target="18", sevens="most_tiebreak",
                         save_as=" Family ")
    pid = profile_id(keeper, "Family")
    profile, preset, options, deck = match_row(keeper.app, match)
    assert (profile, preset, options["target"], options["sevens"], deck) == (
        pid, "escoba-intl", 18, "most_tiebreak", "spanish")
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        assert get_profile(user, pid).rules == HouseRules(
            make_ruleset("escoba-intl", target=18, sevens="most_tiebreak"))


def test_save_these_rules_as_a_name_taken_keeps_the_form_and_starts_nothing(keeper: Scorekeeper) -> None:
    """422, the name refused beside its field in "Rules and cards" (opened), the names and rules as typed."""
    saved(keeper.app, "ana", "Family")
    response = keeper.new_match(("Ana", "Bea"), target="18", save_as="family")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert any("already have the name" in error for error in keeper.errors(html))
    assert '<details class="more" open>' in html
    kept = keeper.fields(html)
    assert (kept["names-0"], kept["names-1"], kept["target"], kept["save_as"]) == ("Ana", "Bea", "18", "family")
    with keeper.app.app_context():
        assert db.session.scalar(select(func.count(Match.id))) == 0


def test_a_profile_id_no_page_writes_chooses_nothing(keeper: Scorekeeper) -> None:
    """Odd values of ?profile= and of the hidden field are no profile: the page as usual, a match without one."""
    saved(keeper.app, "ana")
    for odd in ("x", "-1", "9" * 30, "١", ""):
        assert keeper.form(f"/matches/new?profile={odd}")["profile"] == ""
    match = keeper.start(("Ana", "Bea"), profile="9" * 30)
    assert match_row(keeper.app, match)[0] is None


def test_a_rematch_keeps_the_profile(keeper: Scorekeeper) -> None:
    """Same rules, same house rules: the rematch records them too."""
    pid = saved(keeper.app, "ana")
    match = keeper.start(("Ana", "Bea"), profile=str(pid), **{key: HOUSE[key] for key in (
        "preset", "target", "all_oros", "over30", "penalty", "deal_passes", "deck_style", "sevens", "ties")})
    assert match_row(keeper.app, match)[0] == pid
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        again = rematch(user, get_match(user, match))
        assert again.profile_id == pid


# -- the lock ---------------------------------------------------------------------------------------

def started_from(keeper: Scorekeeper, pid: int) -> int:
    """A match started from the profile, through the service; its id."""
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        rules = get_profile(user, pid).rules
        settings = factories.MatchSettings(preset=rules.ruleset.preset, options=rules.ruleset.options(),
                                           deck_style=rules.deck(), names=("Ana", "Bea"), first_dealer=0,
                                           profile_id=profile_to_record(user, pid, rules.ruleset, rules.deck()))
        return factories.create_match(user, settings).id


def test_a_used_profile_cannot_change_in_place_and_its_changes_are_saved_as_new(keeper: Scorekeeper) -> None:
    """The page says it is locked; changed rules make new house rules; the match and the old profile keep theirs."""
    pid = saved(keeper.app, "ana")
    match = started_from(keeper, pid)
    assert match_row(keeper.app, match)[0] == pid
    page = keeper.text(keeper.page(f"/rules/{pid}/edit"))
    assert "1 match was started from these rules, so they never change" in page
    response = keeper.submit(f"/rules/{pid}/edit", {"name": "Tuesday to 21", "target": "21"})
    assert response.status_code == 302
    new = profile_id(keeper, "Tuesday to 21")
    assert new != pid and response.headers["Location"] == f"/rules/{new}"
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        assert get_profile(user, pid).rules == TUESDAY
        assert get_profile(user, new).rules.ruleset.target == 21
        with pytest.raises(Conflict) as refused:
            change_profile(user, pid, "Tuesday club", HouseRules(make_ruleset("escova-rs")))
        assert refused.value.reason is ProfileRefusal.LOCKED
    assert match_row(keeper.app, match)[2]["target"] == 30


def test_a_used_profile_may_be_renamed_and_its_name_changed_on_the_edit_page(keeper: Scorekeeper) -> None:
    """A name is not a rule: renaming a locked profile keeps it and its matches."""
    pid = saved(keeper.app, "ana")
    match = started_from(keeper, pid)
    assert keeper.submit(f"/rules/{pid}/rename", {"name": "Martes"}).status_code == 302
    assert keeper.submit(f"/rules/{pid}/edit", {"name": "Martes club"}).status_code == 302
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        assert [(p.id, p.name, p.matches) for p in profiles_of(user)] == [(pid, "Martes club", 1)]
    assert match_row(keeper.app, match)[0] == pid


def test_an_unused_profile_changes_in_place(keeper: Scorekeeper) -> None:
    """No match started from it: its rules change, under the same id."""
    pid = saved(keeper.app, "ana")
    assert "can still change" in keeper.text(keeper.page(f"/rules/{pid}"))
    assert keeper.submit(f"/rules/{pid}/edit", {"target": "21", "opening_sweep": "dealer"}).headers[
        "Location"] == f"/rules/{pid}"
    with keeper.app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        rules = get_profile(user, pid).rules
        assert (rules.ruleset.target, rules.opening_sweep) == (21, OpeningSweep.DEALER)


def test_deleting_a_used_profile_keeps_the_matches_rules(keeper: Scorekeeper) -> None:
    """The page says the matches keep their rules; after it they do, without the profile, and their card shows
    them; the card's public address is gone."""
    pid = saved(keeper.app, "ana")
    match = started_from(keeper, pid)
    before = match_row(keeper.app, match)
    with keeper.app.app_context():
        token = db.session.get_one(RulesProfile, pid).card_token
    assert "1 match was started from these rules: it keeps them" in keeper.text(keeper.page(f"/rules/{pid}/delete"))
    assert keeper.submit(f"/rules/{pid}/delete").status_code == 302
    assert match_row(keeper.app, match) == (None, *before[1:])
    keeper.page(f"/card/{token}", 404)
    card = keeper.text(keeper.page(f"/matches/{match}/card"))
    assert "The rules of this match" in card and "The first side to reach 30 points wins." in card


def test_renaming_to_a_name_taken_is_refused_beside_the_field(keeper: Scorekeeper) -> None:
    """Rename and edit alike: 422, the typed name kept."""
    pid = saved(keeper.app, "ana")
    saved(keeper.app, "ana", "Family")
    for url in (f"/rules/{pid}/rename", f"/rules/{pid}/edit"):
        response = keeper.submit(url, {"name": "FAMILY"})
        assert response.status_code == 422
        assert keeper.fields(response.get_data(as_text=True))["name"] == "FAMILY"


# -- the service, directly ----------------------------------------------------------------------

def test_the_stored_rules_are_versioned_and_read_back(app: Flask) -> None:
    """The encoding is marked, round-trips, and a profile kept before an option reads as scored before it."""
    stored = stored_rules(TUESDAY)
    assert stored["v"] == 1 and read_rules(stored) == TUESDAY
    older = {**stored, "options": {k: v for k, v in stored["options"].items() if k not in ("sevens", "ties")}}
    del older["opening_sweep"]
    assert read_rules(older).ruleset.sevens.value == "most"
    assert read_rules(older).opening_sweep is OpeningSweep.DEALER


def test_another_accounts_profile_is_not_found_by_the_service(app: Flask) -> None:
    """NotFound, as for none."""
    factories.account(app, "ana")
    factories.account(app, "bea")
    pid = saved(app, "ana")
    with app.app_context():
        bea = factories.find_account("bea")
        assert bea is not None
        for call in (lambda: get_profile(bea, pid), lambda: delete_profile(bea, pid)):
            with pytest.raises(NotFound):
                call()
        assert profile_to_record(bea, pid, TUESDAY.ruleset, TUESDAY.deck()) is None


def test_deleting_an_account_takes_its_profiles(app: Flask) -> None:
    """Its profiles go with it, those its matches were started from too."""
    keeper = factories.keeper(app, "ana")
    pid = saved(app, "ana")
    started_from(keeper, pid)
    with app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        delete_account(user)
        assert db.session.scalar(select(func.count(RulesProfile.id))) == 0


def test_a_name_given_on_another_phone_at_the_same_moment_is_refused_in_words(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check before saving saw no such name, the database's unique key did: Conflict('name_taken'), nothing
    saved, the session usable."""
    factories.account(app, "ana")
    saved(app, "ana")
    monkeypatch.setattr(profiles_service, "_name_taken", lambda *args, **kwargs: False)
    with app.app_context():
        user = factories.find_account("ana")
        assert user is not None
        with pytest.raises(Conflict) as refused:
            save_profile(user, "TUESDAY club", TUESDAY)
        assert refused.value.reason is ProfileRefusal.NAME_TAKEN
        assert [p.name for p in profiles_of(user)] == ["Tuesday club"]


def test_a_match_started_while_the_edit_page_was_open_says_so_and_offers_new_rules(
        keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page read the profile unlocked; the service, later, found a match started from it: back to the edit
    page, which says why and now saves new house rules."""
    pid = saved(keeper.app, "ana")

    def locked_meanwhile(*args: object, **kwargs: object) -> None:
        raise Conflict(ProfileRefusal.LOCKED, name="Tuesday club")

    monkeypatch.setattr(profiles_service, "change_profile", locked_meanwhile)
    response = keeper.submit(f"/rules/{pid}/edit", {"target": "21"})
    assert (response.status_code, response.headers["Location"]) == (302, f"/rules/{pid}/edit")
    page = keeper.text(keeper.page(f"/rules/{pid}/edit"))
    assert "Matches were started from these house rules, so their rules stay as they are" in page
