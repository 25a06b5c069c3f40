"""An app with one more tournament format, added in a fresh interpreter as docs/architecture.md ("Adding a tournament
format") says and nowhere else: its class registered in services/formats.py's FORMATS and its words in
referee/words/format_words.py, before the app is made. Run by tests/web/test_tournament_formats.py, it prints as
JSON each place that should follow from the registry, and whether it did.

The format is a double round robin: everyone plays everyone twice, the second time with home and away swapped.

Importing this module does nothing: it runs as a script.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = "double_round_robin"


def register() -> None:
    """The format's class and its words: all a new format is."""
    from referee.pairings import Pairing, round_robin
    from referee.services import formats
    from referee.words import format_words

    class DoubleRoundRobin(formats.RoundRobin):
        """Everyone plays everyone twice."""

        name = NAME

        def planned_rounds(self, info: formats.Setup) -> int:
            """Twice the schedule."""
            return 2 * len(round_robin(info.seeds))

        def pairings(self, info: formats.Setup, rounds: Sequence[formats.PlayedRound]) -> list[Pairing[int]]:
            """The schedule, then again with home and away swapped."""
            schedule = round_robin(info.seeds)
            played = len(rounds)
            if played < len(schedule):
                return schedule[played]
            return [Pairing(one.away, one.home) if one.away is not None else one
                    for one in schedule[played - len(schedule)]]

    formats.FORMATS[NAME] = DoubleRoundRobin()
    format_words.NAMES[NAME] = lambda _rounds: "Double round robin"
    format_words.CHOICES[NAME] = "Double round robin: everyone plays everyone twice"


def main() -> None:
    """Make the app with the format added, and say what follows from it."""
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "web")]
    register()
    import factories
    from api_client import ApiClient
    from flask_login import FlaskLoginClient

    from referee import create_app
    from referee.database import upgrade_schema

    folder = Path(tempfile.mkdtemp())
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "RATELIMIT_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'formats.sqlite'}"})
    app.test_client_class = FlaskLoginClient
    upgrade_schema(app)
    ana = factories.keeper(app, "ana")
    club_id = factories.club(ana)
    profile_id = factories.house_rules(ana, "Target 4", target=4)
    seen: dict[str, bool] = {}

    page = ana.page(f"/clubs/{club_id}/tournaments/new")
    seen["the form offers it"] = f'value="{NAME}"' in page and "everyone plays everyone twice" in page
    made = ana.submit(f"/clubs/{club_id}/tournaments/new", {
        "name": "Twice", "profile": str(profile_id), "format": NAME, "guests": "Bia\nCaio\nDani",
        "confirm_hands": ""})  # one phone plays every table: a hand counts once saved
    seen["the form makes one"] = made.status_code == 302
    tournament_id = int(made.headers.get("Location", "/0").rstrip("/").split("/")[-1])
    seen["its page names it"] = "Double round robin" in ana.text(ana.page(f"/tournaments/{tournament_id}"))
    for _number in range(1, 7):
        started = factories.start_next_round(ana, tournament_id)
        for table in started.round.tables:
            if table.match_id is not None:
                factories.play_table(ana, table.match_id)
    api = ApiClient(ana.client)
    read = api.request("GET", f"/tournaments/{tournament_id}").get_json()
    seen["it plays its six rounds"] = (read["format"], read["rounds_planned"], read["rounds_played"],
                                      read["finished"]) == (NAME, 6, 6, True)
    made_by_api = api.request("POST", f"/clubs/{club_id}/tournaments", {
        "name": "Twice again", "format": NAME, "profile_id": profile_id,
        "entrants": [{"players": [{"name": name}]} for name in ("Eva", "Fer")]})
    seen["the API makes one"] = made_by_api.status_code == 201
    document = api.client.get("/api/v1/openapi.json").get_json()
    enums = re.findall(r'"format": \{"enum": \[([^\]]*)\]', json.dumps(document))
    seen["the OpenAPI document lists it"] = bool(enums) and all(f'"{NAME}"' in enum for enum in enums)
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
