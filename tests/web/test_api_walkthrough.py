"""docs/api.md's "A whole match with curl": every command replayed in order, as a shell would run it, against a
test app; every answer the page shows is what the API answers.

The page's shortening: `"...": "..."` in an object stands for the fields left out, `"..."` as a list's last item
for the items left out, `"..."` as a value for any value; a `...` line among the headers of a `curl -i` answer
for the headers left out. Anything shown must be equal; an object without `"..."` must be whole.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.security import generate_password_hash

from referee.extensions import db
from referee.models import User

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
TITLE = "### A whole match with curl"
BLOCK = re.compile(r"^```(?P<lang>\w*)\n(?P<body>.*?)\n```$", re.S | re.M)
ASSIGNMENT = re.compile(r"(?P<name>[A-Z_]+)=(?P<value>.*)", re.S)
HOST = "localhost:5000"
SHORTENED = "..."


def walkthrough(text: str) -> str:
    """The walk-through: from its title to the next heading of its level or above, or the end."""
    start = text.index(TITLE)
    following = re.search(r"^#{1,3} ", text[start + len(TITLE):], re.M)
    return text[start:start + len(TITLE) + following.start()] if following else text[start:]


class UntrueAnswer(AssertionError):
    """The page shows an answer the API does not give."""


@dataclass
class Step:
    """One shell block of the walk-through and the answer shown after it (None when none is)."""

    command: str
    answer: str | None
    lang: str | None


def steps(section: str) -> list[Step]:
    """Every `sh` block, in order, each with the first other block after it and before the next `sh` block."""
    found: list[Step] = []
    for block in BLOCK.finditer(section):
        if block.group("lang") == "sh":
            found.append(Step(block.group("body"), None, None))
        elif found and found[-1].answer is None:
            found[-1].answer, found[-1].lang = block.group("body"), block.group("lang")
    return found


@dataclass
class Curl:
    """A curl command line, read as curl reads it."""

    method: str
    path: str
    headers: dict[str, str]
    auth: tuple[str, str] | None
    body: str | None
    shows_headers: bool


def read_curl(words: list[str]) -> Curl:
    """Method (-X, else POST with -d, else GET), headers (-H), -u, the -d body and the URL; any other option
    fails, so that the page cannot use one this replay would silently ignore."""
    assert words[0] == "curl", words
    method, headers, auth, body, url, shows = None, {}, None, None, None, False
    args = iter(words[1:])
    for arg in args:
        if arg in ("-s", "-si", "-is", "-i"):
            shows = shows or "i" in arg
        elif arg == "-X":
            method = next(args)
        elif arg == "-H":
            name, _, value = next(args).partition(":")
            headers[name.strip()] = value.strip()
        elif arg == "-u":
            user, _, password = next(args).partition(":")
            auth = (user, password)
        elif arg == "-d":
            body = next(args)
        elif not arg.startswith("-"):
            url = arg
        else:
            raise AssertionError(f"an option the replay does not know: {arg}")
    assert url is not None and url.startswith(HOST + "/api/v1/"), url
    if body is not None:
        headers.setdefault("Content-Type", "application/x-www-form-urlencoded")  # as curl -d sends
    return Curl(method or ("POST" if body is not None else "GET"), url.removeprefix(HOST), headers, auth, body, shows)


def expand(command: str, variables: dict[str, str]) -> str:
    """The command on one line with $NAME replaced, as the shell does (the page quotes no $ it means literally)."""
    line = command.replace("\\\n", " ")
    return re.sub(r"\$(?!\()(\w+)", lambda m: variables[m.group(1)], line)


def pipeline(line: str) -> list[list[str]]:
    """A command line's words, split into the stages of its pipeline."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars="|")
    lexer.whitespace_split = True
    stages: list[list[str]] = [[]]
    for word in lexer:
        if word == "|":
            stages.append([])
        else:
            stages[-1].append(word)
    return stages


