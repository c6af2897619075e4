"""The portal's demo step over a small hub: submit through the protocol, approve, print the board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub
from tests.helpers.portal import results


def test_demo_step_submits_approves_and_prints_leaderboard(
    hub: Hub, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("dragon_bench.client.submit")
    from dragon_bench.portal.demo import run

    path = tmp_path / "results.json"
    path.write_text(json.dumps(results(3, 2)), encoding="utf-8")
    ctx = DemoContext(workdir=tmp_path, artifacts={"hub": hub.url, "results": str(path)})
    run(ctx)
    out = capsys.readouterr().out
    assert "approved by the demo admin" in out and "leaderboard page: http://127.0.0.1:" in out
    assert "baseline" in out and ctx.artifacts["portal_url"].startswith("http://127.0.0.1:")
    assert "portal stopped" in out
    # the closed-book reference of the stand-in model ran on both versions and is shown
    assert "stand-in on 1.0.0: done, stand-in on 1.1.0: done" in out
    assert "stand-in (closed-book)" in out and "asked every question with no text" in out


def test_demo_step_skips_without_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dragon_bench.portal.demo import run

    run(DemoContext(workdir=tmp_path))
    assert "skipping the portal" in capsys.readouterr().out
