"""`dragon review export` / `import` (JSON Lines; a malformed line refuses the whole file) and
`dragon review report` on a staged revision and on the revision released from it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from dragon_bench.portal.auth import Caller
from dragon_bench.portal.db import Database
from dragon_bench.portal.review import store
from dragon_bench.portal.tokens import create_token
from tests.helpers.cli import dragon
from tests.helpers.hub import staged_hub


def _decide_some(db_url: str, n: int) -> dict[int, str]:
    db = Database(db_url)
    db.migrate()
    with db.session() as s:
        token = create_token(s, role="reviewer", name="ольга")[0]
    who = Caller(token.id, token.name, token.role)
    plan = {}
    for qid in range(n):
        if qid % 3 == 0:
            store.decide(db, "1.0.0", qid, who, "reject", reason="ambiguous")
            plan[qid] = "reject"
        elif qid % 3 == 1:
            store.decide(db, "1.0.0", qid, who, "accept")
            plan[qid] = "accept"
        else:
            store.decide(db, "1.0.0", qid, who, "edit", question=f"Вопрос {qid}?")
            plan[qid] = "edit"
    db.dispose()
    return plan


def test_export_import_round_trip_and_report(tmp_path: Path, capsys: Any) -> None:
    hub, version = staged_hub(tmp_path / "hub")
    rows = hub.read_table("private", version, "qa").to_pylist()
    n = len(rows)
    a = f"sqlite:///{tmp_path / 'a.db'}"
    plan = _decide_some(a, n)
    run = dragon(capsys, "review", "export", "--hub", str(tmp_path / "hub"), "--version",
                 version, "--db", a)  # fmt: skip
    assert run.returncode == 0, run.stderr
    lines = [json.loads(x) for x in run.stdout.splitlines()]
    assert [x["question_id"] for x in lines] == list(range(n))
    assert set(lines[0]) == {"version", "question_id", "decision", "reason", "note", "question",
                             "answer", "reviewer", "at"}  # fmt: skip
    assert lines[0]["reviewer"] == "ольга" and lines[0]["reason"] == "ambiguous"
    exported = tmp_path / "decisions.jsonl"
    exported.write_text(run.stdout, encoding="utf-8")

    # into another portal's database: the same standing verdicts
    b = f"sqlite:///{tmp_path / 'b.db'}"
    run = dragon(capsys, "review", "import", str(exported), "--hub", str(tmp_path / "hub"),
                 "--version", version, "--db", b)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert f"{n} decisions imported" in run.stderr
    got = store.final_verdicts(_db(b), version)
    assert {q: v.decision for q, v in got.items()} == plan
    assert got[2].question == "Вопрос 2?" and got[0].reviewer == "ольга"

    # the report on the staged revision, from the decisions: checked against a plain count
    run = dragon(capsys, "review", "report", "--hub", str(tmp_path / "hub"), "--version",
                 version, "--db", b, "--format", "json")  # fmt: skip
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    by_type: dict[str, Counter[str]] = {}
    for r in rows:
        side = "rejected" if plan[r["id"]] == "reject" else "accepted"
        by_type.setdefault(r["type"], Counter())[side] += 1
    for t, c in by_type.items():
        want = c["accepted"] / (c["accepted"] + c["rejected"])
        assert report["by_type"][t]["acceptance_rate"] == round(want, 4)
    assert report["by_reason"] == {"ambiguous": sum(v == "reject" for v in plan.values())}
    assert report["edited"] == sum(v == "edit" for v in plan.values())

    # released: the same report from the revision's review log, no database needed
    run = dragon(capsys, "release", "--hub", str(tmp_path / "hub"), "--version", version,
                 "--db", b)  # fmt: skip
    assert run.returncode == 0, run.stderr
    run = dragon(capsys, "review", "report", "--hub", str(tmp_path / "hub"), "--version",
                 version, "--format", "json")  # fmt: skip
    released = json.loads(run.stdout)
    for key in ("by_type", "by_relation_type", "by_template", "by_reason", "accepted", "edited"):
        assert released[key] == report[key], key
    manifest = hub.read_manifest("private", version)["review"]
    assert manifest["accepted"] == report["accepted"] and manifest["edited"] == report["edited"]


def _db(url: str) -> Database:
    db = Database(url)
    db.migrate()
    return db


def test_a_malformed_line_refuses_the_whole_import(tmp_path: Path, capsys: Any) -> None:
    hub, version = staged_hub(tmp_path / "hub")
    good = {"version": version, "question_id": 0, "decision": "accept", "reviewer": "ann"}
    cases = [
        ("{not json", "bad JSON"),
        (json.dumps({**good, "decision": "maybe"}), "decision 'maybe'"),
        (json.dumps({**good, "question_id": 999}), "question_id 999"),
        (json.dumps({**good, "decision": "reject", "reason": "boring"}), "reason 'boring'"),
        (json.dumps({**good, "version": "1.7.0"}), "version '1.7.0'"),
        (json.dumps({**good, "at": "yesterday"}), "'at' 'yesterday'"),
        (json.dumps({k: v for k, v in good.items() if k != "reviewer"}), "missing 'reviewer'"),
    ]
    db = f"sqlite:///{tmp_path / 'p.db'}"
    for bad, message in cases:
        path = tmp_path / "d.jsonl"
        path.write_text(json.dumps(good) + "\n\n" + bad + "\n", encoding="utf-8")
        run = dragon(capsys, "review", "import", str(path), "--hub", str(tmp_path / "hub"),
                     "--version", version, "--db", db)  # fmt: skip
        assert run.returncode == 2, (bad, run.stderr)
        assert f"{path}:3: " in run.stderr and message in run.stderr, run.stderr
        assert len(run.stderr.strip().splitlines()) == 1
        assert store.live_decisions(_db(db), version) == []  # nothing imported
    run = dragon(capsys, "review", "import", str(tmp_path / "d.jsonl"), "--hub",
                 str(tmp_path / "hub"), "--version", "1.4.0", "--db", db)  # fmt: skip
    assert run.returncode == 2 and "1.4.0 is not staged" in run.stderr
