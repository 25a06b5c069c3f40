"""personal access tokens for the match API

One table: a token's name, the SHA-256 of its secret (the secret itself is shown once and never stored),
when it was made and last used. The downgrade drops it, and every token with it.

Revision ID: a9d2c4e6f801
Revises: 3f0c2a9d7e41
Create Date: 2026-12-01 14:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a9d2c4e6f801'
down_revision = '3f0c2a9d7e41'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'api_token',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('secret_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('last_used_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['user.id'], ),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_api_token_secret_hash'), ['secret_hash'], unique=True)
        batch_op.create_index(batch_op.f('ix_api_token_user_id'), ['user_id'], unique=False)


def downgrade():
    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_token_user_id'))
        batch_op.drop_index(batch_op.f('ix_api_token_secret_hash'))
    op.drop_table('api_token')
