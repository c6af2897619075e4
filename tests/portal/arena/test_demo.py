"""The arena demo step after the portal's: scripted battles over HTTP, ratings, a grading pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_bench.demo import DemoContext
from tests.helpers.portal import results, write_hub


def test_arena_demo_runs_battles_prints_ratings_and_grades(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("dragon_bench.client.submit")
    from dragon_bench.portal.arena.demo import run
    from dragon_bench.portal.demo import run as portal_run

    hub = write_hub(tmp_path / "hub")
    path = tmp_path / "results.json"
    path.write_text(json.dumps(results(3, 2)), encoding="utf-8")
    ctx = DemoContext(workdir=tmp_path, artifacts={"hub": hub.url, "results": str(path)})
    portal_run(ctx)
    run(ctx)
    out = capsys.readouterr().out
    assert "arena ratings (answer)" in out and "arena ratings (evidence)" in out
    assert "A was" in out and "arena portal stopped" in out
    board = ctx.artifacts["arena_board"]
    assert board["votes"] == 6
    assert {r["pipeline"] for r in board["answer"]} == {"baseline", "bm25-top1"}
    assert "human grading of" in out and "truthfulness" in out


def test_arena_demo_skips_without_a_revision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dragon_bench.portal.arena.demo import run

    run(DemoContext(workdir=tmp_path))
    assert "skipping the arena" in capsys.readouterr().out
