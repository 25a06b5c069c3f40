"""Render the app's icons from its one drawing, static/img/icons/icon.svg.

Writes beside the SVG: icon-192/512.png (the SVG as it is, rounded corners), maskable-192/512.png
(full bleed: the background's corners squared, the drawing shrunk to stay inside the mask's safe
circle), apple-touch-icon.png (180 pixels, the full-bleed one, opaque: iOS shows transparency black)
and favicon.ico (one 32-pixel PNG inside). CairoSVG renders the SVG, Pillow packs the .ico; both
come with the development extra `icons`:

    pip install -e '.[icons]'
    python tools/make_icons.py
"""

from __future__ import annotations

import io
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import cairosvg
from PIL import Image

ICONS = Path(__file__).resolve().parent.parent / "static" / "img" / "icons"
SVG = "http://www.w3.org/2000/svg"
# The drawing spans 0.9 of the rounded icon and 0.8 of the maskable one: a launcher may cut a maskable
# icon down to the circle of 80 % of its width, and the drawing reaches about 0.42 of it from the centre.
MASKABLE_SCALE = 0.8 / 0.9


def full_bleed(svg: bytes) -> bytes:
    """The maskable variant of the drawing: the background's corners squared, the rest shrunk about the centre."""
    ET.register_namespace("", SVG)
    root = ET.fromstring(svg)
    background, drawing = root.find(f"{{{SVG}}}rect[@id='background']"), root.find(f"{{{SVG}}}g[@id='drawing']")
    if background is None or drawing is None:
        raise SystemExit("icon.svg needs its <rect id='background'> and <g id='drawing'>")
    background.attrib.pop("rx", None)
    drawing.set("transform", f"translate(50 50) scale({MASKABLE_SCALE:.6f}) translate(-50 -50)")
    return ET.tostring(root)


def png(svg: bytes, size: int) -> bytes:
    """The SVG rendered as a size × size PNG."""
    return bytes(cairosvg.svg2png(bytestring=svg, output_width=size, output_height=size))


def ico(png_bytes: bytes) -> bytes:
    """A .ico holding the PNG at its own size."""
    out = io.BytesIO()
    with Image.open(io.BytesIO(png_bytes)) as image:
        image.save(out, format="ICO", sizes=[image.size])
    return out.getvalue()


def icons(svg: bytes) -> dict[str, bytes]:
    """Every icon file's bytes, by name, from the SVG's."""
    maskable = full_bleed(svg)
    files = {f"icon-{size}.png": png(svg, size) for size in (192, 512)}
    files |= {f"maskable-{size}.png": png(maskable, size) for size in (192, 512)}
    files["apple-touch-icon.png"] = png(maskable, 180)
    files["favicon.ico"] = ico(png(svg, 32))
    return files


def main(folder: Path = ICONS) -> None:
    """Write every icon file beside the SVG."""
    for name, data in icons((folder / "icon.svg").read_bytes()).items():
        (folder / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ICONS)
