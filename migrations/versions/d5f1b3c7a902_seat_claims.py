"""seat claims: an account's claim on a seat of a match ("I am Ana"), pending or confirmed

One claim per seat and one per account in a match; a confirmed claim puts the seat in that account's My record.

Revision ID: d5f1b3c7a902
Revises: c8e4a6b2d913
Create Date: 2026-12-03 07:50:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd5f1b3c7a902'
down_revision = 'c8e4a6b2d913'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('seat_claim',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('seat_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('made_at', sa.DateTime(), nullable=False),
    sa.Column('confirmed_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['seat_id'], ['seat.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('match_id', 'user_id'),
    sa.UniqueConstraint('seat_id')
    )
    with op.batch_alter_table('seat_claim', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_claim_match_id'), ['match_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_seat_claim_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('seat_claim', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_claim_user_id'))
        batch_op.drop_index(batch_op.f('ix_seat_claim_match_id'))

    op.drop_table('seat_claim')
