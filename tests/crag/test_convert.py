"""A revision served as a CRAG task: records readable by the CRAG loader, gold pages included."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pytest
from typer.testing import CliRunner

from dragon_bench.cli import app
from dragon_bench.crag.convert import iter_revision_records, write_revision_crag
from dragon_bench.crag.data import read_examples
from dragon_bench.crag.pages import example_documents
from dragon_bench.hub import Hub

TEXTS = {
    "a": "Собянин открыл станцию метро\nМэр Москвы Сергей Собянин открыл станцию метро «Нагатинский затон».",
    "b": "В Казани прошёл фестиваль\nФестиваль уличной еды прошёл в Казани в субботу.",
    "c": "Погода в Москве\nВ Москве ожидается снег и мороз до минус десяти градусов.",
    "d": "Курс рубля\nЦентробанк установил курс доллара на уровне 90 рублей.",
}
PUBLIC_ID = {"a": 41, "b": 7, "c": 13, "d": 2}


@pytest.fixture
def hub(tmp_path: Path) -> Hub:
    h = Hub(str(tmp_path / "hub"))
    public = {
        "texts": pa.table({"id": [PUBLIC_ID[k] for k in TEXTS], "text": list(TEXTS.values())}),
        "questions": pa.table({"id": [0, 1], "question": ["q0", "q1"]}),
    }
    private = {
        "texts": pa.table({"id": list(TEXTS), "public_id": [PUBLIC_ID[k] for k in TEXTS]}),
        "qa": pa.table(
            {
                "id": [0, 1],
                "question": [
                    "Какую станцию метро открыл мэр Москвы?",
                    "Где прошёл фестиваль уличной еды?",
                ],
                "answer": ["Нагатинский затон", "в Казани"],
                "answers": [["Нагатинский затон"], ["в Казани"]],
                "type": ["simple", "multi_hop"],
                "text_ids": [["a"], ["d"]],  # question 1 points at a text BM25 ranks last
            }
        ),
    }
    h.write_revision("1.0.0", public, private)
    return h


def test_records_have_gold_and_bm25_pages(hub: Hub) -> None:
    first, second = iter_revision_records(hub, pages=2)
    assert first["interaction_id"] == "dragon-1.0.0-0"
    assert first["search_results"][0]["page_url"] == "dragon://1.0.0/texts/41"
    assert first["search_results"][0]["page_name"] == "Собянин открыл станцию метро"
    assert first["question_type"] == "simple" and second["question_type"] == "multi-hop"
    urls = [p["page_url"] for p in second["search_results"]]
    # The supporting text is kept even though BM25 prefers the Kazan text.
    assert urls == ["dragon://1.0.0/texts/7", "dragon://1.0.0/texts/2"]
    assert first["query_time"].endswith(" PT")


def test_written_file_reads_back(hub: Hub, tmp_path: Path) -> None:
    out = tmp_path / "rev.jsonl.bz2"
    assert write_revision_crag(hub, out, pages=3) == 2
    examples = read_examples(out)
    assert [len(e.search_results) for e in examples] == [3, 3]
    assert examples[0].answer == "Нагатинский затон" and examples[0].query_time is not None
    docs = example_documents(examples[0])
    assert "Нагатинский затон" in docs[0].text and docs[0].title.startswith("Собянин")


def test_cli_convert(hub: Hub, tmp_path: Path) -> None:
    out = tmp_path / "rev.jsonl"
    r = CliRunner().invoke(
        app, ["crag", "convert", "--hub", hub.url, "--out", str(out), "--format", "json"]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {"questions": 2, "pages": 5, "out": str(out)}
    assert len(read_examples(out)[0].search_results) == 4  # only 4 texts exist
