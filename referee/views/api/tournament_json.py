"""A tournament, its rounds, tables, results and standings as the API writes them (views/api/tournaments.py), from
the services' plain objects."""

from __future__ import annotations

from datetime import datetime

from flask import url_for

from ...services.formats import TableWhy
from ...services.sharing import NewCode
from ...services.tournament_rounds import ResultChange, progress
from ...services.tournament_standings import Standing
from ...services.tournament_tables import Round, Table
from ...services.tournaments import Entrant, TournamentInfo, TournamentSummary
from ..tournament_words import why_words


def utc(moment: datetime | None) -> str | None:
    """A stored time (UTC, naive) as the API writes times."""
    return None if moment is None else f"{moment.isoformat(timespec='seconds')}Z"


def entrant_ref(entrant: Entrant | None) -> dict[str, object] | None:
    """An entrant where a table or a line names it."""
    return None if entrant is None else {"id": entrant.id, "name": entrant.name}


def summary_json(summary: TournamentSummary) -> dict[str, object]:
    """A tournament as its club's list shows it."""
    return {"id": summary.id, "name": summary.name, "format": summary.format.name, "entrants": summary.entrants,
            "rounds_played": summary.rounds_played, "created_at": utc(summary.created_at)}


def tournament_json(info: TournamentInfo, rounds: list[Round]) -> dict[str, object]:
    """A tournament: its format, rules, entrants in seed order, how far it is, and the caller's role."""
    rules, far = info.rules, progress(info, rounds)
    return {
        "id": info.id, "club_id": info.club_id, "name": info.name, "format": info.format.name,
        "rounds_planned": far.planned, "rounds_played": far.played, "finished": far.finished,
        "third_place": info.third_place, "seeding": info.seeding.value, "partnerships": info.partnerships,
        "profile": {"id": info.profile_id, "name": info.profile_name},
        "ruleset": rules.ruleset.preset, "options": rules.ruleset.options(), "deck_style": rules.deck(),
        "opening_sweep": rules.opening_sweep.value,
        "entrants": [{"id": entrant.id, "seed": entrant.seed, "name": entrant.name,
                      "players": [{"name": player.name, "user_id": player.user_id} for player in entrant.players]}
                     for entrant in info.entrants],
        "role": info.role.value, "created_at": utc(info.created_at),
    }


def why_json(why: TableWhy) -> dict[str, object]:
    """Why a table was paired so: the reason's code, the numbers its words name, and the words."""
    return {"reason": why.reason.value, "numbers": list(why.numbers), "words": why_words(why)}


def table_json(table: Table, whys: dict[int, TableWhy], code: NewCode | None = None) -> dict[str, object]:
    """A table: who plays whom (a bye has no number, no away and no match), why it was paired so (`whys`:
    services/tournament_reasons.py's, by table id), its match, state, score and result; the join code of its match
    when one was just made (shown this once)."""
    answer: dict[str, object] = {
        "id": table.id, "number": table.number, "home": entrant_ref(table.home), "away": entrant_ref(table.away),
        "match_id": table.match_id, "state": table.state.value,
        "score": list(table.score) if table.score is not None else None,
        "result": list(table.result) if table.result is not None else None,
        "winner": entrant_ref(table.winner) if table.result is not None or table.is_bye else None,
        "paired": why_json(whys[table.id]),
    }
    if code is not None:
        answer["join_code"] = code.spaced
        answer["join_url"] = url_for("sharing.join_page", code=code.code, _external=True)
    return answer


def round_json(played: Round, whys: dict[int, TableWhy], codes: dict[int, NewCode] | None = None) -> dict[str, object]:
    """A round and its tables (by number, the bye last)."""
    return {"number": played.number, "started_at": utc(played.started_at), "closed_at": utc(played.closed_at),
            "complete": played.complete, "unfinished": list(played.unfinished),
            "tables": [table_json(table, whys, (codes or {}).get(table.id)) for table in played.tables]}


def standing_json(standing: Standing) -> dict[str, object]:
    """One line of the standings and what put it below the line above."""
    row = standing.row
    return {"place": row.place, "entrant": entrant_ref(standing.entrant), "played": row.played, "won": row.won,
            "drawn": row.drawn, "lost": row.lost, "byes": row.byes, "match_points": row.match_points,
            "points_for": row.points_for, "points_against": row.points_against, "difference": row.difference,
            "buchholz": row.buchholz, "head_to_head": row.head_to_head,
            "separated_by": row.separated_by.value if row.separated_by is not None else None}


def change_json(change: ResultChange) -> dict[str, object]:
    """One line of the results' trail."""
    return {"id": change.id, "round": change.round_number, "table": change.table_number, "home": change.home,
            "away": change.away, "at": utc(change.at), "by": change.by or None,
            "before": list(change.before) if change.before is not None else None, "after": list(change.after),
            "reason": change.reason}
