"""A minimal browser over http.client for the load benchmark's set-up: it keeps cookies, posts forms, follows no
redirect, so a login can be checked (302) and its session cookie handed to wrk."""

from __future__ import annotations

import http.client
import re
from html import unescape
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit


class Browser:
    """One browser session against one server."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: str | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """Send one request; the status, the headers (lower-case names) and the body."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = self.cookie_header()
        connection.request(method, path, body=body, headers=sent)
        answer = connection.getresponse()
        text = answer.read().decode(errors="replace")
        for value in answer.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        found = {name.lower(): value for name, value in answer.getheaders()}
        connection.close()
        return answer.status, found, text

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """GET a page."""
        return self.request("GET", path, headers=headers)

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, dict[str, str], str]:
        """POST a form."""
        return self.request("POST", path, urlencode(fields), {"Content-Type": "application/x-www-form-urlencoded"})

    def cookie_header(self) -> str:
        """The cookies as a Cookie header's value."""
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def log_in(self, username: str, password: str) -> None:
        """Log in with the real form (its CSRF token); RuntimeError unless the answer is the redirect."""
        _status, _headers, page = self.get("/login")
        status, _headers, _page = self.post("/login", {"csrf_token": hidden(page, "csrf_token"),
                                                       "username": username, "password": password})
        if status != 302:
            raise RuntimeError(f"logging in as {username} answered {status}")


def hidden(page: str, name: str) -> str:
    """The value of a hidden field of a page (the first input of that name, its attributes in any order)."""
    tag = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', page)
    value = re.search(r'\bvalue="([^"]*)"', tag.group(0)) if tag else None
    if value is None:
        raise ValueError(f"no hidden field {name!r} in the page")
    return unescape(value.group(1))
