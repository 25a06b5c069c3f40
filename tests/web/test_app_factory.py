"""create_app: configuration from the environment and instance/, the front page."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import config, create_app


def test_testing_config_is_applied():
    """The test's settings win over the defaults."""
    assert not create_app().testing
    assert create_app({"TESTING": True}).testing


def test_secret_key_comes_from_the_environment(monkeypatch, tmp_path: Path):
    """SECRET_KEY in the environment is used as is, and nothing is written."""
    monkeypatch.setenv("SECRET_KEY", "from-env")
    assert config.secret_key(str(tmp_path)) == "from-env"
    assert not (tmp_path / config.SECRET_FILE).exists()


def test_secret_key_is_generated_once_into_instance(monkeypatch, tmp_path: Path):
    """Without SECRET_KEY, one is made, kept private and reused."""
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = config.secret_key(str(tmp_path))
    assert len(first) >= 32
    assert config.secret_key(str(tmp_path)) == first
    assert (tmp_path / config.SECRET_FILE).stat().st_mode & 0o077 == 0


def test_database_defaults_to_sqlite_in_instance(monkeypatch, tmp_path: Path):
    """No DATABASE_URL: a SQLite file in the instance folder."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert config.database_url(str(tmp_path)) == f"sqlite:///{tmp_path / 'referee.sqlite'}"


@pytest.mark.parametrize(("given", "used"), [
    ("postgres://u:p@db/referee", "postgresql+psycopg://u:p@db/referee"),
    ("postgresql://u:p@db/referee", "postgresql+psycopg://u:p@db/referee"),
    ("sqlite:////srv/referee.sqlite", "sqlite:////srv/referee.sqlite"),
])
def test_database_url_switches_the_database(monkeypatch, tmp_path: Path, given, used):
    """DATABASE_URL wins, with PostgreSQL driven by psycopg 3."""
    monkeypatch.setenv("DATABASE_URL", given)
    assert config.database_url(str(tmp_path)) == used


def test_session_cookie_is_http_only_and_same_site_lax(app):
    """Security from the start."""
    assert app.config["SESSION_COOKIE_HTTPONLY"] is True
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"


@pytest.mark.parametrize(("lang", "title"), [
    ("en", "Escoba Referee"), ("es", "Árbitro de Escoba"), ("pt-BR", "Juiz de Escova"), ("pt", "Juiz de Escova"),
    ("fr", "Escoba Referee"),
])
def test_the_front_page_speaks_the_browsers_language(client, lang, title):
    """Accept-Language picks English, Spanish or Brazilian Portuguese."""
    page = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f"<h1>{title}</h1>" in page
