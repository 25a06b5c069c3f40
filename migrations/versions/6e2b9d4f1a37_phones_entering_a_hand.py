"""phones entering a hand: who has a match's entry page open

One small table, apart from the match (writing it bumps no version): the match, the device login whose page it
is, the hand it is entering and when it last said so. Rows of a deleted match or an ended login go with them;
the downgrade drops the table, which holds nothing worth keeping past a minute.

Revision ID: 6e2b9d4f1a37
Revises: c8e1f4a2b6d0
Create Date: 2026-12-03 06:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '6e2b9d4f1a37'
down_revision = 'c8e1f4a2b6d0'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'entry_presence',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.Integer(), nullable=False),
        sa.Column('login_token_id', sa.Integer(), nullable=False),
        sa.Column('hand_number', sa.Integer(), nullable=False),
        sa.Column('seen_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['login_token_id'], ['login_token.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('match_id', 'login_token_id'),
    )
    with op.batch_alter_table('entry_presence', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_entry_presence_login_token_id'), ['login_token_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_entry_presence_seen_at'), ['seen_at'], unique=False)


def downgrade():
    with op.batch_alter_table('entry_presence', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_entry_presence_seen_at'))
        batch_op.drop_index(batch_op.f('ix_entry_presence_login_token_id'))
    op.drop_table('entry_presence')