def shown_answer(step: Step) -> tuple[int | None, dict[str, str], Any]:
    """What the page shows: the status and headers of a `curl -i` answer (None and {} otherwise), and the JSON."""
    assert step.answer is not None, f"no answer shown for {step.command}"
    if step.lang != "http":
        return None, {}, json.loads(step.answer)
    head, _, body = step.answer.partition("\n\n")
    status_line, *header_lines = head.splitlines()
    status = re.fullmatch(r"HTTP/1\.1 (\d{3}) [A-Z ]+", status_line)
    assert status, status_line
    headers = dict(line.split(": ", 1) for line in header_lines if line != SHORTENED)
    return int(status.group(1)), headers, json.loads(body)


def differences(shown: Any, actual: Any, where: str = "") -> list[str]:
    """Where the shown JSON is not the actual one, given the page's shortening (none when it is)."""
    if shown == SHORTENED:
        return []
    if isinstance(shown, dict):
        if not isinstance(actual, dict):
            return [f"{where or 'answer'}: {actual!r} is not an object"]
        found = [] if shown.get(SHORTENED) == SHORTENED or set(shown) == set(actual) else \
            [f"{where or 'answer'}: fields {sorted(actual)}, shown {sorted(shown)} without \"...\""]
        for key, value in shown.items():
            if key == SHORTENED:
                continue
            if key not in actual:
                found.append(f"{where}.{key}: not in the answer")
            else:
                found += differences(value, actual[key], f"{where}.{key}")
        return found
    if isinstance(shown, list):
        if not isinstance(actual, list):
            return [f"{where}: {actual!r} is not a list"]
        cut = bool(shown) and shown[-1] == SHORTENED
        items = shown[:-1] if cut else shown
        if len(actual) < len(items) or (not cut and len(actual) != len(items)):
            return [f"{where}: {len(actual)} items, shown {len(items)}{' and more' if cut else ''}"]
        return [d for i, item in enumerate(items) for d in differences(item, actual[i], f"{where}[{i}]")]
    if shown != actual or type(shown) is not type(actual):
        return [f"{where}: the answer says {actual!r}, the page {shown!r}"]
    return []


def replay(app: Flask, text: str) -> int:
    """Run the walk-through of this page text against the app, step by step, asserting each answer; the
    number of curl commands run."""
    client = app.test_client()
    variables: dict[str, str] = {}
    run = 0
    for step in steps(walkthrough(text)):
        line = expand(step.command, variables)
        assigned = ASSIGNMENT.fullmatch(line.strip())
        if assigned and not assigned.group("value").startswith("$("):
            variables[assigned.group("name")] = shlex.split(assigned.group("value"))[0]
            continue
        if assigned:
            line = assigned.group("value").strip().removeprefix("$(").removesuffix(")")
        curl, *filters = pipeline(line)
        asked = read_curl(curl)
        response = client.open(asked.path, method=asked.method, headers=asked.headers, data=asked.body,
                               auth=asked.auth)
        run += 1
        status, headers, shown = shown_answer(step)
        assert (status is not None) == asked.shows_headers, f"curl -i shows the status, and only it: {line}"
        problems = differences(shown, response.get_json())
        if status is None and response.status_code >= 300 and "errors" not in shown:
            problems.append(f"status {response.status_code}, shown as a success")
        if status is not None and response.status_code != status:
            problems.append(f"status {response.status_code}, shown {status}")
        problems += [f"{name}: {response.headers.get(name)!r}, shown {value!r}" for name, value in headers.items()
                     if response.headers.get(name) != value]
        if problems:
            raise UntrueAnswer(f"{asked.method} {asked.path}: " + "; ".join(problems))
        output = response.get_data(as_text=True)
        for stage in filters:
            assert stage[:2] == ["python3", "-c"] and len(stage) == 3, f"a filter the replay does not know: {stage}"
            output = subprocess.run([sys.executable, "-c", stage[2]], input=output, capture_output=True,
                                    text=True, check=True).stdout
        if assigned:
            variables[assigned.group("name")] = output.strip()
    return run


