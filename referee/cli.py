"""Flask commands: `flask --app referee faces` draws the card faces as SVG sprites, and
`flask --app referee remove-idle-guests` removes the guest accounts nobody uses any more.

Each deck style gets one sprite in static/img/cards/ holding a <symbol id="c-<code>">
per card. The drawings are the project's own, built here as text: suits differ by
shape (coin, cup, sword, club; ♦ ♥ ♠ ♣), colours come from CSS custom properties
(--card-bg, --card-edge, --card-o …) with defaults, so a page can restyle them.
"""

from __future__ import annotations

from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from .rules import DECK, Card
from .rules.names import DeckStyle, rank_symbol
from .services.guests import remove_idle_guests

W, H = 60, 90  # a portrait card, 2:3
FONT = "system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif"

# Each suit drawn in a 24 × 24 box in currentColor; the Spanish ones as the objects they are.
PIPS = {
    "spanish": {
        "o": '<circle cx="12" cy="12" r="9.2" fill="none" stroke="currentColor" stroke-width="3.6"/>'
             '<circle cx="12" cy="12" r="3.6"/>',
        "c": '<path d="M3 2.5h18c0 6.5-3.2 10.3-7.3 11.3v4.4h4.5v3.8H5.8v-3.8h4.5v-4.4C6.2 12.8 3 9 3 2.5z"/>',
        "e": '<path d="M12 0l3 4.5V16H9V4.5zM4.5 16h15l-1.5 3.2H6zM10.3 19.2h3.4v2h-3.4z"/>'
             '<circle cx="12" cy="22.2" r="1.8"/>',
        "b": '<g transform="rotate(24 12 12)"><path d="M10.2 24L7.6 6.5C7.4 3 9.4.6 12 .6s4.6 2.4 4.4 5.9L13.8 24z"/>'
             '<path d="M8.4 9.5L6 7.6M15.8 13.6l2.4-1.9M9 17.6l-2.2-1.6" fill="none" stroke="currentColor"'
             ' stroke-width="2.8" stroke-linecap="round"/></g>',
    },
    "french": {
        "o": '<path d="M12 .8q4 6 9.4 11.2Q16 17.2 12 23.2 8 17.2 2.6 12 8 6.8 12 .8z"/>',
        "c": '<path d="M12 22.5C5 16.5 1.3 12.4 1.3 7.6 1.3 4.2 3.9 1.8 7 1.8c2.3 0 4 1.3 5 3.2 1-1.9 2.7-3.2'
             ' 5-3.2 3.1 0 5.7 2.4 5.7 5.8 0 4.8-3.7 8.9-10.7 14.9z"/>',
        "e": '<path d="M12 1C14.3 5 22.4 9.3 22.4 14.6c0 3-2.2 5-4.8 5-1.8 0-3.2-.8-4.3-2.2.3 2.2 1.3 3.9 3'
             ' 5.1H7.7c1.7-1.2 2.7-2.9 3-5.1-1.1 1.4-2.5 2.2-4.3 2.2-2.6 0-4.8-2-4.8-5C1.6 9.3 9.7 5 12 1z"/>',
        "b": '<circle cx="12" cy="6.6" r="5.1"/><circle cx="6.4" cy="14.2" r="5.1"/>'
             '<circle cx="17.6" cy="14.2" r="5.1"/>'
             '<path d="M12 11c0 5.4 1.4 9.4 4.6 11.6H7.4C10.6 20.4 12 16.4 12 11z"/>',
    },
}

# The court emblems, in a 40 × 40 box: a crown, a horse's head, a page and a queen.
EMBLEMS = {
    "king": '<path d="M5 31L2.5 11l9.5 9 8-14 8 14 9.5-9L35 31z"/><rect x="5" y="33" width="30" height="5" rx="1"/>'
            '<circle cx="2.5" cy="9.5" r="2.5"/><circle cx="20" cy="4" r="2.8"/><circle cx="37.5" cy="9.5" r="2.5"/>',
    "knight": '<path d="M11 39h25c.5-10-1-19-5.5-25.5C27 8.6 23 6 19 5L17 .5 13.8 6C8.5 9.5 4.5 16 3 21.5'
              'c-.8 2.7 1.4 4.6 4 3.3l5.5-3c2-.6 4.4-.7 6.4-1.8C17.5 26 10.6 30 11 39z"/>'
              '<circle cx="17.5" cy="12" r="1.9" style="fill:var(--card-bg,#fff)"/>',
    "page": '<circle cx="20" cy="11" r="6"/>'
            '<path d="M11 7.5C12 1.5 25 0 29.5 4.5L34 2.5 31 8.5C25 5.5 16 5.5 11 7.5z"/>'
            '<path d="M7 39c0-11 4.5-19 13-19s13 8 13 19z"/>',
    "queen": '<circle cx="20" cy="12" r="6"/><path d="M13.5 7.5l1-6 3 3.5L20 .5l2.5 4.5 3-3.5 1 6z"/>'
             '<path d="M4 39c3-9 6-14 9.5-17.5 3.5 1.4 9.5 1.4 13 0C30 25 33 30 36 39z"/>',
}
COURTS = {
    "spanish": {8: "page", 9: "knight", 10: "king"},
    "french": {8: "queen", 9: "page", 10: "king"},
    "french-jq": {8: "page", 9: "queen", 10: "king"},
}

