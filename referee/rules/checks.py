"""Checks shared by card and tally entries: sides, escobas, leftover, penalty words."""

from __future__ import annotations

from collections.abc import Sequence

from .fifteens import FIFTEEN
from .problems import Problem
from .report import Finding, leftover_ok
from .rulesets import MAX_SIDES, MIN_SIDES, Penalty, Ruleset


def side_problems(n_sides: int, last_capture: int, escobas: Sequence[int]) -> list[Problem]:
    """Problems any entry can have: the number of sides, last capture, negative escobas."""
    problems = []
    if not MIN_SIDES <= n_sides <= MAX_SIDES:
        problems.append(Problem(("sides",), "side_count", {"count": n_sides}))
    elif not 0 <= last_capture < n_sides:
        problems.append(Problem(("last_capture",), "last_capture_range",
                                {"value": last_capture, "sides": n_sides}))
    problems += [Problem(("sides", i, "escobas"), "escobas_negative", {"escobas": n})
                 for i, n in enumerate(escobas) if n < 0]
    return problems


def escoba_limit(pile_total: int, pile_cards: int, splits: bool) -> int:
    """The most escobas a pile can hold (RULES.md §3.4)."""
    return pile_total // FIFTEEN if splits else pile_cards // 2


def penalty_findings(ruleset: Ruleset, erred: Sequence[bool]) -> list[Finding]:
    """What the penalty does to each side, in words the web layer translates."""
    bad = [i for i, e in enumerate(erred) if e]
    if not bad:
        return []
    if ruleset.penalty is Penalty.FLAG:
        return [Finding("erred_flagged", {"side": i}) for i in bad]
    if len(bad) == len(erred):
        return [Finding("all_erred")]
    findings = [Finding("erred_scores_zero", {"side": i}) for i in bad]
    clean = [i for i, e in enumerate(erred) if not e]
    if ruleset.penalty is Penalty.FORFEIT and len(clean) == 1:
        findings.append(Finding("takes_max_deck_points",
                                {"side": clean[0], "points": ruleset.max_deck_points}))
    return findings


def leftover_finding(total: int) -> Finding:
    """Check 2 in words: the leftover sum, right or wrong, or empty."""
    if total == 0:
        return Finding("leftover_empty")
    return Finding("leftover_ok" if leftover_ok(total) else "leftover_wrong", {"sum": total})
