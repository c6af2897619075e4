"""The triple checkpoint: exact round trip, resuming, damaged shards, LLM failures not cached."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.kg import extract_triples
from dragon_bench.kg.checkpoint import (
    TripleCheckpoint,
    extraction_settings,
    extractor_identity,
    text_key,
)
from dragon_bench.llm import LLMClient
from dragon_bench.types import Document, Triple


@pytest.fixture(scope="module")
def docs() -> list[Document]:
    return read_documents(builtin_corpus_path())[:6]


@pytest.fixture(scope="module")
def reference(docs: list[Document]) -> list[Triple]:
    """Triples of an extraction without any checkpoint (the result to reproduce)."""
    found = extract_triples(docs)
    assert found, "the built-in documents give triples"
    return found


def _shards(root: Path) -> list[Path]:
    return sorted(root.glob("*/shard-*.jsonl"))


def test_round_trip_gives_the_same_triples(
    docs: list[Document], reference: list[Triple], tmp_path: Path
) -> None:
    stats: dict[str, Any] = {}
    first = extract_triples(docs, checkpoint=TripleCheckpoint(tmp_path), stats=stats)
    assert first == reference and stats == {"documents": 6, "resumed": 0, "extracted": 6}
    messages: list[str] = []
    again = extract_triples(
        docs, checkpoint=TripleCheckpoint(tmp_path), stats=stats, log=messages.append
    )
    assert again == reference  # dataclass equality: every field, spans included
    assert all(type(t.subject_span) is tuple and type(t.sentence_span) is tuple for t in again)
    assert stats == {"documents": 6, "resumed": 6, "extracted": 0}
    assert messages == ["resuming: 6 of 6 documents already extracted"]


def test_doc_id_comes_from_the_document_not_the_store(
    docs: list[Document], reference: list[Triple], tmp_path: Path
) -> None:
    cp = TripleCheckpoint(tmp_path)
    extract_triples(docs[:1], checkpoint=cp)
    renamed = Document(id="renamed", title=docs[0].title, text=docs[0].text)
    stats: dict[str, Any] = {}
    found = extract_triples([renamed], checkpoint=cp, stats=stats)
    assert stats["resumed"] == 1
    assert found == [
        Triple(**{**{k: getattr(t, k) for k in Triple.__slots__}, "doc_id": "renamed"})  # type: ignore[attr-defined]
        for t in reference
        if t.doc_id == docs[0].id
    ]


def test_resume_extracts_only_the_rest_in_order(
    docs: list[Document], reference: list[Triple], tmp_path: Path
) -> None:
    cp = TripleCheckpoint(tmp_path)
    extract_triples([docs[1], docs[4]], checkpoint=cp)
    stats: dict[str, Any] = {}
    messages: list[str] = []
    found = extract_triples(docs, checkpoint=cp, stats=stats, log=messages.append, workers=2)
    assert found == reference
    assert stats == {"documents": 6, "resumed": 2, "extracted": 4}
    assert messages == ["resuming: 2 of 6 documents already extracted"]
    assert TripleCheckpoint(tmp_path).documents(extraction_settings("natasha")) == 6


@pytest.mark.parametrize(
    "damage",
    ["cut-mid-line", "cut-at-line", "garbage", "bad-span", "other-settings", "empty"],
)
def test_a_damaged_shard_is_skipped_and_reported(
    docs: list[Document], reference: list[Triple], tmp_path: Path, damage: str
) -> None:
    cp = TripleCheckpoint(tmp_path)
    extract_triples(docs[:3], checkpoint=cp)  # one shard of three documents
    (shard,) = _shards(tmp_path)
    text = shard.read_text(encoding="utf-8")
    lines = text.split("\n")
    if damage == "cut-mid-line":
        shard.write_text(text[: len(text) // 2], encoding="utf-8")
    elif damage == "cut-at-line":  # whole lines, but the end marker is missing
        shard.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    elif damage == "garbage":
        shard.write_bytes(b"\x00\xff not json at all")
    elif damage == "bad-span":
        entry = json.loads(lines[1])
        entry["triples"][0][5] = ["a", 1]
        lines[1] = json.dumps(entry)
        shard.write_text("\n".join(lines), encoding="utf-8")
    elif damage == "other-settings":
        header = json.loads(lines[0])
        header["settings"]["extractor"] = "0" * 16
        lines[0] = json.dumps(header)
        shard.write_text("\n".join(lines), encoding="utf-8")
    else:
        shard.write_text("", encoding="utf-8")
    warned: list[str] = []
    reader = TripleCheckpoint(tmp_path, warn=warned.append)
    stats: dict[str, Any] = {}
    found = extract_triples(docs, checkpoint=reader, stats=stats)
    assert found == reference
    if damage == "bad-span":  # the shard is whole; only the damaged document is redone
        assert stats["resumed"] == 2 and stats["extracted"] == 4
        assert len(warned) == 1 and "damaged" in warned[0]
    else:
        assert stats["resumed"] == 0 and stats["extracted"] == 6
        assert len(warned) == 1 and str(shard) in warned[0]
    assert reader.problems == warned


def test_settings_separate_extractors_and_models(tmp_path: Path) -> None:
    cp = TripleCheckpoint(tmp_path)
    natasha = extraction_settings("natasha")
    assert natasha == {"backend": "natasha", "extractor": extractor_identity("natasha")}
    a, b = extraction_settings("llm", "model-a"), extraction_settings("llm", "model-b")
    assert len({cp.folder(natasha), cp.folder(a), cp.folder(b)}) == 3
    assert cp.folder(a) == TripleCheckpoint(tmp_path).folder(extraction_settings("llm", "model-a"))
    doc = Document(id="d", text="x")
    assert text_key(doc) != text_key(Document(id="d", text="x "))  # spans index the exact text


def test_record_rejects_mismatched_lengths(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="2 documents but 1"):
        TripleCheckpoint(tmp_path).record(
            [Document(id="a", text="x"), Document(id="b", text="y")], [[]], {"backend": "x"}
        )


def test_llm_failures_are_not_checkpointed(llm_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    good = Document(id="g", title="Отставка", text="Мишель Барнье подал в отставку.")
    bad = Document(id="b", title="Погода", text="В Москве выпал снег.")
    reply = {
        "triplets": [
            {"subject": "Мишель Барнье", "subject_type": "PERSON", "relation": "подал",
             "object": "отставку", "object_type": "EVENT"}
        ]
    }  # fmt: skip

    def script(request: dict[str, Any]) -> str:
        text = [m["content"] for m in request["messages"] if m["role"] == "user"][-1]
        if "Триплеты:" in text:
            return json.dumps({"relations": {"1": "подать"}}, ensure_ascii=False)
        if "Барнье" in text.split("Текст:")[-1]:
            return json.dumps(reply, ensure_ascii=False)
        return "не JSON"

    llm_server.reply = script
    client = LLMClient(llm_server.settings(None))  # no reply cache: count real calls
    cp = TripleCheckpoint(tmp_path)
    stats: dict[str, Any] = {}
    first = extract_triples([good, bad], backend="llm", llm=client, checkpoint=cp, stats=stats)
    assert [(t.doc_id, t.relation, t.extractor) for t in first] == [("g", "подать", "llm")]
    assert extract_triples([good, bad], backend="llm", llm=client) == first  # same as unchecked
    calls = len(llm_server.chat_requests())
    again = extract_triples([good, bad], backend="llm", llm=client, checkpoint=cp, stats=stats)
    assert again == first and stats["resumed"] == 1 and stats["extracted"] == 1
    asked = [r for r in llm_server.chat_requests()[calls:]]
    assert asked and all("Барнье" not in json.dumps(r, ensure_ascii=False) for r in asked)
    other = extraction_settings("llm", "another-model")
    assert cp.lookup([good], other) == {}


def test_kg_extract_command_resumes_from_its_work_dir(
    docs: list[Document],
    reference: list[Triple],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dragon_bench.kg.store import read_triples
    from tests.helpers.cli import dragon

    corpus = tmp_path / "docs.jsonl"
    corpus.write_text(
        "".join(
            json.dumps({"id": d.id, "title": d.title, "text": d.text}, ensure_ascii=False) + "\n"
            for d in docs
        ),
        encoding="utf-8",
    )
    extract_triples(docs[:2], checkpoint=TripleCheckpoint(tmp_path / "work" / "kg"))
    out = tmp_path / "kg.jsonl"
    args = ["kg", "extract", "--corpus", str(corpus), "--out", str(out), "--format", "json"]
    run = dragon(capsys, *args, "--work-dir", str(tmp_path / "work"))
    assert run.returncode == 0, run.stderr
    assert "resuming: 2 of 6 documents already extracted" in run.stderr
    assert json.loads(run.stdout)["extracted"] == 4
    assert read_triples(out) == reference


def test_llm_endpoint_failing_everywhere_is_an_error_not_an_empty_graph(
    llm_server, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from dragon_bench.errors import DragonError

    llm_server.reply = lambda request: "не JSON"
    client = LLMClient(llm_server.settings(None))
    docs = [
        Document(id="a", text="Мишель Барнье подал в отставку."),
        Document(id="b", text="Снег."),
    ]
    with pytest.raises(DragonError, match="no parseable JSON"):
        extract_triples(docs, backend="llm", llm=client, checkpoint=TripleCheckpoint(tmp_path))
    assert not _shards(tmp_path)  # nothing recorded: failures are not cached
