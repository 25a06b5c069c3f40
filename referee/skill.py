"""The skill model: openskill's Plackett–Luce over each finished match, and the scale a rating is shown on.

No Flask and no database here: referee/services/ratings.py feeds it the account's finished matches, and the
migration that rated the matches finished before ratings existed feeds it the same facts as rows.

What counts of a match (docs/ratings.md says it for players):

- each side is a team: a player alone, or a partnership of two;
- the ranks come from the final totals, the winner first; sides level on points share a rank;
- a seat whose player was deleted is left out, and a side left with nobody; a match left with fewer than
  two sides is not rated;
- one person in two seats of one match counts once, for the better placed of their sides.

>>> ranks_of([20, 12, 12, 5], winner=0)
(1, 2, 2, 4)
>>> shown(Skill(25.0, 25 / 3))
1000.0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce, PlackettLuceRating

# The library's defaults: a new player is mu 25, sigma 25/3; beta 25/6; tau 25/300 keeps sigma from
# shrinking to nothing, so a rating never freezes.
MODEL = PlackettLuce()

# The scale a rating is shown on: openskill's ordinal (mu − 3·sigma, a skill the player very likely has at
# least), times SCALE, plus START. A new player's ordinal is 0, so everyone starts at 1 000; one point of
# ordinal is 40 of ours, so a match moves a rating by tens of points (a first one by up to 140), and after
# some fifty matches a player who wins about half of them sits around 1 400–1 700 (docs/ratings.md).
SCALE = 40.0
START = 1000.0


@dataclass(frozen=True)
class Skill:
    """What the model believes of a player: the mean and the spread of their skill."""

    mu: float
    sigma: float

    def rating(self) -> PlackettLuceRating:
        """The library's rating object for this skill."""
        return MODEL.rating(mu=self.mu, sigma=self.sigma)


NEW = Skill(MODEL.mu, MODEL.sigma)


def shown(skill: Skill) -> float:
    """The rating as players see it: the library's ordinal on our scale (round it to show it)."""
    return skill.rating().ordinal(alpha=SCALE, target=START)


@dataclass(frozen=True)
class Outcome:
    """A finished match as the model reads it: its teams of players (by id), each team's rank (1 = won)."""

    match_id: int
    at: datetime  # when it finished
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]

    def players(self) -> set[int]:
        """Every player rated by this match."""
        return {player for team in self.teams for player in team}


def ranks_of(totals: Sequence[int], winner: int) -> tuple[int, ...]:
    """Each side's place: the winner first, then by total; sides level on points share the better place."""
    keys = [(side == winner, total) for side, total in enumerate(totals)]
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def outcome(match_id: int, at: datetime, seats: Iterable[tuple[int, int | None]], totals: Sequence[int],
            winner: int) -> Outcome | None:
    """The teams and ranks of a finished match from its seats (side, player id, in the order of play), each
    side's final total and the winning side; None when fewer than two sides are left to rate."""
    ranks = ranks_of(totals, winner)
    sides: dict[int, int] = {}  # player -> the side they count for
    for side, player in seats:
        if player is None:
            continue  # the player was deleted: the seat keeps a name, and no rating
        if player not in sides or ranks[side] < ranks[sides[player]]:
            sides[player] = side
    teams = [(tuple(p for p, s in sides.items() if s == side), ranks[side]) for side in range(len(totals))]
    teams = [(team, rank) for team, rank in teams if team]
    if len(teams) < 2:
        return None
    return Outcome(match_id, at, tuple(team for team, _ in teams), tuple(rank for _, rank in teams))


def rate(current: Mapping[int, Skill], result: Outcome) -> dict[int, Skill]:
    """Each of the match's players' skill after it, from their skill before (NEW for one never rated)."""
    teams = [[current.get(player, NEW).rating() for player in team] for team in result.teams]
    after = MODEL.rate(teams, ranks=list(result.ranks))
    return {player: Skill(rated.mu, rated.sigma)
            for team, rated_team in zip(result.teams, after, strict=True)
            for player, rated in zip(team, rated_team, strict=True)}


def replay(outcomes: Iterable[Outcome]) -> Iterator[tuple[Outcome, dict[int, Skill]]]:
    """Rate matches one after the other, everyone starting new: each match with its players' skill after it."""
    skills: dict[int, Skill] = {}
    for result in outcomes:
        after = rate(skills, result)
        skills.update(after)
        yield result, after
