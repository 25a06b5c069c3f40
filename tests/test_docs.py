"""The documentation is complete and true in a clone: every relative link in README.md and docs/ names a file inside
it, and so does every path they name in backticks."""

from __future__ import annotations

import re
import subprocess
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


MADE_WHEN_RUN = (".venv/", "instance/", "tests/e2e/screenshots/")
SOURCE_SUFFIXES = {".py", ".html", ".js", ".css", ".md", ".toml", ".cfg", ".ini", ".sh"}
SPAN = re.compile(r"`([^`\n]+)`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)*/?")


def tracked_files() -> set[str]:
    """The repository's files as git has them, so a file left over in a working copy does not count."""
    listing = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return set(listing.splitlines())


def named_paths(text: str, top_folders: set[str]) -> list[str]:
    """The paths of the repository a page names in backticks (a span, or a word of a command in one), outside fenced
    code blocks, each with the test it names if it is a test id (`test_sessions.py::test_…`).

    A word is a path when it is made only of a path's characters (letters, digits, `_ . - /`; a `:` after it is
    the prose's), so a web address (`redis://…`), an absolute path (the running app's `/api/v1/…`, the server's
    `/etc/…`), a placeholder (`<id>`, `{id}`, `…`) or code (`Match.ruleset`, `seats[].name`) is none; and it is a
    folder (`tests/rules/`), has a slash and a suffix (`views/hands.py`, `application/json` has none) or a slash
    after a top folder (`.ci/run`), or is a bare name with a source file's suffix (`cards.py`, `base.html`; a bare
    `nginx.conf` or `ana-vs-bea-2026-05-01.csv` is the server's file or a download). What the install and a run
    make (`.venv/`, `instance/`, `tests/e2e/screenshots/`) is not in a clone and not checked.
    """
    paths = []
    for span in SPAN.findall(FENCE.sub("", text)):
        for word in span.split():
            path, _, test = word.rstrip(":").partition("::")
            if not PATH.fullmatch(path) or path.startswith(MADE_WHEN_RUN):
                continue
            suffix = re.search(r"\.[a-z]+$", path)
            folder = "/" in path and (path.endswith("/") or suffix is not None or path.split("/")[0] in top_folders)
            if folder or (suffix is not None and suffix.group() in SOURCE_SUFFIXES and not path.startswith(".")):
                paths.append(f"{path}::{test}" if test else path)
    return paths


def test_every_path_in_backticks_names_a_file_of_the_repository():
    """Every file or folder README.md and docs/ name in backticks (as `named_paths` reads them) is in the
    repository, and every test id names a test of its file.

    A path with a slash is read from the repository root or, in its short form, from `referee/`
    (`views/matches.py` is `referee/views/matches.py`, `rules/` is `referee/rules/`); a bare name (`cards.py`) names
    a file of that name somewhere in the repository (its folder is the prose's to say, as in a table row naming it).
    """
    files = tracked_files()
    folders = {f"{parent}/" for file in files for parent in Path(file).parents if str(parent) != "."}
    by_name = {}
    for file in sorted(files):
        by_name.setdefault(Path(file).name, file)
    top_folders = {folder.split("/")[0] for folder in folders} | {
        folder.split("/")[1] for folder in folders if folder.startswith("referee/") and folder.count("/") > 1
    }
    missing = []
    checked = 0
    for page in PAGES:
        for named in named_paths(page.read_text(), top_folders):
            path, _, test = named.partition("::")
            if "/" in path:
                among = folders if path.endswith("/") else files
                file = next((base + path for base in ("", "referee/") if base + path in among), None)
            else:
                file = by_name.get(path)
            if file is None or (test and f"def {test}(" not in (ROOT / file).read_text()):
                missing.append(f"{page.relative_to(ROOT)}: {named}")
            checked += 1
    assert not missing, "paths named in backticks that are not in the repository:\n" + "\n".join(missing)
    assert checked >= 300


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


def test_the_readme_reads_in_two_minutes():
    """At most 8 KB, a picture of the app that is there, the two commands, and a link to the user's guide."""
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    assert readme.stat().st_size <= 8 * 1024
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", text)
    assert pictures and all((ROOT / picture).is_file() for picture in pictures)
    commands = re.findall(r"```sh\n(.*?)\n```", text, flags=re.S)
    assert any("flask --app referee run" in command for command in commands)
    assert any("pytest" in command for command in commands)
    assert "(docs/guide.md)" in text


def test_the_guides_pictures_are_there_and_the_architecture_has_no_wide_table_cell():
    """Every picture docs/guide.md shows is in the repository; no cell of architecture.md's tables passes 300
    characters (a table a reader scrolls sideways)."""
    guide = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", guide)
    assert len(pictures) >= 5 and all((ROOT / "docs" / picture).is_file() for picture in pictures)
    cells = [cell for line in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").splitlines()
             if line.startswith("|") for cell in line.strip("|").split("|")]
    assert cells and max(len(cell.strip()) for cell in cells) <= 300
