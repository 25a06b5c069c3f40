"""Tournaments: a club's organisers make one (entrants, format, rules profile) and run it; its members see it.

Who may do what follows the club (services/clubs.py): an account with no membership gets NotFound for everything of
a tournament, as for one that does not exist; a member sees it (entrants, rounds, tables, standings) and gets
Forbidden for what only an organiser does (making one, starting and closing rounds, recording a result by hand).

An entrant is one player or, when the tournament is of partnerships, two partners who play every match together;
each player is a club member's account (who then scores the table's match) or a guest by name. The rules are copied
from the organiser's rules profile when the tournament is made, so every table plays by what was agreed even if the
profile is deleted later. Rounds and results are in services/tournament_rounds.py, the standings in
services/tournament_standings.py. Every function takes the account and ids or plain values and returns plain objects;
a tournament is read once, with the account's role in its club (seen_tournament), and what reads more of it takes
the TournamentInfo that lookup gave, so that a page reads the tournament once.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import ClubMember, RulesProfile, Tournament, TournamentEntrant, TournamentRound, User, name_key
from ..rules.rulesets import Confirm
from .club_board import club_ratings
from .clubs import organised
from .errors import Conflict, Forbidden, NotFound
from .formats import FORMATS, TournamentFormat
from .profiles import HouseRules, read_rules
from .refusals import TournamentRefusal
from .roles import ClubRole, club_role
from .unit_of_work import use_case

NAME_LENGTH = 40
MAX_ENTRANTS = 128  # a big club night: 64 tables of two


class Seeding(enum.StrEnum):
    """How the entrants' seed order is made."""

    LISTED = "listed"  # as the organiser listed them
    RATING = "rating"  # by the club's rating of members who opted in, the others after them as listed
    DRAWN = "drawn"  # drawn at random when the tournament is made


@dataclass(frozen=True)
class PlayerSpec:
    """A player as the organiser picks one: a member's account (`user_id`; `name` may be left empty for its
    username) or a guest by `name`."""

    name: str = ""
    user_id: int | None = None


@dataclass(frozen=True)
class TournamentSpec:
    """What the "New tournament" form decides. `rounds`: the number of rounds of a format that asks for it (a Swiss
    event's; ignored otherwise); `third_place`: a third-place match, where the format offers one (a knockout's);
    each entrant one player, or two with `partnerships`."""

    name: str
    format: TournamentFormat
    profile_id: int
    entrants: tuple[tuple[PlayerSpec, ...], ...]
    rounds: int | None = None
    third_place: bool = False
    seeding: Seeding = Seeding.LISTED
    partnerships: bool = False
    # Whether each table's hands wait for the other side (Ruleset.confirm_hands): None as the house rules say; the
    # "New tournament" form says, ticked by default.
    confirm_hands: bool | None = None


@dataclass(frozen=True)
class EntrantPlayer:
    """One player of an entrant: the name its seats get, and the member's account (None for a guest)."""

    name: str
    user_id: int | None


@dataclass(frozen=True)
class Entrant:
    """An entrant as the pages show it: its id, seed (1 the best), name ("Ana", or "Ana & Bea") and players."""

    id: int
    seed: int
    name: str
    players: tuple[EntrantPlayer, ...]


@dataclass(frozen=True)
class TournamentSummary:
    """A tournament as its club's list shows it."""

    id: int
    name: str
    format: TournamentFormat
    entrants: int
    rounds_played: int
    created_at: datetime
    rounds_planned: int | None = None


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament's own facts and the viewer's role in its club (the rounds: services/tournament_rounds.py)."""

    id: int
    club_id: int
    name: str
    format: TournamentFormat
    rounds_planned: int | None
    third_place: bool
    seeding: Seeding
    partnerships: bool
    profile_id: int | None
    profile_name: str
    rules: HouseRules
    entrants: tuple[Entrant, ...]
    role: ClubRole
    created_at: datetime

    @property
    def seeds(self) -> list[int]:
        """The entrants' ids in seed order (what its format pairs: services/formats.py)."""
        return [entrant.id for entrant in self.entrants]

    @property
    def organiser(self) -> bool:
        """The viewer runs the tournament."""
        return self.role.organises

    def entrant(self, entrant_id: int) -> Entrant:
        """One of its entrants, by id."""
        return next(entrant for entrant in self.entrants if entrant.id == entrant_id)


def entrant_of(row: TournamentEntrant) -> Entrant:
    """The plain object of an entrant's row."""
    players = [EntrantPlayer(row.first_name, row.first_user_id)]
    if row.second_name is not None:
        players.append(EntrantPlayer(row.second_name, row.second_user_id))
    return Entrant(row.id, row.seed, " & ".join(player.name for player in players), tuple(players))


