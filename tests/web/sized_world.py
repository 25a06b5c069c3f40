"""A world of a given size, for counting each page's SQL statements at two sizes (tests/web/test_page_counts.py).

Everything a page lists grows with the size `n`: the account's matches, hands, players, house rules, API tokens and
devices; a match's scorers and hands; the seats the account holds in others' matches (some of which it scores no
more); a club's members, guests, matches, house rules, invites and tournaments; a tournament's entrants and rounds.
Each world's accounts carry its size in their names, so that two worlds share one database without meeting.
Everything is made through the services, as tests/factories.py makes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import factories
from flask import Flask
from flask.testing import FlaskClient
from page_client import Scorekeeper
from sqlalchemy import select

from referee.extensions import db
from referee.models import MatchEvent, Player, User
from referee.rules import make_ruleset
from referee.services import HandDraft, get_match
from referee.services.api_tokens import create_token
from referee.services.claims import claim_seat, confirm_claim
from referee.services.club_profiles import save_club_profile
from referee.services.clubs import create_club, join_club, make_invite, membership
from referee.services.confirmations import digest, enter_version, versions_of
from referee.services.formats import FORMATS
from referee.services.guests import create_guest
from referee.services.profiles import HouseRules, save_profile
from referee.services.sessions import Device, start_session
from referee.services.sharing import join, leave, make_join_code, revoke_join_codes
from referee.services.tournament_board import make_board_link
from referee.services.tournament_rounds import record_result, start_round
from referee.services.tournaments import PlayerSpec, TournamentSpec, create_tournament
from referee.web.auth import lifetimes


@dataclass
class World:
    """What the pages' addresses name, and each role's browser."""

    n: int
    clients: dict[str, FlaskClient] = field(default_factory=dict)
    values: dict[str, object] = field(default_factory=dict)


def _user(name: str) -> User:
    """An account by name (in an app context)."""
    return db.session.scalars(select(User).where(User.username == name)).one()


def _browser(app: Flask, user: User) -> FlaskClient:
    """A new browser logged in to the account (a device login of its own, as tests/factories.py makes one)."""
    start_session(user, Device(remember=False, user_agent="", lifetimes=lifetimes()))
    return app.test_client(user=user)


def build(app: Flask, n: int) -> World:
    """The world of size `n`: Ana's, where every page is read."""
    world = World(n)
    ana = factories.keeper(app, f"ana{n}")
    bea = factories.keeper(app, f"bea{n}")
    world.clients |= {"ana": ana.client, "bea": bea.client, "visitor": app.test_client()}
    _own_matches(app, world, ana, bea)
    _club(app, world, ana, bea)
    _account(app, world)
    _seats_held(app, world, ana)  # the newest matches: Ana's list shows another's at the top, whatever the size
    _waiting_hands(app, world, ana)
    return world


def _waiting_hands(app: Flask, world: World, ana: Scorekeeper) -> None:
    """Ana's match under "both sides confirm each hand", Bea holding her seat: n hands waiting, Bea's own count of
    hand 1 beside Ana's (version B)."""
    n = world.n
    match_id = factories.start(ana, ("Ana", "Bea"), target="100", confirm_hands="other_sides")
    for i in range(n):
        factories.save_hand(ana, match_id, mirror=i % 2 == 1)
    with app.app_context():
        bea = _user(f"bea{n}")
        join(bea, make_join_code(get_match(_user(f"ana{n}"), match_id)).code)
        match = get_match(bea, match_id)
        claim_seat(bea, match, 1)
        seen = digest(versions_of(match.hands[0])[0])
        enter_version(match, 1, HandDraft("cards", factories.entry(match, escobas=(2, 0)), 0), seen)
    world.values |= {"confirming_id": match_id, "confirming_seen": seen}


def _own_matches(app: Flask, world: World, ana: Scorekeeper, bea: Scorekeeper) -> None:
    """Ana's match of n hands (the first corrected) that Bea and n others score, Bea holding a seat; n more matches
    of a hand each, against n players; one still drawing for dealer."""
    n = world.n
    match_id = factories.start(ana, ("Ana", "Bea"), target="100")
    for i in range(n):
        factories.save_hand(ana, match_id, mirror=i % 2 == 1)
    factories.save_hand(ana, match_id, number=1, mirror=True)
    for i in range(n):
        factories.save_hand(ana, factories.start(ana, ("Ana", f"Rival {i}")))
    drawing = factories.start(ana, ("Ana", "Bea", "Carla"), first_dealer="draw")
    with app.app_context():
        owner = _user(f"ana{n}")
        match = get_match(owner, match_id)
        code = make_join_code(match).code
        join(_user(f"bea{n}"), code)
        for i in range(n):
            factories.account(app, f"scorer{n}-{i}")
            join(_user(f"scorer{n}-{i}"), code)
        claim_seat(_user(f"bea{n}"), match, 1)
        edited = db.session.scalars(select(MatchEvent.id).where(MatchEvent.match_id == match_id,
                                                                MatchEvent.kind == "hand_edited")).one()
        world.values |= {
            "match_id": match_id, "drawing_id": drawing, "number": 1, "event_id": edited,
            "scorer_id": _user(f"bea{n}").id, "token": match.spectator_token,
            "player_id": db.session.scalars(select(Player.id).where(Player.user_id == owner.id,
                                                                    Player.name == "Ana")).one()}


