"""phone names and removed scorers: a scorer's phone has the name of who holds it, and a scorer the owner removed
keeps its row, marked removed, so its next request is answered in words

Revision ID: 1acbdfa59336
Revises: b7e3d9f2a615
Create Date: 2026-12-07 15:46:40.602738

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '1acbdfa59336'
down_revision = 'b7e3d9f2a615'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('scorer', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name', sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column('removed_at', sa.DateTime(), nullable=True))


def downgrade():
    # A removed scorer had no row before: going down, it goes, rather than scoring again.
    op.execute(sa.text("DELETE FROM scorer WHERE removed_at IS NOT NULL"))
    with op.batch_alter_table('scorer', schema=None) as batch_op:
        batch_op.drop_column('removed_at')
        batch_op.drop_column('name')
