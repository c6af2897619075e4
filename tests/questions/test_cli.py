"""`dragon questions` as a user runs it, on the hand-made corpus and triples."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.release.test_cli_publish import _write_inputs


def test_questions_command_writes_jsonl(tmp_path: Path) -> None:
    corpus, triples = _write_inputs(tmp_path)
    out = tmp_path / "q" / "questions.jsonl"
    args = ["questions", "--corpus", str(corpus), "--triples", str(triples), "--out", str(out)]
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "dragon_bench",
            *args,
            "--questions-per-type",
            "2",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == sum(report["questions"].values()) and rows
    assert {r["type"] for r in rows} == {"simple", "set", "conditional", "multi_hop"}
    assert all(isinstance(r["answers"], list) and r["text_ids"] for r in rows)
    bad = subprocess.run(
        [sys.executable, "-m", "dragon_bench", *args, "--backend", "oracle"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "oracle" in bad.stderr and "Traceback" not in bad.stderr
