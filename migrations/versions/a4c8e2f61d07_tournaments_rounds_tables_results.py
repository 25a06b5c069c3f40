"""tournaments: a club's tournaments, their entrants, rounds, tables and the trail of results recorded by hand

tournament keeps the format, the rules copied from a profile and the seeding; tournament_entrant one entrant by
seed (a player or a partnership, each player a member's account or a guest by name); tournament_round and
tournament_table the rounds and their pairings (a table's match, or a bye), a result recorded by hand on the table;
tournament_result_change who recorded or corrected it, when, before and after, and why.

Revision ID: a4c8e2f61d07
Revises: e9c4d2a7b310
Create Date: 2026-12-03 12:39:54.102156

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a4c8e2f61d07'
down_revision = 'e9c4d2a7b310'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('tournament',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('format', sa.String(length=12), nullable=False),
    sa.Column('rounds_planned', sa.Integer(), nullable=True),
    sa.Column('third_place', sa.Boolean(), nullable=False),
    sa.Column('seeding', sa.String(length=8), nullable=False),
    sa.Column('partnerships', sa.Boolean(), nullable=False),
    sa.Column('profile_id', sa.Integer(), nullable=True),
    sa.Column('profile_name', sa.String(length=40), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['created_by'], ['user.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['profile_id'], ['rules_profile.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_club_id'), ['club_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_profile_id'), ['profile_id'], unique=False)

    op.create_table('tournament_entrant',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('first_name', sa.String(length=40), nullable=False),
    sa.Column('first_user_id', sa.Integer(), nullable=True),
    sa.Column('second_name', sa.String(length=40), nullable=True),
    sa.Column('second_user_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['first_user_id'], ['user.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['second_user_id'], ['user.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'seed')
    )
    with op.batch_alter_table('tournament_entrant', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_entrant_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.Column('closed_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'number')
    )
    with op.batch_alter_table('tournament_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_round_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=True),
    sa.Column('home_id', sa.Integer(), nullable=False),
    sa.Column('away_id', sa.Integer(), nullable=True),
    sa.Column('match_id', sa.Integer(), nullable=True),
    sa.Column('home_points', sa.Integer(), nullable=True),
    sa.Column('away_points', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['away_id'], ['tournament_entrant.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['home_id'], ['tournament_entrant.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['match_id'], ['match.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['round_id'], ['tournament_round.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('round_id', 'position')
    )
    with op.batch_alter_table('tournament_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_table_away_id'), ['away_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_table_home_id'), ['home_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_table_match_id'), ['match_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_table_round_id'), ['round_id'], unique=False)

    op.create_table('tournament_result_change',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('before', sa.JSON(), nullable=True),
    sa.Column('after', sa.JSON(), nullable=False),
    sa.Column('reason', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tournament_table.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['user.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('tournament_result_change', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_result_change_table_id'), ['table_id'], unique=False)




def downgrade():
    with op.batch_alter_table('tournament_result_change', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_result_change_table_id'))

    op.drop_table('tournament_result_change')
    with op.batch_alter_table('tournament_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_table_round_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_table_match_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_table_home_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_table_away_id'))

    op.drop_table('tournament_table')
    with op.batch_alter_table('tournament_round', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_round_tournament_id'))

    op.drop_table('tournament_round')
    with op.batch_alter_table('tournament_entrant', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_entrant_tournament_id'))

    op.drop_table('tournament_entrant')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_profile_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_club_id'))

    op.drop_table('tournament')
