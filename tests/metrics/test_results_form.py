"""Results files with a UTF-8 BOM (as Windows editors write them) are read; `parse_results`
without gold checks the form alone, as `dragon submit` does before sending (QA 3.5, 4)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pytest

from dragon_bench.hub import Hub
from dragon_bench.metrics import Gold, ResultsError, parse_results, read_results
from tests.metrics.helpers import gold_tables, random_results
from tests.plugins.dragon_main import Outcome


@pytest.fixture
def hub(tmp_path: Path) -> Path:
    root = tmp_path / "hub"
    qa, texts = gold_tables(8, 6, seed=3)
    public = {
        "texts": pa.table({"id": texts.column("public_id"), "text": ["t"] * 6}),
        "questions": pa.table({"id": qa.column("id"), "question": qa.column("question")}),
    }
    Hub(str(root)).write_revision("1.0.0", public, {"qa": qa, "texts": texts})
    return root


def test_evaluate_reads_results_with_a_bom(
    hub: Path, tmp_path: Path, dragon_main: Callable[..., Outcome]
) -> None:
    gold = Gold.from_hub(str(hub), "1.0.0")
    data = random_results(gold, 1, drop=0.0)
    plain, bom = tmp_path / "plain.json", tmp_path / "bom.json"
    plain.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    bom.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8-sig")
    assert bom.read_bytes().startswith(b"\xef\xbb\xbf")
    assert read_results(bom) == data
    assert parse_results(bom.read_bytes(), gold).answers == parse_results(data, gold).answers
    assert parse_results(bom.read_text(encoding="utf-8"), gold).answers  # BOM kept in the str
    reports = []
    for path in (plain, bom):
        done = dragon_main("evaluate", "-r", str(path), "--hub", str(hub), "--format", "json")
        assert done.code == 0, done.err
        reports.append(json.loads(done.out))
    assert reports[0] == reports[1]


def test_parse_results_without_gold_checks_the_form_only() -> None:
    entry = {"found_ids": [3, 4], "model_answer": "a"}
    # any integer ids pass: which exist is the revision's business
    assert set(parse_results({"0": entry, "977": entry}, None).answers) == {0, 977}
    bad = {
        "zero": entry,
        "-1": entry,
        "1": {"found_ids": ["3", 3, 3], "model_answer": 5},
        "2": [],
    }
    with pytest.raises(ResultsError) as info:
        parse_results(bad, None, path="r.json")
    assert info.value.problems == [
        "key 'zero' is not a question id",
        "key '-1' is not a question id",
        "question 1: found_ids[0] = '3' is not an integer",
        "question 1: found_ids[2] = 3 is a duplicate",
        "question 1: model_answer is a JSON number, not a string",
        "question 2: value is a JSON array, not an object",
    ]
    assert str(info.value).startswith("r.json: results have 6 problems: ")
