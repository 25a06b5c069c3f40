"""The largest backup one import takes, as the app writes it, for bench_import.py.

Matches are played through the services into a scratch SQLite database — legal hands (load_deal.py) entered
by every card, by counts and the quick way (the leftover's cards, every tally but the last), two players,
three, and two partnerships, some under la setenta, one hand in twenty corrected — and the account is
exported with export_account, written as the account page's download writes it. Matches are added until the
next one would take the file past IMPORT_MAX_BYTES or past MAX_HANDS, so the file is as large as an import
takes. Every hand is a new deal: no entry repeats, as in a real account (the import checks each distinct
entry once).
"""

from __future__ import annotations

import json
import random
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from load_deal import play

from referee import create_app
from referee.config import IMPORT_MAX_BYTES
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Match
from referee.rules.cards import Card, Suit
from referee.rules.sevens import setenta_of
from referee.services import HandDraft, MatchSettings, create_match, edit_hand, record_hand, register_user
from referee.services.backup import export_account
from referee.services.backup_checks import MAX_HANDS
from referee.services.scoreboard import dealer_after

ROSTER = ["Ana", "Bia", "Carla", "Duda", "Eva", "Fer", "Gabi", "Hugo", "Ines", "Joao", "Lia", "Mara"]
# (seats, partnerships, preset, sevens): mostly pairs of players at Escova, some partnerships and threes, a
# few matches of la setenta (whose tallies carry each side's setenta).
KINDS = ([(2, False, "escova-rs", "most")] * 5 + [(4, True, "escova-rs", "most")] * 2
         + [(3, False, "escoba-es", "most")] + [(2, False, "escoba-es", "setenta")])
MODES = ("cards", "cards", "tally", "quick")
CORRECTED = 20  # one hand in this many is corrected once


def _counts(cards: list[Card], setenta: bool) -> dict[str, Any]:
    """A pile's counts as the entry by counts takes them."""
    tally: dict[str, Any] = {"cards": len(cards), "oros": sum(c.suit is Suit.OROS for c in cards),
                             "sevens": sum(c.value == 7 for c in cards), "velo": any(c.is_velo for c in cards)}
    if setenta:
        tally["setenta"] = setenta_of(cards) or 0
    return tally


def entry(mode: str, seats: int, sides: int, setenta: bool, rng: random.Random) -> dict[str, Any]:
    """One legal hand as `mode`'s page saves it."""
    piles, table, escobas, last = play(seats, sides, rng)
    if mode == "cards":
        return {"sides": [{"cards": [str(c) for c in pile], "escobas": escobas[i]} for i, pile in enumerate(piles)],
                "leftover": [str(c) for c in table], "last_capture": last}
    whole = [pile + table if i == last else pile for i, pile in enumerate(piles)]
    tallies: list[dict[str, Any]] = [{"tally": _counts(pile, setenta), "escobas": escobas[i]}
                                     for i, pile in enumerate(whole)]
    if mode == "tally":
        return {"sides": tallies, "leftover_sum": sum(c.value for c in table), "last_capture": last}
    rest = {"tally": "rest", "escobas": escobas[-1]}
    if setenta:
        rest["setenta"] = tallies[-1]["tally"]["setenta"]
    return {"sides": [*tallies[:-1], rest], "leftover": [str(c) for c in table], "last_capture": last}


def _play_match(user: Any, rng: random.Random, kinds: list[tuple[int, bool, str, str]]) -> Match:
    """One match played to its end, hands entered every way, one in CORRECTED corrected."""
    seats, pairs, preset, sevens = rng.choice(kinds)
    sides = 2 if pairs else seats
    match = create_match(user, MatchSettings(preset=preset, options={"sevens": sevens}, deck_style="spanish",
                                             names=tuple(rng.sample(ROSTER, seats)), partnerships=pairs,
                                             first_dealer=rng.randrange(seats)))
    while not match.finished:
        mode = rng.choice(MODES)
        draft = HandDraft.kept(mode, entry(mode, seats, sides, sevens == "setenta", rng),
                          dealer=dealer_after(match, list(match.hands)) or 0, client_token=uuid.uuid4().hex)
        hand = record_hand(match, draft, expected_number=len(match.hands) + 1)
        if rng.randrange(CORRECTED) == 0 and not match.finished:
            again = rng.choice(MODES)
            body = entry(again, seats, sides, sevens == "setenta", rng)
            edit_hand(match, hand.number, HandDraft.kept(again, body, dealer=hand.dealer), match.version)
    return match


