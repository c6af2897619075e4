"""The results file: its shape, deterministic bytes, the validator and `dragon leaderboard validate`."""

from __future__ import annotations

import copy
import json
import random
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.portal import leaderboard as lb
from dragon_bench.portal.results_file import (
    SCHEMA_VERSION,
    build_results,
    dump_results,
    read_results,
    validate_results,
)
from tests.helpers.cli import dragon


def entry(
    sid: str, model: str, version: str, day: int, r: float, g: float, judge: float | None = None
) -> lb.Entry:
    report = {
        "n_questions": 10,
        "signature": "dragon-bench:0.1|k:all",
        "overall": {
            "retrieval": {"hit_rate": r, "mrr": r, "precision": r, "ndcg": 0.0},
            "generation": {"rouge1": g, "rougeL": g, "substr_match": g},
        },
        "by_type": {
            "set": {"retrieval": {"hit_rate": r}, "generation": {"rouge1": g}},
            "simple": {"retrieval": {"hit_rate": 1.0}, "generation": {"rouge1": 0.0}},
        },
        "portal": {"ci": {"total": [round(r * 0.9, 3), round(r * 1.1, 3)]}},
    }
    config = {"user_guid": "u-secret", "retriever_type": "bm25", "retrieval_config": {"top_k": 5}}
    return lb.Entry(sid, model, version, datetime(2026, 11, day, 12), config, report, judge)


ENTRIES = [
    entry("a1", "A", "1.0.0", 1, 0.2, 0.4),
    entry("a2", "A", "1.0.0", 2, 0.6, 0.8, judge=0.5),  # newer result of A on 1.0.0 wins
    entry("b1", "B", "1.0.0", 1, 0.9, 0.9),
    entry("a3", "A", "1.1.0", 3, 0.4, 0.2),
    entry("c1", "C", "1.2.0", 4, 0.4, 0.4),
]
HUB_VERSIONS = ["1.0.0", "1.1.0", "1.2.0", "1.10.0"]


def test_shape_keeps_dragons_record_and_adds_scores() -> None:
    data = build_results(ENTRIES, HUB_VERSIONS)
    assert data["schema_version"] == SCHEMA_VERSION == 1
    # Every hub version is a key (1.10.0 has no result yet), latest result per model only.
    assert data["items"]["1.10.0"] == {}
    assert set(data["items"]["1.0.0"]) == {"a2", "b1"}
    rec = data["items"]["1.0.0"]["a2"]
    assert rec["model_name"] == "A" and rec["timestamp"] == "2026-11-02T12:00:00"
    assert rec["metrics"]["overall"]["retrieval"]["hit_rate"] == 0.6
    assert rec["metrics"]["set"]["generation"] == {"rouge1": 0.8}
    assert rec["metrics"]["judge"] == 0.5
    # Averages of DRAGON's named metrics, as the portal's leaderboard shows them.
    assert rec["scores"]["retrieval"] == pytest.approx(0.6)
    assert rec["scores"]["total"] == pytest.approx(0.7)
    assert rec["scores"]["by_type"]["set"] == {"retrieval": 0.6, "generation": 0.8}
    assert rec["ci"] == {"total": [0.54, 0.66]}
    assert rec["metadata"] == {"n_questions": 10, "signature": "dragon-bench:0.1|k:all"}
    # The participant's identity stays in the portal.
    assert "user_guid" not in rec["config"] and rec["config"]["retriever_type"] == "bm25"
    assert validate_results(data) == {"schema_version": 1, "versions": 4, "records": 4}


def test_bytes_depend_only_on_the_results() -> None:
    first = dump_results(build_results(ENTRIES, HUB_VERSIONS))
    shuffled = ENTRIES[:]
    random.Random(3).shuffle(shuffled)
    assert dump_results(build_results(shuffled, reversed(HUB_VERSIONS))) == first
    text = first.decode()
    assert text.endswith("}\n") and json.loads(text)["schema_version"] == 1
    # Sorted keys at every level: the canonical form is what json.dumps(sort_keys) gives.
    assert text == json.dumps(json.loads(text), ensure_ascii=False, sort_keys=True, indent=2) + "\n"
    changed = [*ENTRIES, entry("d1", "D", "1.1.0", 5, 0.1, 0.1)]
    assert dump_results(build_results(changed, HUB_VERSIONS)) != first


def test_non_finite_scores_are_written_as_null() -> None:
    bad = entry("n1", "N", "1.0.0", 1, float("nan"), 0.5)
    data = build_results([bad])
    rec = data["items"]["1.0.0"]["n1"]
    assert rec["metrics"]["overall"]["retrieval"]["hit_rate"] is None
    # The summary is whatever the portal's leaderboard shows for that report.
    assert rec["scores"]["retrieval"] == lb.rows_for_version([bad], "1.0.0")[0]["retrieval"]
    validate_results(json.loads(dump_results(data)))


def _good() -> dict[str, Any]:
    return build_results(ENTRIES, HUB_VERSIONS)


