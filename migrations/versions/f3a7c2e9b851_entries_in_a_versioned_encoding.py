"""stored entries in a versioned encoding: each hand's entry, and each the trail keeps, marked "v": 2

An entry was kept in the API's shape, unmarked; the app now writes its own encoding
(referee/services/stored_entries.py) and marks it with its version, so that a later encoding can tell the
entries it finds apart. Version 2 reads every shape kept before (sides by cards, by tally or as the "rest" of
the deck; the leftover as cards or as its sum), so the upgrade converts a row by marking it: the hands' entries,
and the entries in the trail's before and after (a hand's facts: mode, dealer, entry...). The downgrade takes the
mark off again, which is the shape the old app wrote and reads.

Row by row in Python, the same on SQLite and PostgreSQL: the JSON functions to set a key differ, and a club's
database holds some thousands of hands.

Revision ID: f3a7c2e9b851
Revises: 5d3e8a1c7b94
Create Date: 2026-12-03 05:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f3a7c2e9b851'
down_revision = '5d3e8a1c7b94'
branch_labels = None
depends_on = None

MARK, VERSION = 'v', 2  # as referee.services.stored_entries writes them at this revision
HAND = sa.table('hand', sa.column('id', sa.Integer), sa.column('entry', sa.JSON))
EVENT = sa.table('match_event', sa.column('id', sa.Integer), sa.column('before', sa.JSON),
                 sa.column('after', sa.JSON))


def _marked(entry):
    return {MARK: VERSION, **{k: v for k, v in entry.items() if k != MARK}}


def _unmarked(entry):
    return {k: v for k, v in entry.items() if k != MARK}


def _facts(facts, change):
    """A hand's facts as the trail keeps them with the entry changed; None when they keep no entry."""
    if not isinstance(facts, dict) or not isinstance(facts.get('entry'), dict):
        return None
    return {**facts, 'entry': change(facts['entry'])}


def _convert(change):
    bind = op.get_bind()
    for row in bind.execute(sa.select(HAND.c.id, HAND.c.entry)).all():
        if isinstance(row.entry, dict) and change(row.entry) != row.entry:
            bind.execute(HAND.update().where(HAND.c.id == row.id).values(entry=change(row.entry)))
    for row in bind.execute(sa.select(EVENT.c.id, EVENT.c.before, EVENT.c.after)).all():
        values = {key: facts for key, facts in (('before', _facts(row.before, change)),
                                                ('after', _facts(row.after, change)))
                  if facts is not None and facts != getattr(row, key)}
        if values:
            bind.execute(EVENT.update().where(EVENT.c.id == row.id).values(**values))


def upgrade():
    _convert(_marked)


def downgrade():
    _convert(_unmarked)
