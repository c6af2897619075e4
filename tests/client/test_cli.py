"""`dragon run` over a hub and HF-style repos; bad input gives one line and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
from typer.testing import CliRunner

from dragon_bench.cli import app
from tests.helpers.hub import TEXTS, make_dataset_repo, write_hub


def test_dragon_run_on_hub_writes_results_and_reuses_index(tmp_path: Path) -> None:
    write_hub(tmp_path / "hub")
    out = tmp_path / "results.json"
    args = ["run", "--hub", str(tmp_path / "hub"), "--out", str(out), "--format", "json"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    summary = json.loads(first.stdout.strip().splitlines()[-1])
    assert summary["answered"] == 2 and summary["failed"] == 0 and summary["version"] == "1.0.0"
    results = json.loads(out.read_text())
    assert set(results) == {"0", "1"}
    assert results["0"]["found_ids"][0] == 11 and set(results["0"]["found_ids"]) <= set(TEXTS)
    assert results["1"]["found_ids"][0] == 42
    assert not list(tmp_path.glob("results.json*.partial.jsonl"))
    assert (Path(str(out) + ".index") / "pipeline.json").exists()
    config = tmp_path / "p.yaml"
    config.write_text("reranker: none\ntop_k: 2\n")
    again = CliRunner().invoke(app, [*args, "--pipeline", str(config)])
    assert again.exit_code == 0 and "reusing the index" in again.stderr
    assert json.loads(out.read_text()) == results


def test_dragon_run_version_mismatch_is_one_line(tmp_path: Path) -> None:
    make_dataset_repo(
        tmp_path / "b-texts",
        {"1.1.0": pa.table({"id": [1], "text": ["т"]})},
    )
    make_dataset_repo(
        tmp_path / "b-questions",
        {"1.0.0": pa.table({"id": [0], "question": ["в?"]})},
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "dragon_bench",
            "run",
            "--hf",
            str(tmp_path / "b"),
            "--out",
            str(tmp_path / "r.json"),
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "latest texts version is 1.1.0 but latest questions version is 1.0.0" in proc.stderr
