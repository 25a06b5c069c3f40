"""Every SQLAlchemy model: the facts of accounts, matches and hands, no scoring.

Points are computed by referee.rules; a hand stores them only as the referee gave
them when the hand was saved, so history reads fast and shows what was decided.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from flask_login import UserMixin
from sqlalchemy import JSON, CheckConstraint, ForeignKey, Index, String, UniqueConstraint, event, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .credentials import username_key
from .extensions import Model
from .rules import Ruleset, stored_ruleset
from .search_keys import search_key

NAME_LENGTH = 40
KEY_LENGTH = 4 * NAME_LENGTH  # case folding and NFKC can lengthen a name ('ß' → 'ss')
DEVICE_LENGTH = 80


def new_spectator_token() -> str:
    """A spectator link's token, made with its match (an open page never writes one): unguessable, 256 bits."""
    return secrets.token_urlsafe(32)


def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC).replace(tzinfo=None)


def _key_of_username(context: Any) -> str:
    """The key of the username being inserted, when the insert does not give one."""
    return username_key(context.get_current_parameters()["username"])


def _key_of_name(context: Any) -> str:
    """The search key of the seat's or player's name being inserted, when the insert does not give one; cut to
    the column (a name of 40 ligatures such as 'ﷺ' decomposes to 720 characters)."""
    return name_key(context.get_current_parameters()["name"])


def name_key(name: str) -> str:
    """What two names of one person share: the name without case or accents, cut to the column."""
    return search_key(name)[:KEY_LENGTH]


def new_uid() -> str:
    """A match's identity across accounts and backups: 128 random bits, in hex."""
    return uuid.uuid4().hex


class User(UserMixin, Model):
    """An account: a scorekeeper who owns matches and the players it keeps score for.

    ``username`` is the name as shown; ``username_key`` the name without regard to
    case or width (referee.credentials.username_key), unique, and what logins look up.
    An account is logged in on a device through a LoginToken, never by its id.

    A ``guest`` is an account a phone made for itself by starting a match without one: no name is shown for it,
    its username is a reserved placeholder no form accepts and its password hash one no password matches
    (referee/services/guests.py), so only its device login and its API tokens reach it; "Keep my matches" names
    it, in this same row.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True, index=True)
    username_key: Mapped[str] = mapped_column(String(KEY_LENGTH), unique=True, index=True, default=_key_of_username)
    password_hash: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(default=now)
    guest: Mapped[bool] = mapped_column(default=False, server_default=false())

    players: Mapped[list[Player]] = relationship(
        back_populates="user", order_by="Player.name_key", cascade="all, delete-orphan")
    tokens: Mapped[list[LoginToken]] = relationship(
        back_populates="user", order_by="LoginToken.last_used_at.desc()", cascade="all, delete-orphan")
    api_tokens: Mapped[list[ApiToken]] = relationship(
        back_populates="user", order_by="ApiToken.id.desc()", cascade="all, delete-orphan")

    # The device token this request is logged in with, set on the instance by referee.services.sessions.
    # Plain attributes, not columns (so typed only for the checker: the mapping would read an annotation).
    if TYPE_CHECKING:
        login_token: LoginToken | None
        login_secret: str | None
    else:
        login_token = None
        login_secret = None

    def get_id(self) -> str:
        """What Flask-Login keeps in the session and the remember cookie: this device's token, not the id."""
        if self.login_secret is None:
            raise RuntimeError("log in through referee.web.auth.log_in, which makes a device token")
        return self.login_secret

    @property
    def shown_name(self) -> str | None:
        """The name pages show for the account: its username, or None for a guest (whose username is a
        placeholder no one should read)."""
        return None if self.guest else self.username


class LoginToken(Model):
    """One device's login: the session and the remember cookie carry its secret; deleting the row ends both.

    Only a SHA-256 of the secret is stored (it is 256 random bits, so a plain hash is enough).
    ``last_used_at`` moves at most every few minutes, and ``expires_at`` with it.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id"), index=True)
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    remember: Mapped[bool] = mapped_column(default=False)
    device: Mapped[str] = mapped_column(String(DEVICE_LENGTH), default="")  # 'Firefox, Android'
    created_at: Mapped[datetime] = mapped_column(default=now)
    last_used_at: Mapped[datetime] = mapped_column(default=now)
    expires_at: Mapped[datetime] = mapped_column(index=True)

    user: Mapped[User] = relationship(back_populates="tokens")


class ApiToken(Model):
    """A personal access token: a program's key to the account's matches over the API (``Authorization: Bearer``).

    Only a SHA-256 of the secret is stored (256 random bits: a plain hash is enough); the secret is shown
    once, when the token is made. ``last_used_at`` is None until the token's first use.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    last_used_at: Mapped[datetime | None] = mapped_column(default=None)

    user: Mapped[User] = relationship(back_populates="api_tokens")


