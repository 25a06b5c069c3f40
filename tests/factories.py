"""Set-up through the services: accounts, logins, matches and hands made as the app makes them, for the tests
whose subject is not the form a browser would make them with (docs/development.md).

A test about a page, an export or the trail needs a match with hands in it, not the new-match and hand-entry
pages that the tests of those forms fill in (page_client.Scorekeeper). Here each is one service call in an app
context: create_match, record_hand, start_session; a login reaches the test client as Flask-Login's documented
FlaskLoginClient gives it (tests/conftest.py makes every test client one).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from page_client import PASSWORD, Scorekeeper
from sqlalchemy import select
from werkzeug.security import generate_password_hash

from referee.extensions import db
from referee.forms.hands import placed
from referee.models import Match, User
from referee.rules import (
    OPTIONS,
    PRESETS,
    Card,
    CardEntry,
    HandEntry,
    SidePile,
    SideTally,
    TallyEntry,
    make_ruleset,
)
from referee.services import (
    HandDraft,
    MatchSettings,
    create_match,
    edit_hand,
    get_match,
    record_hand,
    set_first_dealer,
    undo_last_hand,
)
from referee.services.accounts import find_account
from referee.services.clubs import create_club, file_under, join_club, make_invite, membership
from referee.services.draws import draw_round, draw_state
from referee.services.formats import FORMATS
from referee.services.profiles import HouseRules, save_profile
from referee.services.scoreboard import dealer_after
from referee.services.sessions import Device, start_session
from referee.services.tournament_rounds import StartedRound, record_result, start_round
from referee.services.tournament_tables import Table
from referee.services.tournaments import PlayerSpec, TournamentSpec, create_tournament
from referee.services.trail import restore_hand, revert_correction
from referee.web.auth import lifetimes

# What the new-match form's seating means: how many seats, and whether they are two partnerships.
SEATING = {"pairs": (4, True), "2": (2, False), "3": (3, False), "4": (4, False)}


def account(app: Flask, username: str, password: str = PASSWORD) -> int:
    """A new account's id. Its password is hashed with a quick pbkdf2 rather than register_user's scrypt (130 ms
    an account on this kind of machine): no test but the accounts' own needs a slow hash, and those register
    through their form."""
    with app.app_context():
        user = User(username=username, password_hash=generate_password_hash(password, method="pbkdf2:sha256:1000"))
        db.session.add(user)
        db.session.commit()
        return user.id


def logged_in_client(app: Flask, username: str) -> FlaskClient:
    """A new browser logged in to the account: a device login made by the sessions service, carried in the
    session as Flask-Login keeps it (FlaskLoginClient's `user`), without the login page's password check."""
    with app.app_context():
        user = find_account(username)
        assert user is not None, username
        # With the token start_session attaches, get_id gives this device's secret, which the session carries.
        start_session(user, Device(remember=False, user_agent="", lifetimes=lifetimes()))
        return app.test_client(user=user)


def keeper(app: Flask, username: str, password: str = PASSWORD) -> Scorekeeper:
    """A scorekeeper with a new account, logged in (page_client.Scorekeeper.account does it through the login
    page, for the tests of logging in)."""
    account(app, username, password)
    person = Scorekeeper(app, logged_in_client(app, username))
    person.username = username
    return person


def phone(person: Scorekeeper) -> Scorekeeper:
    """The same account on a browser of its own (another_phone, without the login page)."""
    assert person.username is not None
    other = Scorekeeper(person.app, logged_in_client(person.app, person.username))
    other.username = person.username
    return other


def settings(names: tuple[str, ...], fields: dict[str, str]) -> MatchSettings:
    """What the new-match form would make of the names and these of its fields (strings, as typed or picked):
    seating from the number of names unless given, the first seat dealing unless first_dealer says ('draw': a
    draw to come), the preset's deck unless deck_style names one, and any option by its field's name."""
    preset = fields.pop("preset", "escova-rs")
    seats, partnerships = SEATING[fields.pop("seating", "pairs" if len(names) == 4 else str(len(names)))]
    dealer = fields.pop("first_dealer", "0")
    deck = fields.pop("deck_style", "") or PRESETS[preset].deck_style.value
    options: dict[str, object] = {}
    for name, value in fields.items():
        if name not in OPTIONS:
            raise TypeError(f"no field {name!r} on the new-match form")
        if value != "":
            options[name] = value if OPTIONS[name].choices is not None else int(value)
    return MatchSettings(preset=preset, options=options, deck_style=deck, names=names[:seats],
                         partnerships=partnerships, first_dealer=None if dealer == "draw" else int(dealer))


def user_of(person: Scorekeeper) -> User:
    """The scorekeeper's account (in an app context): a guest's by its placeholder name, which no login finds."""
    assert person.username is not None
    user = find_account(person.username) or db.session.scalar(select(User).where(User.username == person.username))
    assert user is not None, person.username
    return user


def start(person: Scorekeeper, names: tuple[str, ...] = ("Ana", "Bea"), **fields: str) -> int:
    """A new match of the scorekeeper's account, as Scorekeeper.start makes it through the new-match page (the
    same arguments); its id."""
    with person.app.app_context():
        return create_match(user_of(person), settings(names, dict(fields))).id


def entry(match: Match, mode: str = "cards", overrides: dict[str, str] | None = None, **changes: Any) -> HandEntry:
    """The rules core's entry of the hand that Scorekeeper.enter_hand types into the hand's page with the same
    arguments (page_client's correct hand, mirrored, cards moved, escobas, fields overridden): by cards, or by
    counts (mode 'tally'). A side with no escobas field has none."""
    fields = Scorekeeper.hand_fields(mode, **changes) | (overrides or {})
    escobas = [int(fields.get(f"escobas-{i}") or 0) for i in range(match.sides)]
    last = int(fields["last_capture"])
    if mode == "cards":
        places = {name.removeprefix("place-"): place for name, place in Scorekeeper.places(fields).items()}
        piles = tuple(SidePile(placed(places, str(i)), escobas[i]) for i in range(match.sides))
        return CardEntry(match.ruleset, piles, placed(places, "L"), last)
    assert mode == "tally", mode
    tallies = tuple(SideTally(int(fields[f"cards-{i}"]), int(fields[f"oros-{i}"]), int(fields[f"sevens-{i}"]),
                              fields["velo"] == str(i), escobas[i],
                              int(fields[f"pile_sum-{i}"]) if fields.get(f"pile_sum-{i}") else None)
                    for i in range(match.sides))
    return TallyEntry(match.ruleset, tallies, int(fields["leftover_sum"]), last)


def _match(person: Scorekeeper, match_id: int) -> Match:
    """The match as its pages load it for this scorekeeper (get_match: the account noted as the one acting, for the
    trail), in an app context."""
    return get_match(user_of(person), match_id)


def save_hand(person: Scorekeeper, match_id: int, mode: str = "cards", number: int | None = None,
              **changes: Any) -> int:
    """The next hand of the match saved by record_hand, dealt by the one whose turn it is, or hand `number`
    corrected by edit_hand, its dealer kept: as Scorekeeper.save_hand saves it through the hand's page (the same
    arguments: mirror, moves, escobas, overrides of its fields). The hand's number."""
    with person.app.app_context():
        match = _match(person, match_id)
        hands = list(match.hands)
        if number is not None:
            draft = HandDraft(mode, entry(match, mode, **changes), hands[number - 1].dealer)
            return edit_hand(match, number, draft, match.version).number
        draft = HandDraft(mode, entry(match, mode, **changes), dealer_after(match, hands))
        return record_hand(match, draft, len(hands) + 1).number


