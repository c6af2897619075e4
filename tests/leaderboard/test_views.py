"""The Space's views (standard library, copied beside app.py) against the portal's own rows."""

from __future__ import annotations

import ast
import json
import random
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.leaderboard import views
from dragon_bench.portal import leaderboard as lb
from dragon_bench.portal.results_file import build_results, dump_results

SHARED = ("model_name", "version", "versions", "retrieval", "generation", "total", "judge")


def _entries(seed: int) -> tuple[list[lb.Entry], list[str]]:
    rng = random.Random(seed)
    versions = ["1.0.0", "1.1.0", "1.2.0", "1.10.0"]
    out = []
    for i in range(30):
        r, g = rng.random(), rng.random()
        per_type = {
            t: {"retrieval": {"hit_rate": rng.random()}, "generation": {"rouge1": rng.random()}}
            for t in rng.sample(["simple", "set", "conditional", "multi_hop"], 2)
        }
        lo = min(r, g) * 0.9
        report = {
            "n_questions": rng.randint(5, 50),
            "overall": {
                "retrieval": {"hit_rate": r, "mrr": r / 2, "precision": r / 3},
                "generation": {"rouge1": g, "rougeL": g, "substr_match": g / 2},
            },
            "by_type": per_type,
            "portal": {"ci": {"total": [lo, lo + 0.1]}},
        }
        out.append(
            lb.Entry(
                f"s{i}",
                f"model-{rng.randint(0, 6)}",
                rng.choice(versions[:3]),  # 1.10.0 is released but has no result yet
                datetime(2026, 11, 1 + i // 2, i % 24),
                {"retriever_type": rng.choice(["bm25", "dense"]), "embedding_model": "e5"},
                report,
                rng.choice([None, rng.random()]),
            )
        )
    return out, versions


def _same(portal_rows: list[dict[str, Any]], space_rows: list[dict[str, Any]]) -> None:
    assert [r["model_name"] for r in space_rows] == [r["model_name"] for r in portal_rows]
    for p, s in zip(portal_rows, space_rows, strict=True):
        for key in SHARED:
            if isinstance(p[key], float):
                # The file keeps each result's summary rounded to 6 places before averaging.
                assert s[key] == pytest.approx(p[key], abs=2e-6), (p["model_name"], key)
            else:
                assert s[key] == p[key], (p["model_name"], key)
        assert s["by_type"].keys() == p["by_type"].keys()
        for t, block in p["by_type"].items():
            for k, v in block.items():
                assert s["by_type"][t][k] == pytest.approx(v, abs=2e-6)
        assert s["ci"].keys() == p["ci"].keys()
        for k, bounds in p["ci"].items():
            assert s["ci"][k] == pytest.approx(bounds)
        assert s["n_questions"] == p["n_questions"] and s["rank"] == p["rank"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_space_rows_are_the_portals(seed: int) -> None:
    entries, versions = _entries(seed)
    data = json.loads(dump_results(build_results(entries, versions)))
    assert views.versions(data) == versions
    for version in versions:
        _same(lb.rows_for_version(entries, version), views.rows_for_version(data, version))
    for last_n in (1, 2, 3, 4, 9):
        _same(lb.rows_for_actual(entries, versions, last_n), views.rows_for_actual(data, last_n))
    rows = lb.rows_for_version(entries, "1.1.0")
    for key in views.SORT_KEYS:
        for desc in (None, True, False):
            want = [r["model_name"] for r in lb.sort_rows([dict(r) for r in rows], key, desc)]
            got = views.sort_rows(views.rows_for_version(data, "1.1.0"), key, desc)
            assert [r["model_name"] for r in got] == want, (key, desc)


def _data() -> dict[str, Any]:
    entries, versions = _entries(7)
    return json.loads(dump_results(build_results(entries, versions)))


def test_search_table_and_descriptions() -> None:
    data = _data()
    rows = views.rows_for_version(data, "1.0.0")
    assert views.search_rows(rows, "") == rows
    one = rows[0]["model_name"]
    assert [r["model_name"] for r in views.search_rows(rows, one.upper())] == [one]
    assert all(r["retriever_type"] == "dense" for r in views.search_rows(rows, "dense"))
    assert views.search_rows(rows, "bm25 dense") == []  # every word must match
    order = ["simple", "set", "conditional", "multi_hop"]
    headers, cells = views.table(rows, order=order)
    types = [h for h in headers if h in ("simple", "set", "conditional", "multi-hop")]
    # Known types in the registry's order.
    assert types == [t.replace("_", "-") for t in order if t.replace("_", "-") in types]
    assert len(types) >= 2
    assert len(cells) == len(rows) and cells[0][:2] == [1, rows[0]["model_name"]]
    ci = rows[0]["ci"]["total"]
    assert cells[0][headers.index("Total 95% CI")] == f"{ci[0]:.3f}–{ci[1]:.3f}"
    t = types[0].replace("-", "_")
    block = rows[0]["by_type"].get(t)
    want = None if not block else round((block["retrieval"] + block["generation"]) / 2, 3)
    assert cells[0][headers.index(types[0])] == want
    described = views.descriptions(data)
    assert [d[0] for d in described] == sorted(
        {r["model_name"] for v in views.versions(data) for r in views.rows_for_version(data, v)}
    )
    assert all("retriever_type=" in d[3] for d in described)


def test_chart_escapes_participants_text() -> None:
    data = _data()
    rows = views.rows_for_version(data, "1.0.0")
    rows[0]["model_name"] = '<script>alert(1)</script> & "x"'
    svg = views.chart_svg(rows, order=["simple", "set", "conditional", "multi_hop"])
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    bars = svg.count('class="bar"')
    assert bars == sum(
        views.type_score(r, t) is not None for r in rows[:6] for t in views.type_names(rows)
    )
    assert views.chart_svg([], order=[]).startswith("<p")


def test_views_module_needs_only_the_standard_library() -> None:
    tree = ast.parse(Path(views.__file__).read_text())
    imported = {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    } | {
        a.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for a in node.names
    }
    assert imported <= {"__future__", "collections", "html", "typing"}