class Player(Model):
    """A person an account keeps score for: picked (or made) when a match starts, a seat's player.

    One player per ``name_key`` (the name without case or accents) in an account. ``mu`` and ``sigma`` are
    the skill rating after the last finished match (None before any), ``rating`` the figure the leaderboard
    ranks by; referee/services/ratings.py keeps them.
    """

    __table_args__ = (UniqueConstraint("user_id", "name_key"), Index("ix_player_user_rating", "user_id", "rating"))

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    name_key: Mapped[str] = mapped_column(String(KEY_LENGTH), default=_key_of_name)
    created_at: Mapped[datetime] = mapped_column(default=now)
    mu: Mapped[float | None] = mapped_column(default=None)
    sigma: Mapped[float | None] = mapped_column(default=None)
    rating: Mapped[float | None] = mapped_column(default=None)

    user: Mapped[User] = relationship(back_populates="players")
    seats: Mapped[list[Seat]] = relationship(back_populates="player")
    ratings: Mapped[list[RatingChange]] = relationship(
        back_populates="player", order_by="RatingChange.id", cascade="all, delete-orphan")


@lru_cache(maxsize=64)
def _ruleset(preset: str, options: tuple[tuple[str, Any], ...]) -> Ruleset:
    """A stored match's rules, read once per distinct preset and options (a Ruleset is immutable): a scoreboard
    asks for them several times, and reading them checks every option (20 µs)."""
    return stored_ruleset(preset, dict(options))


class Match(Model):
    """A match to the target: its rules in force (never changed), seats and hands.

    ``version`` makes a change from a second phone that read an older state fail
    instead of silently overwriting the first.
    """

    __table_args__ = (
        Index("ix_match_user_created", "user_id", "created_at"),
        Index("ix_match_user_finished", "user_id", "finished", "created_at"),
        Index("uq_match_user_uid", "user_id", "uid", unique=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id"))
    uid: Mapped[str] = mapped_column(String(32), default=new_uid)  # the same match in a backup, a second import
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)  # when it last reached a winner
    # The rules in force (read and written as one Ruleset: the property below): the preset, a column of its own
    # that the statistics filter by, and every option as Ruleset.options() writes them. An option the rules core
    # gains later needs no column: a match stored before it reads as it was scored (rules.stored_ruleset).
    preset: Mapped[str] = mapped_column(String(20))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    deck_style: Mapped[str] = mapped_column(String(12))
    partnerships: Mapped[bool] = mapped_column(default=False)
    first_dealer: Mapped[int | None] = mapped_column(default=None)  # None until picked or drawn
    finished: Mapped[bool] = mapped_column(default=False)
    winner: Mapped[int | None] = mapped_column(default=None)  # a side index
    spectator_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_spectator_token)
    version: Mapped[int] = mapped_column(default=1)
    # The club the match was filed under (referee/services/clubs.py), None for most. Not a foreign key: SQLite could
    # add one to "match" but never drop it again in place (the migration's downgrade), so the services unfile a
    # club's matches before the club goes (leave_club, forget_members).
    club_id: Mapped[int | None] = mapped_column(default=None, index=True)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="match", order_by="Seat.position", cascade="all, delete-orphan")
    hands: Mapped[list[Hand]] = relationship(
        back_populates="match", order_by="Hand.number", cascade="all, delete-orphan")
    events: Mapped[list[MatchEvent]] = relationship(
        back_populates="match", order_by="MatchEvent.id", cascade="all, delete-orphan")
    owner: Mapped[User] = relationship(viewonly=True)
    scorers: Mapped[list[Scorer]] = relationship(
        back_populates="match", order_by="Scorer.added_at", cascade="all, delete-orphan")
    join_codes: Mapped[list[JoinCode]] = relationship(back_populates="match", cascade="all, delete-orphan")
    claims: Mapped[list[SeatClaim]] = relationship(back_populates="match", cascade="all, delete-orphan")
    # The house rules it was started from (referee/services/profiles.py), None for a match started from the form's
    # own choices and once that profile is deleted: the match's rules are its own columns either way.
    profile_id: Mapped[int | None] = mapped_column(
        ForeignKey("rules_profile.id", ondelete="SET NULL"), default=None, index=True)
    profile: Mapped[RulesProfile | None] = relationship()

    # The account this request acts for, set by the lookup that let it in (referee/services/sharing.py), so
    # that the trail can say who made each change without every service taking the account. Not a column.
    if TYPE_CHECKING:
        acting_user_id: int | None
    else:
        acting_user_id = None

    __mapper_args__: Mapping[str, Any] = {"version_id_col": version}

    @property
    def sides(self) -> int:
        """How many sides play: two partnerships, or one per seat."""
        return 2 if self.partnerships else len(self.seats)

    @property
    def ruleset(self) -> Ruleset:
        """The rules in force, as stored when the match started: the one place that reads the columns."""
        return _ruleset(self.preset, tuple(self.options.items()))

    @ruleset.setter
    def ruleset(self, ruleset: Ruleset) -> None:
        """Keep these rules (`Match(ruleset=…)` too)."""
        for column, value in self.ruleset_columns(ruleset).items():
            setattr(self, column, value)

    @staticmethod
    def ruleset_columns(ruleset: Ruleset) -> dict[str, Any]:
        """The columns that keep these rules, and their values: the one place that writes them (a backup's rows
        are made with it too)."""
        return {"preset": ruleset.preset, "options": ruleset.options()}