def undo(person: Scorekeeper, match_id: int) -> None:
    """Take back the match's last hand (undo_last_hand), as its confirmation page does."""
    with person.app.app_context():
        match = _match(person, match_id)
        assert undo_last_hand(match, match.version)


def restore(person: Scorekeeper, match_id: int, event_id: int) -> None:
    """Bring back the hand the trail's event took back (restore_hand), as its button does."""
    with person.app.app_context():
        match = _match(person, match_id)
        restore_hand(match, event_id, match.version)


def revert(person: Scorekeeper, match_id: int, event_id: int) -> None:
    """Put back the entry the trail's correction replaced (revert_correction), as its confirmation does."""
    with person.app.app_context():
        match = _match(person, match_id)
        revert_correction(match, event_id, match.version)


def draw(person: Scorekeeper, match_id: int, *cards: str) -> None:
    """The next round of the draw for dealer (draw_round), a card for each seat drawing in it, in seat order."""
    with person.app.app_context():
        match = _match(person, match_id)
        state = draw_state(match)
        draw_round(match, len(state.rounds) + 1,
                   {seat: Card.parse(code) for seat, code in zip(state.drawing, cards, strict=True)})


# -- clubs (referee/services/clubs.py) ----------------------------------------------------------------------

def club(person: Scorekeeper, name: str = "Casa de Ana") -> int:
    """A new club of the scorekeeper's, which organises it; its id."""
    with person.app.app_context():
        return create_club(user_of(person), name).id


