"""The KG stage with a triple checkpoint: same triples, resumes, and `dragon update` keeps one."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.engine import LocalEngine
from dragon_bench.engine.stages import kg_stage
from dragon_bench.engine.update import run_update
from dragon_bench.hub import Hub
from dragon_bench.kg import extract_triples
from dragon_bench.kg.checkpoint import TripleCheckpoint, extraction_settings
from tests.engine.updating import config_for, make_base_hub, serve_demo
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
    news_server: NewsServer, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    cache = tmp_path_factory.mktemp("kg-base") / "hub"
    feed = serve_demo(news_server)
    first = run_update(config_for(tmp_path, make_base_hub(tmp_path / "hub", cache), feed))
    increment = first["documents"]["increment"]
    assert first["version"] == "1.1.0" and increment > 0
    state = tmp_path / "state"
    cp = TripleCheckpoint(state / "kg-checkpoint")
    assert cp.documents(extraction_settings("natasha")) == increment

    # As if the first update had been killed after extraction: a hub without 1.1.0, the same
    # state folder; the rerun takes every triple from the checkpoint.
    said: list[str] = []
    hub = make_base_hub(tmp_path / "hub-again", cache)
    again = run_update(config_for(tmp_path, hub, None, state_dir=state), log=said.append)
    assert f"resuming: {increment} of {increment} documents already extracted" in said
    assert again["version"] == "1.1.0" and again["triples"] == first["triples"]
    qa = [
        Hub(str(p)).read_table("private", "1.1.0", "qa").to_pylist()
        for p in (tmp_path / "hub", hub)
    ]
    assert qa[0] == qa[1]