class Seat(Model):
    """A player at the table, by position in the order of play (partners alternate), and their side.

    ``name`` is the name the seat was played under, kept when its player is renamed away or deleted;
    ``name_key`` that name without case or accents (referee.search_keys.search_key), what the history's
    player filter searches. ``player_id`` is None once the player is deleted.
    """

    __table_args__ = (UniqueConstraint("match_id", "position"), Index("ix_seat_name", "name"),
                      Index("ix_seat_player_match", "player_id", "match_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), index=True)
    position: Mapped[int]
    side: Mapped[int] = mapped_column(default=0)  # referee.rules.match.side_of_seat, kept for the statistics
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    name_key: Mapped[str] = mapped_column(String(KEY_LENGTH), default=_key_of_name)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="SET NULL"), default=None)

    match: Mapped[Match] = relationship(back_populates="seats")
    player: Mapped[Player | None] = relationship(back_populates="seats")


class Hand(Model):
    """One hand as entered (cards or tallies) and the points the referee gave it.

    ``entry`` holds the facts in the services' versioned encoding (referee/services/stored_entries.py
    writes and reads it; an entry without its version mark is in the API's shape, as kept before);
    ``points`` the points per side after the penalty; ``erred`` the sides the
    referee found in error (None for hands saved before it was kept: the
    scoreboard then asks the rules core); ``client_token`` lets a resent form be
    recognised instead of recorded twice.
    """

    __table_args__ = (UniqueConstraint("match_id", "number"), UniqueConstraint("match_id", "client_token"))

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), index=True)
    number: Mapped[int]
    dealer: Mapped[int]  # the seat that dealt
    mode: Mapped[str] = mapped_column(String(5))  # 'cards' or 'tally'
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    points: Mapped[list[int]] = mapped_column(JSON)
    valid: Mapped[bool]
    erred: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    client_token: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    # Under the house rule that the other sides confirm each hand (Ruleset.confirm_hands;
    # referee/services/confirmations.py): a hand saved or corrected waits, counting in no total, until every side
    # stands behind one version of it. ``entered_by``: the phone that saved this entry, {"user": id, "side": s or
    # None}; ``stands``: who stands behind this entry, a list of those; ``versions``: the other sides' versions of
    # it, each with its label, entry, points and stands; ``called_at``: when a side called the organiser (or the
    # match's owner) to decide it.
    waiting: Mapped[bool] = mapped_column(default=False, server_default=false())
    entered_by: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    stands: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, default=None)
    versions: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, default=None)
    called_at: Mapped[datetime | None] = mapped_column(default=None)

    match: Mapped[Match] = relationship(back_populates="hands")
    results: Mapped[list[HandSide]] = relationship(
        back_populates="hand", order_by="HandSide.side", cascade="all, delete-orphan")


