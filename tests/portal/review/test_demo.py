"""The review demo step: staged, decided through the API, released with the accepted ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub
from dragon_bench.portal.review import demo
from tests.helpers.corpus import DOCS


def test_demo_stages_decides_and_releases(tmp_path: Path, capsys: Any) -> None:
    ctx = DemoContext(workdir=tmp_path)
    ctx.artifacts["documents"] = DOCS
    demo.run(ctx)
    hub = Hub(ctx.artifacts["review_hub"])
    version = ctx.artifacts["review_version"]
    assert hub.versions() == [version] and hub.staged_versions() == []
    review = hub.read_manifest("private", version)["review"]
    assert review["rejected"] >= 1 and review["edited"] == 1
    n = hub.read_table("public", version, "questions").num_rows
    assert n == review["accepted"] == review["candidates"] - review["rejected"]
    out = capsys.readouterr().out
    assert f"staged {version}" in out and f"released {version}" in out
