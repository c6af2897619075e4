"""The RAG service through FastAPI's TestClient: the four endpoints, pipeline choice, errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.rag.trec_answer import check_answer
from tests.helpers.service_hub import QUESTIONS, TEXTS


def _cand(docid: int, score: float = 0.0) -> dict[str, Any]:
    return {"docid": str(docid), "score": score, "doc": {"segment": TEXTS[docid]}}


def test_health_pipelines_and_openapi(client: Any) -> None:
    health = client.get("/healthz").json()
    assert health == {
        "status": "ok",
        "version": "1.0.0",
        "texts": 4,
        "pipelines": ["baseline", "short"],
        "default": "baseline",
    }
    listed = client.get("/v1/pipelines").json()
    assert listed["default"] == "baseline"
    short = listed["pipelines"][1]
    assert short["name"] == "short" and short["kind"] == "local" and not short["default"]
    assert short["config"]["top_k"] == 1 and short["config"]["run_id"] == "short"
    spec = client.get("/openapi.json").json()
    for path in ("/v1/search", "/v1/rerank", "/v1/generate", "/v1/rag"):
        assert "post" in spec["paths"][path]
    assert "TrecAnswer" in spec["components"]["schemas"]


def test_rag_retrieves_when_no_candidates(client: Any) -> None:
    r = client.post("/v1/rag", json={"query": {"qid": "0", "text": QUESTIONS[0]}})
    assert r.status_code == 200 and r.headers["x-dragon-pipeline"] == "baseline"
    body = r.json()
    assert check_answer(body) == []
    assert set(body) == {"run_id", "topic_id", "topic", "references", "response_length", "answer"}
    assert body["run_id"] == "dragon-baseline" and body["topic_id"] == "0"
    assert body["references"][0] == "11"  # the only text about Obama's house
    assert "Вашингтон" in " ".join(s["text"] for s in body["answer"])
    assert all(c < len(body["references"]) for s in body["answer"] for c in s["citations"])


def test_rag_with_candidates_uses_only_them(client: Any) -> None:
    given = [_cand(7, 3.0), _cand(42, 1.0)]
    r = client.post(
        "/v1/rag?extended=true",
        json={"query": {"qid": "q1", "text": QUESTIONS[1]}, "candidates": given},
    )
    body = r.json()
    assert r.status_code == 200 and check_answer(body) == []
    assert set(body["references"]) <= {"7", "42"}
    assert body["references"][0] == "42"  # the lexical reranker puts the football text first
    assert "Зенит" in body["dragon"]["model_answer"]
    assert body["dragon"]["candidates"][0]["doc"]["segment"] == TEXTS[42]
    assert body["dragon"]["pipeline"] == "baseline"


def test_candidate_text_in_other_places(client: Any) -> None:
    given = [{"docid": 42, "text": TEXTS[42]}, {"docid": "7", "doc": {"text": TEXTS[7]}}]
    body = client.post(
        "/v1/rag?extended=true", json={"query": QUESTIONS[1], "candidates": given}
    ).json()
    segments = {c["docid"]: c["doc"]["segment"] for c in body["dragon"]["candidates"]}
    assert segments == {"42": TEXTS[42], "7": TEXTS[7]}
    assert body["references"][0] == "42"


def test_search_rerank_generate(client: Any) -> None:
    found = client.post("/v1/search", json={"query": "снег на Урале", "k": 2}).json()
    assert found["query"] == {"qid": "", "text": "снег на Урале"}
    assert len(found["candidates"]) <= 2 and found["candidates"][0]["docid"] == "3"
    assert found["candidates"][0]["doc"]["segment"] in TEXTS[3]

    wrong_order = [_cand(11, 5.0), _cand(7, 4.0), _cand(42, 1.0)]
    req = {"query": {"qid": "1", "text": QUESTIONS[1]}, "candidates": wrong_order}
    reranked = client.post("/v1/rerank", json=req).json()
    assert reranked["candidates"][0]["docid"] == "42"
    assert sorted(c["docid"] for c in reranked["candidates"]) == ["11", "42", "7"]

    # generate takes the candidates as given: `short` sends only the first one to the generator
    gen = client.post("/v1/generate?pipeline=short", json=req).json()
    assert gen["references"] == ["11"] and gen["run_id"] == "short"
    assert check_answer(gen) == []


def test_pipeline_chosen_by_query_or_field(client: Any) -> None:
    q = {"query": {"qid": "0", "text": QUESTIONS[0]}}
    by_field = client.post("/v1/rag", json={**q, "pipeline": "short"}).json()
    assert by_field["run_id"] == "short" and len(by_field["references"]) == 1
    by_param = client.post("/v1/rag?pipeline=baseline", json={**q, "pipeline": "short"})
    assert by_param.json()["run_id"] == "dragon-baseline"  # the query parameter wins
    assert by_param.headers["x-dragon-pipeline"] == "baseline"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"query": {"qid": "1", "text": "  "}}, 422, "query.text"),
        ({"candidates": []}, 422, "query: Field required"),
        ({"query": "x", "candidates": {"docid": 1}}, 422, "candidates"),
        ({"query": "x", "candidates": [{"score": 1}]}, 422, "candidates.0.docid"),
        ({"query": "x", "k": 0}, 422, "k"),
        ({"query": "x", "candidates": [{"docid": 1}] * 1001}, 422, "at most 1000 items"),
        (
            {"query": "x", "pipeline": "nope"},
            404,
            "no pipeline named 'nope'; served: baseline, short",
        ),
    ],
)
def test_bad_requests_are_4xx_with_clear_messages(
    client: Any, body: dict[str, Any], status: int, words: str
) -> None:
    path = "/v1/search" if "k" in body else "/v1/rag"
    r = client.post(path, json=body)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]


def test_malformed_json_is_422(client: Any) -> None:
    r = client.post("/v1/rag", content=b'{"query": ', headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"].startswith("bad request")


# ---- LLM pipelines: a generator answering through the scripted OpenAI-compatible server ----------


def _llm_app(llm_server: Any, tmp_path: Path, revision: Any, timeout: float = 30.0) -> Any:
    from fastapi.testclient import TestClient

    from dragon_bench.llm import LLMClient
    from dragon_bench.rag.config import PipelineConfig
    from dragon_bench.rag.registry import PipelineSpec, build_registry
    from dragon_bench.rag.service import create_app

    llm = LLMClient(llm_server.settings(None, max_retries=0, timeout=10.0))
    spec = PipelineSpec("llm-gen", config=PipelineConfig(generator="llm", run_id="llm-gen"))
    registry = build_registry([spec, "baseline"], revision, llm=llm)
    return TestClient(create_app(registry, timeout=timeout))


def test_llm_pipeline_answer_with_citations(llm_server: Any, tmp_path: Path, revision: Any) -> None:
    reply = {"answer": "Зенит", "sentences": [{"text": "Чемпион — «Зенит».", "citations": [2, 9]}]}
    llm_server.reply = lambda _req: json.dumps(reply, ensure_ascii=False)
    client = _llm_app(llm_server, tmp_path, revision)
    given = [_cand(7, 2.0), _cand(42, 1.0)]
    body = client.post(
        "/v1/rag", json={"query": {"qid": "1", "text": QUESTIONS[1]}, "candidates": given}
    ).json()
    # the model cites passage 2 (1-based) of what it was shown; 9 does not exist and is dropped
    shown = llm_server.chat_requests()[-1]["messages"][-1]["content"]
    second = body["references"][1]
    assert TEXTS[int(second)][:20] in shown.split("[2]")[1]
    assert body["answer"] == [{"text": "Чемпион — «Зенит».", "citations": [1]}]
    assert body["run_id"] == "llm-gen" and check_answer(body) == []


def test_pipeline_error_is_500_naming_it(llm_server: Any, tmp_path: Path, revision: Any) -> None:
    llm_server.reply = lambda _req: (500, {"error": {"message": "model exploded"}})
    client = _llm_app(llm_server, tmp_path, revision)
    r = client.post("/v1/rag", json={"query": {"qid": "0", "text": QUESTIONS[0]}})
    assert r.status_code == 500
    err = r.json()
    assert err["pipeline"] == "llm-gen" and err["error"].startswith("pipeline llm-gen failed")


@pytest.mark.slow
def test_slow_pipeline_answers_504_not_a_hang(
    llm_server: Any, tmp_path: Path, revision: Any
) -> None:
    llm_server.reply = lambda _req: llm_server.delay(4.0, '{"answer": "поздно"}')
    client = _llm_app(llm_server, tmp_path, revision, timeout=1.5)
    warm = client.post("/v1/rag?pipeline=baseline", json={"query": QUESTIONS[1]})
    assert warm.status_code == 200  # the baseline's first answer loads its models
    r = client.post("/v1/rag", json={"query": {"qid": "0", "text": QUESTIONS[0]}})
    assert r.status_code == 504
    assert r.json()["error"] == "pipeline llm-gen did not answer within 1.5 s"
    # the other pipeline still answers while the slow one is busy
    ok = client.post("/v1/rag?pipeline=baseline", json={"query": QUESTIONS[0]})
    assert ok.status_code == 200 and ok.json()["references"][0] == "11"
    # the slow one's next request waits for it no longer than the timeout either
    again = client.post("/v1/rag", json={"query": {"qid": "0", "text": QUESTIONS[0]}})
    assert again.status_code in (503, 504) and again.json()["pipeline"] == "llm-gen"
