"""`dragon kg score` and `dragon kg extract` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_bench.kg import read_triples


def _dragon(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dragon_bench", "kg", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_score_prints_json_with_baseline(nerel_dev: Path) -> None:
    out = _dragon("score", "--gold", str(nerel_dev), "--limit", "4", "--format", "json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for key in ("precision", "recall", "f1", "typed", "cooccurrence"):
        assert key in report
    assert report["documents"] == 4
    assert 0 < report["f1"] <= 1 and 0 < report["cooccurrence"]["f1"] <= 1
    assert report["gold"] == report["cooccurrence"]["gold"]


@pytest.mark.slow
def test_extract_writes_parquet_from_a_brat_folder(tmp_path: Path) -> None:
    src = tmp_path / "brat"
    src.mkdir()
    (src / "1_text.txt").write_text(
        "Визит в Москву\n\nПрезидент Франции Эмманюэль Макрон прибыл в Москву.\n", encoding="utf-8"
    )
    (src / "1_text.ann").write_text("", encoding="utf-8")
    out_file = tmp_path / "kg.parquet"
    out = _dragon("extract", "--corpus", str(src), "--out", str(out_file), "--format", "json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["documents"] == 1
    triples = read_triples(out_file)
    assert any(t.subject == "Эмманюэль Макрон" and t.object == "Франция" for t in triples)


def test_score_of_a_missing_folder_is_one_line_error(tmp_path: Path) -> None:
    out = _dragon("score", "--gold", str(tmp_path / "nope"))
    assert out.returncode == 2
    assert "not a folder" in out.stderr and "Traceback" not in out.stderr


def test_novelty_drops_known_pairs(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from dragon_bench.errors import BadInputError
    from dragon_bench.kg import write_triples
    from dragon_bench.kg.cli import kg_app
    from dragon_bench.types import Triple

    src = tmp_path / "t.jsonl"
    write_triples(
        [
            Triple(subject="Москва", relation="столица", object="Россия", doc_id="a"),
            Triple(subject="Москва", relation="мэр", object="Сергей Собянин", doc_id="a"),
        ],
        src,
    )
    kb = tmp_path / "kb.tsv"
    kb.write_text("Q649\tМосква\nQ159\tРоссия\nQ649\tстолица\tQ159\n", encoding="utf-8")
    out_file = tmp_path / "fresh.parquet"
    runner = CliRunner()
    args = [
        "novelty",
        "--triples",
        str(src),
        "--kb",
        str(kb),
        "--out",
        str(out_file),
        "--format",
        "json",
    ]
    out = runner.invoke(kg_app, args)
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout) == {"triples": 2, "fresh": 1, "known": 1, "out": str(out_file)}
    assert [t.object for t in read_triples(out_file)] == ["Сергей Собянин"]
    both = runner.invoke(kg_app, ["novelty", "--triples", str(src), "--out", str(out_file)])
    assert isinstance(both.exception, BadInputError) and "exactly one" in str(both.exception)
