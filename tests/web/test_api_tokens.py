"""Personal access tokens: made on the account page or under HTTP Basic, sent as Bearer, revoked, throttled."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import select

from referee.extensions import db
from referee.models import ApiToken, User
from referee.openapi import tokens as openapi_tokens
from referee.services import api_tokens

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


# ---------------------------------------------------------------------------
# The finding: an account could make any number of tokens (30 in 14.5 s), each with a limit of its own.

TOO_MANY = "This account already has 20 tokens, the most it may have: revoke one to make another."


def test_the_token_cap_and_its_answer_are_the_documents():
    """The API's answer beyond the cap is the OpenAPI document's example (compared with the API's own below)."""
    assert api_tokens.MOST_TOKENS == 20
    assert openapi_tokens.TOO_MANY_TOKENS == {"errors": [{"field": "tokens", "message": TOO_MANY}]}


def tokens_in_the_database(keeper) -> int:
    """How many tokens are stored, of every account."""
    return len(keeper.query(select(ApiToken.id)))


def test_the_21st_token_is_refused_in_the_errors_shape_and_one_revoked_makes_room(keeper, client):
    """Twenty tokens are made; the next is 422 naming `tokens`, nothing is stored; after a revoke, one more."""
    made = [make_token(client, name=f"sheet {i}") for i in range(20)]
    assert [answer.status_code for answer in made] == [201] * 20
    refused = make_token(client, name="one too many")
    assert refused.status_code == 422
    assert refused.get_json() == {"errors": [{"field": "tokens", "message": TOO_MANY}]}
    assert tokens_in_the_database(keeper) == 20
    last = made[-1].get_json()
    assert client.delete(f"/api/v1/tokens/{last['id']}", headers=bearer(last["token"])).status_code == 204
    assert make_token(client, name="in its place").status_code == 201
    assert make_token(client).status_code == 422


def test_tokens_made_at_once_never_pass_the_cap(database_app):
    """Six made at the same moment for an account holding 16: four are made and two refused, on SQLite and on
    PostgreSQL (where the account's row is held while its tokens are counted)."""
    app = database_app()
    with app.app_context():
        user = User(username="ana", password_hash="unused")
        db.session.add(user)
        db.session.commit()
        for number in range(16):
            api_tokens.create_token(user, f"old {number}")
        user_id = user.id
    start = threading.Barrier(6)

    def make() -> str:
        """One token for the account, made when all six are ready."""
        with app.app_context():
            account = db.session.get(User, user_id)
            start.wait()
            try:
                api_tokens.create_token(account, "at once")
            except api_tokens.TooManyTokens:
                return "refused"
            return "made"

    with ThreadPoolExecutor(6) as pool:
        outcomes = sorted(pool.map(lambda _: make(), range(6)))
    assert outcomes == ["made"] * 4 + ["refused"] * 2
    with app.app_context():
        assert api_tokens.token_count(db.session.get(User, user_id)) == 20


def test_the_token_cap_is_per_account(keeper, scorekeeper, client):
    """Ana's twenty leave Bruno's room untouched."""
    scorekeeper("bruno")
    for _ in range(20):
        assert make_token(client).status_code == 201
    assert make_token(client).status_code == 422
    assert make_token(client, "bruno").status_code == 201


def test_the_token_cap_is_said_in_the_readers_language(keeper, client):
    """Spanish and Brazilian Portuguese, as every API error."""
    for _ in range(20):
        make_token(client)
    es = client.post("/api/v1/tokens", auth=("ana", PASSWORD), headers={"Accept-Language": "es"})
    pt = client.post("/api/v1/tokens", auth=("ana", PASSWORD), headers={"Accept-Language": "pt-BR"})
    assert es.get_json()["errors"][0]["message"].startswith("Esta cuenta ya tiene 20 tokens")
    assert pt.get_json()["errors"][0]["message"].startswith("Esta conta já tem 20 tokens")


def test_the_account_page_says_when_the_account_has_all_its_tokens_and_refuses_another(keeper, client):
    """Full, the page says so above the form; a token asked for anyway is 422, the name kept, the reason beside it,
    nothing made."""
    for _ in range(19):
        make_token(client)
    assert TOO_MANY not in keeper.text(keeper.page("/account"))
    assert keeper.submit("/account", {"name": "Twentieth"}, action="/account/tokens").status_code == 201
    page = keeper.page("/account")
    assert TOO_MANY in keeper.text(page)
    response = keeper.submit("/account", {"name": "Twenty-first"}, action="/account/tokens")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert keeper.errors(html) == [TOO_MANY]
    assert keeper.fields(html, "/account/tokens")["name"] == "Twenty-first"
    assert tokens_in_the_database(keeper) == 20
    es = keeper.client.get("/account", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Esta cuenta ya tiene 20 tokens" in keeper.text(es)


class TestThrottled:
    """With throttling on: token requests count as logins, and each token has its own limit."""

    @pytest.fixture
    def app_settings(self) -> dict[str, Any]:
        """Throttling on, with small limits."""
        return {"RATELIMIT_ENABLED": True, "LOGIN_LIMIT_PER_ACCOUNT": "3 per minute",
                "LOGIN_LIMIT_PER_ADDRESS": "10 per minute", "API_TOKEN_LIMIT": "3 per minute",
                "API_LIMIT": "100 per minute", "TOKEN_CREATION_LIMIT": "3 per minute"}

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

    def test_making_tokens_is_limited_per_account_on_the_page_and_the_api_together(self, keeper, scorekeeper,
                                                                                   client):
        """Two made with the API and one on the page are the minute's three: the fourth is 429 both ways, the page
        keeping the name typed and saying how long to wait; another account goes on."""
        scorekeeper("bruno")
        assert make_token(client).status_code == 201
        assert make_token(client).status_code == 201
        assert keeper.submit("/account", {"name": "Sheet"}, action="/account/tokens").status_code == 201
        refused = make_token(client)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert refused.get_json()["errors"][0]["message"].startswith("Too many requests. Please wait ")
        page = keeper.submit("/account", {"name": "Bot"}, action="/account/tokens")
        assert page.status_code == 429 and int(page.headers["Retry-After"]) >= 1
        html = page.get_data(as_text=True)
        [message] = keeper.errors(html)
        assert message.startswith("Too many tokens made. Please wait ") and message.endswith(" and try again.")
        assert keeper.fields(html, "/account/tokens")["name"] == "Bot"
        assert make_token(client, "bruno").status_code == 201
        assert len(keeper.query(select(ApiToken.id))) == 4

    def test_only_a_token_made_counts_towards_the_limit(self, keeper, client):
        """Bad names (422) make nothing and cost nothing of the account's tokens made (on the API they count as
        refused attempts at the password, LOGIN_LIMIT_PER_ACCOUNT: 3 here)."""
        for _ in range(2):
            assert make_token(client, name="").status_code == 422
        for _ in range(5):
            assert keeper.submit("/account", {"name": " "}, action="/account/tokens").status_code == 422
        assert [make_token(client).status_code for _ in range(4)] == [201, 201, 201, 429]

    def test_the_429_on_the_account_page_is_translated(self, keeper):
        """The wait, in Spanish, beside the token's name."""
        for _ in range(3):
            keeper.submit("/account", {"name": "x"}, action="/account/tokens")
        page = keeper.client.post("/account/tokens", headers={"Accept-Language": "es"},
                                  data=keeper.form("/account", action="/account/tokens") | {"name": "y"})
        assert page.status_code == 429
        [message] = keeper.errors(page.get_data(as_text=True))
        assert message.startswith("Demasiados tokens creados.")
