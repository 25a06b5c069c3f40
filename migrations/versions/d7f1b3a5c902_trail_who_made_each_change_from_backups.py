"""the trail keeps who made each change as a restored backup names them

A restored backup's changes name who made them as text (an account of another server or another account, which
a change cannot point at): match_event.by_name, None for every change made here.

Revision ID: d7f1b3a5c902
Revises: d5f1b3c7a902
Create Date: 2026-12-03 07:50:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd7f1b3a5c902'
down_revision = 'd5f1b3c7a902'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('match_event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('by_name', sa.String(length=40), nullable=True))


def downgrade():
    with op.batch_alter_table('match_event', schema=None) as batch_op:
        batch_op.drop_column('by_name')
