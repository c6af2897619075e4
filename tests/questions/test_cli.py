"""`dragon questions` through the command's entry point, on the hand-made corpus and triples."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers.cli import dragon
from tests.helpers.corpus import write_inputs


def test_questions_command_writes_jsonl(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    corpus, triples = write_inputs(tmp_path)
    out = tmp_path / "q" / "questions.jsonl"
    args = ["questions", "--corpus", str(corpus), "--triples", str(triples), "--out", str(out)]
    run = dragon(capsys, *args, "--questions-per-type", "2", "--format", "json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == sum(report["questions"].values()) and rows
    assert {r["type"] for r in rows} == {"simple", "set", "conditional", "multi_hop"}
    assert all(isinstance(r["answers"], list) and r["text_ids"] for r in rows)
    bad = dragon(capsys, *args, "--backend", "oracle")
    assert bad.returncode == 2 and "oracle" in bad.stderr and "Traceback" not in bad.stderr
