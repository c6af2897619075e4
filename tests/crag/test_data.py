"""The CRAG loader: both schema variants, query times, "nan" answers, pages to documents."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from dragon_bench.crag.data import iter_examples, parse_query_time, read_examples
from dragon_bench.crag.pages import example_documents
from dragon_bench.errors import BadInputError
from tests.crag import records


@pytest.mark.parametrize("name", ["crag.jsonl", "crag.jsonl.bz2"])
def test_both_schema_variants(tmp_path: Path, name: str) -> None:
    ex = {e.interaction_id: e for e in read_examples(records.write(tmp_path / name))}
    assert ex["q1"].alt_answers == ("Moskva",)
    assert ex["q1"].popularity == "head"
    assert ex["q1"].ground_truths == ("Moscow", "Moskva")
    assert ex["q5"].alt_answers == ("Some One", "someone else")
    assert ex["q5"].popularity is None and ex["q5"].split == 1
    assert ex["q6"].answer == "" and not ex["q6"].answerable
    assert ex["q1"].search_results[0].page_name == "Moscow - facts"


def test_query_time_is_pacific() -> None:
    when = parse_query_time("02/28/2024, 10:04:54 PT")
    assert when is not None
    # 28 February is standard time, UTC-8 (checked against the tz database by hand).
    assert when.astimezone(UTC) == datetime(2024, 2, 28, 18, 4, 54, tzinfo=UTC)
    summer = parse_query_time("07/01/2024, 12:00:00 PT")
    assert summer is not None and summer.astimezone(UTC).hour == 19
    assert parse_query_time("") is None
    with pytest.raises(ValueError, match="MM/DD/YYYY"):
        parse_query_time("2024-02-28")


def test_streaming_can_drop_pages_and_stop_early(tmp_path: Path) -> None:
    path = records.write(tmp_path / "crag.jsonl")
    it = iter_examples(path, search_results=False, limit=2)
    assert [e.interaction_id for e in it] == ["q1", "q2"]
    assert all(not e.search_results for e in iter_examples(path, search_results=False))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "2: not JSON"),
        ('{"interaction_id": "x", "query": "q"}', "2: CRAG record lacks answer"),
        ('{"interaction_id": "q1", "query": "q", "answer": "a"}', "2: interaction_id 'q1' repeats"),
        (
            '{"interaction_id": "z", "query": "q", "answer": "a", "query_time": "yesterday"}',
            "2: query_time",
        ),
    ],
)
def test_bad_lines_name_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = records.write(tmp_path / "crag.jsonl", records.records()[:1])
    path.write_text(path.read_text() + line + "\n")
    with pytest.raises(BadInputError, match=message):
        read_examples(path)


def test_pages_become_documents(tmp_path: Path) -> None:
    (q4,) = [
        e for e in read_examples(records.write(tmp_path / "c.jsonl")) if e.interaction_id == "q4"
    ]
    docs = example_documents(q4)
    assert [d.id for d in docs] == ["q4/0", "q4/1"]
    assert "capital of Russia" in docs[0].text
    assert "Home | About" not in docs[0].text and "Copyright" not in docs[0].text
    assert docs[0].title == "Moscow - facts" and docs[0].source == "example.org"
    assert docs[0].published_at == datetime(2024, 2, 28, 10, 0, tzinfo=UTC)
    assert docs[1].text == "Yauza is a river"  # empty HTML: the snippet, tags stripped
    assert len(example_documents(q4, max_pages=1)) == 1


def test_reads_the_published_sample(crag_sample: Path) -> None:
    examples = read_examples(crag_sample)
    assert len(examples) == 10
    assert sum(not e.answerable for e in examples) == 1  # the "nan" answer
    assert all(len(e.search_results) == 5 for e in examples)
    assert {e.domain for e in examples} == {"open", "finance", "movie", "sports"}
    first = examples[0]
    assert first.query_time_raw == "02/28/2024, 10:04:54 PT" and first.answer == "yes"
    doc = example_documents(first, max_pages=1)[0]
    assert doc.title.startswith("Office 2019 vs. Office 2016") and len(doc.text) > 500


def test_page_text_cache_skips_extraction(tmp_path: Path, monkeypatch) -> None:
    from dragon_bench.crag import pages

    (q1, *_) = read_examples(records.write(tmp_path / "c.jsonl"))
    cache = pages.PageTextCache(tmp_path / "cache")
    first = example_documents(q1, cache=cache)
    calls = []
    monkeypatch.setattr(pages, "html_to_text", lambda html: calls.append(html) or "changed")
    again = example_documents(q1, cache=pages.PageTextCache(tmp_path / "cache"))
    assert again == first and calls == []
