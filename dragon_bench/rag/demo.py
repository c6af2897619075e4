"""Demo step: serve two pipelines over the demo revision, ask `/v1/rag` twice (retrieving itself,
then with explicit candidates), print the TREC RAG 2024 answers and validate them."""

from __future__ import annotations

import time
from typing import Any

import httpx

from dragon_bench.client.load import load
from dragon_bench.demo import DemoContext
from dragon_bench.errors import BadInputError
from dragon_bench.output import stdout
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.registry import BASELINE, PipelineSpec, build_registry
from dragon_bench.rag.service import RagServer, create_app
from dragon_bench.rag.trec_answer import AnswerFile, check_answers, write_answers

__all__ = ["run"]


def _show(answer: dict[str, Any], segments: dict[str, str]) -> None:
    stdout.print(f"  [bold]{answer['topic_id']}[/bold] {answer['topic']}", highlight=False)
    for s in answer["answer"]:
        cited = ", ".join(answer["references"][c] for c in s["citations"]) or "none"
        stdout.print(f"    → {s['text']!r}  cites texts {cited}", highlight=False, markup=False)
    for c in sorted({c for s in answer["answer"] for c in s["citations"]}):
        docid = answer["references"][c]
        text = " ".join(segments.get(docid, "").split())
        stdout.print(f"      [{c}] text {docid}: {text[:110]}…", highlight=False, markup=False)
    stdout.print(
        f"    run_id {answer['run_id']}, {len(answer['references'])} references, "
        f"{answer['response_length']} words",
        highlight=False,
    )


def _take(answer: dict[str, Any], segments: dict[str, str]) -> dict[str, Any]:
    """Print an extended answer and return its TREC RAG 2024 part."""
    ext = answer.pop("dragon", {})
    segments.update({c["docid"]: c["doc"]["segment"] for c in ext.get("candidates", [])})
    _show(answer, segments)
    return answer


def run(ctx: DemoContext) -> None:
    """Start the service over ctx.artifacts["hub"], ask it, validate, stop (or keep it running)."""
    hub = ctx.artifacts.get("hub")
    if not hub:
        stdout.print("no revision from an earlier step (artifact 'hub'): skipping the RAG service")
        return

    start = time.perf_counter()
    revision = load(hub=str(hub), version=str(ctx.artifacts.get("version") or "latest"))
    plain = PipelineConfig(reranker="none", top_k=3, run_id="bm25-top3")
    registry = build_registry(
        [BASELINE, PipelineSpec("bm25-top3", config=plain, source="demo")], revision
    )
    app = create_app(registry, version=revision.version, texts=len(revision.texts), timeout=30)
    server = RagServer(app).start()
    try:
        stdout.print(
            f"RAG service on {server.url} (OpenAPI at /docs): pipelines "
            f"{', '.join(registry.names())} over {len(revision.texts)} texts of "
            f"revision {revision.version}"
        )
        answers: list[dict[str, Any]] = []
        segments: dict[str, str] = {}
        with httpx.Client(base_url=server.url, timeout=30) as http:
            questions = sorted(revision.questions.items())
            if not questions:
                raise BadInputError(f"revision {revision.version} has no questions to ask")
            qid, text = questions[0]
            stdout.print("POST /v1/rag (no candidates: the pipeline retrieves them):")
            reply = http.post(
                "/v1/rag?extended=true", json={"query": {"qid": str(qid), "text": text}}
            )
            reply.raise_for_status()
            answers.append(_take(reply.json(), segments))

            qid2, text2 = questions[min(1, len(questions) - 1)]
            found = http.post("/v1/search", json={"query": text2, "k": 3}).json()
            request = {
                "query": {"qid": str(qid2), "text": text2},
                "candidates": found["candidates"],
            }
            stdout.print(
                f"POST /v1/rag with {len(found['candidates'])} explicit candidates "
                "(from /v1/search):"
            )
            reply = http.post("/v1/rag?extended=true", json=request)
            reply.raise_for_status()
            answers.append(_take(reply.json(), segments))
        out = ctx.workdir / "rag-answers.jsonl"
        data = AnswerFile(answers, list(range(1, len(answers) + 1)), "jsonl")
        write_answers(data, out)
        problems = check_answers(data)
        errors = [p for p in problems if p.level == "error"]
        verdict = "valid TREC RAG 2024" if not errors else f"{len(errors)} error(s)"
        stdout.print(
            f"{len(answers)} answers → {out} ({verdict}; check with `dragon rag validate {out}`)"
        )
        for p in problems:
            stdout.print(f"  {p}", markup=False)
        stdout.print(f"took {time.perf_counter() - start:.1f} s")
        if ctx.keep_running:
            ctx.artifacts["rag_url"] = server.url
            ctx.artifacts["rag_server"] = server
            stdout.print(f"the RAG service keeps running on {server.url}")
            stdout.print(f"  e.g. curl -s {server.url}/v1/pipelines | jq", markup=False)
        ctx.artifacts["rag_answers"] = str(out)
    except BaseException:
        server.stop()
        raise
    if not ctx.keep_running:
        server.stop()
        stdout.print("RAG service stopped")
