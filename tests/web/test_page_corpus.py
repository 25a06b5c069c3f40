"""Every page's HTML as recorded in tests/web/pages/, but for what differs between runs (tests/web/page_corpus.py).

A change that should not alter what a reader gets (how pages are rendered, where their parts come from) keeps these
pages byte for byte. A change meant to alter a page records them again and shows the difference in its commit:

    REFEREE_RECORD_PAGES=1 .venv/bin/pytest tests/web/test_page_corpus.py
"""

from __future__ import annotations

import difflib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from page_corpus import build, read_pages

from referee import create_app
from referee.extensions import db

PAGES = Path(__file__).parent / "pages"
RECORD = bool(os.environ.get("REFEREE_RECORD_PAGES"))
RECORDED = sorted(path.stem for path in PAGES.glob("*.html"))


def file_name(language: str, name: str) -> str:
    """A recorded page's file name, without its suffix."""
    return f"{language}-{name}"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path) -> Iterator[dict[str, str]]:
    """Every page of the corpus as this code renders it, masked; recorded first when REFEREE_RECORD_PAGES is set."""
    path = tmp_path_factory.mktemp("corpus") / "corpus.sqlite"
    shutil.copyfile(migrated_sqlite, path)
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": "corpus", "RATELIMIT_ENABLED": False,
                             "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    read = {file_name(*key): html for key, html in read_pages(app, build(app)).items()}
    with app.app_context():
        db.engine.dispose()
    if RECORD:
        for stale in PAGES.glob("*.html"):
            stale.unlink()
        PAGES.mkdir(exist_ok=True)
        for name, html in read.items():
            (PAGES / f"{name}.html").write_text(html, encoding="utf-8")
    yield read


def test_the_corpus_reads_the_pages_recorded(pages: dict[str, str]) -> None:
    """No page is read that was not recorded, and none recorded is no longer read."""
    assert sorted(pages) == RECORDED


@pytest.mark.parametrize("name", RECORDED)
def test_a_page_renders_as_recorded(pages: dict[str, str], name: str) -> None:
    """The page's HTML is the recorded one, byte for byte once masked."""
    recorded = (PAGES / f"{name}.html").read_text(encoding="utf-8")
    if pages.get(name) != recorded:
        diff = difflib.unified_diff(recorded.splitlines(), (pages.get(name) or "").splitlines(),
                                    "recorded", "rendered", lineterm="", n=2)
        pytest.fail(f"{name} differs from tests/web/pages/{name}.html:\n" + "\n".join(list(diff)[:60]))
