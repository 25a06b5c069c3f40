"""Every way the app takes a hand, for the backup's round trip (tests/web/test_backup_paths.py): a legal hand
played by the simulator, entered through one path — a page (by every card, by counts, the quick way by counts
or by its piles) or the match API (by cards, by tallies, one tally "rest", the leftover given as cards, or both)
— under the match's regional options (the setenta, typed or by each side's best cards tapped; the Uruguayan
tiebreak's sixes, aces and fives).

Each path stores the hand in its own shape (mode and entry): the backup must restore every one of them.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.forms.hands import CARD_CODES
from referee.rules import Card, Suit
from referee.rules.setenta_cards import kept
from referee.rules.sevens import TIEBREAK, best_per_suit, leaders, setenta_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from simulator import Seating, SimulatedHand, play_hand

PAGE_PATHS = ("page_cards", "page_tally", "page_quick", "page_quick_piles", "page_tally_setenta_cards",
              "page_quick_setenta_cards")
API_PATHS = ("api_cards", "api_tally", "api_rest", "api_leftover_cards", "api_rest_leftover_cards",
             "api_rest_setenta_cards")
# The paths that give each side's setenta by its best cards (tapped, or listed), not by its sum.
BY_BEST_CARDS = "_setenta_cards"
PATHS = PAGE_PATHS + API_PATHS
# The paths by cards, where a card moved from one pile to another makes a hand in error that can still be saved.
BY_CARDS = ("page_cards", "page_quick_piles", "api_cards")
BREAKERS = tuple(name for name, _ in TIEBREAK)  # sixes, aces, fives


@dataclass(frozen=True)
class Deal:
    """One hand to enter: the simulator's play, a card moved between piles (or not), how much to count."""

    hand: SimulatedHand
    sevens: str  # the match's sevens option
    pile_sums: bool = False  # the tallies give their pile sums
    always_breakers: bool = False  # the sixes, aces and fives given even when the sevens do not tie

    @property
    def sides(self) -> int:
        """How many sides the hand has."""
        return len(self.hand.piles)

    def piles(self) -> list[list[Card]]:
        """Each side's pile, the leftover aside."""
        return [list(pile) for pile in self.hand.piles]

    def whole(self, side: int) -> list[Card]:
        """A side's pile as it counts it: with the leftover for the side that took it."""
        return list(self.hand.whole_pile(side))

    def sevens_tie(self) -> bool:
        """True when the sevens tie at the top, so the tiebreak needs the sixes (and maybe more)."""
        counts = [sum(c.value == 7 for c in self.whole(i)) for i in range(self.sides)]
        return len(leaders(counts)) > 1

    def tally(self, side: int) -> dict[str, Any]:
        """A side's counts, with what the match's sevens option needs of them."""
        cards = self.whole(side)
        tally: dict[str, Any] = {"cards": len(cards), "oros": sum(c.suit is Suit.OROS for c in cards),
                                 "sevens": sum(c.value == 7 for c in cards), "velo": Card.parse("7o") in cards}
        if self.pile_sums:
            tally["pile_sum"] = sum(c.value for c in cards)
        if self.sevens == "setenta":
            tally["setenta"] = setenta_of(cards) or 0
        if self.sevens == "most_tiebreak" and (self.always_breakers or self.sevens_tie()):
            tally.update({name: sum(c.value == value for c in cards) for name, value in TIEBREAK})
        return tally

    def best_cards(self, side: int) -> list[Card]:
        """A side's best card of each suit it holds, as its chips send them (a figure as its suit's first)."""
        return [kept(card) for card in best_per_suit(self.whole(side))]

    def leftover(self) -> list[str]:
        """The leftover's card codes."""
        return [str(c) for c in self.hand.leftover]

    def leftover_sum(self) -> int:
        """What the leftover adds up to."""
        return sum(c.value for c in self.hand.leftover)


def deal(seating: Seating, sevens: str, seed: int, dealer: int = 0, moved: bool = False, pile_sums: bool = False,
         always_breakers: bool = False) -> Deal:
    """A legal hand (someone captured), or with `moved` one card of a pile put in another's."""
    rng = random.Random(seed)
    while True:
        hand = play_hand(rng, seating, dealer=dealer)
        if hand.last_capture is not None and all(hand.piles):
            break
    if moved:
        piles = [list(pile) for pile in hand.piles]
        source = next((i for i, pile in enumerate(piles) if len(pile) > 1), None)
        if source is not None:  # never a pile emptied: the side that took the leftover has one
            piles[(source + 1) % len(piles)].append(piles[source].pop(rng.randrange(len(piles[source]))))
        hand = SimulatedHand(hand.seating, hand.dealer, tuple(tuple(p) for p in piles), hand.escobas, hand.leftover,
                             hand.last_capture, hand.captures, hand.missed)
    return Deal(hand, sevens, pile_sums, always_breakers)


