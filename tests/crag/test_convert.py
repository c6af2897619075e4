"""A revision served as a CRAG task: records readable by the CRAG loader, gold pages included."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from dragon_bench.cli import app
from dragon_bench.crag.convert import iter_revision_records, write_revision_crag
from dragon_bench.crag.data import read_examples
from dragon_bench.crag.pages import example_documents
from dragon_bench.hub import Hub


def test_records_have_gold_and_bm25_pages(tiny_hub: Hub) -> None:
    first, second = iter_revision_records(tiny_hub, pages=2)
    assert first["interaction_id"] == "dragon-1.0.0-0"
    assert first["search_results"][0]["page_url"] == "dragon://1.0.0/texts/41"
    assert first["search_results"][0]["page_name"] == "Собянин открыл станцию метро"
    assert first["question_type"] == "simple" and second["question_type"] == "multi-hop"
    urls = [p["page_url"] for p in second["search_results"]]
    # The supporting text is kept even though BM25 prefers the Kazan text.
    assert urls == ["dragon://1.0.0/texts/7", "dragon://1.0.0/texts/2"]
    assert first["query_time"].endswith(" PT")


def test_written_file_reads_back(tiny_hub: Hub, tmp_path: Path) -> None:
    out = tmp_path / "rev.jsonl.bz2"
    assert write_revision_crag(tiny_hub, out, pages=3) == 2
    examples = read_examples(out)
    assert [len(e.search_results) for e in examples] == [3, 3]
    assert examples[0].answer == "Нагатинский затон" and examples[0].query_time is not None
    docs = example_documents(examples[0])
    assert "Нагатинский затон" in docs[0].text and docs[0].title.startswith("Собянин")


def test_cli_convert(tiny_hub: Hub, tmp_path: Path) -> None:
    out = tmp_path / "rev.jsonl"
    r = CliRunner().invoke(
        app, ["crag", "convert", "--hub", tiny_hub.url, "--out", str(out), "--format", "json"]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {"questions": 2, "pages": 5, "out": str(out)}
    assert len(read_examples(out)[0].search_results) == 4  # only 4 texts exist
