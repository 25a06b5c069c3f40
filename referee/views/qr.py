"""QR codes as inline SVG (segno), so that a phone's camera opens a link without anyone typing it.

A code carries its own quiet zone (QUIET_ZONE modules of light, whatever the page's theme around it) and a viewBox
without a width or a height: the page's CSS sets its size, in rem on a screen and in mm on paper, and the drawing
scales to it whole instead of being cropped to a box of another size.
"""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup

QUIET_ZONE = 4  # modules: the least ISO/IEC 18004 asks for; with less, cameras miss a code on a dark page


# A code depends only on its URL, and rendering one (segno tries its eight masks) costs more than the rest of the
# scoreboard: each link's is rendered once per process. A few hundred links in play at once fit; an old one drops out.
@lru_cache(maxsize=512)
def qr_svg(url: str) -> Markup:
    """An SVG QR code of a URL, one unit a module, dark on light whatever the theme, sized by the page's CSS."""
    svg = segno.make(url, error="m").svg_inline(dark="#111", light="#fff", border=QUIET_ZONE, omitsize=True)
    return Markup(svg)  # segno escapes nothing of ours: the URL is our own, made by url_for
