"""seat name keys for the history's search; each hand's erring sides

Every seat gets a name_key: its name without accents or case (the rule of
referee/search_keys.py, copied here so this revision never changes), which the
history's player filter searches. Hands get `erred`, the sides the referee found
in error, NULL for the hands saved before: the scoreboard works those out from the
stored entry (only for hands that failed a check).

Revision ID: 7c1e5a9f3b20
Revises: 07547a0f5818
Create Date: 2026-12-01 09:45:00.000000

"""
import unicodedata

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7c1e5a9f3b20'
down_revision = '07547a0f5818'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE, no batch: SQLite would rebuild the tables, and their foreign keys refuse that.
    op.add_column('seat', sa.Column('name_key', sa.String(length=160), nullable=False, server_default=''))
    fill_name_keys(op.get_bind())
    if op.get_bind().dialect.name != 'sqlite':  # SQLite cannot drop a default without a rebuild; the app sets it
        op.alter_column('seat', 'name_key', server_default=None)
    op.add_column('hand', sa.Column('erred', sa.JSON(), nullable=True))


def search_key(text):
    """Case-folded, no accents (referee.search_keys.search_key as of this revision)."""
    # Case-folded first: folding can itself add a combining mark ('İ' → 'i' + dot above), dropped next.
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFKC", bare)


def fill_name_keys(connection):
    """A key for every existing seat, one distinct name at a time."""
    seat = sa.table("seat", sa.column("name", sa.String), sa.column("name_key", sa.String))
    names = connection.execute(sa.select(seat.c.name).distinct()).scalars().all()
    for name in names:
        connection.execute(seat.update().where(seat.c.name == name).values(name_key=search_key(name)[:160]))  # the column's length


def downgrade():
    op.drop_column('hand', 'erred')  # SQLite 3.35+ drops a column in place
    op.drop_column('seat', 'name_key')
