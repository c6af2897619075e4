"""TREC RAG 2024 answer checks and fixes, and `dragon rag validate` on JSON and JSON-lines files.

Expected word counts are counted by hand (whitespace-separated words, the TREC RAG 2024 rule)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dragon_bench.cli import app
from dragon_bench.rag.answer import AnswerSentence, RagAnswer
from dragon_bench.rag.trec_answer import (
    answer_words,
    check_answer,
    check_answers,
    fix_answer,
    read_answers,
    read_topics,
)


def good(topic: str = "t1") -> dict[str, Any]:
    return {
        "run_id": "r",
        "topic_id": topic,
        "topic": "Где купил дом?",
        "references": ["11", "42"],
        "response_length": 5,
        "answer": [
            {"text": "Дом куплен в Вашингтоне.", "citations": [0]},
            {"text": "Дорого.", "citations": [0, 1]},
        ],
    }


def test_valid_answer_and_pipeline_output_pass() -> None:
    assert check_answer(good()) == []
    assert answer_words(good()["answer"]) == 5
    sentences = tuple(AnswerSentence(f"слово {i} три", (i % 3,)) for i in range(150))
    trec = RagAnswer("q", "вопрос", ("1",), ("1", "2", "3"), sentences, "x").to_trec()
    assert trec["response_length"] == 399 and check_answer(trec) == []


def test_each_problem_is_itemised() -> None:
    bad = good("t9")
    del bad["run_id"]
    bad["references"] = [str(i) for i in range(21)]
    bad["answer"] = [
        {"text": " ".join(["слово"] * 401), "citations": [0, 21, -1, "2"]},
        {"citations": [1]},
    ]
    bad["response_length"] = 7
    problems = check_answer(bad, index=3, line=4)
    found = {(p.field, p.message) for p in problems}
    assert ("run_id", "required field is missing") in found
    assert ("references", "21 references, at most 20 allowed") in found
    assert ("answer[0].citations", "index 21 is out of range 0..20") in found
    assert ("answer[0].citations", "index -1 is out of range 0..20") in found
    assert ("answer[0].citations", "'2' is not an integer index") in found
    assert ("answer[1].text", "missing or not a string") in found
    assert ("answer", "401 words, at most 400 allowed") in found
    assert ("response_length", "is 7 but the answer has 401 words") in found
    assert len(problems) == 8
    assert all(p.item == "answer 3 (topic_id t9)" and p.line == 4 for p in problems)
    assert str(problems[0]).startswith("line 4, answer 3 (topic_id t9): ")
    assert check_answer([1, 2])[0].message == "is a list, not a JSON object"


def test_fix_drops_trailing_sentences_and_bad_citations() -> None:
    long = good()
    long["answer"] = [
        {"text": " ".join(["а"] * 250), "citations": [0, 5]},
        {"text": " ".join(["б"] * 150), "citations": [1]},
        {"text": "лишнее предложение", "citations": [0]},
        {"text": "ещё", "citations": []},
    ]
    fixed, changes = fix_answer(long)
    assert [len(s["text"].split()) for s in fixed["answer"]] == [250, 150]
    assert fixed["answer"][0]["citations"] == [0]
    assert fixed["response_length"] == 400
    assert check_answer(fixed) == []
    assert changes == [
        "answer[0]: dropped citation(s) [5] out of range",
        "dropped the last 2 sentence(s) to stay within 400 words",
        "response_length 5 -> 400",
    ]
    assert long["answer"][0]["citations"] == [0, 5]  # the input is not changed
    many = {**good(), "references": [str(i) for i in range(25)]}
    many["answer"] = [{"text": "x", "citations": [22, 3]}]
    fixed, _ = fix_answer(many)
    assert len(fixed["references"]) == 20 and fixed["answer"][0]["citations"] == [3]
    assert check_answer(fixed) == []


def _jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text(
        "\n".join(r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in rows)
        + "\n",
        encoding="utf-8",
    )
    return path


def test_read_layouts_and_repeated_topics(tmp_path: Path) -> None:
    one = tmp_path / "one.json"
    one.write_text(json.dumps(good()), encoding="utf-8")
    assert read_answers(one).layout == "object"
    arr = tmp_path / "arr.json"
    arr.write_text(json.dumps([good("a"), good("a")]), encoding="utf-8")
    data = read_answers(arr)
    assert data.layout == "array"
    [dup] = check_answers(data)
    assert dup.item == "answer 1 (topic_id a)" and "twice (also answer 0)" in dup.message
    lines = read_answers(_jsonl(tmp_path / "a.jsonl", [good("a"), "{not json", good("b")]))
    assert lines.layout == "jsonl" and lines.lines == [1, 3]
    [broken] = check_answers(lines)
    assert broken.line == 2 and broken.field == "json"


def test_cli_validate_names_line_and_item(tmp_path: Path) -> None:
    bad = {**good("t2"), "response_length": 9}
    path = _jsonl(tmp_path / "run.jsonl", [good("t1"), bad])
    runner = CliRunner()
    result = runner.invoke(app, ["rag", "validate", str(path), "--format", "json"])
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["valid"] is False and report["answers"] == 2
    assert report["problems"] == [
        {
            "item": "answer 1 (topic_id t2)",
            "field": "response_length",
            "message": "is 9 but the answer has 5 words",
            "line": 2,
            "level": "error",
        }
    ]
    table = runner.invoke(app, ["rag", "validate", str(path)])
    assert table.exit_code == 2 and "1 error(s), 0 warning(s) in 2 answer(s)" in table.stdout
    assert "response_length" in table.stdout and "t2)" in table.stdout
    ok = runner.invoke(app, ["rag", "validate", str(_jsonl(tmp_path / "ok.jsonl", [good()]))])
    assert ok.exit_code == 0 and "valid TREC RAG 2024" in ok.stdout


def test_cli_fix_writes_a_valid_file(tmp_path: Path) -> None:
    long = {**good("t3"), "answer": [{"text": "ю " * 300, "citations": [7]}] * 2}
    path = _jsonl(tmp_path / "run.jsonl", [good("t1"), long])
    out = tmp_path / "fixed.jsonl"
    runner = CliRunner()
    result = runner.invoke(
        app, ["rag", "validate", str(path), "--fix", "--out", str(out), "--format", "json"]
    )
    assert result.exit_code == 0, result.stdout
    report = json.loads(result.stdout)
    assert report["valid"] and report["out"] == str(out)
    assert {c["change"] for c in report["fixed"]} >= {
        "answer[0]: dropped citation(s) [7] out of range",
        "dropped the last 1 sentence(s) to stay within 400 words",
    }
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 2 and rows[1]["response_length"] == 300
    assert check_answers(read_answers(out)) == []
    # the input is left as it was
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[1])["response_length"] == 5
    missing = _jsonl(tmp_path / "m.jsonl", [{"topic_id": "x"}])
    still = runner.invoke(app, ["rag", "validate", str(missing), "--fix", "--format", "json"])
    assert still.exit_code == 2
    left = {(p["field"], p["message"]) for p in json.loads(still.stdout)["problems"]}
    assert ("run_id", "required field is missing") in left


def test_cli_unreadable_file_is_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from dragon_bench.cli import main

    empty = tmp_path / "empty.json"
    empty.write_text("", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["dragon", "rag", "validate", str(empty)])
    with pytest.raises(SystemExit) as info:
        main()
    err = " ".join(capsys.readouterr().err.split())
    assert info.value.code == 2 and "the file holds no answers" in err
    assert "Traceback" not in err


def test_checks_after_the_official_rag24_checker(tmp_path: Path) -> None:
    """The further checks of Ragnarök's TREC RAG 2024 checker (castorini/ragnarok,
    scripts/rag24_validation.py, read for its rules): NFKC before counting words, repeated
    references, repeated citations (a warning, fixed), one run_id per file, topics."""
    # NFKC turns U+00A8 (diaeresis) into a space and a combining mark: one more word
    assert answer_words([{"text": "a\u00a8b", "citations": []}]) == 2
    twice = {**good("a"), "references": ["11", "11"]}
    twice["answer"] = [{"text": "Дом куплен в Вашингтоне. Дорого.", "citations": [1, 1]}]
    found = {(p.field, p.message, p.level) for p in check_answer(twice)}
    assert found == {
        ("references", "docid 11 occurs twice", "error"),
        ("answer[0].citations", "cites a reference twice", "warning"),
    }
    fixed, changes = fix_answer(twice)
    assert fixed["answer"][0]["citations"] == [1]
    assert changes == ["answer[0]: dropped repeated citation(s)"]
    empty = {**good("e"), "answer": [], "response_length": 0}
    [warn] = check_answer(empty)
    assert (warn.field, warn.message, warn.level) == ("answer", "has no sentences", "warning")

    other = {**good("b"), "run_id": "other", "topic": "Чужой вопрос"}
    data = read_answers(_jsonl(tmp_path / "run.jsonl", [good("a"), other, good("zz")]))
    topics_file = tmp_path / "topics.tsv"
    topics_file.write_text("a\tГде купил дом?\nb\tКто победил?\nc\tГде снег?\n", "utf-8")
    topics = read_topics(topics_file)
    got = [(p.line, p.item, p.field, p.level) for p in check_answers(data, topics)]
    assert got == [
        (None, "topic c", "topic_id", "warning"),
        (2, "answer 1 (topic_id b)", "run_id", "error"),
        (2, "answer 1 (topic_id b)", "topic", "error"),
        (3, "answer 2 (topic_id zz)", "topic_id", "error"),
    ]
    runner = CliRunner()
    result = runner.invoke(
        app,
        [
            "rag",
            "validate",
            str(tmp_path / "run.jsonl"),
            "--topics",
            str(topics_file),
            "--format",
            "json",
        ],
    )
    report = json.loads(result.stdout)
    assert result.exit_code == 2 and (report["errors"], report["warnings"]) == (3, 1)


def test_cli_topics_from_a_revision(hub_dir: Path, tmp_path: Path) -> None:
    from tests.helpers.service_hub import QUESTIONS

    answers = [{**good("0"), "topic": QUESTIONS[0]}, {**good("9"), "topic": "Что?"}]
    path = _jsonl(tmp_path / "run.jsonl", answers)
    args = ["rag", "validate", str(path), "--hub", str(hub_dir), "--format", "json"]
    result = CliRunner().invoke(app, args)
    report = json.loads(result.stdout)
    found = {(p["item"], p["field"], p["message"], p["level"]) for p in report["problems"]}
    assert found == {
        ("answer 1 (topic_id 9)", "topic_id", "is not one of the topics", "error"),
        ("topic 1", "topic_id", "has no answer", "warning"),
    }
    assert result.exit_code == 2