def info_of(tournament: Tournament, role: ClubRole) -> TournamentInfo:
    """The plain object of a tournament, as the viewer of this role sees it."""
    return TournamentInfo(
        tournament.id, tournament.club_id, tournament.name, FORMATS[tournament.format], tournament.rounds_planned,
        tournament.third_place, Seeding(tournament.seeding), tournament.partnerships, tournament.profile_id,
        tournament.profile_name, read_rules(tournament.rules),
        tuple(entrant_of(row) for row in tournament.entrants), role, tournament.created_at)


def seen_tournament(user: User, tournament_id: int) -> tuple[Tournament, ClubRole]:
    """A tournament of a club the account is a member of, with its entrants, and the account's role there, in two
    queries: NotFound otherwise."""
    row = db.session.execute(select(Tournament, club_role(user.id, Tournament.club_id))
                             .where(Tournament.id == tournament_id)
                             .options(selectinload(Tournament.entrants))).first()
    if row is None or row[1] is None:
        raise NotFound(tournament_id)
    return row[0], ClubRole(row[1])


def get_tournament(user: User, tournament_id: int) -> TournamentInfo:
    """A tournament as a member of its club sees it."""
    return info_of(*seen_tournament(user, tournament_id))


def run_tournament(user: User, tournament_id: int) -> TournamentInfo:
    """A tournament the account organises: NotFound for a non-member, Forbidden for a member."""
    info = get_tournament(user, tournament_id)
    if not info.organiser:
        raise Forbidden(tournament_id)
    return info


def tournaments_of(member: ClubMember) -> list[TournamentSummary]:
    """The member's club's tournaments, newest first, each with its numbers of entrants and rounds (one query)."""
    entrants = (select(func.count(TournamentEntrant.id)).where(TournamentEntrant.tournament_id == Tournament.id)
                .scalar_subquery())
    rounds = select(func.count(TournamentRound.id)).where(TournamentRound.tournament_id == Tournament.id) \
        .scalar_subquery()
    rows = db.session.execute(
        select(Tournament, entrants, rounds).where(Tournament.club_id == member.club_id)
        .order_by(Tournament.created_at.desc(), Tournament.id.desc()))
    return [TournamentSummary(tournament.id, tournament.name, FORMATS[tournament.format], int(count), int(played),
                              tournament.created_at, tournament.rounds_planned)
            for tournament, count, played in rows]


REGULAR_EVENTS = 12  # the club's latest tournaments whose guests "New tournament" offers again


@dataclass(frozen=True)
class LastField:
    """The club's latest tournament as "New tournament" offers it again: its entrants (each its players, in seed
    order) and how it was played."""

    name: str
    format: TournamentFormat
    rounds: int | None
    third_place: bool
    seeding: Seeding
    partnerships: bool
    profile_id: int | None
    entrants: tuple[tuple[EntrantPlayer, ...], ...]


@dataclass(frozen=True)
class Regulars:
    """Who played the club's earlier tournaments, for "New tournament" to offer one tap each: the guests' names
    (the latest tournament's first, each name once whatever its case and accents) and the latest tournament's
    field (None before the club's first)."""

    guests: tuple[str, ...]
    last: LastField | None


def regulars_of(club_id: int) -> Regulars:
    """The club's regulars, from the entrants of its latest REGULAR_EVENTS tournaments (one query)."""
    latest = (select(Tournament.id).where(Tournament.club_id == club_id)
              .order_by(Tournament.created_at.desc(), Tournament.id.desc()).limit(REGULAR_EVENTS))
    rows = db.session.execute(
        select(Tournament.id, Tournament.name, Tournament.format, Tournament.rounds_planned, Tournament.third_place,
               Tournament.seeding, Tournament.partnerships, Tournament.profile_id, TournamentEntrant)
        .join(TournamentEntrant, TournamentEntrant.tournament_id == Tournament.id)
        .where(Tournament.id.in_(latest.scalar_subquery()))
        .order_by(Tournament.created_at.desc(), Tournament.id.desc(), TournamentEntrant.seed)).all()
    if not rows:
        return Regulars((), None)
    guests: dict[str, str] = {}
    for row in rows:
        for player in entrant_of(row.TournamentEntrant).players:
            if player.user_id is None:
                guests.setdefault(name_key(player.name), player.name)
    first = rows[0]
    field = tuple(entrant_of(row.TournamentEntrant).players for row in rows if row.id == first.id)
    last = LastField(first.name, FORMATS[first.format], first.rounds_planned, first.third_place,
                     Seeding(first.seeding), first.partnerships, first.profile_id, field)
    return Regulars(tuple(guests.values()), last)


