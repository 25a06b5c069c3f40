"""The club-night benchmark's pieces (benchmarks/bench_club.py): its floor app answers as the project does (a 304
for the tag it gave, the page otherwise, a save that changes the tag), and a short run drives both servers with
only expected answers."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_club
import club_floor


def test_the_floor_answers_304_for_its_tag_and_a_save_changes_it(tmp_path: Path) -> None:
    """The floor's database work per request: the version for a 304 (a scorer's phone: its session's account
    owning or scoring the match, in the same query), a 12-row page, one hand row and a commit."""
    url = f"sqlite:///{tmp_path / 'floor.sqlite'}"
    (token, match_id), *_ = club_floor.seed(url, 2)
    client = club_floor.create_app(url, "a-secret").test_client()
    page = client.get(f"/watch/{token}")
    tag = page.headers["ETag"]
    assert page.status_code == 200 and page.get_data(as_text=True).count("<tr><td>") == 12
    assert f"/watch/{token}" in page.get_data(as_text=True)  # the wrk script learns the page's tag by it
    assert client.get(f"/watch/{token}", headers={"If-None-Match": tag}).status_code == 304
    scorer: dict[str, str] = {}
    client.set_cookie("session", club_floor.cookie("a-secret", "scorer-a").split("=", 1)[1])
    board = client.get(f"/matches/{match_id}")
    assert board.status_code == 200 and "Log out scorer-a" in board.get_data(as_text=True)
    assert f"/matches/{match_id}/" in board.get_data(as_text=True)  # and a scorer's page by these
    assert board.headers["ETag"] == f'"{club_floor.board_tag("scorer-a", 1)}"'
    assert client.get(f"/matches/{match_id}", headers=scorer | {"If-None-Match": board.headers["ETag"]}
                      ).status_code == 304
    stranger = club_floor.create_app(url, "a-secret").test_client()
    stranger.set_cookie("session", club_floor.cookie("a-secret", "someone").split("=", 1)[1])
    assert stranger.get(f"/matches/{match_id}").status_code == 404
    assert client.post(f"/api/v1/matches/{match_id}/hands").status_code == 201
    again = client.get(f"/watch/{token}", headers={"If-None-Match": tag})
    assert again.status_code == 200 and again.headers["ETag"] != tag
    assert club_floor.versions(url)[match_id] == 2
    assert client.get(f"/matches/{match_id}", headers=scorer | {"If-None-Match": board.headers["ETag"]}
                      ).status_code == 200
    assert client.get("/watch/nothing").status_code == 404


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("wrk") is None, reason="needs wrk")
@pytest.mark.seconds(22)
def test_a_short_run_drives_both_servers_with_only_expected_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """Polls answered 304 (the phones, logged in or not, start with the pages' tags), saves 201, pages 200; nothing
    else; the phones' tags worked out as the server works them out."""
    words = ["--duration", "2", "--cpu-tables", "4", "--cpu-rounds", "1", "--start", "2", "--most", "2",
             "--growth", "2", "--p99-ms", "60000"]
    assert bench_club.main(words) == 0  # 1 for any answer of another status
    out = capsys.readouterr().out
    assert out.count("304×") >= 4 and "| sqlite |" in out
    assert "CPU per table ≤ the floor's" in out and "tables held (p99 < 60000 ms)" in out
    assert "WARNING" not in out


def test_the_report_names_a_floor_that_measured_no_cpu_a_miss_rather_than_failing() -> None:
    """A step too short for the clock's ticks measures 0 ms of the floor's CPU: the report still prints, the CPU
    goal missed (no ratio to a floor of nothing), the tables' ratio as measured."""
    steps = {"project": SimpleNamespace(cpu_ms_per_table=1.5, tables=4),
             "floor": SimpleNamespace(cpu_ms_per_table=0.0, tables=4)}
    found = bench_club.Found(cpu=steps, held=steps, unexpected=0)  # type: ignore[arg-type]
    printed = bench_club.report("sqlite", found, 50)
    assert "MISS  CPU per table ≤ the floor's: inf×" in printed
    assert "PASS  tables held (p99 < 50 ms) ≥ the floor's: 1.00×" in printed
