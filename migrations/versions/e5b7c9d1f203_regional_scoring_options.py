"""the regional scoring options of a match: who takes the sevens point, who scores a tied category

Two columns of the match's rules in force. Every match stored before them was scored the one way the app knew
(most sevens; a tie scores nothing), which is what the server defaults say. The downgrade drops them.

Revision ID: e5b7c9d1f203
Revises: a9d2c4e6f801
Create Date: 2026-12-01 19:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e5b7c9d1f203'
down_revision = 'a9d2c4e6f801'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('match', sa.Column('sevens', sa.String(length=16), nullable=False, server_default='most'))
    op.add_column('match', sa.Column('ties', sa.String(length=8), nullable=False, server_default='nobody'))


def downgrade():
    # In place, not by batch: SQLite 3.35+ drops a column without copying the table, which the seats' and hands'
    # foreign keys to it would refuse.
    op.drop_column('match', 'ties')
    op.drop_column('match', 'sevens')
