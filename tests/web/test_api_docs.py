"""The curl examples in docs/api.md work as the page says they do."""

from __future__ import annotations

import json
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
MATCH_API = "## The match API"  # from here on, tests/web/test_api_walkthrough.py reads the examples
# curl -s localhost:5000/api/v1/<path> [-H ...]* [-d '<json>']
CURL = re.compile(r"curl -s localhost:5000(?P<path>/api/v1/\w+)(?P<rest>.*?)(?:-d '(?P<body>.*?)')?\n```", re.S)


def referee_docs() -> str:
    """The page's part on the stateless referee: everything before the match API's section."""
    text = DOCS.read_text()
    return text[:text.index(MATCH_API)]


def examples() -> list[tuple[str, str, dict[str, object] | None]]:
    """Every curl example of the referee's part: its path, its language, its JSON body (None for a GET)."""
    found = []
    for match in CURL.finditer(referee_docs()):
        lang = re.search(r"Accept-Language: ([\w-]+)", match.group("rest"))
        body = match.group("body")
        found.append((match.group("path"), lang.group(1) if lang else "en", json.loads(body) if body else None))
    return found


def test_the_docs_have_an_example_for_every_endpoint():
    """Rulesets, captures, a card entry, a tally entry, a regional option's refusal, a quick one and an error."""
    paths = [path for path, _, _ in examples()]
    assert paths.count("/api/v1/score") == 5
    assert {"/api/v1/rulesets", "/api/v1/captures"} <= set(paths)


def test_every_example_answers_as_documented(client):
    """Bodies in the docs give the answers the docs show."""
    answers = []
    for path, lang, body in examples():
        headers = {"Accept-Language": lang}
        response = client.get(path) if body is None else client.post(path, json=body, headers=headers)
        answers.append((path, response.status_code, response.get_json()))
    captures = next(a for p, _, a in answers if p.endswith("captures"))
    assert len(captures["captures"]) == 3
    cards, tally, tiebreak, quick, error = [(s, a) for p, s, a in answers if p.endswith("score")]
    assert cards[0] == 200 and cards[1]["leftover"]["sum"] == 9 and cards[1]["sides"][1]["suspects"] == ["1o"]
    assert [s["points"] for s in cards[1]["sides"]] == [7, 0]
    assert tally[0] == 200 and [s["points"] for s in tally[1]["sides"]] == [8, 0]
    assert tally[1]["messages"][2] == "A soma do monte de Lado 2, 91, sai das outras: o baralho soma 220."
    assert tiebreak == (422, {"errors": [{"field": "sides[0].tally.sixes", "message": (
        "Side 1's sixes are needed: the sevens are tied (2 each) and the most sixes break the tie")}]})
    assert quick[0] == 200 and quick[1]["valid"] and [s["points"] for s in quick[1]["sides"]] == [3, 1, 2]
    assert quick[1]["sides"][2]["counts"] == {"cards": 14, "oros": 3, "sevens": 1, "velo": False}
    assert quick[1]["messages"] == ["Las cartas sobrantes suman 25: correcto (10, 25, 40 o 55)."]
    assert error == (422, {"errors": [{"field": "options.target", "message": "debe estar entre 1 y 100"},
                                      {"field": "sides[0].cards[0]", "message": "carta desconocida '11o'"}]})


# The answer shown after an example: the first ```json block after its curl block, before the next one.
ANSWER = re.compile(r"```json\n(?P<json>.*?)\n```", re.S)


def test_the_documented_messages_are_the_answers_words(client):
    """Each example answer's "messages" in the docs are, word for word, what the API says (cards by name)."""
    text = referee_docs()
    checked = 0
    curls = list(CURL.finditer(text))
    ends = [m.start() for m in curls[1:]] + [len(text)]
    for (path, lang, body), match, end in zip(examples(), curls, ends):
        shown = ANSWER.search(text, match.end(), end)
        documented = json.loads(shown.group("json")) if shown else {}
        if body is None or "messages" not in documented:
            continue
        answer = client.post(path, json=body, headers={"Accept-Language": lang}).get_json()
        assert answer["messages"] == documented["messages"]
        checked += 1
    assert checked == 2
    assert "Cards in Side 2's pile that fit in no fifteen: Ace of diamonds." in text
