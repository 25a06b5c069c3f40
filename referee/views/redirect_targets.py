"""Small guards the views share."""

from __future__ import annotations

from urllib.parse import urlsplit


def safe_next(target: str | None) -> str | None:
    """A redirect target only if it stays on this site (a path, not another host)."""
    if not target:
        return None
    parts = urlsplit(target)
    # Browsers read '/\\host' like '//host': a backslash never belongs in our own paths.
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return None
    return target
