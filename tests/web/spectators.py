"""What the spectator tests share: the link a scoreboard shares."""

from __future__ import annotations

import re
from urllib.parse import urlsplit


def watch_path(keeper, match_id):
    """The path of the spectator link the scoreboard shares."""
    links = set(re.findall(r'href="(https?://[^"]*/watch/[^"]+)"', keeper.page(f"/matches/{match_id}")))
    assert len(links) == 1, links
    return urlsplit(links.pop()).path
