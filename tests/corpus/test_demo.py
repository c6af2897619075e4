"""The built-in corpus and the corpus demo step."""

from __future__ import annotations

from pathlib import Path

from dragon_bench.corpus import builtin_corpus_path, dedup_documents, read_documents
from dragon_bench.corpus.demo import run
from dragon_bench.demo import DemoContext


def test_builtin_corpus_shape() -> None:
    docs = read_documents(builtin_corpus_path())
    assert len(docs) == 40
    assert all(d.title and d.published_at and d.url for d in docs)
    assert sum("назначен" in d.text for d in docs) >= 3  # facts for the KG step
    assert sum("расположен" in d.text for d in docs) >= 10
    assert sum("родил" in d.text for d in docs) >= 5
    result = dedup_documents(docs)
    # The five planted reprints and nothing else.
    assert sorted(sorted(c.members) for c in result.clusters) == [
        ["demo-001", "demo-036"],
        ["demo-009", "demo-037"],
        ["demo-016", "demo-038"],
        ["demo-022", "demo-039"],
        ["demo-030", "demo-040"],
    ]


def test_demo_step(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    ctx = DemoContext(workdir=tmp_path)
    run(ctx)
    out = capsys.readouterr().out
    assert "40 documents" in out and "5 duplicates in 5 clusters" in out
    assert len(ctx.artifacts["documents"]) == 35
    segments = ctx.artifacts["segments"]
    texts = {d.id: d.full_text for d in ctx.artifacts["documents"]}
    assert segments and all(texts[s.doc_id][s.start_char : s.end_char] == s.text for s in segments)
    assert Path(ctx.artifacts["store"]).is_dir()
    assert isinstance(ctx.artifacts["snapshot"], str)
