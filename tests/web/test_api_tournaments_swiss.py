"""A whole club night through the API (issue 26): 16 members in a Swiss event of 5 rounds. The organiser's token
makes the house rules and the tournament, starts and closes every round; each table's match is played by its two
scorers, each with their own token, hand by hand through the hands API until it has a winner (one table a round is
settled by hand instead, a draw). The standings the API gives are checked against a table the test works out itself
from the results it saw, by the rules of docs/tournaments.md (not by calling referee.pairings)."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from api_client import ApiClient
from factories import account, club, club_invite

from referee.services.accounts import find_account
from referee.services.clubs import join_club

PLAYERS = [f"p{i:02d}" for i in range(16)]
ROUNDS = 5


def hand(winner: int, escobas: int, loser_escobas: int) -> dict[str, Any]:
    """A hand by counts: the `winner` side takes the oros and the velo (and with them 3 points under escova-rs),
    each side its escobas; the first seat deals (the table's match was not drawn for)."""
    good = {"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True}, "escobas": escobas}
    poor = {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False}, "escobas": loser_escobas}
    return {"sides": [good, poor] if winner == 0 else [poor, good], "leftover_sum": 10, "last_capture": winner,
            "dealer": 0}


def play(tokens: dict[str, ApiClient], match_id: int, scorers: tuple[str, str], luck: random.Random) -> list[int]:
    """The table's match played to its winner, its two scorers entering the hands in turn; its final totals."""
    for turn in range(30):
        answer = tokens[scorers[turn % 2]].request("POST", f"/matches/{match_id}/hands",
                                                   hand(luck.randrange(2), luck.randrange(3), luck.randrange(2)))
        assert answer.status_code == 201, answer.get_json()
        match = answer.get_json()["match"]
        if match["finished"]:
            return list(match["totals"])
    raise AssertionError(f"match {match_id} did not finish")


def expected_standings(entrants: list[int], results: list[tuple[int, int | None, int, int]]) -> dict[int, tuple]:
    """Each entrant's (place, match points, difference, Buchholz) by the documented rules: a win 2, a draw 1, a bye
    a win 0–0; ranked by match points, points difference, the opponents' match points (each meeting once), then
    the match points taken against the entrants level on those three; still level, the place is shared."""
    points: dict[int, int] = defaultdict(int)
    difference: dict[int, int] = defaultdict(int)
    met: dict[int, list[int]] = defaultdict(list)
    taken: dict[tuple[int, int], int] = defaultdict(int)
    for home, away, home_points, away_points in results:
        if away is None:
            points[home] += 2
            continue
        home_mp = 2 if home_points > away_points else 1 if home_points == away_points else 0
        for one, other, mp, diff in ((home, away, home_mp, home_points - away_points),
                                     (away, home, 2 - home_mp, away_points - home_points)):
            points[one] += mp
            difference[one] += diff
            met[one].append(other)
            taken[one, other] += mp
    buchholz = {e: sum(points[o] for o in met[e]) for e in entrants}
    first = {e: (points[e], difference[e], buchholz[e]) for e in entrants}
    head = {e: sum(taken[e, o] for o in entrants if o != e and first[o] == first[e]) for e in entrants}
    key = {e: (*first[e], head[e]) for e in entrants}
    return {e: (1 + sum(key[o] > key[e] for o in entrants), points[e], difference[e], buchholz[e]) for e in entrants}


def test_a_swiss_night_of_16_over_5_rounds_played_through_the_api(keeper, client):
    """Every round paired with no rematch, every table scored by its own players' tokens (and by no other
    player's), every round closed, and the standings after each round as the test works them out."""
    app, luck = keeper.app, random.Random(26)
    club_id = club(keeper)
    secret = club_invite(keeper, club_id)
    for name in PLAYERS:
        account(app, name)
    with app.app_context():
        ids = {find_account(name).id: name for name in PLAYERS}
        for user_id in ids:
            join_club(find_account(ids[user_id]), secret)
    ana = ApiClient(client)
    tokens = {name: ApiClient(client, name) for name in PLAYERS}
    profile = ana.request("POST", "/profiles", {"name": "Club night", "ruleset": "escova-rs",
                                               "options": {"target": 6}}).get_json()["id"]
    made = ana.request("POST", f"/clubs/{club_id}/tournaments", {
        "name": "Club night", "format": "swiss", "rounds": ROUNDS, "profile_id": profile,
        "entrants": [{"players": [{"user_id": user_id}]} for user_id in ids]})
    assert made.status_code == 201, made.get_json()
    tournament = made.get_json()
    player_of = {e["id"]: ids[e["players"][0]["user_id"]] for e in tournament["entrants"]}
    url = f"/tournaments/{tournament['id']}"
    results: list[tuple[int, int | None, int, int]] = []
    pairs: set[frozenset[int]] = set()
    for number in range(1, ROUNDS + 1):
        started = ana.request("POST", f"{url}/rounds")
        assert started.status_code == 201, started.get_json()
        tables = started.get_json()["tables"]
        assert started.get_json()["number"] == number and len(tables) == 8
        # a player cannot score another table's match: it is no scorer of it (404, as for a match never made)
        elsewhere = tables[1]["match_id"]
        stranger = player_of[tables[0]["home"]["id"]]
        assert tokens[stranger].request("POST", f"/matches/{elsewhere}/hands", hand(0, 1, 0)).status_code == 404
        for i, table in enumerate(tables):
            home, away = table["home"]["id"], table["away"]["id"]
            assert frozenset((home, away)) not in pairs, f"a rematch in round {number}"
            pairs.add(frozenset((home, away)))
            if i == number % 8:  # one table a round settled by the organiser: a draw
                answer = ana.request("PUT", f"{url}/tables/{table['id']}/result",
                                     {"home": 3, "away": 3, "reason": "the match could not be finished"})
                assert answer.status_code == 200
                results.append((home, away, 3, 3))
                continue
            totals = play(tokens, table["match_id"], (player_of[home], player_of[away]), luck)
            results.append((home, away, totals[0], totals[1]))
        closed = ana.request("POST", f"{url}/rounds/{number}/close")
        assert closed.status_code == 200 and closed.get_json()["complete"], closed.get_json()
        assert [t["result"] for t in closed.get_json()["tables"]] == [list(r[2:]) for r in results[-8:]]
        lines = tokens[PLAYERS[number]].request("GET", f"{url}/standings").get_json()["standings"]
        expected = expected_standings(list(player_of), results)
        assert {line["entrant"]["id"]: (line["place"], line["match_points"], line["difference"], line["buchholz"])
                for line in lines} == expected, f"round {number}"
        assert [line["place"] for line in lines] == sorted(line["place"] for line in lines)
    assert ana.request("POST", f"{url}/rounds").status_code == 409  # every round played
    read = tokens[PLAYERS[0]].request("GET", url).get_json()
    assert read["finished"] and read["rounds_played"] == ROUNDS
    assert len(ana.request("GET", f"{url}/results").get_json()["changes"]) == ROUNDS
