"""The stage list `dragon build` and `dragon update` share: its order, and one insertion."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from dragon_bench.hub import Hub
from dragon_bench.release import pipeline, stages
from dragon_bench.release.build import build_revision
from dragon_bench.release.draft import BuildContext, Draft
from tests.helpers.corpus import DOCS, TRIPLES


def test_the_stages_run_in_the_documented_order() -> None:
    names = [s.__name__ for s in pipeline.STAGES]
    assert names == [
        "select",
        "dedup",
        "segment",
        "extract",
        "novelty",
        "questions",
        "screen",
        "review",
        "filters",
        "supersede",
        "write",
    ]


def test_a_stage_is_one_insertion(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def no_set_questions(ctx: BuildContext, draft: Draft) -> Draft:
        seen.append(len(draft.questions))
        return replace(draft, questions=tuple(q for q in draft.questions if q.type != "set"))

    at = pipeline.STAGES.index(stages.filters)
    monkeypatch.setattr(
        pipeline, "STAGES", [*pipeline.STAGES[:at], no_set_questions, *pipeline.STAGES[at:]]
    )
    result = build_revision(DOCS, str(tmp_path / "hub"), triples=TRIPLES, per_type=3)
    assert seen and "set" not in result.questions
    assert "no_set_questions" in result.timings
    qa = Hub(str(tmp_path / "hub")).read_table("private", result.version, "qa").to_pylist()
    assert qa and {q["type"] for q in qa} == set(result.questions)
    assert [q["id"] for q in qa] == list(range(len(qa)))  # numbered after the new stage


def test_plan_refuses_an_existing_version_and_inherits_the_id_key(tmp_path: Path) -> None:
    hub = Hub(str(tmp_path / "hub"))
    build_revision(DOCS[:4], hub, triples=TRIPLES, per_type=2, id_key="k1")
    plan = pipeline.plan_revision(hub)
    assert (plan.version, plan.parent, plan.id_key, plan.published) == (
        "1.1.0",
        "1.0.0",
        "k1",
        ("1.0.0",),
    )
    full = pipeline.plan_revision(hub, full=True, version="2.0.0")
    assert full.parent is None and full.published == () and full.id_key != "k1"
    with pytest.raises(ValueError, match="already exists"):
        pipeline.plan_revision(hub, version="1.0.0")
