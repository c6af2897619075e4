"""The release demo step on a few built-in documents, with the real natasha extraction."""

from __future__ import annotations

from pathlib import Path

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub
from dragon_bench.release import demo


def test_demo_builds_revision_1_0_0(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    ctx = DemoContext(workdir=tmp_path)
    ctx.artifacts["documents"] = read_documents(builtin_corpus_path())[:6]
    demo.run(ctx)
    assert ctx.artifacts["version"] == "1.0.0"
    hub = Hub(ctx.artifacts["hub"])
    assert hub.versions() == ["1.0.0"]
    assert hub.read_manifest("public", "1.0.0")["counts"]["texts"] == 6
    out = capsys.readouterr().out
    assert "revision 1.0.0" in out and "simple" in out


def test_parallel_extraction_gives_the_same_triples() -> None:
    from dragon_bench.release.build import extract

    docs = read_documents(builtin_corpus_path())[10:15]
    assert extract(docs, "natasha", None, workers=2) == extract(docs, "natasha", None)
