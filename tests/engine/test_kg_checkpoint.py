"""The KG stage with a triple checkpoint: same triples, resumes, and `dragon update` keeps one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.engine import LocalEngine
from dragon_bench.engine.stages import kg_stage
from dragon_bench.hub import Hub
from dragon_bench.kg import extract_triples
from dragon_bench.kg.checkpoint import TripleCheckpoint, extraction_settings
from dragon_bench.release.update import run_update
from dragon_bench.types import Document
from tests.helpers.updating import config_for, make_base_hub, serve_demo
from tests.plugins.news_server import NewsServer


def test_kg_stage_resumes_from_a_checkpoint_with_the_same_triples(tmp_path: Path) -> None:
    docs = read_documents(builtin_corpus_path())[:8]
    reference = extract_triples(docs)  # no engine, no checkpoint
    cp = TripleCheckpoint(tmp_path / "kg")
    with LocalEngine(workers=2) as engine:
        assert kg_stage(engine, docs[:3], checkpoint=cp, batch_size=2) == extract_triples(docs[:3])
        said: list[str] = []
        found = kg_stage(engine, docs, checkpoint=cp, batch_size=2, log=said.append)
    assert found == reference
    assert said == ["resuming: 3 of 8 documents already extracted"]
    assert cp.documents(extraction_settings("natasha")) == 8


def test_update_extracts_only_what_its_checkpoint_lacks(
    news_server: NewsServer,
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dragon_bench.release import pipeline, stages

    cache = tmp_path_factory.mktemp("kg-base") / "hub"
    hub = make_base_hub(tmp_path / "hub", cache)
    config = config_for(tmp_path, hub, serve_demo(news_server))
    state = tmp_path / "state"
    cp = TripleCheckpoint(state / "kg-checkpoint")

    def killed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt  # as Ctrl-C (or a kill) right after extraction

    at = pipeline.STAGES.index(stages.novelty)  # the stage after extraction
    pipeline.STAGES[at] = killed
    try:
        with pytest.raises(KeyboardInterrupt):
            run_update(config)
    finally:
        pipeline.STAGES[at] = stages.novelty
    stored = cp.documents(extraction_settings("natasha"))
    assert stored > 0 and Hub(str(hub)).versions() == ["1.0.0"]

    said: list[str] = []
    report = run_update(config, log=said.append)
    assert report["version"] == "1.1.0" and report["documents"]["increment"] == stored
    assert f"resuming: {stored} of {stored} documents already extracted" in said
    assert not cp.root.exists()  # the revision holds the triples now

    # The same update without any checkpoint gives the same revision.
    other = make_base_hub(tmp_path / "hub-ref", cache)
    reference = run_update(config_for(tmp_path / "ref", other, serve_demo(news_server)))
    assert reference["version"] == "1.1.0" and reference["triples"] == report["triples"]
    qa = [Hub(str(p)).read_table("private", "1.1.0", "qa").to_pylist() for p in (hub, other)]
    assert qa[0] == qa[1]


def test_kg_stage_llm_records_only_documents_whose_calls_succeeded(
    llm_server: Any, tmp_path: Path
) -> None:
    good = Document(id="g", title="Отставка", text="Мишель Барнье подал в отставку.")
    bad = Document(id="b", title="Погода", text="В Москве выпал снег.")
    reply = {"triplets": [{"subject": "Мишель Барнье", "relation": "подал", "object": "отставку"}]}

    def script(request: dict[str, Any]) -> str:
        text = [m["content"] for m in request["messages"] if m["role"] == "user"][-1]
        if "Триплеты:" in text:
            return json.dumps({"relations": {"1": "подать"}}, ensure_ascii=False)
        if "Барнье" in text.split("Текст:")[-1]:
            return json.dumps(reply, ensure_ascii=False)
        return "не JSON"

    llm_server.reply = script
    settings = llm_server.settings(None)
    cp = TripleCheckpoint(tmp_path / "kg")
    with LocalEngine() as engine:
        plain = kg_stage(engine, [good, bad], backend="llm", llm_settings=settings)
        found = kg_stage(engine, [good, bad], backend="llm", llm_settings=settings, checkpoint=cp)
        assert found == plain and [t.relation for t in found] == ["подать"]
        assert cp.documents(extraction_settings("llm", settings.model)) == 1
        said: list[str] = []
        again = kg_stage(
            engine,
            [good, bad],
            backend="llm",
            llm_settings=settings,
            checkpoint=cp,
            log=said.append,
        )
    assert again == plain and said == ["resuming: 1 of 2 documents already extracted"]
