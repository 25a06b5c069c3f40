"""The rules in force for a stored match: its preset and options, as stored when it started, read back as the
rules core's Ruleset. Its own module so that the scoreboard, hands, backup and API can read it without importing
the service that starts matches (which imports the scoreboard)."""

from __future__ import annotations

from ..models import Match
from ..rules import Ruleset, make_ruleset


def ruleset_of(match: Match) -> Ruleset:
    """The rules in force for a match, as stored when it started."""
    return make_ruleset(match.preset, target=match.target, all_oros=match.all_oros,
                        all_sevens=match.all_sevens, over30=match.over30,
                        penalty=match.penalty, deal_passes=match.deal_passes, sevens=match.sevens,
                        ties=match.ties)