# -- the API's bodies ------------------------------------------------------------------------------------------------


def api_body(path: str, d: Deal, rest: int = -1) -> dict[str, Any]:
    """The hand as the match API takes it along `path`; `rest` is the side given as "rest"."""
    escobas, last = d.hand.escobas, d.hand.last_capture
    if path == "api_cards":
        return {"sides": [{"cards": [str(c) for c in pile], "escobas": escobas[i]} for i, pile in enumerate(d.piles())],
                "leftover": d.leftover(), "last_capture": last}
    sides: list[dict[str, Any]] = [{"tally": d.tally(i), "escobas": escobas[i]} for i in range(d.sides)]
    if path.endswith(BY_BEST_CARDS) and d.sevens == "setenta":
        for i, side in enumerate(sides):
            del side["tally"]["setenta"]
            side["tally"]["setenta_cards"] = [str(card) for card in d.best_cards(i)]
    if path.startswith("api_rest"):
        r = rest % d.sides
        setenta = {key: sides[r]["tally"][key] for key in ("setenta", "setenta_cards") if key in sides[r]["tally"]}
        sides[r] = {"tally": "rest", "escobas": escobas[r], **setenta}
    leftover: dict[str, Any] = {"leftover": d.leftover()} if path.endswith("leftover_cards") else {
        "leftover_sum": d.leftover_sum()}
    return {"sides": sides, **leftover, "last_capture": last}


# -- the pages' fields -----------------------------------------------------------------------------------------------


def _places(d: Deal, with_piles: bool) -> dict[str, str]:
    """Every card's select: the leftover's on the table, the piles' to their sides when asked, the rest blank."""
    places = dict.fromkeys(CARD_CODES, "")
    places.update(dict.fromkeys(d.leftover(), "L"))
    if with_piles:
        for i, pile in enumerate(d.piles()):
            places.update(dict.fromkeys((str(c) for c in pile), str(i)))
    return {f"place-{code}": place for code, place in places.items()}


def page_fields(path: str, d: Deal) -> dict[str, str]:
    """The hand as the entry page's fields along `path` (the page's own fields, such as the dealer, aside)."""
    fields = {f"escobas-{i}": str(n) for i, n in enumerate(d.hand.escobas)}
    fields["last_capture"] = str(d.hand.last_capture)
    if path in ("page_cards", "page_quick_piles"):
        return fields | _places(d, with_piles=True)
    tallies = [d.tally(i) for i in range(d.sides)]
    velo = str(next(i for i, t in enumerate(tallies) if t["velo"]))
    by_cards = path.endswith(BY_BEST_CARDS)
    path = path.removesuffix(BY_BEST_CARDS)
    counted = range(d.sides) if path == "page_tally" else range(d.sides - 1)  # the quick way: all but the last
    for i in range(d.sides):
        # Every field written, blank where not counted: a correction's page comes filled with the saved hand's.
        fields |= {f"{key}-{i}": str(tallies[i][key]) if key in tallies[i] and i in counted else ""
                   for key in ("cards", "oros", "sevens", *BREAKERS, "pile_sum")}
        # The setenta of every side, the last one's too on the quick way: the others' cannot give it.
        fields[f"setenta-{i}"] = str(tallies[i].get("setenta", ""))
        # Or its best cards tapped, one chip per suit ("" for a suit it lacks), the sum left blank; by its sum,
        # every chip cleared: a correction's page comes with the saved hand's chips, which would disagree.
        chips = {card.suit.value: str(card.value) for card in d.best_cards(i)} if by_cards else {}
        fields |= {f"setenta_cards-{i}-{suit.value}": chips.get(suit.value, "") for suit in Suit}
        if by_cards:
            fields[f"setenta-{i}"] = ""
    fields["velo"] = velo
    if path == "page_tally":
        return fields | {"leftover_sum": str(d.leftover_sum())}
    return fields | _places(d, with_piles=False)


def page_mode(path: str) -> str:
    """The entry page's mode for a page path."""
    modes = {"page_cards": "cards", "page_tally": "tally", "page_quick": "quick", "page_quick_piles": "quick"}
    return modes[path.removesuffix(BY_BEST_CARDS)]
