"""clubs: a club, its members (organiser or member, rated or not), its invite links, and a match's club

Revision ID: e8a4c2f6b1d3
Revises: d7f1b3a5c902
Create Date: 2026-12-03 10:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e8a4c2f6b1d3'
down_revision = 'd7f1b3a5c902'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('club_member',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=12), nullable=False),
    sa.Column('rated', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('joined_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('club_id', 'user_id')
    )
    with op.batch_alter_table('club_member', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_member_club_id'), ['club_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_club_member_user_id'), ['user_id'], unique=False)
    op.create_table('club_invite',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('secret_hash', sa.String(length=64), nullable=False),
    sa.Column('made_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('expires_at', sa.DateTime(), nullable=False),
    sa.Column('revoked_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['made_by'], ['user.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('secret_hash')
    )
    with op.batch_alter_table('club_invite', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_invite_club_id'), ['club_id'], unique=False)
    # Plain ALTER TABLE, no batch and no foreign key: SQLite would rebuild "match" by dropping it (which its seats',
    # hands' and changes' foreign keys refuse), and cannot drop a column of a foreign key in place.
    op.add_column('match', sa.Column('club_id', sa.Integer(), nullable=True))
    op.create_index(op.f('ix_match_club_id'), 'match', ['club_id'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_match_club_id'), table_name='match')
    op.drop_column('match', 'club_id')  # SQLite 3.35+ drops a column in place
    with op.batch_alter_table('club_invite', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_invite_club_id'))
    op.drop_table('club_invite')
    with op.batch_alter_table('club_member', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_member_user_id'))
        batch_op.drop_index(batch_op.f('ix_club_member_club_id'))
    op.drop_table('club_member')
    op.drop_table('club')
