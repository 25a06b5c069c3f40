"""hands waiting for the other sides' confirmation: whether a hand waits, who stands behind it, the other sides'
versions, a call to the organiser (issue 36)

Revision ID: a36c0f1e2d47
Revises: c5d1e8a4f702
Create Date: 2026-12-07 21:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a36c0f1e2d47'
down_revision = 'c5d1e8a4f702'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('hand', sa.Column('waiting', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.add_column('hand', sa.Column('entered_by', sa.JSON(), nullable=True))
    op.add_column('hand', sa.Column('stands', sa.JSON(), nullable=True))
    op.add_column('hand', sa.Column('versions', sa.JSON(), nullable=True))
    op.add_column('hand', sa.Column('called_at', sa.DateTime(), nullable=True))


def downgrade():
    # A hand still waiting counted nowhere; the app before this one had no such state, so it counts from now. The
    # columns go one by one, in place: a batch would copy the table anew on SQLite, and dropping the old one deletes
    # each hand's side results (hand_side's ON DELETE CASCADE).
    for column in ('called_at', 'versions', 'stands', 'entered_by', 'waiting'):
        op.drop_column('hand', column)
