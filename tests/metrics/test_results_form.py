"""Results files with a UTF-8 BOM (as Windows editors write them) are read; `parse_results`
without gold checks the form alone, as `dragon submit` does before sending (QA 3.5, 4)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pytest

from dragon_bench.errors import BadInputError
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


def test_read_results_accepts_what_json_accepts_and_words_errors_as_json(tmp_path: Path) -> None:
    """Results are parsed from their bytes (orjson); what it refuses goes to json: the NaN
    literal and lone surrogates are read as json reads them, errors name json's line. An
    integer past 64 bits comes back as a float, refused as a text id all the same."""
    path = tmp_path / "r.json"
    path.write_text('{"0": {"found_ids": [123456789012345678901234567890], "model_answer": "a"}}')
    gold = Gold.from_tables(*gold_tables(3, 4, seed=1), "1.0.0")
    with pytest.raises(ResultsError, match=r"question 0: found_ids\[0\] = 1.23\d*e\+29 is not"):
        parse_results(read_results(path), gold)
    cases = [
        '{"0": {"found_ids": [1], "model_answer": "Москва"}}',
        '{"0": {"found_ids": [], "model_answer": "a", "score": NaN}}',
        '{"0": {"found_ids": [], "model_answer": "\\ud800"}}',
    ]
    for text in cases:
        path.write_text(text, encoding="utf-8")
        got = read_results(path)
        want = json.loads(text)
        assert json.dumps(got) == json.dumps(want), text  # NaN != NaN, so compared as text
    path.write_text('{"0": {"found_ids": [1],\n "model_answer": }}', encoding="utf-8")
    with pytest.raises(BadInputError, match=r"r.json:2: not JSON: Expecting value"):
        read_results(path)
    path.write_bytes(b'{"0": {"found_ids": [], "model_answer": "\xff"}}')
    with pytest.raises(BadInputError, match="not UTF-8"):
        read_results(path)


def test_well_formed_entries_and_others_give_the_same_problems() -> None:
    """Entries without a problem take a shortcut; an entry with any problem is itemised field by
    field, so every kind of problem is still named."""
    gold = Gold.from_tables(*gold_tables(6, 8, seed=2), "1.0.0")
    good = sorted(gold.text_ids)[:3]
    data = {
        "0": {"found_ids": good, "model_answer": "a"},
        "1": {"found_ids": [good[0], True], "model_answer": "a"},
        "2": {"found_ids": [good[0], good[0]], "model_answer": "a"},
        "3": {"found_ids": [good[0], 10**6], "model_answer": "a"},
        "4": {"found_ids": [1.0], "model_answer": "a"},
        "5": {"found_ids": [], "model_answer": None},
    }
    with pytest.raises(ResultsError) as err:
        parse_results(data, gold)
    assert err.value.problems == [
        "question 1: found_ids[1] = True is not an integer",
        f"question 2: found_ids[1] = {good[0]} is a duplicate",
        "question 3: found_ids[1] = 1000000 is not a text id",
        "question 4: found_ids[0] = 1.0 is not an integer",
        "question 5: model_answer is a JSON null, not a string",
    ]
    assert parse_results({"0": data["0"]}, gold).answers[0].found_ids == tuple(good)
