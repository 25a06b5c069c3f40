"""QR codes as inline SVG (segno), so the table can open the spectator link without typing it."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup


# A code depends only on its URL, and rendering one (segno tries its eight masks) costs more than the rest of the
# scoreboard: each link's is rendered once per process. A few hundred links in play at once fit; an old one drops out.
@lru_cache(maxsize=512)
def qr_svg(url: str, scale: int = 4) -> Markup:
    """An SVG QR code of a URL, `scale` pixels a module, dark on light whatever the theme."""
    svg = segno.make(url, error="m").svg_inline(scale=scale, dark="#111", light="#fff", border=2)
    return Markup(svg)  # segno escapes nothing of ours: the URL is our own, made by url_for
