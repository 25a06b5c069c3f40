"""Lighthouse's mobile audit (performance) of the home, scoreboard, quick entry (a usual match's, and a setenta
match's with its best-card chips), spectator and player pages.

Lighthouse is a dev tool from the npm registry, installed outside the repository:

    (mkdir -p ~/lighthouse && cd ~/lighthouse && npm install lighthouse)
    CHROME_PATH=/usr/bin/chromium .venv/bin/python benchmarks/bench_lighthouse.py \\
        --lighthouse ~/lighthouse/node_modules/.bin/lighthouse [--runs 3]

It seeds a throwaway SQLite database through the services (an account, a four-player match of 12 hands with its
spectator link), serves the project under gunicorn as in production (benchmarks/load_project.py), logs in with
the real form, and runs Lighthouse's default mobile audit (Moto G Power emulation, simulated slow 4G, 4× CPU
slowdown), performance only, on each page, the session cookie sent for the logged-in ones. Each page is audited
--runs times; the table gives the median score and the run's metrics (LCP, TBT, CLS, FCP, Speed Index) and,
when the layout shifts, the elements that moved.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from load_browser import Browser
from load_deal import play_hand
from load_seed import DECK, PASSWORD, PRESET, ROSTER, _board
from load_server import Server, Workers

from referee import create_app
from referee.database import upgrade_schema
from referee.extensions import db
from referee.models import Match, Seat
from referee.services import HandDraft, record_hand, register_user
from referee.services.matches import MatchSettings, create_match, spectator_link

FLAGS = "--headless=new --no-sandbox --disable-gpu"
# A setenta hand the quick way, each side's best cards tapped: its correction opens with the chips on the first paint.
SETENTA_HAND = {"sides": [{"tally": {"cards": 20, "oros": 10, "sevens": 2, "velo": True,
                                     "setenta_cards": ["7o", "7c", "4e", "4b"]}, "escobas": 1},
                          {"tally": {"cards": 20, "oros": 0, "sevens": 2, "velo": False,
                                     "setenta_cards": ["6c", "7e", "7b"]}, "escobas": 0}],
                "leftover": ["1o", "2o", "3o", "4o"], "last_capture": 0}
METRICS = {"largest-contentful-paint": "LCP", "total-blocking-time": "TBT", "cumulative-layout-shift": "CLS",
           "first-contentful-paint": "FCP", "speed-index": "SI"}


def seed(url: str, secret: str) -> dict[str, str]:
    """The pages to audit, by name: their paths."""
    app = create_app({"SECRET_KEY": secret, "SQLALCHEMY_DATABASE_URI": url})
    upgrade_schema(app)
    rng = random.Random(24)
    with app.app_context():
        bench = register_user("bench", PASSWORD)
        pool = [play_hand(4, 4, rng) for _ in range(60)]
        match_id = _board(bench, pool, 12, rng, ROSTER[:4])
        token = spectator_link(db.session.get(Match, match_id))
        player = db.session.scalar(db.select(Seat.player_id).where(Seat.match_id == match_id).limit(1))
        setenta = create_match(bench, MatchSettings(preset=PRESET, options={"sevens": "setenta"}, deck_style=DECK,
                                                    names=tuple(ROSTER[:2]), partnerships=False, first_dealer=0))
        tapped = create_match(bench, MatchSettings(preset=PRESET, options={"sevens": "setenta"}, deck_style=DECK,
                                                   names=tuple(ROSTER[:2]), partnerships=False, first_dealer=0))
        record_hand(tapped, HandDraft.kept("quick", SETENTA_HAND, dealer=0), expected_number=1)
        setenta_id, tapped_id = setenta.id, tapped.id
        db.engine.dispose()
    return {"home": "/", "scoreboard": f"/matches/{match_id}", "quick entry":
            f"/matches/{match_id}/hands/new?mode=quick",
            "quick entry (setenta)": f"/matches/{setenta_id}/hands/new?mode=quick",
            "setenta correction (best cards)": f"/matches/{tapped_id}/hands/1/edit?mode=quick",
            "spectator": f"/watch/{token}", "player": f"/players/{player}"}


def audit(lighthouse: str, url: str, cookie: str | None, folder: Path) -> dict[str, Any]:
    """One Lighthouse run's report (JSON)."""
    out = folder / "report.json"
    words = [lighthouse, url, "--only-categories=performance", "--output=json", f"--output-path={out}", "--quiet",
             f"--chrome-flags={FLAGS}"]
    if cookie:
        words.append("--extra-headers=" + json.dumps({"Cookie": cookie}))
    subprocess.run(words, check=True, timeout=300, env=os.environ | {"CHROME_PATH": os.environ.get(
        "CHROME_PATH", "/usr/bin/chromium")})
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def summary(reports: list[dict[str, Any]]) -> tuple[int, dict[str, str], list[str]]:
    """The median score (0–100), the median run's metrics, and what shifted in any run."""
    scored = sorted(reports, key=lambda r: r["categories"]["performance"]["score"])
    middle = scored[len(scored) // 2]
    score = round(100 * statistics.median(r["categories"]["performance"]["score"] for r in reports))
    metrics = {short: middle["audits"][key]["displayValue"] for key, short in METRICS.items()}
    shifted = []
    for report in reports:
        details = report["audits"].get("layout-shifts", report["audits"].get("layout-shift-elements", {}))
        for item in (details.get("details") or {}).get("items", []):
            node = item.get("node", {})
            shifted.append(f"{node.get('selector', '?')} ({item.get('score', 0):.3f})")
    return score, metrics, sorted(set(shifted))


def main(argv: list[str] | None = None) -> int:
    """Seed, serve, audit each page; print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lighthouse", default="lighthouse", help="the lighthouse program (npm's)")
    parser.add_argument("--runs", type=int, default=3, help="audits per page (default 3)")
    parser.add_argument("--only", default="", help="only these pages, comma-separated (home,scoreboard,…)")
    args = parser.parse_args(argv)
    secret = secrets.token_hex(32)
    with tempfile.TemporaryDirectory(prefix="bench_lighthouse_") as name:
        folder = Path(name)
        url = f"sqlite:///{folder / 'bench.sqlite'}"
        pages = seed(url, secret)
        with Server("load_project:create_app()", Workers(2), {"SECRET_KEY": secret, "DATABASE_URL": url},
                    folder / "server") as server:
            browser = Browser(server.url)
            browser.log_in("bench", PASSWORD)
            rows = ["| page | score | LCP | TBT | CLS | FCP | Speed Index | shifted |",
                    "|---|---:|---:|---:|---:|---:|---:|---|"]
            for page, path in pages.items():
                if args.only and page not in args.only.split(","):
                    continue
                cookie = None if page in ("home", "spectator") else browser.cookie_header()
                reports = [audit(args.lighthouse, server.url + path, cookie, folder) for _ in range(args.runs)]
                score, metrics, shifted = summary(reports)
                rows.append(f"| {page} | **{score}** | " + " | ".join(metrics.values())
                            + f" | {', '.join(shifted) or '—'} |")
                print(rows[-1], flush=True)
    print("\n" + "\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
