"""If-Match on the API's changes, as HTTP writes it and Werkzeug reads it (`request.if_match`): the match's
version quoted or not, weak or strong, in a list, or `*`; anything else is 412, and no header at all 428."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import TWO, ApiClient, by_cards
from test_api_hands import post_hand


@pytest.fixture
def saved(keeper, client) -> tuple[ApiClient, str, int]:
    """Ana's program, the address of the one hand of her match, and the match's version after it."""
    api = ApiClient(client)
    match: dict[str, Any] = api.start(**TWO, partnerships=False)
    version = post_hand(api, match, by_cards()).get_json()["match"]["version"]
    return api, f"/matches/{match['id']}/hands/1", version


@pytest.mark.parametrize("header", ['"{v}"', "{v}", 'W/"{v}"', '"1", "{v}"', '"{v}" , W/"99"', "*"])
def test_the_version_in_any_form_http_allows_lets_a_change_through(saved, header):
    """Quoted, bare, weak, one of a list, or any version at all."""
    api, url, version = saved
    response = api.request("PUT", url, by_cards(mirror=True), headers={"If-Match": header.format(v=version)})
    assert response.status_code == 200, response.get_json()


@pytest.mark.parametrize("header", ['"{w}"', "{w}", '"{v}{v}"', '"{v}-"', "", ",", '"1", "{w}"'])
def test_another_version_or_none_readable_is_412_naming_if_match(saved, header):
    """A stale version, a longer number that starts with it, nothing readable: the change is refused."""
    api, url, version = saved
    response = api.request("DELETE", url, headers={"If-Match": header.format(v=version, w=version + 1)})
    assert response.status_code == 412
    assert response.get_json()["errors"][0]["field"] == "If-Match"


def test_no_if_match_at_all_is_428(saved):
    """A change that names no version: Precondition Required."""
    api, url, _version = saved
    assert api.request("DELETE", url).status_code == 428
