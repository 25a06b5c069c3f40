"""Personal access tokens: made on the account page or under HTTP Basic, sent as Bearer, revoked, throttled."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sqlalchemy import select

from referee.models import ApiToken

PASSWORD = "correct-horse"  # the scorekeepers' (tests/conftest.py)
SECRET = re.compile(r"[A-Za-z0-9_-]{43}")


def make_token(client: Any, username: str = "ana", password: str = PASSWORD, **body: Any) -> Any:
    """POST /api/v1/tokens under HTTP Basic."""
    return client.post("/api/v1/tokens", auth=(username, password), json=body or None)


def bearer(secret: str) -> dict[str, str]:
    """The header a program sends its token in."""
    return {"Authorization": f"Bearer {secret}"}


def test_basic_credentials_make_a_token_shown_once(keeper, client):
    """201 with the secret, its name and id; only its SHA-256 is stored."""
    response = make_token(client, name="Tournament sheet")
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"token", "name", "id"} and body["name"] == "Tournament sheet"
    assert SECRET.fullmatch(body["token"])
    assert response.headers["Cache-Control"] == "no-store"
    [(name, digest)] = keeper.query(select(ApiToken.name, ApiToken.secret_hash))
    assert name == "Tournament sheet" and body["token"] not in digest and len(digest) == 64


def test_a_token_without_a_body_gets_the_default_name(keeper, client):
    """No body at all is fine: the token is called 'API'."""
    response = client.post("/api/v1/tokens", auth=("ana", PASSWORD))
    assert response.status_code == 201 and response.get_json()["name"] == "API"


@pytest.mark.parametrize(("body", "field"), [({"name": ""}, "name"), ({"name": "x" * 41}, "name"),
                                             ({"name": 7}, "name"), ({"name": "a\u0000b"}, "name"),
                                             ({"nmae": "x"}, "nmae"), ([], "")])
def test_a_bad_token_name_is_422_naming_the_field(keeper, client, body, field):
    """The errors shape, the field named."""
    response = client.post("/api/v1/tokens", auth=("ana", PASSWORD), json=body)
    assert response.status_code == 422
    assert [e["field"] for e in response.get_json()["errors"]] == [field]


@pytest.mark.parametrize("auth", [None, ("ana", "wrong-password"), ("nobody", PASSWORD)])
def test_a_token_needs_the_right_username_and_password(keeper, client, auth):
    """401 with WWW-Authenticate: Basic, and no token made."""
    response = client.post("/api/v1/tokens", auth=auth, json={"name": "x"})
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Basic ")
    assert response.get_json()["errors"][0]["field"] == "Authorization"
    assert keeper.query(select(ApiToken.id)) == []


def test_the_wrong_password_is_said_in_the_readers_language(keeper, client):
    """Accept-Language, as the rest of the API."""
    response = client.post("/api/v1/tokens", auth=("ana", "nope"), headers={"Accept-Language": "es"})
    assert response.get_json()["errors"][0]["message"] == "Usuario o contraseña incorrectos."


def test_a_token_revokes_itself_and_is_refused_from_then_on(keeper, client):
    """DELETE /tokens/{id} with the token: 204, then 401 with WWW-Authenticate: Bearer."""
    body = make_token(client).get_json()
    assert client.delete(f"/api/v1/tokens/{body['id']}", headers=bearer(body["token"])).status_code == 204
    response = client.delete(f"/api/v1/tokens/{body['id']}", headers=bearer(body["token"]))
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer ")


def test_another_accounts_token_is_404_to_revoke(keeper, scorekeeper, client):
    """A token cannot revoke another account's: it looks like none."""
    scorekeeper("bruno")
    ana = make_token(client).get_json()
    bruno = make_token(client, "bruno").get_json()
    assert client.delete(f"/api/v1/tokens/{bruno['id']}", headers=bearer(ana["token"])).status_code == 404
    assert client.delete(f"/api/v1/tokens/{bruno['id']}", headers=bearer(bruno["token"])).status_code == 204


@pytest.mark.parametrize("header", [None, "Bearer", "Bearer nonsense", "Bearer " + "A" * 43, "Basic YW5hOng=",
                                    "Token abc"])
def test_a_missing_or_bad_token_is_401(keeper, client, header):
    """Nothing, a malformed or an unknown token: 401, WWW-Authenticate: Bearer, the errors shape."""
    body = make_token(client).get_json()
    headers = {"Authorization": header} if header else {}
    response = client.delete(f"/api/v1/tokens/{body['id']}", headers=headers)
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == 'Bearer realm="referee"'
    assert response.get_json()["errors"][0]["field"] == "Authorization"


def test_the_session_cookie_never_authorises_the_api(keeper):
    """The logged-in browser's own client, cookie and all, is refused without a token."""
    body = make_token(keeper.client).get_json()
    assert keeper.logged_in()
    assert keeper.client.delete(f"/api/v1/tokens/{body['id']}").status_code == 401


def test_the_account_page_makes_a_token_and_shows_it_once(keeper, client):
    """The name is asked for; the secret is on the answer to the form, never on the page again; it works."""
    response = keeper.submit("/account", {"name": "Chat bot"}, action="/account/tokens")
    assert response.status_code == 201
    html = response.get_data(as_text=True)
    [secret] = re.findall(r'<code class="token-secret">([^<]+)</code>', html)
    assert "Chat bot" in keeper.text(html)
    page = keeper.page("/account")
    assert secret not in page and "Chat bot" in keeper.text(page) and "Never used" in keeper.text(page)
    [(token_id,)] = keeper.query(select(ApiToken.id))
    assert client.delete(f"/api/v1/tokens/{token_id}", headers=bearer(secret)).status_code == 204