class HandSide(Model):
    """One side's result in one hand, kept when the hand is saved so statistics are sums in SQL.

    The categories are the points the side's cards earned before any penalty (1 = it took the category);
    ``points`` is what it scored after the penalty, as the hand's ``points``; ``erred`` whether the referee
    found it in error.
    """

    __table_args__ = (UniqueConstraint("hand_id", "side"), Index("ix_hand_side_match_side", "match_id", "side"))

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"))
    side: Mapped[int]
    points: Mapped[int]
    escobas: Mapped[int]
    cards: Mapped[int]
    oros: Mapped[int]
    sevens: Mapped[int]
    velo: Mapped[int]
    all_oros: Mapped[int]
    all_sevens: Mapped[int]
    over30: Mapped[int]
    erred: Mapped[bool]

    hand: Mapped[Hand] = relationship(back_populates="results")


class RatingChange(Model):
    """A player's rating after one finished match: the rating's history, in the order it was computed."""

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime]  # when the match finished
    mu: Mapped[float]
    sigma: Mapped[float]
    rating: Mapped[float]

    player: Mapped[Player] = relationship(back_populates="ratings")


class MatchEvent(Model):
    """One change in a match's trail: what, when, before → after."""

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), index=True)
    at: Mapped[datetime] = mapped_column(default=now)
    kind: Mapped[str] = mapped_column(String(20))  # 'created', 'hand_recorded', 'hand_edited', 'hand_undone', …
    hand_number: Mapped[int | None] = mapped_column(default=None)
    # The account that made the change (the owner or a scorer); None before it was kept, for a backup's
    # events, and once that account is deleted.
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), default=None)
    # Who made it, as the backup it was restored from named them (docs/backup.md): an account of another server
    # or another account, which a restored change cannot point at, so its name is kept as text.
    by_name: Mapped[str | None] = mapped_column(String(NAME_LENGTH), default=None)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)

    match: Mapped[Match] = relationship(back_populates="events")
    user: Mapped[User | None] = relationship()


@event.listens_for(MatchEvent, "before_insert")
def _note_who(_mapper: Any, _connection: Any, change: MatchEvent) -> None:
    """A change is the account's that the match was looked up for (Match.acting_user_id): every service that
    writes the trail gets it so, without taking the account."""
    if change.user_id is None and change.match is not None:
        change.user_id = change.match.acting_user_id


class RevokedLink(Model):
    """A spectator link that was replaced, by its token's SHA-256: the old link answers 410 Gone, not 404.

    Only the digest is kept, so a copy of the database cannot bring a revoked link back to life.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), index=True)
    token_digest: Mapped[str] = mapped_column(String(64), unique=True)
    revoked_at: Mapped[datetime] = mapped_column(default=now)


class EntryPresence(Model):
    """A phone with a match's entry page open: which hand it is entering, and when it last said so
    (referee/services/presence.py). The phone is its device login, so a login that ends takes it along.

    Not a fact of the match: writing it changes no version, so the scoreboard's and the spectator page's ETags
    stay as they are while someone types a hand.
    """

    __table_args__ = (UniqueConstraint("match_id", "login_token_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"))
    login_token_id: Mapped[int] = mapped_column(ForeignKey("login_token.id", ondelete="CASCADE"), index=True)
    hand_number: Mapped[int]
    seen_at: Mapped[datetime] = mapped_column(default=now, index=True)


class Scorer(Model):
    """An account that scores another account's match: it joined with a join code, and enters, corrects, undoes
    and restores hands as the owner does (referee/services/sharing.py). Leaving deletes the row; the owner's
    removing it marks it removed, so the removed phone's next request is answered in words, not as a match that
    does not exist."""

    __table_args__ = (UniqueConstraint("match_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    added_at: Mapped[datetime] = mapped_column(default=now)
    join_code_id: Mapped[int | None] = mapped_column(ForeignKey("join_code.id", ondelete="SET NULL"), default=None)
    # Who holds the phone ("Ana"), asked on joining and changeable; None until given (a guest's phone says it is
    # unnamed, a named account's phone goes by the account's name).
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH), default=None)
    removed_at: Mapped[datetime | None] = mapped_column(default=None)

    match: Mapped[Match] = relationship(back_populates="scorers")
    user: Mapped[User] = relationship()


class JoinCode(Model):
    """A code that makes the account typing it a scorer of the match, until it expires or is revoked.

    Only a keyed hash of the code is kept (referee/services/sharing.py): the code is shown once, to the owner
    who made it, and a copy of the database lets no one join.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    expires_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)

    match: Mapped[Match] = relationship(back_populates="join_codes")


