"""guest accounts: a flag on the user

A guest is an account a phone made for itself by starting a match without one (referee/services/guests.py).
Its username is a placeholder, 'guest:' and 32 hex digits, that no form accepts, and its password hash '!',
which no password matches and no hashing method writes; the flag is what logins and the idle guests' removal
look at. The upgrade marks as guests the accounts holding both placeholders (what a downgraded database keeps
of its guests), so down and up again loses no guest; the downgrade drops the flag and leaves the guests as
accounts nobody can log in to.

Revision ID: c8e1f4a2b6d0
Revises: f3a7c2e9b851
Create Date: 2026-12-03 06:40:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c8e1f4a2b6d0'
down_revision = 'f3a7c2e9b851'
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE, no batch: SQLite would rebuild "user" by dropping it, which its foreign keys refuse.
    op.add_column('user', sa.Column('guest', sa.Boolean(), server_default=sa.false(), nullable=False))
    user = sa.table('user', sa.column('username', sa.String), sa.column('password_hash', sa.String),
                    sa.column('guest', sa.Boolean))
    op.execute(user.update().where(user.c.username.like('guest:%'), user.c.password_hash == '!')
               .values(guest=True))


def downgrade():
    op.drop_column('user', 'guest')  # SQLite 3.35+ drops a column in place
