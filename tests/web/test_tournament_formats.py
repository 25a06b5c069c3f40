"""A tournament format is one object in a registry (services/formats.py: FORMATS): every format registered has its
words; a format added to the registry with its words, and nothing else, is offered by the form, made by the form and
the API, named on its page, paired for every round it plans and listed by the OpenAPI document (in a fresh
interpreter: tests/web/format_added.py); and docs/architecture.md's list of what a new format touches is what that
took."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import format_added

from referee.services.formats import FORMATS, TournamentFormat
from referee.words.format_words import CHOICES, NAMES

ROOT = Path(__file__).resolve().parents[2]


def test_every_registered_format_has_its_name_and_its_choice_in_words():
    """No format without words (their translations: tests/test_translations.py)."""
    assert set(NAMES) == set(CHOICES) == set(FORMATS)
    assert all(isinstance(one, TournamentFormat) and FORMATS[one.name] is one for one in FORMATS.values())


def test_a_format_added_to_the_registry_reaches_every_place_by_itself():
    """The double round robin of format_added.py: offered, made by the form and the API, named, six rounds played
    for three entrants, in the OpenAPI document."""
    run = subprocess.run([sys.executable, str(Path(format_added.__file__))], capture_output=True, text=True,
                         cwd=ROOT, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    assert seen and all(seen.values()), seen


def test_the_docs_name_the_files_a_new_format_touches_and_they_are_at_most_four():
    """The section names the registry, the words and the catalogs (and the pairings core for a new pairing)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Adding a tournament format\n", 1)[1].split("\n## ", 1)[0]
    files = set(re.findall(r"`((?:[\w.-]+/)+[\w.-]+)`", section.split("\n\n", 1)[0] + section))
    assert {"referee/services/formats.py", "referee/words/format_words.py"} <= files
    touched = [line for line in section.splitlines() if re.match(r"\d\. ", line)]
    assert 2 <= len(touched) <= 4, touched
