"""The demo step on its own: builds a base revision, updates it to 1.1.0, then makes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub


def test_demo_step_makes_one_revision(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dragon_bench.kg.extract", reason="the KG part is not in this checkout")
    from dragon_bench.engine.demo import run

    ctx = DemoContext(workdir=tmp_path)
    run(ctx)
    assert ctx.artifacts["update_version"] == "1.1.0"
    assert Hub(str(tmp_path / "update-hub")).versions() == ["1.0.0", "1.1.0"]
    out = capsys.readouterr().out
    assert "version made: none (no new documents since 1.1.0" in out
    assert out.count("  new: web-") == 2