@pytest.fixture
def doc_account(app: Flask) -> Flask:
    """The app with the account the walk-through registered: its -u username and password."""
    user, password = re.search(r"-u (\w+):(\S+)", walkthrough(DOCS.read_text())).groups()
    with app.app_context():
        db.session.add(User(username=user, password_hash=generate_password_hash(password,
                                                                                  method="pbkdf2:sha256:1000")))
        db.session.commit()
    return app


def test_every_command_of_the_walkthrough_answers_as_shown(doc_account):
    """A token, a match, the draw, hands by cards and by counts, a correction (and its 412), an undo, a retry
    with an Idempotency-Key, the winner and the trail: each command run in order, each answer as shown."""
    text = DOCS.read_text()
    commands = [step.command for step in steps(walkthrough(text))]
    assert replay(doc_account, text) == sum("curl " in command for command in commands) >= 13


def test_the_walkthrough_visits_every_step_the_issue_names():
    """Tokens, a match, hands by cards and by tallies (one the rest), PUT with If-Match, DELETE, the trail."""
    section = walkthrough(DOCS.read_text())
    for needed in ("/api/v1/tokens", "/api/v1/matches ", '"cards": [', '"tally": "rest"', "-X PUT",
                   "If-Match", "HTTP/1.1 412", "-X DELETE", "Idempotency-Key", '"winner": 0', "/events"):
        assert needed in section, needed


@pytest.mark.parametrize(("shown", "actual", "same"), [
    ({"a": 1, "...": "..."}, {"a": 1, "b": 2}, True),  # fields left out
    ({"a": 1}, {"a": 1, "b": 2}, False),  # an object shown whole must be whole
    ({"a": "..."}, {"a": [1, 2]}, True),  # a value not shown
    ([1, "..."], [1, 2, 3], True),  # items left out at the end
    ([1, 2, "..."], [1], False),  # but not the items shown
    ([2, "..."], [1, 2], False),  # the items shown are the first ones
    ([1], [1, 2], False),  # a list shown whole must be whole
    (True, 1, False),  # true is not 1
    ({"a": None}, {"a": 0}, False),
    ({"a": [{"b": 1, "...": "..."}]}, {"a": [{"b": 1, "c": 2}]}, True),
])
def test_a_shortened_answer_matches_what_it_shows_and_nothing_else(shown, actual, same):
    """The page's shortening, as the replay reads it."""
    assert (differences(shown, actual) == []) is same


# Changes to the page's answers that the API does not say: each must make the replay fail.
UNTRUE = [
    ('"totals": [5, 5], "version": 5', '"totals": [5, 4], "version": 5'),  # a number
    ("HTTP/1.1 412 PRECONDITION FAILED", "HTTP/1.1 409 CONFLICT"),  # a status
    ('HTTP/1.1 200 OK\nETag: "8"', 'HTTP/1.1 200 OK\nETag: "9"'),  # a header
    ('{"dealer": 0, "redraw": [],', '{"dealer": 0, "redraw": [], "tie": false,'),  # a field the answer lacks
    ('"next_dealer": 0, "version": 4, "...": "..."}', '"next_dealer": 0, "version": 4}'),  # "whole" when it is not
    ("splits into 6 fifteens.", "splits into 7 fifteens."),  # a message
    ('"points": [5, 1], "...": "..."},\n "match": {"totals": [10, 6], "version": 8',
     '"points": [5, 1], "...": "..."},\n "match": {"totals": [10, 6], "version": 9'),  # the retry saved again
    ('"erred": []}],\n           "totals": [4, 2]',  # an item the list does not have
     '"erred": []}, {"number": 2, "...": "..."}],\n           "totals": [4, 2]'),
]


@pytest.mark.parametrize(("true", "untrue"), UNTRUE)
def test_an_answer_changed_to_what_the_api_does_not_say_fails_the_replay(doc_account, true, untrue):
    """The replay compares what the page shows: change it and it fails."""
    text = DOCS.read_text()
    assert walkthrough(text).count(true) == 1, true
    with pytest.raises(UntrueAnswer):
        replay(doc_account, text.replace(true, untrue))
