"""Who plays whom in a tournament, and the table after it: pure Python, no Flask, no database.

Round robin, Swiss and knockout pairings, and the standings with their tiebreaks, as
docs/tournaments.md states them. Entrants are opaque hashable ids (a player's or a partnership's id in practice),
always given in seed order; results come back as small frozen values. networkx does the Swiss round's
maximum-weight matching.
"""

from referee.pairings.knockout import Bracket, InvalidWinners, knockout_bracket
from referee.pairings.pairing import InvalidEntrants, Pairing, Reason
from referee.pairings.results import InvalidResults, Outcome, Result, bye, played
from referee.pairings.round_robin import round_robin
from referee.pairings.standings import StandingRow, Tiebreak, standings
from referee.pairings.swiss import swiss_reasons, swiss_round

__all__ = [
    "Bracket",
    "InvalidEntrants",
    "InvalidResults",
    "InvalidWinners",
    "Outcome",
    "Pairing",
    "Reason",
    "Result",
    "StandingRow",
    "Tiebreak",
    "bye",
    "knockout_bracket",
    "played",
    "round_robin",
    "standings",
    "swiss_reasons",
    "swiss_round",
]
