"""Draw the app's icon: two cards fanned on the brand's red, the front one an ace of oros.

Writes static/img/icons/: icon.svg, icon-192/512.png (rounded corners), maskable-192/512.png
(full bleed, the drawing inside the safe circle), apple-touch-icon.png (180, opaque) and
favicon.ico (a 32-pixel PNG inside). Standard library only: the PNGs are written with zlib
and struct, each pixel's coverage taken from the shapes' signed distances (antialiased).

    python tools/make_icons.py
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "img" / "icons"

RED = (0x8A, 0x1C, 0x1C)
CREAM = (0xFF, 0xFD, 0xF7)
BACK = (0xE9, 0xE2, 0xD0)
GOLD = (0xB0, 0x82, 0x0A)
EDGE = (0x5C, 0x12, 0x12)
OUTLINE = 0.01  # a card's outline, in units of the square

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Card:
    """A rounded rectangle turned by `angle` degrees about its centre (unit coordinates, 0–1)."""

    cx: float
    cy: float
    w: float
    h: float
    r: float
    angle: float
    fill: Colour

    def distance(self, x: float, y: float) -> float:
        """Signed distance from the edge: negative inside."""
        a = math.radians(-self.angle)
        dx, dy = x - self.cx, y - self.cy
        px, py = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
        qx, qy = abs(px) - self.w / 2 + self.r, abs(py) - self.h / 2 + self.r
        return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - self.r

    def svg(self) -> str:
        """The same card in SVG, on a 100-unit square."""
        x, y = 100 * (self.cx - self.w / 2), 100 * (self.cy - self.h / 2)
        return (f'<rect x="{x:g}" y="{y:g}" width="{100 * self.w:g}" height="{100 * self.h:g}" rx="{100 * self.r:g}" '
                f'fill="{hexa(self.fill)}" stroke="{hexa(EDGE)}" stroke-width="{100 * OUTLINE:g}" '
                f'transform="rotate({self.angle:g} {100 * self.cx:g} {100 * self.cy:g})"/>')


@dataclass(frozen=True)
class Ring:
    """A circle (width 0) or a ring of `width` about radius `r`."""

    cx: float
    cy: float
    r: float
    width: float
    fill: Colour

    def distance(self, x: float, y: float) -> float:
        """Signed distance from the edge: negative inside."""
        d = math.hypot(x - self.cx, y - self.cy) - self.r
        return abs(d) - self.width / 2 if self.width else d

    def svg(self) -> str:
        """The same shape in SVG, on a 100-unit square."""
        centre = f'cx="{100 * self.cx:g}" cy="{100 * self.cy:g}" r="{100 * self.r:g}"'
        if self.width:
            return f'<circle {centre} fill="none" stroke="{hexa(self.fill)}" stroke-width="{100 * self.width:g}"/>'
        return f'<circle {centre} fill="{hexa(self.fill)}"/>'


Shape = Card | Ring


def hexa(colour: Colour) -> str:
    """#rrggbb."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


def drawing() -> list[Shape]:
    """The cards and the coin, centred on (0.5, 0.5), reaching about 0.42 from the centre."""
    front = Card(0.575, 0.5, 0.4, 0.56, 0.05, 10, CREAM)
    return [
        Card(0.425, 0.52, 0.4, 0.56, 0.05, -14, BACK),
        front,
        Ring(front.cx, front.cy, 0.1, 0.035, GOLD),
        Ring(front.cx, front.cy, 0.035, 0, GOLD),
    ]


def scaled(shape: Shape, s: float) -> Shape:
    """A shape scaled by `s` about the centre of the square."""
    def about(v: float) -> float:
        return 0.5 + (v - 0.5) * s
    if isinstance(shape, Card):
        return Card(about(shape.cx), about(shape.cy), shape.w * s, shape.h * s, shape.r * s, shape.angle, shape.fill)
    return Ring(about(shape.cx), about(shape.cy), shape.r * s, shape.width * s, shape.fill)


def layers(full_bleed: bool) -> list[Shape]:
    """The background and the drawing: rounded and a little smaller, or edge to edge with room for a mask."""
    if full_bleed:
        return [Card(0.5, 0.5, 1.0, 1.0, 0.0, 0, RED), *(scaled(s, 0.8) for s in drawing())]
    return [Card(0.5, 0.5, 1.0, 1.0, 0.2, 0, RED), *(scaled(s, 0.9) for s in drawing())]


def paint(shape: Shape, x: float, y: float, pixel: float) -> tuple[Colour, float]:
    """A shape's colour at a point and how much of the pixel it covers; a card gets a thin dark outline."""
    def cover(d: float) -> float:
        return min(1.0, max(0.0, 0.5 - d / pixel))
    d = shape.distance(x, y)
    if not isinstance(shape, Card) or shape.fill == RED:
        return shape.fill, cover(d)
    half = OUTLINE / 2  # as SVG strokes it: half outside the edge, half inside
    inside = cover(d + half)
    colour = tuple(round(EDGE[k] + (shape.fill[k] - EDGE[k]) * inside) for k in range(3))
    return (colour[0], colour[1], colour[2]), cover(d - half)


def raster(shapes: list[Shape], size: int) -> bytes:
    """RGBA rows (each with PNG filter byte 0), the shapes painted in order over transparency."""
    pixel = 1 / size
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        y = (j + 0.5) * pixel
        for i in range(size):
            x = (i + 0.5) * pixel
            rgb, alpha = [0.0, 0.0, 0.0], 0.0
            for shape in shapes:
                colour, cover = paint(shape, x, y, pixel)
                if cover <= 0:
                    continue
                out = cover + alpha * (1 - cover)
                rgb = [(colour[k] * cover + rgb[k] * alpha * (1 - cover)) / out for k in range(3)]
                alpha = out
            rows += bytes((*(round(c) for c in rgb), round(alpha * 255)))
    return bytes(rows)


def png(shapes: list[Shape], size: int) -> bytes:
    """A PNG file of the shapes at size × size."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raster(shapes, size), 9)) + chunk(b"IEND", b""))


def ico(png_bytes: bytes, size: int) -> bytes:
    """A .ico holding one PNG image."""
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32,
                                                       len(png_bytes), 6 + 16) + png_bytes


def svg() -> str:
    """The rounded icon as SVG."""
    body = "".join(shape.svg() for shape in [*(scaled(s, 0.9) for s in drawing())])
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" rx="20" fill="{hexa(RED)}"/>{body}</svg>\n')


def main() -> None:
    """Write every icon file."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg())
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(layers(full_bleed=False), size))
        (OUT / f"maskable-{size}.png").write_bytes(png(layers(full_bleed=True), size))
    (OUT / "apple-touch-icon.png").write_bytes(png(layers(full_bleed=True), 180))
    (OUT / "favicon.ico").write_bytes(ico(png(layers(full_bleed=False), 32), 32))
    for path in sorted(OUT.iterdir()):
        print(f"{path.name}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