class SeatClaim(Model):
    """An account's claim on a seat of a match ("I am Ana"): pending until the owner confirms it (or confirmed at
    once, referee/services/claims.py), then the seat counts in that account's My record.

    One claim per seat, and one per account in a match; it goes with the seat, the match or the account.
    """

    __table_args__ = (UniqueConstraint("match_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seat.id", ondelete="CASCADE"), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    made_at: Mapped[datetime] = mapped_column(default=now)
    confirmed_at: Mapped[datetime | None] = mapped_column(default=None)

    match: Mapped[Match] = relationship(back_populates="claims")
    seat: Mapped[Seat] = relationship()
    user: Mapped[User] = relationship()


class Club(Model):
    """A club: accounts that play together, its members (ClubMember), the matches filed under it (Match.club_id)
    and the invites that let others join (ClubInvite). referee/services/clubs.py keeps them."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    created_at: Mapped[datetime] = mapped_column(default=now)

    members: Mapped[list[ClubMember]] = relationship(
        back_populates="club", order_by="ClubMember.id", cascade="all, delete-orphan")
    invites: Mapped[list[ClubInvite]] = relationship(back_populates="club", cascade="all, delete-orphan")


class ClubMember(Model):
    """An account's membership of a club: its role ('organiser' or 'member'), and whether it chose to be rated on
    the club's leaderboard (off unless it says so). It goes with the club or the account."""

    __table_args__ = (UniqueConstraint("club_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(12))
    rated: Mapped[bool] = mapped_column(default=False, server_default=false())
    joined_at: Mapped[datetime] = mapped_column(default=now)

    club: Mapped[Club] = relationship(back_populates="members")
    user: Mapped[User] = relationship()


class ClubInvite(Model):
    """A link that lets whoever opens it join the club, until it expires or is revoked.

    Only a keyed hash of its secret is kept (referee/services/clubs.py), as for a match's join codes: the link is
    shown to the organiser who made it, and a copy of the database lets no one join.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    made_by: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)
    expires_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None] = mapped_column(default=None)

    club: Mapped[Club] = relationship(back_populates="invites")


class RulesProfile(Model):
    """House rules: a named set of rules an account keeps and starts matches from (referee/services/profiles.py).

    ``rules`` holds the game, its options, the deck and the house's notes in the services' versioned encoding
    (``"v": 1``; services/profiles.py writes and reads it). A profile that a match was started from is locked:
    its rules never change under that match. ``card_token`` is the address of its public rules card, unguessable
    (256 bits) and replaced to revoke it. Its owner is an account (``user_id``) or a club (``club_id``), never both
    nor neither: a club's house rules stay the club's whoever saved them, and go with the club.
    """

    __table_args__ = (UniqueConstraint("user_id", "name_key"), UniqueConstraint("club_id", "name_key"),
                      CheckConstraint("(user_id IS NULL) <> (club_id IS NULL)", name="ck_rules_profile_one_owner"))

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="CASCADE"), index=True)
    club_id: Mapped[int | None] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True, default=None)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    name_key: Mapped[str] = mapped_column(String(KEY_LENGTH), default=_key_of_name)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    card_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_spectator_token)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)

    owner: Mapped[User | None] = relationship()


class Tournament(Model):
    """A club's tournament (referee/services/tournaments.py): its format, the rules its matches are played by, its
    entrants in seed order and its rounds.

    ``rules`` is a copy of the rules profile's rules when the tournament was made (services/profiles.py's encoding):
    every table plays by them even if the profile is deleted. ``rounds_planned`` is a Swiss event's number of rounds
    (None for the other formats); ``third_place`` a knockout's third-place match; ``partnerships`` whether each
    entrant is two players, partners at a table of four.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    format: Mapped[str] = mapped_column(String(12))  # 'round_robin', 'swiss', 'knockout'
    rounds_planned: Mapped[int | None] = mapped_column(default=None)
    third_place: Mapped[bool] = mapped_column(default=False)
    seeding: Mapped[str] = mapped_column(String(8))  # 'listed', 'rating', 'drawn'
    partnerships: Mapped[bool] = mapped_column(default=False)
    profile_id: Mapped[int | None] = mapped_column(
        ForeignKey("rules_profile.id", ondelete="SET NULL"), default=None, index=True)
    profile_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), default=None)
    created_at: Mapped[datetime] = mapped_column(default=now)

    entrants: Mapped[list[TournamentEntrant]] = relationship(
        back_populates="tournament", order_by="TournamentEntrant.seed", cascade="all, delete-orphan")
    rounds: Mapped[list[TournamentRound]] = relationship(
        back_populates="tournament", order_by="TournamentRound.number", cascade="all, delete-orphan")


