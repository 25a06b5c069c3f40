"""The names of the drafts a phone keeps of a form being filled in (static/js/draft.js).

A form opts in with data-draft="<group>:<part>"; a group is one hand of one match (all the ways of
entering it), or a match's draw for dealer. Once the server has saved what a group was for, it says so
in the next page (a `data-draft-saved` element, see templates/_draft.html) and the phone forgets the group.
"""

from __future__ import annotations

from flask import Flask, flash


def hand_draft(match_id: int, number: int, correcting: bool) -> str:
    """The draft group of a hand: a new hand under its number, a correction apart from it."""
    return f"match-{match_id}:{'edit' if correcting else 'new'}-{number}"


def draw_draft(match_id: int) -> str:
    """The draft group of a match's draw for dealer."""
    return f"match-{match_id}:draw"


def saved_drafts(match_id: int, hands: int, drawn: bool) -> list[str]:
    """The groups a scoreboard shows saved: each new hand up to the last saved, and the draw once done."""
    groups = [hand_draft(match_id, number, False) for number in range(1, hands + 1)]
    return [*groups, draw_draft(match_id)] if drawn else groups


def confirm_saved(group: str) -> None:
    """Tell the phone, on the next page, that this group's entry is saved (a flash the page shows to the
    drafts' script, not to the reader)."""
    flash(group, "draft-saved")


def init_app(app: Flask) -> None:
    """The names, for the templates that opt a form in or show a match saved."""
    app.jinja_env.globals.update(hand_draft=hand_draft, draw_draft=draw_draft, saved_drafts=saved_drafts)