BAD: list[tuple[str, Any, str]] = [
    ("schema_version", 2, "/schema_version: expected 1"),
    ("schema_version", True, "/schema_version: expected 1"),
    ("extra", {}, "/extra: unknown key"),
    ("items.1.0", {}, "/items/1.0: not a version"),
    ("items.1.0.0.a2.scores.total", "high", "/items/1.0.0/a2/scores/total: expected a number"),
    (
        "items.1.0.0.a2.scores.total",
        float("nan"),
        "/items/1.0.0/a2/scores/total: expected a finite",
    ),
    (
        "items.1.0.0.a2.metrics.overall.retrieval.mrr",
        [1],
        "/items/1.0.0/a2/metrics/overall/retrieval/mrr",
    ),
    (
        "items.1.0.0.a2.metrics.set.generation",
        None,
        "/items/1.0.0/a2/metrics/set/generation: expected an object",
    ),
    ("items.1.0.0.a2.model_name", "", "/items/1.0.0/a2/model_name: expected a non-empty string"),
    ("items.1.0.0.a2.timestamp", "yesterday", "/items/1.0.0/a2/timestamp: not an ISO 8601"),
    ("items.1.0.0.a2.ci.total", [0.9, 0.1], "/items/1.0.0/a2/ci/total: low 0.9 above high 0.1"),
    ("items.1.0.0.a2.ci.total", [0.1], "/items/1.0.0/a2/ci/total: expected [low, high]"),
    ("items.1.0.0.a2.metadata.n_questions", -1, "/items/1.0.0/a2/metadata/n_questions"),
    (
        "items.1.0.0.a2.scores.by_type.set.retrieval",
        "x",
        "/items/1.0.0/a2/scores/by_type/set/retrieval",
    ),
    ("items.1.0.0.a2.config.weights", [1.0, float("inf")], "/items/1.0.0/a2/config/weights/1"),
    ("items.1.0.0.a~b/c", None, "/items/1.0.0/a~0b~1c: not a submission id"),
]


def _set(data: dict[str, Any], dotted: str, value: Any) -> None:
    # Versions hold dots: walk "items", then a version, then the rest.
    parts = dotted.split(".")
    if parts[0] == "items" and len(parts) > 3:
        parts = ["items", ".".join(parts[1:4]), *parts[4:]]
    elif parts[0] == "items":
        parts = ["items", ".".join(parts[1:])]
    node = data
    for p in parts[:-1]:
        node = node[p]
    node[parts[-1]] = value


@pytest.mark.parametrize(("where", "value", "message"), BAD, ids=[b[2].split(":")[0] for b in BAD])
def test_validator_names_the_offending_item(where: str, value: Any, message: str) -> None:
    data = copy.deepcopy(_good())
    if where == "items.1.0.0.a~b/c":
        data["items"]["1.0.0"]["a~b/c"] = data["items"]["1.0.0"]["a2"]
    else:
        _set(data, where, value)
    with pytest.raises(BadInputError) as err:
        validate_results(data, source="results.json")
    assert str(err.value).startswith(f"results.json: {message}"), str(err.value)


def test_missing_keys_are_named() -> None:
    data = _good()
    del data["items"]["1.1.0"]["a3"]["scores"]
    with pytest.raises(BadInputError, match=r"/items/1\.1\.0/a3/scores: missing"):
        validate_results(data)
    with pytest.raises(BadInputError, match="^/: expected an object, got a list"):
        validate_results([])


def test_cli_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "results.json"
    good.write_bytes(dump_results(_good()))
    run = dragon(capsys, "leaderboard", "validate", str(good))
    assert run.returncode == 0 and "valid (schema 1, 4 versions, 4 results)" in run.stdout
    run = dragon(capsys, "leaderboard", "validate", str(good), "--format", "json")
    assert json.loads(run.stdout) == {
        "file": str(good),
        "valid": True,
        "schema_version": 1,
        "versions": 4,
        "records": 4,
    }
    data = _good()
    data["items"]["1.2.0"]["c1"]["scores"]["judge"] = "0.5"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, indent=2))
    run = dragon(capsys, "leaderboard", "validate", str(bad))
    assert run.returncode == 2 and run.stdout == ""
    assert f"{bad}: /items/1.2.0/c1/scores/judge: expected a number or null" in run.stderr
    assert "Traceback" not in run.stderr
    broken = tmp_path / "broken.json"
    broken.write_text('{"schema_version": 1,\n "items": {,}}')
    run = dragon(capsys, "leaderboard", "validate", str(broken))
    assert run.returncode == 2 and f"{broken}:2: not JSON" in run.stderr
    nan = tmp_path / "nan.json"
    nan.write_text(dump_results(_good()).decode().replace('"total": 0.7', '"total": NaN', 1))
    run = dragon(capsys, "leaderboard", "validate", str(nan))
    assert run.returncode == 2 and "scores/total: expected a finite number" in run.stderr
    assert read_results(good) == json.loads(good.read_text())
