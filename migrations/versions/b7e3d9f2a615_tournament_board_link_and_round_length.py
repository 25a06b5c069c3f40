"""tournament board: a tournament's public board link (a token the organiser can replace) and its round length

Revision ID: b7e3d9f2a615
Revises: b3d5f7a9c1e2
Create Date: 2026-12-03 13:15:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b7e3d9f2a615'
down_revision = 'b3d5f7a9c1e2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('tournament_board',
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=64), nullable=False),
    sa.Column('round_minutes', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tournament_id'),
    sa.UniqueConstraint('token')
    )


def downgrade():
    op.drop_table('tournament_board')
