"""scorers and join codes: accounts that score another's match, the codes they join with, who made each change

A match's scorers (the match, the account, when and by which code it joined) and its join codes (only a keyed
hash of each code, when made, when it expires, when revoked); the trail's events say which account made them
(None for every event made before, and once that account is deleted).

Revision ID: c8e4a6b2d913
Revises: 6e2b9d4f1a37
Create Date: 2026-12-03 06:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c8e4a6b2d913'
down_revision = '6e2b9d4f1a37'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('join_code',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('code_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.Column('revoked_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('code_hash')
    )
    with op.batch_alter_table('join_code', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_join_code_match_id'), ['match_id'], unique=False)

    op.create_table('scorer',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('added_at', sa.DateTime(), nullable=False),
    sa.Column('join_code_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['join_code_id'], ['join_code.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('match_id', 'user_id')
    )
    with op.batch_alter_table('scorer', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_scorer_match_id'), ['match_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_scorer_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('match_event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('user_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_match_event_user_id_user', 'user', ['user_id'], ['id'], ondelete='SET NULL')


def downgrade():
    with op.batch_alter_table('match_event', schema=None) as batch_op:
        batch_op.drop_constraint('fk_match_event_user_id_user', type_='foreignkey')
        batch_op.drop_column('user_id')

    with op.batch_alter_table('scorer', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_scorer_user_id'))
        batch_op.drop_index(batch_op.f('ix_scorer_match_id'))

    op.drop_table('scorer')
    with op.batch_alter_table('join_code', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_join_code_match_id'))

    op.drop_table('join_code')