def _seats_held(app: Flask, world: World, ana: Scorekeeper) -> None:
    """n matches of other accounts where Ana holds a seat, confirmed; she scores every other one no more; and one
    claim still waiting for its owner."""
    n = world.n
    for i in range(n + 1):
        other = factories.keeper(app, f"host{n}-{i}")
        match_id = factories.start(other, (f"Host {i}", "Ana"))
        factories.save_hand(other, match_id)
        with app.app_context():
            match = get_match(_user(other.username or ""), match_id)
            code = make_join_code(match).code
            if i == n:  # the code no longer works when she claims: her claim waits for the owner
                join(_user(f"ana{n}"), code)
                revoke_join_codes(match)
                claim_seat(_user(f"ana{n}"), match, 1)
                continue
            join(_user(f"ana{n}"), code)
            claim = claim_seat(_user(f"ana{n}"), match, 1)
            confirm_claim(_user(other.username or ""), match, claim.id)
            if i % 2:
                leave(_user(f"ana{n}"), match)


def _club(app: Flask, world: World, ana: Scorekeeper, bea: Scorekeeper) -> None:
    """Ana's club: Bea, n members and a guest phone; n matches, n house rules, n invites, n small tournaments, and
    the club night: a round robin of n + 2 entrants (members and guests), n rounds started and every table of the
    first n − 1 recorded by hand, its board's link made. Ana is in n − 1 other clubs too."""
    n = world.n
    with app.app_context():
        owner, second = _user(f"ana{n}"), _user(f"bea{n}")
        club = create_club(owner, f"Club {n}")
        members = [second]
        for i in range(n):
            factories.account(app, f"member{n}-{i}")
            members.append(_user(f"member{n}-{i}"))
        guest = create_guest()
        db.session.commit()
        secret = make_invite(membership(owner, club.id)).secret
        for member in (*members, guest):
            join_club(member, secret)
        for _ in range(n - 1):
            make_invite(membership(owner, club.id))
        for i in range(n - 1):
            create_club(owner, f"Another club {n}-{i}")
        rules = HouseRules(make_ruleset("escoba-es", target=4))
        profiles = [save_club_profile(owner, club.id, f"House rules {i}", rules).id for i in range(n)]
        club_id = club.id
        world.values |= {"club_id": club_id, "profile_id": profiles[0], "user_id": members[-1].id,
                         "secret": secret}
        for i in range(n - 1):
            create_tournament(owner, club.id, TournamentSpec(f"Small {i}", FORMATS["round_robin"], profiles[0], (
                (PlayerSpec(name="Una"),), (PlayerSpec(name="Otra"),))))
        entrants = [PlayerSpec(user_id=member.id) for member in members[:n]] + [PlayerSpec(name="Guest one"),
                                                                                   PlayerSpec(name="Guest two")]
        tournament = create_tournament(owner, club.id, TournamentSpec(
            "Club night", FORMATS["round_robin"], profiles[0], tuple((entrant,) for entrant in entrants[:n + 2])))
        first_table = 0
        for number in range(1, n + 1):
            started = start_round(owner, tournament.id)
            tables = [table for table in started.round.tables if table.match_id is not None]
            first_table = first_table or tables[0].id
            if number < n:
                for table in tables:
                    record_result(owner, table.id, 4, 1, "played on paper")
        world.values |= {"tournament_id": tournament.id, "table_id": first_table,
                         "board_token": make_board_link(owner, tournament.id).token}
        world.clients["guest"] = _browser(app, guest)
    for i in range(n):
        factories.save_hand(ana if i % 2 == 0 else bea, factories.club_match(ana if i % 2 == 0 else bea, club_id))


def _account(app: Flask, world: World) -> None:
    """Ana's n house rules, n API tokens, n other devices logged in."""
    n = world.n
    with app.app_context():
        owner = _user(f"ana{n}")
        rules = HouseRules(make_ruleset("escova-rs"))
        cards = [save_profile(owner, f"Mine {i}", rules) for i in range(n)]
        world.values["card"] = cards[0].card_token
        world.values["own_profile_id"] = cards[0].id
        for i in range(n):
            create_token(owner, f"Script {i}")
            start_session(owner, Device(remember=False, user_agent="", lifetimes=lifetimes()))
