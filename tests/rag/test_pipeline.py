"""Dense and hybrid retrieval, pipeline configs, saved pipelines, and a pipeline under client.run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from dragon_bench.client import run
from dragon_bench.client.run import run_system
from dragon_bench.errors import BadInputError
from dragon_bench.llm import LLMClient
from dragon_bench.rag import Candidate, segment_texts
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.dense import APIEncoder, DenseRetriever
from dragon_bench.rag.hybrid import reciprocal_rank_fusion
from dragon_bench.rag.pipeline import Pipeline
from dragon_bench.rag.retrievers import load_retriever

TEXTS = {
    1: "Футбольный клуб «Зенит» выиграл чемпионат России. Тренер команды доволен.",
    2: "Президент Барак Обама и его жена Мишель купили дом в Вашингтоне.",
    3: "Компания Яндекс открыла новый офис в Казани. В нём будут работать программисты.",
    4: "На Урале выпал снег. Синоптики обещают морозы до минус тридцати градусов.",
}


def test_rrf_matches_hand_computation() -> None:
    a = [Candidate("x", 9, ""), Candidate("y", 8, "")]
    b = [Candidate("y", 1, ""), Candidate("z", 0.5, "")]
    fused = reciprocal_rank_fusion([a, b], k=60)
    assert [c.docid for c in fused] == ["y", "x", "z"]
    assert fused[0].score == pytest.approx(1 / 62 + 1 / 61)
    assert fused[2].score == pytest.approx(1 / 62)


def test_navec_dense_retrieval_and_roundtrip(tmp_path: Path) -> None:
    r = DenseRetriever()
    r.index(segment_texts([(str(k), v) for k, v in TEXTS.items()]))
    assert r.search("погода холод снегопад", 2)[0].docid == "4"
    assert r.search("футбол", 1)[0].docid == "1"
    r.save(tmp_path / "d")
    loaded = load_retriever(tmp_path / "d")
    assert [c.docid for c in loaded.search("футбол", 4)] == [c.docid for c in r.search("футбол", 4)]
    assert r.search("   ", 3) == []


def test_api_embeddings_encoder(llm_server: Any, tmp_path: Path) -> None:
    llm = LLMClient(llm_server.settings(tmp_path))
    r = DenseRetriever(APIEncoder(llm))
    r.index(segment_texts([(str(k), v) for k, v in TEXTS.items()]))
    assert r.matrix.shape[0] == len(r.table)
    np.testing.assert_allclose(np.linalg.norm(r.matrix, axis=1), 1.0, rtol=1e-5)
    # the fake server's embedding of a text equal to a segment is that segment's vector
    seg = r.table.segments[0]
    assert r.search(seg.text, 1)[0].docid == seg.doc_id


@pytest.mark.parametrize("retriever", ["bm25", "dense", "hybrid"])
def test_pipeline_answers_and_reloads(retriever: str, tmp_path: Path) -> None:
    p = Pipeline.build(TEXTS, PipelineConfig(retriever=retriever, found_k=2))
    ans = p.answer("7", "Где Яндекс открыл новый офис?")
    assert ans.found_ids[0] == 3 and len(ans.found_ids) <= 2
    assert ans.model_answer == "Казань"  # the entity in its normal form
    assert ans.to_trec()["answer"][0]["citations"] == [0]
    p.save(tmp_path / "p")
    again = Pipeline.load(tmp_path / "p", reranker="none")
    assert again.config.reranker == "none" and again.config.retriever == retriever
    assert again.answer("7", "Где Яндекс открыл новый офис?").found_ids[0] == 3


def test_config_files_and_errors(tmp_path: Path) -> None:
    f = tmp_path / "p.yaml"
    f.write_text("pipeline:\n  retriever: hybrid\n  top_k: 3\n  reranker: none\n")
    cfg = PipelineConfig.from_file(f)
    assert (cfg.retriever, cfg.top_k, cfg.reranker) == ("hybrid", 3, "none")
    (tmp_path / "p.json").write_text(json.dumps(cfg.to_dict()))
    assert PipelineConfig.from_file(tmp_path / "p.json") == cfg
    f.write_text("retriever: bm25\ntopk: 3\n")
    with pytest.raises(BadInputError, match="unknown setting.*topk"):
        PipelineConfig.from_file(f)
    with pytest.raises(BadInputError, match="retriever 'splade'"):
        PipelineConfig(retriever="splade")
    with pytest.raises(BadInputError, match="top_k=.x. is not a int"):
        PipelineConfig.from_dict({"top_k": "x"})


def test_llm_pipeline_needs_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DRAGON_LLM_BASE_URL", raising=False)
    with pytest.raises(BadInputError, match="DRAGON_LLM_BASE_URL"):
        Pipeline(PipelineConfig(generator="llm"))


def test_pipeline_under_client_run_keeps_partial_results(llm_server: Any, tmp_path: Path) -> None:
    llm = LLMClient(llm_server.settings(None))

    def reply(body: dict[str, Any]) -> Any:
        question = body["messages"][1]["content"]
        if "снег" in question:
            return (500, {"error": "down"})  # this one keeps failing after the retries
        return json.dumps({"answer": "ответ", "sentences": [{"text": "ответ", "citations": [1]}]})

    llm_server.reply = reply
    p = Pipeline.build(TEXTS, PipelineConfig(generator="llm", reranker="none"), llm=llm)
    questions = {0: "Кто купил дом в Вашингтоне?", 1: "Где выпал снег?", 2: ""}
    outcome = run_system(p, questions, progress=False, concurrency=2)
    assert set(outcome.failures) == {"1"}
    assert (
        outcome.results["0"]["found_ids"][0] == 2
        and outcome.results["0"]["model_answer"] == "ответ"
    )
    assert outcome.results["2"] == {"found_ids": [], "model_answer": ""}
    results = run(lambda q: p.answer("", q), {0: questions[0]}, progress=False)
    assert results["0"]["model_answer"] == "ответ"


def test_trec_request_roundtrip_and_errors() -> None:
    from dragon_bench.rag.trec import parse_request, request_json

    p = Pipeline.build(TEXTS, PipelineConfig(reranker="none"))
    hits = p.search("Где Яндекс открыл офис?", 3)
    req = request_json("q7", "Где Яндекс открыл офис?", hits)
    assert parse_request(req).candidates == tuple(Candidate(c.docid, c.score, c.text) for c in hits)
    answer = p.answer_request(req).to_trec()
    assert answer["topic_id"] == "q7" and answer["references"][0] == "3"
    assert answer["answer"][0]["text"] == "Казань"
    only_query = p.answer_request({"query": {"qid": "1", "text": "Кто купил дом в Вашингтоне?"}})
    assert only_query.found_ids[0] == 2
    with pytest.raises(BadInputError, match="lacks docid"):
        parse_request({"query": "x", "candidates": [{"score": 1}]})
    with pytest.raises(BadInputError, match="query must be"):
        parse_request({"query": 5})


def test_other_languages_and_long_texts() -> None:
    texts = {
        1: "The quick brown fox jumps over the lazy dog. " * 3,
        2: "Я" * 50_000,  # one enormous word-like run without punctuation
        3: " ".join(f"Событие номер {i} случилось." for i in range(3000))
        + " Столица Франции — Париж.",
        4: "",
    }
    p = Pipeline.build(texts, PipelineConfig(reranker="none"))
    assert p.answer("0", "quick brown fox").found_ids[0] == 1
    assert p.answer("1", "столица Франции").found_ids[0] == 3
    assert p.answer("2", "?!").found_ids == []


def test_builtin_pipelines_are_valid() -> None:
    from dragon_bench.rag.config import builtin_pipelines

    assert {"baseline", "hybrid", "llm"} <= set(builtin_pipelines())
    assert PipelineConfig.named("baseline") == PipelineConfig()  # the file states the defaults
    assert PipelineConfig.named("llm").needs_llm
    with pytest.raises(BadInputError, match="no pipeline config 'nope'"):
        PipelineConfig.named("nope")


def test_sentence_transformers_is_an_optional_extra() -> None:
    import importlib.util

    from dragon_bench.errors import MissingExtraError
    from dragon_bench.rag.dense import make_encoder

    if importlib.util.find_spec("sentence_transformers") is not None:
        pytest.skip("the dense extra is installed here")
    with pytest.raises(MissingExtraError, match=r"dragon-bench\[dense\]"):
        make_encoder("st:/models/multilingual-e5-small")
    with pytest.raises(MissingExtraError, match="dense"):
        Pipeline(PipelineConfig(reranker="cross-encoder", reranker_model="/models/bge-reranker"))