def test_the_account_page_keeps_a_bad_name_and_says_why(keeper):
    """422, the field's error, what was typed kept."""
    response = keeper.submit("/account", {"name": "   "}, action="/account/tokens")
    assert response.status_code == 422
    assert keeper.errors(response.get_data(as_text=True))
    long = keeper.submit("/account", {"name": "y" * 41}, action="/account/tokens")
    assert long.status_code == 422 and "y" * 41 in long.get_data(as_text=True)


def test_the_account_page_revokes_a_token(keeper, client):
    """Its Revoke button: the token is refused from then on."""
    body = make_token(client, name="Sheet").get_json()
    page = keeper.page("/account")
    assert "Sheet" in keeper.text(page) and "Never used" in keeper.text(page)
    response = keeper.submit("/account", action=f"/account/tokens/{body['id']}/revoke")
    assert response.status_code == 302
    assert client.delete(f"/api/v1/tokens/{body['id']}", headers=bearer(body["token"])).status_code == 401


def test_the_account_page_cannot_revoke_another_accounts_token(keeper, scorekeeper, client):
    """404, and the token still works."""
    bruno = scorekeeper("bruno")
    body = make_token(client, "bruno").get_json()
    fields = keeper.form("/account", action="/account/logout-everywhere")
    assert keeper.client.post(f"/account/tokens/{body['id']}/revoke", data=fields).status_code == 404
    assert bruno.query(select(ApiToken.id)) == [(body["id"],)]


def test_revoking_on_the_account_page_needs_the_csrf_token(keeper, client):
    """A form without its CSRF token is refused."""
    body = make_token(client).get_json()
    assert keeper.client.post(f"/account/tokens/{body['id']}/revoke").status_code == 400
    assert keeper.client.post("/account/tokens", data={"name": "x"}).status_code == 400


def test_a_token_use_is_noted(keeper, client):
    """last_used_at is set on first use, and the account page says when."""
    body = make_token(client).get_json()
    client.delete("/api/v1/tokens/999", headers=bearer(body["token"]))
    [(used,)] = keeper.query(select(ApiToken.last_used_at))
    assert used is not None
    assert "Never used" not in keeper.text(keeper.page("/account"))


def test_changing_the_password_revokes_every_token(keeper, client):
    """The old password's tokens go with it."""
    body = make_token(client).get_json()
    new = "another-horse-battery"
    response = keeper.submit("/account/password", {"current": PASSWORD, "password": new, "confirm": new})
    assert response.status_code == 302
    assert client.delete(f"/api/v1/tokens/{body['id']}", headers=bearer(body["token"])).status_code == 401
    assert keeper.query(select(ApiToken.id)) == []


def test_deleting_the_account_deletes_its_tokens(keeper, client):
    """Nothing of the account is left, its tokens included."""
    body = make_token(client).get_json()
    assert keeper.submit("/account/delete", {"password": PASSWORD}).status_code == 302
    assert keeper.query(select(ApiToken.id)) == []
    assert client.delete(f"/api/v1/tokens/{body['id']}", headers=bearer(body["token"])).status_code == 401


def test_the_account_page_is_translated(keeper):
    """The tokens' part of the account page in Spanish and Brazilian Portuguese."""
    es = keeper.client.get("/account", headers={"Accept-Language": "es"}).get_data(as_text=True)
    pt = keeper.client.get("/account", headers={"Accept-Language": "pt-BR"}).get_data(as_text=True)
    assert "Tokens de la API" in es and "Crear un token" in es
    assert "Tokens da API" in pt


class TestThrottled:
    """With throttling on: token requests count as logins, and each token has its own limit."""

    @pytest.fixture
    def app_settings(self) -> dict[str, Any]:
        """Throttling on, with small limits."""
        return {"RATELIMIT_ENABLED": True, "LOGIN_LIMIT_PER_ACCOUNT": "3 per minute",
                "LOGIN_LIMIT_PER_ADDRESS": "10 per minute", "API_TOKEN_LIMIT": "3 per minute",
                "API_LIMIT": "100 per minute"}

    def test_wrong_passwords_for_a_token_count_as_failed_logins(self, keeper, client, visitor):
        """Three wrong passwords, then 429 with Retry-After even for the right one, and the login page too."""
        for _attempt in range(3):
            assert make_token(client, password="wrong").status_code == 401
        response = make_token(client)
        assert response.status_code == 429 and int(response.headers["Retry-After"]) >= 1
        assert visitor.login("ana").status_code == 429

    def test_each_token_has_its_own_limit(self, keeper, client):
        """Three requests with one token from anywhere, then 429 with Retry-After; another token goes on."""
        first = make_token(client).get_json()
        second = make_token(client).get_json()
        for address in ("192.0.2.1", "192.0.2.2", "192.0.2.3"):
            client.delete("/api/v1/tokens/999", headers=bearer(first["token"]), environ_base={"REMOTE_ADDR": address})
        response = client.delete("/api/v1/tokens/999", headers=bearer(first["token"]))
        assert response.status_code == 429 and int(response.headers["Retry-After"]) >= 1
        assert response.get_json()["errors"][0]["message"].startswith("Too many requests.")
        assert client.delete("/api/v1/tokens/999", headers=bearer(second["token"])).status_code == 404
