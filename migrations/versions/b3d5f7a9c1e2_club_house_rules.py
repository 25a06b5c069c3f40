"""club house rules: a rules profile is owned by an account or by a club

rules_profile.club_id names the club that owns a profile, whose user_id is then NULL (exactly one of the two is set:
a check constraint); a club's profile names are unique within the club as an account's are within the account.
Going down deletes the clubs' profiles (their matches and tournaments keep their own rules, as for any profile
deleted).

On SQLite the table is rebuilt (a column's NOT NULL cannot be dropped in place); dropping the old table runs its
ON DELETE SET NULL on match.profile_id and tournament.profile_id, so those are kept aside and put back.

Revision ID: b3d5f7a9c1e2
Revises: a4c8e2f61d07
Create Date: 2026-12-03 13:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b3d5f7a9c1e2'
down_revision = 'a4c8e2f61d07'
branch_labels = None
depends_on = None

REFERRERS = ('match', 'tournament')  # the tables whose profile_id points at rules_profile


def keep_references():
    """The rows that name a profile, kept aside while SQLite rebuilds the table (see the docstring)."""
    for table in REFERRERS:
        op.execute(f'CREATE TEMPORARY TABLE kept_{table}_profile AS '
                   f'SELECT id, profile_id FROM "{table}" WHERE profile_id IS NOT NULL')


def restore_references():
    """Each row's profile back, when the profile is still there."""
    for table in REFERRERS:
        op.execute(f'UPDATE "{table}" SET profile_id = (SELECT k.profile_id FROM kept_{table}_profile k '
                   f'JOIN rules_profile p ON p.id = k.profile_id WHERE k.id = "{table}".id) '
                   f'WHERE id IN (SELECT id FROM kept_{table}_profile)')
        op.execute(f'DROP TABLE kept_{table}_profile')


def upgrade():
    sqlite = op.get_bind().dialect.name == 'sqlite'
    if sqlite:
        keep_references()
    with op.batch_alter_table('rules_profile', schema=None) as batch_op:
        batch_op.add_column(sa.Column('club_id', sa.Integer(), nullable=True))
        batch_op.alter_column('user_id', existing_type=sa.Integer(), nullable=True)
        batch_op.create_foreign_key('fk_rules_profile_club_id_club', 'club', ['club_id'], ['id'], ondelete='CASCADE')
        batch_op.create_unique_constraint('uq_rules_profile_club_id_name_key', ['club_id', 'name_key'])
        batch_op.create_check_constraint('ck_rules_profile_one_owner', '(user_id IS NULL) <> (club_id IS NULL)')
        batch_op.create_index(batch_op.f('ix_rules_profile_club_id'), ['club_id'], unique=False)
    if sqlite:
        restore_references()


def downgrade():
    sqlite = op.get_bind().dialect.name == 'sqlite'
    op.execute('DELETE FROM rules_profile WHERE club_id IS NOT NULL')  # ON DELETE SET NULL frees their matches
    if sqlite:
        keep_references()
    with op.batch_alter_table('rules_profile', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rules_profile_club_id'))
        batch_op.drop_constraint('ck_rules_profile_one_owner', type_='check')
        batch_op.drop_constraint('uq_rules_profile_club_id_name_key', type_='unique')
        batch_op.drop_constraint('fk_rules_profile_club_id_club', type_='foreignkey')
        batch_op.alter_column('user_id', existing_type=sa.Integer(), nullable=False)
        batch_op.drop_column('club_id')
    if sqlite:
        restore_references()
