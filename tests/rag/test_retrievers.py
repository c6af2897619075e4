"""The retriever registry: every kind builds from a config, saves, and loads back the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.rag.config import RETRIEVERS, PipelineConfig
from dragon_bench.rag.retrievers import RETRIEVER_KINDS, load_retriever, make_retriever
from dragon_bench.types import Segment

SEGMENTS = [
    Segment(
        id="a:0",
        doc_id="a",
        text="Мэр Москвы Сергей Собянин открыл станцию метро.",
        start_char=0,
        end_char=48,
    ),
    Segment(
        id="b:0",
        doc_id="b",
        text="Губернатор Самарской области посетил завод.",
        start_char=0,
        end_char=43,
    ),
    Segment(
        id="c:0",
        doc_id="c",
        text="Сборная России выиграла чемпионат по хоккею.",
        start_char=0,
        end_char=44,
    ),
]


def test_the_config_accepts_exactly_the_registered_kinds() -> None:
    assert RETRIEVERS == tuple(RETRIEVER_KINDS) == ("bm25", "dense", "hybrid")
    with pytest.raises(BadInputError, match="retriever 'nope'"):
        PipelineConfig(retriever="nope")


@pytest.mark.parametrize("kind", sorted(RETRIEVER_KINDS))
def test_every_kind_round_trips_through_save_and_load(kind: str, tmp_path: Path) -> None:
    retriever = make_retriever(PipelineConfig(retriever=kind))
    retriever.index(SEGMENTS)
    before = [(c.docid, round(c.score, 6)) for c in retriever.search("мэр Москвы метро", 3)]
    assert before[0][0] == "a"
    retriever.save(tmp_path / "idx")
    assert json.loads((tmp_path / "idx" / "meta.json").read_text())["kind"] == kind
    loaded = load_retriever(tmp_path / "idx")
    assert type(loaded) is type(retriever)
    assert [(c.docid, round(c.score, 6)) for c in loaded.search("мэр Москвы метро", 3)] == before


def test_a_folder_of_an_unknown_kind_is_refused(tmp_path: Path) -> None:
    (tmp_path / "meta.json").write_text(json.dumps({"kind": "magic"}))
    with pytest.raises(BadInputError, match="unknown kind 'magic'"):
        load_retriever(tmp_path)
    with pytest.raises(BadInputError, match="no meta.json"):
        load_retriever(tmp_path / "missing")
