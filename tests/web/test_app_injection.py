"""What held in the issue's attack and must keep holding: markup is text everywhere it is echoed, and SQL in any
value is only ever data."""

from __future__ import annotations

from urllib.parse import quote

import factories
import pytest
from markupsafe import escape
from sqlalchemy import func, select

from referee.models import Match, Player, Seat, User

# Markup in the shapes that slip past naive escaping: tags, attributes, URLs, SVG, template syntax.
XSS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '"><svg onload=alert(1)>',
    "'><iframe src=javascript:alert(1)>",
    "<a href='javascript:alert(1)'>x</a>",
    "{{ 7*7 }}<b>",
    "</textarea><script>x</script>",
    "<style>*{}</style>",
]
# SQL that would change a query if it were pasted into one.
SQL = ["' OR '1'='1", "x'; DROP TABLE match; --", '" OR 1=1 --', "1 UNION SELECT password_hash FROM user"]


def shown_as_text(page: str, probe: str) -> bool:
    """True when the page holds the probe escaped, as text, and nowhere as it was typed."""
    return probe not in page and str(escape(probe)) in page


@pytest.mark.parametrize("probe", XSS)
def test_markup_in_a_player_name_is_text_on_every_page(keeper, visitor, probe):
    """Scoreboard, history, its filter, hand entry, spectator page and the players' pages show the name, never its
    markup."""
    match_id = factories.start(keeper, (probe, "Bea"))
    factories.save_hand(keeper, match_id)
    pages = {
        "scoreboard": keeper.page(f"/matches/{match_id}"),
        "history": keeper.page("/matches/"),
        "filter": keeper.page(f"/matches/?player={quote(probe)}"),
        "entry": keeper.page(keeper.hand_url(match_id)),
        "players": keeper.page("/players"),
    }
    [(player_id,)] = keeper.query(select(Player.id).where(Player.name == probe.strip()))
    for action in ("rename", "merge", "delete"):
        pages[action] = keeper.page(f"/players/{player_id}/{action}")
    [token] = [t for (t,) in keeper.query(select(Match.spectator_token).where(Match.id == match_id))]
    pages["spectator"] = visitor.page(f"/watch/{token}")
    for name, page in pages.items():
        assert shown_as_text(page, probe), name


@pytest.mark.parametrize("probe", XSS)
def test_markup_typed_into_account_and_tool_forms_comes_back_as_text(visitor, probe):
    """A refused login or registration keeps the typed name, and a tool echoes a typed name, as text."""
    login = visitor.client.post("/login", data={"csrf_token": visitor.token(), "username": probe, "password": "x"})
    register = visitor.client.post("/register", data={"csrf_token": visitor.token(), "username": probe,
                                                      "password": "a-long-password", "confirm": "a-long-password"})
    tool = visitor.client.get(f"/tools/draw?name-0={quote(probe)}&card-0=7o&name-1=B&card-1=3c")
    for name, response in {"login": login, "register": register, "tool": tool}.items():
        assert response.status_code < 500, name
        assert shown_as_text(response.get_data(as_text=True), probe), name


@pytest.mark.parametrize("probe", SQL)
def test_sql_in_a_name_or_a_filter_is_only_data(keeper, probe):
    """The name is stored as typed, the filter finds exactly it, and no table or row is touched."""
    match_id = keeper.start((probe, "Bea"))  # typed into the new-match page: the input path is the subject
    other = factories.start(keeper, ("Carla", "Dora"))
    assert keeper.query(select(Seat.name).where(Seat.match_id == match_id, Seat.position == 0)) == [(probe,)]
    found = keeper.page(f"/matches/?player={quote(probe)}")
    assert f"/matches/{match_id}" in found and f"/matches/{other}" not in found
    assert keeper.query(select(func.count(Match.id))) == [(2,)]
    assert keeper.query(select(func.count(User.id))) == [(1,)]


@pytest.mark.parametrize("probe", SQL)
def test_sql_in_the_login_form_logs_nobody_in(keeper, visitor, probe):
    """An injection in the username or the password is a wrong username or password."""
    for fields in ({"username": probe, "password": "x"}, {"username": "ana", "password": probe}):
        response = visitor.client.post("/login", data={"csrf_token": visitor.token(), **fields})
        assert response.status_code == 422
    assert not visitor.logged_in()
