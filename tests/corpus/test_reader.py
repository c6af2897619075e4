"""Readers: every format, field mapping, NEREL exactness and bad input naming file and line."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from dragon_bench.corpus import FieldMap, iter_documents, read_documents
from dragon_bench.errors import BadInputError

DATA = Path(__file__).parent / "data"


def test_jsonl_reads_fields_and_dates() -> None:
    docs = read_documents(DATA / "good.jsonl")
    assert [d.id for d in docs] == ["a1", "a2"]
    a1 = docs[0]
    assert a1.title == "Заголовок"
    assert a1.full_text == "Заголовок\nПервое предложение. Второе предложение."
    assert a1.published_at == datetime(2026, 3, 1, 10, tzinfo=UTC)
    assert a1.url == "https://example.org/a1"
    assert docs[1].full_text == "Только текст без заголовка."
    assert docs[1].source == "good"  # the file name when the record names no source


def test_csv_with_field_mapping() -> None:
    docs = read_documents(DATA / "good.csv", fields=["id=doc_id", "text=body", "title=headline"])
    assert [(d.id, d.title, d.text) for d in docs] == [
        ("c1", "Новость", "Текст, с запятой."),
        ("c2", "", "Другой текст."),
    ]


def test_field_mapping_rejects_unknown_field() -> None:
    with pytest.raises(BadInputError, match="unknown document field"):
        FieldMap.parse(["body=text"])


def test_parquet(tmp_path: Path) -> None:
    path = tmp_path / "news.parquet"
    pq.write_table(
        pa.table({"id": ["p1", "p2"], "text": ["Раз.", "Два."], "title": ["T1", None]}), path
    )
    docs = read_documents(path)
    assert [(d.id, d.title, d.text) for d in docs] == [("p1", "T1", "Раз."), ("p2", "", "Два.")]


def test_parquet_row_without_text_is_named(tmp_path: Path) -> None:
    path = tmp_path / "news.parquet"
    pq.write_table(pa.table({"id": ["p1", "p2"], "text": ["Раз.", None]}), path)
    with pytest.raises(BadInputError, match=r"news.parquet:2: missing field 'text'"):
        read_documents(path)


def test_brat_folder_keeps_file_content_exactly(tmp_path: Path) -> None:
    (tmp_path / "101_text.txt").write_text("Заголовок\n\nТело новости.\n", encoding="utf-8")
    (tmp_path / "101_text.ann").write_text("T1\tORG 0 9\tЗаголовок\n", encoding="utf-8")
    (tmp_path / "annotation.conf").write_text("[entities]\n", encoding="utf-8")
    (tmp_path / "102.txt").write_text("Без перевода строки", encoding="utf-8")
    docs = {d.id: d for d in read_documents(tmp_path)}
    assert set(docs) == {"101", "102"}
    assert docs["101"].title == "Заголовок"
    assert docs["101"].full_text == "Заголовок\n\nТело новости.\n"
    assert docs["102"].full_text == "Без перевода строки"


def test_nerel_full_text_equals_files(nerel_dev: Path) -> None:
    docs = read_documents(nerel_dev)
    assert len(docs) == 94
    for doc in docs:
        name = (
            f"{doc.id}_text.txt" if (nerel_dev / f"{doc.id}_text.txt").exists() else f"{doc.id}.txt"
        )
        content = (nerel_dev / name).read_text(encoding="utf-8")
        assert doc.full_text == content
        assert doc.title == content.split("\n", 1)[0]
    # An .ann offset applies to full_text unchanged: check every T line of one file.
    ann = next(nerel_dev.glob("*_text.ann"))
    doc = next(d for d in docs if d.id == ann.stem.removesuffix("_text"))
    checked = 0
    for line in ann.read_text(encoding="utf-8").splitlines():
        if line.startswith("T") and ";" not in line.split("\t")[1]:
            _, spec, surface = line.split("\t")
            _, start, end = spec.split(" ")
            assert doc.full_text[int(start) : int(end)] == surface
            checked += 1
    assert checked > 5


def test_html_page_main_text() -> None:
    (doc,) = read_documents(DATA / "page.html")
    assert doc.id == "page"
    assert doc.title == "Мэрия Твери открыла парк"
    assert "340 миллионов рублей" in doc.text
    assert "Меню" not in doc.text and "©" not in doc.text
    assert doc.url == "https://example.org/news/park"


def test_unreadable_html_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "empty.html").write_text("<html><body><div></div></body></html>", encoding="utf-8")
    with pytest.raises(BadInputError, match=r"empty.html: unreadable HTML"):
        read_documents(tmp_path / "empty.html")


def test_malformed_line_names_file_and_line() -> None:
    with pytest.raises(BadInputError, match=r"bad.jsonl:2: malformed JSON"):
        read_documents(DATA / "bad.jsonl")


def test_skip_bad_skips_and_counts() -> None:
    problems: list[BadInputError] = []
    docs = read_documents(DATA / "bad.jsonl", skip_bad=True, problems=problems)
    assert [d.id for d in docs] == ["b1", "b4"]
    assert [p.line for p in problems] == [2, 3]
    assert "missing field 'text'" in str(problems[1])


def test_bad_encoding_names_line(tmp_path: Path) -> None:
    path = tmp_path / "cp1251.jsonl"
    path.write_bytes(
        b'{"id": "1", "text": "ok"}\n' + '{"id": "2", "text": "Привет"}\n'.encode("cp1251")
    )
    with pytest.raises(BadInputError, match=r"cp1251.jsonl:2: not UTF-8"):
        read_documents(path)


def test_bad_encoding_in_csv_names_line(tmp_path: Path) -> None:
    path = tmp_path / "rows.csv"
    path.write_bytes("id,text\n1,один\n".encode() + "2,два\n".encode("cp1251"))
    with pytest.raises(BadInputError, match=r"rows.csv:3: not UTF-8"):
        read_documents(path)


def test_empty_file(tmp_path: Path) -> None:
    (tmp_path / "empty.csv").write_text("", encoding="utf-8")
    with pytest.raises(BadInputError, match=r"empty.csv: empty file"):
        read_documents(tmp_path / "empty.csv")
    (tmp_path / "blank.jsonl").write_text("\n  \n", encoding="utf-8")
    with pytest.raises(BadInputError, match=r"blank.jsonl: empty file"):
        read_documents(tmp_path / "blank.jsonl")


def test_csv_row_with_extra_values_names_line(tmp_path: Path) -> None:
    path = tmp_path / "rows.csv"
    path.write_text('id,text\n1,"один"\n2,два,лишнее\n3,три\n', encoding="utf-8")
    with pytest.raises(BadInputError, match=r"rows.csv:3: 3 values for 2 columns"):
        read_documents(path)
    assert [d.id for d in read_documents(path, skip_bad=True)] == ["1", "3"]


def test_repeated_id_is_bad(tmp_path: Path) -> None:
    path = tmp_path / "dup.jsonl"
    path.write_text('{"id": "x", "text": "a"}\n{"id": "x", "text": "b"}\n', encoding="utf-8")
    with pytest.raises(BadInputError, match=r"dup.jsonl:2: document id 'x' repeats"):
        read_documents(path)


def test_unknown_extension_and_missing_path(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("x", encoding="utf-8")
    with pytest.raises(BadInputError, match="cannot tell the format"):
        read_documents(tmp_path / "notes.md")
    with pytest.raises(BadInputError, match="no such file"):
        list(iter_documents(tmp_path / "absent.jsonl"))
    with pytest.raises(BadInputError, match="no readable files"):
        read_documents(tmp_path)
