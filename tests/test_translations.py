"""Every user-visible string is translated into Spanish and Brazilian Portuguese, and compiled."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "referee" / "translations"
LOCALES = ["es", "pt_BR"]


def source_messages() -> set[str]:
    """Every msgid in the code and templates, as pybabel extract -F babel.cfg -k _l finds them."""
    method_map = [("referee/**.py", "python"), ("templates/**.html", "jinja2")]
    keywords = {**DEFAULT_KEYWORDS, "_l": None, "lazy_gettext": None}
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(ROOT), method_map, keywords=keywords):
        found.add(message if isinstance(message, str) else message[0])
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_in_the_code_is_translated(locale):
    """No English leaks into a Spanish or Portuguese page."""
    with open(CATALOGS / locale / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalog = read_po(f, locale=locale)
    untranslated = []
    for msgid in sorted(source_messages()):
        message = catalog.get(msgid)
        strings = [] if message is None else ([message.string] if isinstance(message.string, str) else message.string)
        if message is None or not all(strings) or message.fuzzy:
            untranslated.append(msgid)
    assert untranslated == []


def _key(text: str | list[str] | tuple[str, ...]) -> str | tuple[str, ...]:
    """A message id or string, plural ones as tuples, comparable across .po and .mo."""
    return text if isinstance(text, str) else tuple(text)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_compiled_catalog_matches_the_po_file(locale):
    """messages.mo was compiled from the current messages.po (pybabel compile -d referee/translations)."""
    folder = CATALOGS / locale / "LC_MESSAGES"
    with open(folder / "messages.po", "rb") as f:
        po = {_key(m.id): _key(m.string) for m in read_po(f, locale=locale) if m.id}
    with open(folder / "messages.mo", "rb") as f:
        mo = {_key(m.id): _key(m.string) for m in read_mo(f) if m.id}
    assert mo == po
