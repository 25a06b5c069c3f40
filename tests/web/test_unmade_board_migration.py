"""The migration that lets a tournament's board keep a round length without its link (TournamentBoard.token NULL),
on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import text
from test_ratings import account

from referee.database import MIGRATIONS
from referee.extensions import db
from referee.rules import make_ruleset
from referee.services.clubs import create_club
from referee.services.formats import FORMATS
from referee.services.matches import TOKEN
from referee.services.profiles import HouseRules, save_profile
from referee.services.tournament_board import make_board_link, set_round_length
from referee.services.tournaments import PlayerSpec, TournamentSpec, create_tournament

BEFORE = "1acbdfa59336"  # phone names


def _reconnect() -> None:
    """Drop the session's connections, so the next step sees the schema as migrated."""
    db.session.close()
    db.engine.dispose()


def _tokens() -> list[str | None]:
    return list(db.session.execute(text("SELECT token FROM tournament_board ORDER BY tournament_id")).scalars())


def test_a_length_saved_without_a_link_goes_down_with_a_link_and_up_again_keeping_it(database_app):
    """Up: Friday's board has a length and no link, Saturday's its link. Down: Friday's row gets a link of its own
    (the old app made one with the length), Saturday's is kept. A row kept under the placeholder a version of the
    app used is unmade once up again; the schema is then as the models say."""
    with database_app(migrated=False, MIGRATING_AT_START=True).app_context():
        upgrade(directory=MIGRATIONS)
        user = account("ana")
        club = create_club(user, "Casa")
        profile = save_profile(user, "Tuesday club", HouseRules(make_ruleset("escoba-es")))
        entrants = ((PlayerSpec("Bea"),), (PlayerSpec("Caio"),))
        friday, saturday = (create_tournament(user, club.id, TournamentSpec(name, FORMATS["round_robin"], profile.id,
                                                                             entrants)) for name in ("Fri", "Sat"))
        assert set_round_length(user, friday.id, 25).token is None
        link = make_board_link(user, saturday.id).token
        assert _tokens() == [None, link]
        _reconnect()
        downgrade(directory=MIGRATIONS, revision=BEFORE)
        made, kept = _tokens()
        assert made and TOKEN.fullmatch(made) and kept == link
        db.session.execute(text("UPDATE tournament_board SET token = 'unmade.' || tournament_id WHERE token = :made"),
                           {"made": made})
        db.session.commit()
        _reconnect()
        upgrade(directory=MIGRATIONS)
        assert _tokens() == [None, link]
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert [d for d in differences if "tournament_board" in repr(d)] == []
        _reconnect()
