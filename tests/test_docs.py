"""The documentation is complete in a clone: every relative link in README.md and docs/ names a file inside it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\((?P<target>[^)#\s]+)(?:#[^)]*)?\)")


def test_every_relative_link_names_a_file_of_the_repository():
    """No link leaves the repository (the rules once lived beside it) or names a file that is not there."""
    checked = 0
    for page in PAGES:
        for match in LINK.finditer(page.read_text()):
            target = match.group("target")
            if re.match(r"[a-z]+:", target) or target.startswith("/"):
                continue  # a web address, or a path of the running app
            resolved = (page.parent / target).resolve()
            assert resolved.is_relative_to(ROOT), f"{page.name} links outside the repository: {target}"
            assert resolved.exists(), f"{page.name} links a missing file: {target}"
            checked += 1
    assert checked >= 10


def test_the_rules_are_in_the_repository_and_link_the_choices():
    """docs/rules.md holds the rules (all six sections) and links the choices made where they are silent."""
    rules = (ROOT / "docs" / "rules.md").read_text()
    assert [int(n) for n in re.findall(r"^## (\d)\.", rules, re.M)] == [1, 2, 3, 4, 5, 6]
    assert "](rules-choices.md)" in rules
    assert "](rules.md)" in (ROOT / "docs" / "rules-choices.md").read_text()
    for page in PAGES:
        assert "RULES.md" not in page.read_text() and "seeds/" not in page.read_text(), page.name


def test_the_readmes_test_command_is_what_ci_runs_and_checks_the_layers():
    """.ci/run ends with the README's test command, word for word, and it runs import-linter's contracts (the
    package's layers, no import cycles: pyproject.toml's tool.importlinter) before the tests."""
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```sh\n(python3 -m venv .*)\n```", readme)
    assert len(commands) >= 2, "the README's install-and-start and test commands"
    test_command = next(command for command in commands if "pytest" in command)
    assert (ROOT / ".ci" / "run").read_text().rstrip("\n").splitlines()[-1] == test_command
    assert ".venv/bin/lint-imports && .venv/bin/pytest" in test_command
