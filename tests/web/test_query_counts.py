"""The entry page, a save, the match history and a player's page run a few SQL statements each, and as many
with a long match or a long history as with a short one: nothing is read once per hand or once per match."""

from __future__ import annotations

import factories
from sql_counts import counted_queries
from sqlalchemy import select

from referee.models import Player

NAMES = ("Ana", "Bea", "Carla", "Duda")


def statements(keeper, request):
    """The SQL statements one request runs (`request` makes it with the keeper's client)."""
    with counted_queries(keeper.app) as seen:
        response = request()
    assert response.status_code in (200, 302), response.status_code
    return seen


def long_match(keeper, hands):
    """A match to 100 of two partnerships, with `hands` hands saved (each side winning every other hand)."""
    match_id = factories.start(keeper, NAMES, target="100")
    for n in range(hands):
        factories.save_hand(keeper, match_id, mirror=n % 2 == 1)
    return match_id


def entry_page(keeper, match_id, mode):
    """The statements of the entry page of the match's next hand."""
    return statements(keeper, lambda: keeper.client.get(keeper.hand_url(match_id, mode)))


def saving(keeper, match_id, mode, mirror):
    """The statements of saving the match's next hand (the form read from its page first, not counted)."""
    url = keeper.hand_url(match_id, mode)
    fields = keeper.form(url) | keeper.hand_fields(mode, mirror=mirror) | {"action": "save"}
    return statements(keeper, lambda: keeper.client.post(url, data=fields))


def test_the_entry_page_reads_the_account_the_match_its_seats_and_hands_whatever_the_match_holds(keeper):
    """Five statements (the session's account, the match, its seats, its hands, and who else is entering) after 1
    hand and after 10, in every mode; the trail is not read."""
    short, long = long_match(keeper, 1), long_match(keeper, 10)
    for mode in ("quick", "cards", "tally"):
        first, later = entry_page(keeper, short, mode), entry_page(keeper, long, mode)
        assert len(first) == len(later) == 5, (mode, first)
        assert sum("FROM entry_presence" in statement for statement in first) == 1
        assert not any("match_event" in statement for statement in first)


def test_checking_the_hand_costs_no_more_in_a_long_match(keeper):
    """Check the hand (action=review) reads as much after 1 hand as after 10."""
    counts = []
    for match_id in (long_match(keeper, 1), long_match(keeper, 10)):
        url = keeper.hand_url(match_id, "cards")
        fields = keeper.form(url) | keeper.hand_fields("cards") | {"action": "review"}
        counts.append(len(statements(keeper, lambda url=url, fields=fields: keeper.client.post(url, data=fields))))
    assert counts[0] == counts[1] <= 6, counts


def test_a_save_is_one_transaction_of_a_dozen_statements_in_a_short_match_or_a_long_one(keeper):
    """Saving hand 2 and hand 11, by cards and by counts, runs the same statements: the match, its seats and
    hands, the hands taken back (not the whole trail), the version bump, the hand, its event and one result row
    per side, one COMMIT; then the hand and match as committed, for the answer."""
    short, long = long_match(keeper, 1), long_match(keeper, 10)
    for mode in ("cards", "tally"):
        first = saving(keeper, short, mode, mirror=mode == "tally")
        later = saving(keeper, long, mode, mirror=mode == "tally")
        assert len(first) == len(later) <= 12, (mode, first)
        assert [s.split()[0] for s in first] == [s.split()[0] for s in later]
        writes = [s.split()[0] + " " + s.split()[2 if s.startswith("INSERT") else 1] for s in first
                  if s.startswith(("INSERT", "UPDATE", "DELETE"))]
        assert writes == ['UPDATE "match"', "INSERT hand", "INSERT match_event", "INSERT hand_side",
                          "INSERT hand_side"], writes
        # The trail is read for the hands taken back alone, never whole.
        trail = [s for s in first if s.startswith("SELECT") and "FROM match_event" in s]
        assert len(trail) == 1 and "match_event.kind = " in trail[0], trail


def test_the_history_reads_as_much_with_a_second_page_of_matches(keeper):
    """The first page of the history with 3 matches and with 25 (two pages): the same number of statements, the
    hands read for their points only."""
    for _ in range(3):
        factories.start(keeper, NAMES)
    few = statements(keeper, lambda: keeper.client.get("/matches/"))
    for _ in range(22):
        factories.start(keeper, NAMES)
    many = statements(keeper, lambda: keeper.client.get("/matches/"))
    assert len(few) == len(many) <= 6, many
    # The rows' totals from the hands' points alone, read as columns (services/history.py match_rows).
    hands = [" ".join(s.split()) for s in many if "FROM hand" in s]
    assert len(hands) == 1 and hands[0].startswith("SELECT hand.match_id, hand.points FROM hand"), hands


def test_a_players_page_reads_as_much_after_one_finished_match_as_after_six(keeper):
    """A player's page (record, partners and rivals, rating) after one match and after six: the same statements."""
    def play_one() -> None:
        """A match to 1 point, won by the first hand saved."""
        factories.save_hand(keeper, factories.start(keeper, NAMES, target="1"))

    play_one()
    player = keeper.query(select(Player.id).where(Player.name == "Ana"))[0][0]
    one = statements(keeper, lambda: keeper.client.get(f"/players/{player}"))
    for _ in range(5):
        play_one()
    six = statements(keeper, lambda: keeper.client.get(f"/players/{player}"))
    assert len(one) == len(six) <= 8, six
