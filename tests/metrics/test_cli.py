"""`dragon evaluate` and `dragon compare` as a user runs them (subprocess), and the demo step."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from dragon_bench.demo import DemoContext
from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.metrics import Gold, compare, evaluate, parse_results
from dragon_bench.metrics.cli import compare_command, evaluate_command
from dragon_bench.metrics.demo import run as demo_run
from dragon_bench.output import Format
from tests.metrics.helpers import gold_tables, random_results


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    root = tmp_path_factory.mktemp("hub")
    qa, texts = gold_tables(40, 30, seed=9)
    public = {
        "texts": pa.table({"id": texts.column("public_id"), "text": ["t"] * 30}),
        "questions": pa.table({"id": qa.column("id"), "question": qa.column("question")}),
    }
    Hub(str(root)).write_revision("1.0.0", public, {"qa": qa, "texts": texts})
    gold = Gold.from_hub(str(root), "1.0.0")
    (root / "a.json").write_text(json.dumps(random_results(gold, 1)), encoding="utf-8")
    good = {
        str(q.id): {"found_ids": sorted(q.relevant), "model_answer": q.answer}
        for q in gold.questions
    }
    (root / "b.json").write_text(json.dumps(good), encoding="utf-8")
    return root


def dragon(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DRAGON_LLM_")}
    return subprocess.run(
        [sys.executable, "-m", "dragon_bench", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def test_evaluate_json(hub: Path) -> None:
    out = dragon(
        "evaluate",
        "--hub",
        str(hub),
        "--version",
        "latest",
        "--results",
        str(hub / "a.json"),
        "--format",
        "json",
        "--resamples",
        "100",
        "--out",
        str(hub / "report-a.json"),
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["version"] == "1.0.0" and report["n_questions"] == 40
    assert "warning:" in out.stderr  # some questions are absent from a.json
    assert (
        json.loads((hub / "report-a.json").read_text(encoding="utf-8"))["signature"]
        == report["signature"]
    )


def test_evaluate_table_in_process(hub: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    evaluate_command(
        results=hub / "b.json", hub=str(hub), version="latest", judge=False, rubric=False,
        concurrency=1, dragon_only=False, resamples=100, seed=0, workers=1, details=True,
        out=None, fmt=Format.table,
    )  # fmt: skip
    out = capsys.readouterr().out
    assert "rougeL" in out and "multi_hop" in out and "95% CI" in out and "signature" in out


def test_evaluate_bad_input_exits_2_with_one_line(hub: Path) -> None:
    (hub / "bad.json").write_text(
        '{"0": {"found_ids": 5, "model_answer": "x"}, "zz": {}}', encoding="utf-8"
    )
    out = dragon("evaluate", "--hub", str(hub), "--results", str(hub / "bad.json"))
    assert out.returncode == 2
    assert "found_ids is a JSON number" in out.stderr and "key 'zz'" in out.stderr
    assert "Traceback" not in out.stderr


def test_other_bad_input_is_a_bad_input_error(hub: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # In process (the exit status 2 path is shown above): each raises BadInputError.
    for key in [k for k in os.environ if k.startswith("DRAGON_LLM_")]:
        monkeypatch.delenv(key)
    (hub / "broken.json").write_text('{"0": ', encoding="utf-8")
    common = dict(
        hub=str(hub),
        version="latest",
        rubric=False,
        concurrency=1,
        dragon_only=True,
        resamples=0,
        seed=0,
        workers=1,
        details=False,
        out=None,
        fmt=Format.json,
    )
    with pytest.raises(BadInputError, match="not JSON"):
        evaluate_command(results=hub / "broken.json", judge=False, **common)  # type: ignore[arg-type]
    with pytest.raises(BadInputError, match="DRAGON_LLM_BASE_URL"):
        evaluate_command(results=hub / "a.json", judge=True, **common)  # type: ignore[arg-type]
    with pytest.raises(BadInputError, match="--hub"):
        compare_command(
            hub / "a.json",
            hub / "b.json",
            hub=None,
            version="latest",
            resamples=10,
            seed=0,
            fmt=Format.json,
        )


def test_compare_results_files_and_reports(hub: Path) -> None:
    out = dragon(
        "compare",
        str(hub / "a.json"),
        str(hub / "b.json"),
        "--hub",
        str(hub),
        "--format",
        "json",
        "--resamples",
        "2000",
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    rouge = result["metrics"]["generation/rougeL"]
    assert rouge["b"] == 1.0 and rouge["delta"] < 0 and rouge["p_value"] < 0.01


def test_compare_api_rejects_other_revisions(hub: Path) -> None:
    gold = Gold.from_hub(str(hub), "1.0.0")
    report = evaluate(
        parse_results(json.loads((hub / "b.json").read_text()), gold), gold, resamples=0
    )
    other = dict(report, version="1.1.0")
    with pytest.raises(ValueError, match="different revisions"):
        compare(report, other)
    same = compare(report, report, resamples=200)
    assert all(m["delta"] == 0 and m["p_value"] == 1.0 for m in same["metrics"].values())


def test_demo_step(hub: Path, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    ctx = DemoContext(workdir=tmp_path)
    demo_run(ctx)
    assert "skipped" in capsys.readouterr().out
    ctx.artifacts.update(hub=str(hub), version="1.0.0", results=str(hub / "a.json"))
    demo_run(ctx)
    assert ctx.artifacts["report"]["n_questions"] == 40
    assert (tmp_path / "report.json").exists()
