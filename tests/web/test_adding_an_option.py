"""docs/architecture.md's "Adding a preset or an option" is true: an option added by editing the files its list names
reaches every place its table says follows with no edit (in a fresh interpreter: tests/web/option_added.py), and
every file that names each option one by one is named by the section, so a file that starts to is listed too."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import option_added

from referee.rules import OPTIONS

ROOT = Path(__file__).resolve().parents[2]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
# Where a file naming every option would be: the package, the pages and the offline JavaScript (the tests, the
# benchmarks and the migrations, history by now, aside).
SEARCHED = ("referee", "templates", "static")
SUFFIXES = {".py", ".html", ".js", ".json"}
PATH = re.compile(r"`((?:[\w.-]+/)*[\w-]+\.(?:py|html|js|json))\b")


def section() -> str:
    """The section's text."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    return text.split("## Adding a preset or an option\n", 1)[1].split("\n## ", 1)[0]


def named(text: str) -> set[str]:
    """The repository's files a text names in backticks, read from the root or, in their short form, from
    referee/ (as tests/test_docs.py reads them)."""
    found = set()
    for path in PATH.findall(text):
        for candidate in (path, f"referee/{path}"):
            if (ROOT / candidate).is_file():
                found.add(candidate)
    return found


def to_edit() -> set[str]:
    """The files the section's numbered list says a new option touches."""
    return named(section().split("and no others:", 1)[1].split("Everything else follows", 1)[0])


def naming_every_option() -> set[str]:
    """The files that name each option by its name: a table, a form or a template with a line per option."""
    found = set()
    for folder in SEARCHED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file():
                text = path.read_text(encoding="utf-8")
                if all(re.search(rf"\b{name}\b", text) for name in OPTIONS):
                    found.add(str(path.relative_to(ROOT)))
    return found


def test_an_option_added_in_the_files_listed_reaches_every_place_that_follows_from_it(tmp_path):
    """The rules core, the API's list, schema, examples, reader and writer, the backup (written, restored, and a
    file from before it), the new-match page and the house rules' form, page and card, in a fresh interpreter."""
    done = subprocess.run([sys.executable, str(Path(option_added.__file__))], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    places = json.loads(done.stdout)
    assert [place for place, reached in places.items() if not reached] == []
    assert len(places) >= 18


def test_the_option_is_added_in_the_files_the_section_lists_each_with_a_line_per_option():
    """option_added.py edits only files of the list, and every file of the list with a line per option."""
    listed = to_edit()
    assert {"referee/rules/rulesets.py", "referee/forms/matches.py", "referee/views/card_words.py",
            "templates/matches/_rules_part.html"} <= listed
    assert set(option_added.EDITS) <= listed
    assert listed & naming_every_option() <= set(option_added.EDITS)


def test_every_file_naming_each_option_is_named_by_the_section():
    """A file with a line per option is one a new option edits (the list) or one that follows (the table, the
    recorded examples filled in by with_every_option): the section names it either way."""
    every = naming_every_option()
    assert {"referee/rules/rulesets.py", "referee/forms/matches.py", "referee/views/card_words.py"} <= every
    assert every - named(section()) == set()
