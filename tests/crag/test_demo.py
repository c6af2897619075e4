"""The CRAG demo step, offline: on the built-in sample and on a revision from an earlier step."""

from __future__ import annotations

from pathlib import Path

from dragon_bench.crag.data import read_examples
from dragon_bench.crag.demo import run, sample_path
from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub


def test_sample_ships_both_schemas() -> None:
    examples = read_examples(sample_path())
    assert len(examples) == 5 and sum(not e.answerable for e in examples) == 1
    assert any(e.popularity is None for e in examples) and examples[0].popularity == "head"
    assert examples[4].alt_answers == ("lennon, mccartney, harrison, starr",)


def test_demo_on_the_sample(tmp_path: Path, capsys) -> None:
    ctx = DemoContext(workdir=tmp_path)
    run(ctx)
    scores = ctx.artifacts["crag_scores"]
    refuse = next(v for k, v in scores.items() if k.startswith("refuse"))
    assert refuse["score"] == 0.0 and refuse["missing"] == 1.0 and refuse["n"] == 4
    assert "CRAG truthfulness" in capsys.readouterr().out


def test_demo_on_a_revision(tmp_path: Path, tiny_hub: Hub) -> None:
    ctx = DemoContext(workdir=tmp_path / "w", artifacts={"hub": tiny_hub.url, "version": "1.0.0"})
    ctx.workdir.mkdir()
    run(ctx)
    assert ctx.artifacts["crag_data"].endswith("revision.jsonl")
    assert all(v["n"] == 2 for v in ctx.artifacts["crag_scores"].values())
