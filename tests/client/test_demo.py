"""The client's demo step on a small hub, and its skip without one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_bench.client import demo
from dragon_bench.demo import DemoContext
from tests.helpers.hub import write_hub


def test_demo_step_writes_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_hub(tmp_path / "hub")
    ctx = DemoContext(
        workdir=tmp_path, artifacts={"hub": str(tmp_path / "hub"), "version": "1.0.0"}
    )
    demo.run(ctx)
    results = json.loads(Path(ctx.artifacts["results"]).read_text())
    assert set(results) == {"0", "1"}
    assert "answered 2 questions" in capsys.readouterr().out


def test_demo_step_skips_without_hub(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ctx = DemoContext(workdir=tmp_path)
    demo.run(ctx)
    assert "results" not in ctx.artifacts and "skipping" in capsys.readouterr().out
