"""Reference answers written straight from RULES.md, independently of referee.rules: points and fewest suspects.

>>> from referee.rules import make_ruleset
>>> from referee.rules.cards import parse_cards
>>> expected_points(make_ruleset("escova-rs"), [parse_cards(["7o", "8o"]), parse_cards(["7c"])], [1, 0], [False, True])
[7, 0]
>>> fewest_suspects(parse_cards(["10o", "10c", "10e", "5b"]))
2
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules import Card, Penalty, Ruleset

FIFTEEN = 15


def _only_leader(values: Sequence[int]) -> int | None:
    """The side holding the highest value alone; None on a tie at the top."""
    top = max(values)
    leaders = [side for side, value in enumerate(values) if value == top]
    return leaders[0] if len(leaders) == 1 else None


def earned_points(ruleset: Ruleset, whole_piles: Sequence[Sequence[Card]], escobas: Sequence[int]) -> list[int]:
    """RULES.md §4 before any penalty: categories (ties score nothing), bonuses and escobas."""
    cards = [len(pile) for pile in whole_piles]
    oros = [sum(1 for c in pile if str(c).endswith("o")) for pile in whole_piles]
    sevens = [sum(1 for c in pile if c.value == 7) for pile in whole_piles]
    points = list(escobas)
    for values in (cards, oros, sevens):
        leader = _only_leader(values)
        if leader is not None:
            points[leader] += 1
    for side, pile in enumerate(whole_piles):
        points[side] += any(str(c) == "7o" for c in pile)
        points[side] += ruleset.all_oros if oros[side] == 10 else 0
        points[side] += ruleset.all_sevens if sevens[side] == 4 else 0
        points[side] += ruleset.over30 if cards[side] > 30 else 0
    return points


def expected_points(
    ruleset: Ruleset, whole_piles: Sequence[Sequence[Card]], escobas: Sequence[int], erred: Sequence[bool]
) -> list[int]:
    """RULES.md §4 with the penalty for the sides that erred, in the match's mode."""
    earned = earned_points(ruleset, whole_piles, escobas)
    if ruleset.penalty is Penalty.FLAG or not any(erred):
        return earned
    if all(erred):
        return [0] * len(erred)
    clean = [side for side, bad in enumerate(erred) if not bad]
    if ruleset.penalty is Penalty.FORFEIT and len(clean) == 1:
        return [ruleset.max_deck_points + escobas[side] if side in clean else 0 for side in range(len(erred))]
    # Void, or forfeit with several clean sides: the erring sides score 0; what they would
    # have won goes to nobody, which `earned` already shows (a category has one winner at most).
    return [0 if bad else points for points, bad in zip(earned, erred)]


def fewest_suspects(pile: Sequence[Card]) -> int:
    """The fewest cards a split into fifteens must leave out, by brute force over subsets (small piles)."""
    n = len(pile)
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + pile[low].value
    fifteens = [mask for mask in range(1, 1 << n) if sums[mask] == FIFTEEN]
    splits = [False] * (1 << n)  # splits[mask]: the cards in mask split exactly into fifteens
    splits[0] = True
    for mask in range(1, 1 << n):
        if sums[mask] % FIFTEEN:
            continue
        low = mask & -mask
        splits[mask] = any(f & low and f & mask == f and splits[mask ^ f] for f in fifteens)
    return min(n - bin(mask).count("1") for mask in range(1 << n) if splits[mask])
