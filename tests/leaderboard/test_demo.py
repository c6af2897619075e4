"""The demo's leaderboard steps around the portal step: one approval, one commit, the Space."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub
from dragon_bench.portal.results_file import validate_results
from tests.helpers.portal import results


def test_demo_commits_one_approval_and_writes_the_space(
    hub: Hub, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("dragon_bench.client.submit")
    from dragon_bench.leaderboard import demo
    from dragon_bench.portal.demo import run as portal_run

    path = tmp_path / "results.json"
    path.write_text(json.dumps(results(3, 2)), encoding="utf-8")
    ctx = DemoContext(workdir=tmp_path, artifacts={"hub": hub.url, "results": str(path)})
    demo.prepare(ctx)
    portal_run(ctx)
    demo.run(ctx)
    out = capsys.readouterr().out
    repo = ctx.artifacts["results_repo"]
    log = subprocess.run(
        ["git", "--git-dir", repo, "log", "--format=%s", "main"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    sid = ctx.artifacts["portal_submission"]
    assert log == [f"Approve submission {sid} (baseline (bm25 + extractive), version 1.1.0)"]
    assert log[0] in out and "dragon-bench portal: " in out
    space = Path(ctx.artifacts["space"])
    assert {p.name for p in space.iterdir()} >= {"app.py", "views.py", "README.md", "results.json"}
    data = json.loads((space / "results.json").read_text())
    assert validate_results(data)["records"] == 1 and sid in data["items"]["1.1.0"]


def test_demo_step_skips_without_a_portal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dragon_bench.leaderboard import demo

    demo.run(DemoContext(workdir=tmp_path))
    assert "skipping the leaderboard" in capsys.readouterr().out