# Where the pips of a 1 … 7 go (centres) and how big they are.
LAYOUTS: dict[int, tuple[float, list[tuple[float, float]]]] = {
    1: (38, [(34, 55)]),
    2: (23, [(35, 31), (35, 69)]),
    3: (20, [(35, 26), (35, 50), (35, 74)]),
    4: (19, [(27, 30), (45, 30), (27, 68), (45, 68)]),
    5: (17, [(27, 27), (45, 27), (36, 49), (27, 71), (45, 71)]),
    6: (16, [(27, 26), (45, 26), (27, 49), (45, 49), (27, 72), (45, 72)]),
    7: (15, [(27, 22), (45, 22), (36, 38), (27, 55), (45, 55), (27, 73), (45, 73)]),
}

# Suit colours per deck family (the Spanish deck's gold, red, blue, green; a four-colour French deck).
INKS = {
    "spanish": {"o": "#946c00", "c": "#b3261e", "e": "#1f4a9c", "b": "#2e6b1f"},
    "french": {"o": "#1f5fbf", "c": "#c0231a", "e": "#1b1b1b", "b": "#1f6b2a"},
}


def _family(style: DeckStyle) -> str:
    """Which drawings a deck style uses: 'spanish' or 'french'."""
    return "spanish" if style is DeckStyle.SPANISH else "french"


def _pip(suit: str, x: float, y: float, size: float) -> str:
    """A suit pip of `size` centred on (x, y), reusing the sprite's suit symbol."""
    return f'<use href="#s-{suit}" x="{x - size / 2:g}" y="{y - size / 2:g}" width="{size:g}" height="{size:g}"/>'


def _index(card: Card, style: DeckStyle) -> str:
    """The corner index: the rank as printed on the deck, the suit small beneath it."""
    rank = rank_symbol(card, style)
    # Two digits (10, 11, 12) are squeezed to the index's width, whatever the font.
    fit = ' x="3.5" textLength="20" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ' x="4.5"'
    return (f'<text{fit} y="20" font-family="{FONT}" font-size="21" font-weight="700">{rank}</text>'
            + _pip(card.suit.value, 10.5, 30, 13))


def _middle(card: Card, style: DeckStyle) -> str:
    """The pips of a number card, or a court's pip beside the index and its framed emblem."""
    suit = card.suit.value
    if card.value <= 7:
        size, centres = LAYOUTS[card.value]
        return "".join(_pip(suit, x, y, size) for x, y in centres)
    emblem = COURTS[style.value][card.value]
    return (_pip(suit, 43, 18, 22)
            + '<rect x="6" y="39" width="48" height="46" rx="3" fill="none" stroke="currentColor" stroke-width="1.2"/>'
            f'<use href="#m-{emblem}" x="11" y="43" width="38" height="38"/>')


def card_symbol(card: Card, style: DeckStyle) -> str:
    """One card as a <symbol>: rounded card, corner index, pips or emblem."""
    ink = INKS[_family(style)][card.suit.value]
    return (f'<symbol id="c-{card}" viewBox="0 0 {W} {H}">'
            f'<rect x=".6" y=".6" width="{W - 1.2:g}" height="{H - 1.2:g}" rx="5"'
            ' style="fill:var(--card-bg,#fff);stroke:var(--card-edge,#8c877c)" stroke-width="1.2"/>'
            f'<g style="color:var(--card-{card.suit.value},{ink})" fill="currentColor">'
            f'{_index(card, style)}{_middle(card, style)}</g></symbol>\n')


def sprite(style: DeckStyle) -> str:
    """The whole sprite of a deck style: suit and emblem symbols, then the 40 cards."""
    family = _family(style)
    suits = "".join(f'<symbol id="s-{suit}" viewBox="0 0 24 24">{drawing}</symbol>\n'
                    for suit, drawing in PIPS[family].items())
    emblems = "".join(f'<symbol id="m-{name}" viewBox="0 0 40 40">{EMBLEMS[name]}</symbol>\n'
                      for name in sorted(set(COURTS[style.value].values())))
    cards = "".join(card_symbol(card, style) for card in DECK)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<!-- Escoba Referee, the {style.value} deck: drawn by referee/cli.py (faces); edit that, not this. -->\n'
            '<svg xmlns="http://www.w3.org/2000/svg">\n'
            f'{suits}{emblems}{cards}</svg>\n')


def write_faces(folder: Path) -> list[Path]:
    """Write one sprite per deck style into `folder`; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for style in DeckStyle:
        path = folder / f"{style.value}.svg"
        path.write_text(sprite(style), encoding="utf-8", newline="\n")
        written.append(path)
    return written


@click.command("faces")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write to (default: static/img/cards).")
@with_appcontext
def faces_command(out: Path | None) -> None:
    """(Re)draw the card faces: one SVG sprite per deck style."""
    folder = out or Path(current_app.static_folder or "static") / "img" / "cards"
    for path in write_faces(folder):
        click.echo(f"{path} ({path.stat().st_size / 1024:.1f} KB)")


@click.command("remove-idle-guests")
@click.option("--days", type=click.IntRange(min=1, max=36_500), default=90, show_default=True,
              help="Remove the guests unused for this many days.")
@with_appcontext
def remove_idle_guests_command(days: int) -> None:
    """Remove the guest accounts unused for DAYS days, with everything they own (referee/services/guests.py
    says what unused means); named accounts are never touched."""
    removed = remove_idle_guests(days)
    click.echo(f"Removed {removed} guest account{'' if removed == 1 else 's'} unused for {days} days.")


def init_app(app: Flask) -> None:
    """Add the commands to `flask --app referee`."""
    app.cli.add_command(faces_command)
    app.cli.add_command(remove_idle_guests_command)
