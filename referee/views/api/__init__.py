"""The JSON API, /api/v1 (docs/api.md): one blueprint (blueprint.py: its body reader and error shapes) and its
routes by what they serve: scoring.py (the stateless referee: rulesets, captures, score), tokens.py (personal
access tokens), matches.py, hands.py (hands, draw, trail, rematch), confirmations.py (hands waiting for the other
sides: confirmations, versions, calls and decisions; its bodies in confirmation_bodies.py), players.py (players and
exports) and sharing.py (join codes and scorers), clubs.py (clubs), profiles.py (house rules), tournaments.py (a
club's tournaments: its bodies in tournament_bodies.py, its answers in tournament_json.py).
"""

from . import clubs, confirmations, hands, matches, players, profiles, scoring, sharing, tokens, tournaments
from .blueprint import bp

__all__ = ["bp", "clubs", "confirmations", "hands", "matches", "players", "profiles", "scoring", "sharing", "tokens",
           "tournaments"]