class TournamentEntrant(Model):
    """One entrant of a tournament, by seed (1 the best): a player, or a fixed partnership of two. Each player is a
    club member's account (``*_user_id``) or a guest by name; the name is the one its matches' seats get."""

    __table_args__ = (UniqueConstraint("tournament_id", "seed"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    seed: Mapped[int]
    first_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    first_user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), default=None)
    second_name: Mapped[str | None] = mapped_column(String(NAME_LENGTH), default=None)
    second_user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), default=None)

    tournament: Mapped[Tournament] = relationship(back_populates="entrants")


class TournamentRound(Model):
    """A round of a tournament: its tables, and when it was started and closed (None while it is played)."""

    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    started_at: Mapped[datetime] = mapped_column(default=now)
    closed_at: Mapped[datetime | None] = mapped_column(default=None)

    tournament: Mapped[Tournament] = relationship(back_populates="rounds")
    tables: Mapped[list[TournamentTable]] = relationship(
        back_populates="round", order_by="TournamentTable.position", cascade="all, delete-orphan")


class TournamentTable(Model):
    """One pairing of a round: a table (``number`` from 1) with its match, or a bye (no number, no match).

    The home entrant is the match's first side. ``home_points``/``away_points`` are a result the organiser recorded by
    hand (None when none was): they win over the match's own final scores. ``position`` orders the round's pairings
    as the pairings core gave them (a knockout's next round is made from neighbouring ones).
    """

    __table_args__ = (UniqueConstraint("round_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("tournament_round.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    number: Mapped[int | None] = mapped_column(default=None)
    home_id: Mapped[int] = mapped_column(ForeignKey("tournament_entrant.id", ondelete="CASCADE"), index=True)
    away_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_entrant.id", ondelete="CASCADE"), default=None, index=True)
    match_id: Mapped[int | None] = mapped_column(
        ForeignKey("match.id", ondelete="SET NULL"), default=None, index=True)
    home_points: Mapped[int | None] = mapped_column(default=None)
    away_points: Mapped[int | None] = mapped_column(default=None)

    round: Mapped[TournamentRound] = relationship(back_populates="tables")
    home: Mapped[TournamentEntrant] = relationship(foreign_keys=[home_id])
    away: Mapped[TournamentEntrant | None] = relationship(foreign_keys=[away_id])
    match: Mapped[Match | None] = relationship()
    changes: Mapped[list[TournamentResultChange]] = relationship(
        back_populates="table", order_by="TournamentResultChange.id", cascade="all, delete-orphan")


class TournamentResultChange(Model):
    """A result recorded or corrected by hand: who, when, the result before and after (``{"home": h, "away": a,
    "source": "match" | "hand"}``, before None when the table had none) and the organiser's reason."""

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tournament_table.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=now)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id", ondelete="SET NULL"), default=None)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    after: Mapped[dict[str, Any]] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(String(200))

    table: Mapped[TournamentTable] = relationship(back_populates="changes")
    user: Mapped[User | None] = relationship()


class TournamentBoard(Model):
    """A tournament's board for a TV (referee/services/tournament_board.py): the public link's token, which the
    organiser can replace (the old link then shows nothing), and the round length its timer counts down. The token
    is None while the link was never made: a round length saved first waits here, and no address finds it."""

    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True)
    token: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)
    round_minutes: Mapped[int | None] = mapped_column(default=None)
