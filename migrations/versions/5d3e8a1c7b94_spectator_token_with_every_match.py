"""a spectator token for every match, made with it

The token used to be made the first time the scoreboard was opened (a GET that wrote). The app now makes it
with the match, and this revision gives every match stored without one its own (secrets.token_urlsafe(32),
as referee.models.new_spectator_token makes it). PostgreSQL then holds the column NOT NULL; SQLite cannot
without rebuilding the table, which the seats' and hands' foreign keys refuse, so there the app keeps it so.

The downgrade lets the column hold NULL again; the tokens stay (the old app reads a token it finds).

Revision ID: 5d3e8a1c7b94
Revises: b6d8f0a2c4e9
Create Date: 2026-12-03 03:50:00.000000

"""
import secrets

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5d3e8a1c7b94'
down_revision = 'b6d8f0a2c4e9'
branch_labels = None
depends_on = None

MATCH = sa.table("match", sa.column("id", sa.Integer), sa.column("spectator_token", sa.String))


def upgrade():
    connection = op.get_bind()
    missing = connection.execute(sa.select(MATCH.c.id).where(MATCH.c.spectator_token.is_(None))).scalars().all()
    for match_id in missing:
        connection.execute(MATCH.update().where(MATCH.c.id == match_id)
                           .values(spectator_token=secrets.token_urlsafe(32)))
    if connection.dialect.name != 'sqlite':
        op.alter_column('match', 'spectator_token', existing_type=sa.String(length=64), nullable=False)


def downgrade():
    if op.get_bind().dialect.name != 'sqlite':
        op.alter_column('match', 'spectator_token', existing_type=sa.String(length=64), nullable=True)