def largest_backup(seed: int, most_bytes: int = IMPORT_MAX_BYTES, most_hands: int = MAX_HANDS,
                   setenta: bool = True) -> tuple[bytes, dict[str, Any]]:
    """The file (as the download writes it: compact JSON, UTF-8, a newline) and what it holds; without matches
    of la setenta when `setenta` is false (the app before issue 23 refused their tallies)."""
    kinds = [kind for kind in KINDS if setenta or kind[3] != "setenta"]
    from referee.services.backup import match_data
    from referee.views.exports import json_file

    rng = random.Random(seed)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "RATELIMIT_ENABLED": False,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'build.sqlite'}"})
        upgrade_schema(app)
        with app.app_context():
            user = register_user("builder", "bench-password-1")
            size, hands = 1000, 0  # the file's head and its players: under a kilobyte
            while True:
                match = _play_match(user, rng, kinds)
                # A match adds its JSON and a comma to the file.
                size += len(json.dumps(match_data(match), ensure_ascii=False, separators=(",", ":")).encode()) + 1
                hands += len(match.hands)
                if size > most_bytes or hands > most_hands:
                    db.session.delete(match)  # the one that would not fit
                    db.session.commit()
                    break
            raw = json_file(export_account(user)).encode()
        with app.app_context():
            db.engine.dispose()
    assert len(raw) <= most_bytes, len(raw)
    document = json.loads(raw)
    facts = {"bytes": len(raw), "matches": len(document["matches"]),
             "hands": sum(len(m["hands"]) for m in document["matches"]),
             "changes": sum(len(m["trail"]) for m in document["matches"]),
             "build_seconds": round(time.perf_counter() - started, 1)}
    return raw, facts


# A hand whose first pile takes the referee long to split: all twenty even cards (every fifteen needs an odd
# card, so most of them are suspects) with seven odd ones (benchmarks/README.md, "Medium wrong piles").
SLOW_PILE = [f"{value}{suit}" for value in (2, 4, 6, 8, 10) for suit in "oceb"] + \
    ["1o", "3o", "5o", "5c", "9o", "9c", "9e"]


def crafted_backup(seed: int, most_bytes: int = IMPORT_MAX_BYTES) -> tuple[bytes, dict[str, Any]]:
    """The costliest file to check that an import still reads: matches of 500 hands whose trails correct them
    2 000 times, every entry one of the slowest piles found, each in another order (so no two are one entry
    to the checks), up to `most_bytes`. What a hostile account could send."""
    from referee.views.exports import json_file

    rng = random.Random(seed)
    rest = [code for code in (f"{v}{s}" for v in range(1, 11) for s in "oceb") if code not in SLOW_PILE]

    def entry() -> dict[str, Any]:
        pile = rng.sample(SLOW_PILE, len(SLOW_PILE))
        return {"sides": [{"cards": pile, "escobas": 0}, {"cards": rest[:-2], "escobas": 0}],
                "leftover": rest[-2:], "last_capture": 1}

    at = "2026-05-01T18:30:00.000000Z"
    rules = {"preset": "escova-rs", "target": 100, "all_oros": 1, "all_sevens": 1, "over30": 0,
             "penalty": "forfeit", "deal_passes": "right", "sevens": "most", "ties": "nobody"}

    def facts() -> dict[str, Any]:
        return {"mode": "cards", "dealer": 0, "entry": entry(), "points": [0, 0], "valid": False}

    matches, size, entries = [], 1000, 0
    while True:
        hands = [{"number": n, "dealer": 0, "mode": "cards", "entry": entry(), "points": [0, 0], "valid": False,
                  "erred": [0, 1], "client_token": None, "created_at": at, "updated_at": at} for n in range(1, 501)]
        trail = [{"at": at, "kind": "hand_edited", "hand_number": 1 + n % 500, "before": facts(), "after": facts()}
                 for n in range(2000)]
        match = {"uid": f"{rng.getrandbits(128):032x}", "created_at": at, "updated_at": at, "finished_at": None,
                 "rules": rules, "deck_style": "spanish", "partnerships": False, "first_dealer": 0,
                 "finished": False, "winner": None,
                 "seats": [{"position": 0, "name": "Ana", "side": 0, "player": "Ana"},
                           {"position": 1, "name": "Bea", "side": 1, "player": "Bea"}],
                 "hands": hands, "trail": trail}
        added = len(json.dumps(match, separators=(",", ":")).encode()) + 1
        if size + added > most_bytes:
            # The rest of the room: a match of fewer corrections, to fill the file.
            keep = int(len(trail) * (most_bytes - size) / added * 0.9)
            if keep < 10:
                break
            match["trail"] = trail[:keep]
            added = len(json.dumps(match, separators=(",", ":")).encode()) + 1
        matches.append(match)
        size += added
        entries += len(match["hands"]) + 2 * len(match["trail"])
        if len(matches) * 500 >= MAX_HANDS or size + added > most_bytes:
            break
    document = {"format": "escoba-referee-backup", "version": 1, "exported_at": at,
                "players": [{"name": "Ana", "created_at": at}, {"name": "Bea", "created_at": at}],
                "matches": matches}
    raw = json_file(document).encode()
    return raw, {"bytes": len(raw), "matches": len(matches), "entries": entries}