@use_case
def create_tournament(user: User, club_id: int, spec: TournamentSpec) -> TournamentInfo:
    """A new tournament of the club, made by one of its organisers; no round is started yet.

    Refused (Conflict, with the reason): a name left empty ('name'), fewer than two entrants or more than
    MAX_ENTRANTS ('entrants'), an entrant of the wrong number of players ('players'), a player named twice
    ('twice', name=…), an account that is not a member of the club ('not_member'), a member with no name to play
    under ('name_needed'), rounds out of what the format allows ('rounds': a Swiss event's, 1 … entrants − 1).
    NotFound for a profile
    neither the account's nor the club's.
    """
    organised(user, club_id)
    name = spec.name.strip()[:NAME_LENGTH]
    if not name:
        raise Conflict(TournamentRefusal.NAME)
    profile = db.session.scalar(select(RulesProfile).where(  # the organiser's own or the club's house rules
        RulesProfile.id == spec.profile_id, (RulesProfile.user_id == user.id) | (RulesProfile.club_id == club_id)))
    if profile is None:
        raise NotFound(spec.profile_id)
    count = len(spec.entrants)
    if not 2 <= count <= MAX_ENTRANTS:
        raise Conflict(TournamentRefusal.ENTRANTS, count=count, most=MAX_ENTRANTS)
    rounds = None
    if spec.format.asks_rounds:
        rounds, most = spec.rounds, spec.format.most_rounds(count)
        if rounds is None or not 1 <= rounds <= most:
            raise Conflict(TournamentRefusal.ROUNDS, most=most)
    rows = _entrant_rows(club_id, spec.entrants, 2 if spec.partnerships else 1)
    tournament = Tournament(
        club_id=club_id, name=name, format=spec.format.name, rounds_planned=rounds,
        third_place=spec.third_place and spec.format.offers_third_place, seeding=spec.seeding.value,
        partnerships=spec.partnerships, profile_id=profile.id, profile_name=profile.name,
        rules=_confirming(dict(profile.rules), spec.confirm_hands), created_by=user.id)
    for seed, row in enumerate(_seeded(club_id, rows, spec.seeding), start=1):
        row.seed = seed
        tournament.entrants.append(row)
    db.session.add(tournament)
    db.session.flush()
    return info_of(tournament, ClubRole.ORGANISER)


def _confirming(rules: dict[str, Any], confirm: bool | None) -> dict[str, Any]:
    """A profile's stored rules, its tables' hands waiting for the other side or not as the organiser chose."""
    if confirm is None:
        return rules
    value = (Confirm.OTHER_SIDES if confirm else Confirm.NONE).value
    return {**rules, "options": {**rules.get("options", {}), "confirm_hands": value}}


def _entrant_rows(club_id: int, entrants: Sequence[tuple[PlayerSpec, ...]], size: int) -> list[TournamentEntrant]:
    """The entrants' rows (not yet seeded), each player's name settled and checked."""
    members = {member.user_id: member.user for member in db.session.scalars(
        select(ClubMember).where(ClubMember.club_id == club_id))}
    seen: set[str] = set()
    rows = []
    for players in entrants:
        if len(players) != size:
            raise Conflict(TournamentRefusal.PLAYERS, size=size)
        named = [_named(player, members) for player in players]
        for player in named:
            key = name_key(player.name)
            if key in seen or (player.user_id is not None and f"#{player.user_id}" in seen):
                raise Conflict(TournamentRefusal.TWICE, name=player.name)
            seen.update({key, f"#{player.user_id}"} if player.user_id is not None else {key})
        second = named[1] if size == 2 else None
        rows.append(TournamentEntrant(
            seed=0, first_name=named[0].name, first_user_id=named[0].user_id,
            second_name=second.name if second else None, second_user_id=second.user_id if second else None))
    return rows


def _named(player: PlayerSpec, members: dict[int, User]) -> EntrantPlayer:
    """A picked player with the name it plays under: a guest's as typed, a member's as given or its username."""
    name = player.name.strip()[:NAME_LENGTH]
    if player.user_id is None:
        if not name:
            raise Conflict(TournamentRefusal.NAME_NEEDED)
        return EntrantPlayer(name, None)
    account = members.get(player.user_id)
    if account is None:
        raise Conflict(TournamentRefusal.NOT_MEMBER, user_id=player.user_id)
    if not name:
        if account.guest:
            raise Conflict(TournamentRefusal.NAME_NEEDED)
        name = account.username
    return EntrantPlayer(name, account.id)


def _seeded(club_id: int, rows: list[TournamentEntrant], seeding: Seeding) -> list[TournamentEntrant]:
    """The entrants in seed order."""
    if seeding == Seeding.DRAWN:
        drawn = list(rows)
        random.SystemRandom().shuffle(drawn)
        return drawn
    if seeding == Seeding.RATING:
        ratings = club_ratings(club_id)
        rated_members = set(db.session.scalars(select(ClubMember.user_id).where(
            ClubMember.club_id == club_id, ClubMember.rated.is_(True))))

        def rating(row: TournamentEntrant) -> float:
            """The entrant's rating: its rated players' mean (none rated: below every rated entrant)."""
            known = [ratings[name_key(name)] for name, user_id in ((row.first_name, row.first_user_id),
                                                                    (row.second_name, row.second_user_id))
                     if name is not None and user_id in rated_members and name_key(name) in ratings]
            return sum(known) / len(known) if known else float("-inf")

        return sorted(rows, key=rating, reverse=True)  # a stable sort: equals stay as listed
    return list(rows)
