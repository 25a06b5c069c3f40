"""the match's rules in one options column: the preset's options as the rules core writes them, not a column each

The eight option columns (target, the three bonuses, penalty, deal_passes, sevens, ties) are folded, row by row and
in one statement, into one JSON object with those keys in that order (referee.rules.Ruleset.options as of this
revision). An option the rules core gains later needs no migration: a match stored without it reads as it was
scored (referee.rules.stored_ruleset). The downgrade unfolds the object into the eight columns again.

Revision ID: b6d8f0a2c4e9
Revises: e5b7c9d1f203
Create Date: 2026-12-03 04:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b6d8f0a2c4e9'
down_revision = 'e5b7c9d1f203'
branch_labels = None
depends_on = None

# The columns folded, in the order of the object's keys, with their types and, for the downgrade, the server
# defaults they had (None: none; the first two migrations made them without one).
COLUMNS = (
    ('target', sa.Integer(), None),
    ('all_oros', sa.Integer(), None),
    ('all_sevens', sa.Integer(), None),
    ('over30', sa.Integer(), None),
    ('penalty', sa.String(length=10), None),
    ('deal_passes', sa.String(length=5), None),
    ('sevens', sa.String(length=16), 'most'),
    ('ties', sa.String(length=8), 'nobody'),
)


def upgrade():
    # Plain ALTER TABLE, no batch: SQLite would rebuild "match" by dropping it, which its seats', hands' and
    # changes' foreign keys refuse.
    op.add_column('match', sa.Column('options', sa.JSON(), nullable=False, server_default='{}'))
    sqlite = op.get_bind().dialect.name == 'sqlite'
    build = 'json_object' if sqlite else 'json_build_object'
    pairs = ', '.join(f"'{name}', {name}" for name, _, _ in COLUMNS)
    op.execute(f'UPDATE match SET options = {build}({pairs})')
    if not sqlite:  # SQLite cannot drop a default without a rebuild; the app always gives the options
        op.alter_column('match', 'options', server_default=None)
    for name, _, _ in reversed(COLUMNS):
        op.drop_column('match', name)  # SQLite 3.35+ drops a column in place


def downgrade():
    sqlite = op.get_bind().dialect.name == 'sqlite'
    for name, kind, default in COLUMNS:
        filler = default or ('0' if isinstance(kind, sa.Integer) else '')
        op.add_column('match', sa.Column(name, kind, nullable=False, server_default=filler))
    if sqlite:
        values = ', '.join(f"{name} = json_extract(options, '$.{name}')" for name, _, _ in COLUMNS)
    else:
        values = ', '.join(f"{name} = (options->>'{name}')" + ('::integer' if isinstance(kind, sa.Integer) else '')
                           for name, kind, _ in COLUMNS)
    op.execute(f'UPDATE match SET {values}')
    if not sqlite:
        for name, _, default in COLUMNS:
            if default is None:
                op.alter_column('match', name, server_default=None)
    op.drop_column('match', 'options')
