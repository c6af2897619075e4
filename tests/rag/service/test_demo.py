"""The RAG service demo step over a small revision: two answers, valid, server stopped or kept."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from dragon_bench.demo import DemoContext
from dragon_bench.rag import demo
from dragon_bench.rag.trec_answer import check_answers, read_answers


def test_demo_step_answers_validates_and_stops(
    hub_dir: Path, tmp_path: Path, capsys: object
) -> None:
    ctx = DemoContext(workdir=tmp_path, artifacts={"hub": str(hub_dir), "version": "1.0.0"})
    demo.run(ctx)
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "POST /v1/rag" in out and "valid TREC RAG 2024" in out and "stopped" in out
    assert "rag_url" not in ctx.artifacts
    answers = read_answers(ctx.artifacts["rag_answers"])
    assert len(answers.answers) == 2 and check_answers(answers) == []
    first, second = answers.answers
    assert first["topic_id"] == "0" and first["run_id"] == "dragon-baseline"
    assert first["references"][0] == "11"
    assert second["run_id"] == "dragon-baseline" and second["references"][0] == "42"
    json.dumps(answers.answers)


def test_demo_step_keeps_running_and_skips_without_hub(
    hub_dir: Path, tmp_path: Path, capsys: object
) -> None:
    ctx = DemoContext(workdir=tmp_path, keep_running=True, artifacts={"hub": str(hub_dir)})
    demo.run(ctx)
    try:
        url = ctx.artifacts["rag_url"]
        assert httpx.get(url + "/healthz").json()["pipelines"] == ["baseline", "bm25-top3"]
    finally:
        ctx.artifacts["rag_server"].stop()
    empty = DemoContext(workdir=tmp_path)
    demo.run(empty)
    assert "skipping the RAG service" in capsys.readouterr().out  # type: ignore[attr-defined]
    assert empty.artifacts == {}