def club_invite(person: Scorekeeper, club_id: int) -> str:
    """A live invite link's secret for the club, made by the scorekeeper (an organiser of it)."""
    with person.app.app_context():
        return make_invite(membership(user_of(person), club_id)).secret


def member(organiser: Scorekeeper, club_id: int, *people: Scorekeeper) -> None:
    """The people join the club by an invite of the organiser's, as its link's button does."""
    secret = club_invite(organiser, club_id)
    with organiser.app.app_context():
        for person in people:
            join_club(user_of(person), secret)


def club_match(person: Scorekeeper, club_id: int, names: tuple[str, ...] = ("Ana", "Bea"), **fields: str) -> int:
    """A new match of the scorekeeper's filed under the club (`start`'s arguments); its id."""
    with person.app.app_context():
        made = settings(names, dict(fields))
        return create_match(user_of(person), replace(made, club_id=file_under(user_of(person), club_id))).id


# -- tournaments (referee/services/tournaments.py, tournament_rounds.py) -------------------------------------------

def house_rules(person: Scorekeeper, name: str = "Club night", preset: str = "escoba-es", **options: Any) -> int:
    """A rules profile of the scorekeeper's (the preset, with these options: target=… and so on); its id."""
    with person.app.app_context():
        rules = HouseRules(make_ruleset(preset, **options))
        return save_profile(user_of(person), name, rules).id


def tournament(organiser: Scorekeeper, club_id: int, entrants: list[str | Scorekeeper | tuple[Any, ...]],
               format: str = "swiss", rounds: int | None = 3, profile_id: int | None = None,
               **spec: Any) -> int:
    """A new tournament of the club, made by its organiser through create_tournament; its id. Each entrant is a
    guest's name, a member (a Scorekeeper, playing under its username), or a tuple of two of those (then the
    tournament is of partnerships). The rules: a profile of target 4 made for it unless one is given, so that one
    hand finishes a table (play_table)."""
    if profile_id is None:
        profile_id = house_rules(organiser, f"Target 4 #{club_id}-{len(entrants)}-{format}", target=4)

    def player(one: str | Scorekeeper) -> PlayerSpec:
        """A guest by name, or a member's account."""
        if isinstance(one, str):
            return PlayerSpec(name=one)
        with organiser.app.app_context():
            return PlayerSpec(user_id=user_of(one).id)

    specs = tuple(tuple(map(player, one)) if isinstance(one, tuple) else (player(one),) for one in entrants)
    made = TournamentSpec(name=spec.pop("name", "Friday night"), format=FORMATS[format], profile_id=profile_id,
                          entrants=specs, rounds=rounds if format == "swiss" else None,
                          partnerships=any(isinstance(one, tuple) for one in entrants), **spec)
    with organiser.app.app_context():
        return create_tournament(user_of(organiser), club_id, made).id


def start_next_round(organiser: Scorekeeper, tournament_id: int) -> StartedRound:
    """The organiser starts the tournament's next round (start_round)."""
    with organiser.app.app_context():
        return start_round(user_of(organiser), tournament_id)


def play_table(person: Scorekeeper, match_id: int, winner: int = 0, escobas: int = 6) -> None:
    """The table's match played to its end by the scorekeeper (its owner or a scorer): the first seat deals, and
    each hand the `winner` side (0 home, 1 away) takes the good cards and `escobas` escobas, until the match has a
    winner (one hand for a target under 10)."""
    with person.app.app_context():
        match = _match(person, match_id)
        if match.first_dealer is None:
            set_first_dealer(match, 0)
    for _ in range(20):
        with person.app.app_context():
            if _match(person, match_id).finished:
                return
        # The mirror hand is the second side's: its escobas are given as the first side's (hand_fields swaps them).
        save_hand(person, match_id, mirror=winner == 1, escobas=(escobas, 0))
    raise AssertionError(f"match {match_id} did not finish")


def record_by_hand(organiser: Scorekeeper, table_id: int, home: int, away: int, reason: str = "walk-over") -> Table:
    """The organiser records a table's result by hand (record_result)."""
    with organiser.app.app_context():
        return record_result(user_of(organiser), table_id, home, away, reason)
