"""Sessions that end: logout, per-device tokens, log out everywhere, a password change, expiry."""

from __future__ import annotations


def cookie(keeper, name):
    """The value of one of this browser's cookies, or None."""
    found = keeper.client.get_cookie(name)
    return found.value if found is not None else None


def browser_with(app, **cookies):
    """A new browser holding only the given cookies (as a thief who copied them would)."""
    client = app.test_client()
    for name, value in cookies.items():
        client.set_cookie(name, value)
    return client


def opens_the_matches(client):
    """True when this browser is let into the matches page."""
    return client.get("/matches/").status_code == 200


# ---------------------------------------------------------------------------
# The findings: logout did not end anything.

def test_a_session_cookie_copied_before_the_logout_no_longer_opens_the_matches(app, keeper):
    """The server forgets the session at logout: a copy of the old cookie is worth nothing."""
    copied = cookie(keeper, "session")
    assert opens_the_matches(browser_with(app, session=copied))
    keeper.logout()
    assert not opens_the_matches(browser_with(app, session=copied))


def test_a_remember_cookie_copied_before_the_logout_no_longer_logs_in(app, keeper):
    """The 'stay logged in' cookie is revoked at logout, in every browser that holds a copy."""
    copied = cookie(keeper, "remember_token")
    assert copied
    assert opens_the_matches(browser_with(app, remember_token=copied))
    keeper.logout()
    assert not opens_the_matches(browser_with(app, remember_token=copied))


def test_each_login_gets_its_own_remember_cookie(keeper):
    """Two phones of one account never share a token (it used to be the user's id, the same every time)."""
    phone = keeper.another_phone()
    mine, theirs = cookie(keeper, "remember_token"), cookie(phone, "remember_token")
    assert mine and theirs and mine != theirs
    assert not mine.startswith("1|")


def test_logging_out_on_one_phone_keeps_the_other_logged_in(keeper):
    """Logout ends this device's session only."""
    phone = keeper.another_phone()
    keeper.logout()
    assert not keeper.logged_in()
    assert phone.logged_in()
