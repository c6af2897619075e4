"""Issue #20: dates on texts and questions, dynamism labels, superseded answers, changelog.
The scripted three-revision scenario: dated documents written here (freshness_corpus)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.dynamism import DYNAMISM, question_dynamism
from dragon_bench.hub import Hub
from dragon_bench.kg.llm_backend import RELATION_TYPES
from dragon_bench.release.build import build_revision
from tests.release.freshness_corpus import DAY_1, DAY_2, increment, triples_of


def _build(hub: Path, n: int, **kw: object) -> str:
    docs = [d for k in range(1, n + 1) for d in increment(k)]
    return build_revision(docs, str(hub), triples=triples_of(docs), per_type=5, **kw).version


@pytest.fixture(scope="module")
def three(tmp_path_factory: pytest.TempPathFactory) -> Hub:
    hub = tmp_path_factory.mktemp("fresh") / "hub"
    assert [_build(hub, n, publish_dates=True) for n in (1, 2, 3)] == ["1.0.0", "1.1.0", "1.2.0"]
    return Hub(str(hub))


def test_every_nerel_relation_type_has_a_label() -> None:
    assert set(DYNAMISM) - {""} == set(RELATION_TYPES)
    assert DYNAMISM["PLACE_OF_BIRTH"] == "static" and DYNAMISM["WORKPLACE"] == "slow"
    assert DYNAMISM["PRICE_OF"] == "fast"
    assert question_dynamism(["PLACE_OF_BIRTH", "WORKPLACE"]) == "slow"
    assert question_dynamism([]) == "static"


def test_texts_keep_their_publication_time_and_undated_stay_null(three: Hub) -> None:
    texts = {
        r["id"]: r["published_at"]
        for r in three.read_table("private", "1.2.0", "texts").to_pylist()
    }
    assert texts["r1"] == DAY_1 and texts["s1"] == DAY_2  # carried from the parent revision
    assert texts["u1"] is None and texts["u2"] is None


def test_questions_carry_as_of_first_revision_and_dynamism(three: Hub) -> None:
    for version, day in (("1.0.0", DAY_1), ("1.1.0", DAY_2), ("1.2.0", None)):
        qa = three.read_table("private", version, "qa").to_pylist()
        assert qa
        for q in qa:
            assert q["as_of"] == day, (version, q["question"])
            assert q["first_revision"] == version
            types = [e["relation_type"] for e in q["evidence"]]
            assert q["dynamism"] == question_dynamism(types)
        public = three.read_table("public", version, "questions").to_pylist()
        assert [p["as_of"] for p in public] == [day.date() if day else None for _ in qa]
    labels = {
        q["dynamism"]
        for v in ("1.0.0", "1.1.0")
        for q in three.read_table("private", v, "qa").to_pylist()
    }
    assert labels == {"static", "slow"}


def test_public_questions_have_no_dates_unless_asked(tmp_path: Path) -> None:
    _build(tmp_path / "hub", 1)
    public = Hub(str(tmp_path / "hub")).read_table("public", "1.0.0", "questions")
    assert public.column_names == ["id", "question"]


def test_release_of_a_staged_revision_publishes_dates_when_asked(tmp_path: Path) -> None:
    from dragon_bench.release.staging import Verdict, release_staged

    hub = Hub(str(tmp_path / "hub"))
    version = _build(tmp_path / "hub", 1, review=True)
    rows = hub.read_table("private", version, "qa").to_pylist()
    verdicts = {r["id"]: Verdict("accept") for r in rows}
    report = release_staged(hub, version, verdicts, publish_dates=True)
    public = hub.read_table("public", version, "questions").to_pylist()
    assert len(public) == report["questions"] > 0
    assert {p["as_of"] for p in public} == {DAY_1.date()}


def _perfect(gold: Any, wrong: frozenset[int] = frozenset()) -> Any:
    from dragon_bench.metrics import parse_results

    raw = {
        str(q.id): {
            "found_ids": sorted(q.relevant),
            "model_answer": "нет" if q.id in wrong else q.answer,
        }
        for q in gold.questions
    }
    return parse_results(raw, gold)


def test_fresh_slice_after_a_cutoff_between_the_two_dates(three: Hub) -> None:
    from dragon_bench.metrics import Gold, evaluate

    cutoff = date(2026, 2, 1)  # between DAY_1 and DAY_2
    sizes = {}
    for version in ("1.0.0", "1.1.0", "1.2.0"):
        gold = Gold.from_hub(three, version)
        wrong = frozenset({gold.questions[0].id})
        report = evaluate(
            _perfect(gold, wrong), gold, resamples=50, knowledge_cutoff=cutoff, min_slice=1
        )
        fresh = report["fresh"]
        sizes[version] = fresh["n_questions"]
        labels = report["by_dynamism"]
        assert sum(v["n_questions"] for v in labels.values()) == report["n_questions"]
        if version == "1.1.0":  # every new question of 1.1.0 is dated after the cutoff
            assert fresh["shown"] and fresh["n_questions"] == len(gold)
            assert fresh["as_of"] == [DAY_2.date().isoformat()] * 2
            expected = (len(gold) - 1) / len(gold)
            assert fresh["generation"]["substr_match"] == pytest.approx(expected)
            lo, hi = fresh["ci"]["generation"]["substr_match"]
            assert lo <= expected <= hi
        else:
            assert not fresh["shown"] and "generation" not in fresh
    assert sizes == {"1.0.0": 0, "1.1.0": sizes["1.1.0"], "1.2.0": 0} and sizes["1.1.0"] > 0


def test_a_small_fresh_slice_is_not_shown(three: Hub) -> None:
    from dragon_bench.metrics import Gold, evaluate

    gold = Gold.from_hub(three, "1.1.0")
    report = evaluate(_perfect(gold), gold, resamples=0, knowledge_cutoff=date(2026, 2, 1))
    assert report["fresh"] == {
        "knowledge_cutoff": "2026-02-01",
        "n_questions": len(gold),
        "min_slice": 20,
        "shown": False,
    }
    assert len(gold) < 20


def test_the_changed_fact_supersedes_the_revision_1_question(three: Hub) -> None:
    qa1 = {q["id"]: q for q in three.read_table("private", "1.0.0", "qa").to_pylist()}
    rows = three.read_table("private", "1.1.0", "superseded").to_pylist()
    assert rows, "Петров's workplace changed between 1.0.0 and 1.1.0"
    for r in rows:
        assert r["earlier_version"] == "1.0.0"
        assert (r["subject_id"], r["relation_type"]) == ("PERSON:иван петров", "WORKPLACE")
        assert (r["old_object_id"], r["new_object_id"]) == (
            "ORGANIZATION:ромашка",
            "ORGANIZATION:лютик",
        )
        assert {e["doc_id"] for e in r["evidence"]} == {"s1"}
        facts = {
            (e["subject_id"], e["relation_type"], e["object_id"])
            for e in qa1[r["earlier_question_id"]]["evidence"]
        }
        assert ("PERSON:иван петров", "WORKPLACE", "ORGANIZATION:ромашка") in facts
    # every 1.0.0 question on that fact is listed, no other (the static birthplace stays)
    expected = {
        q["id"]
        for q in qa1.values()
        if any(
            e["object_id"] == "ORGANIZATION:ромашка" and e["relation_type"] == "WORKPLACE"
            for e in q["evidence"]
        )
    }
    assert {r["earlier_question_id"] for r in rows} == expected
    assert three.read_table("private", "1.2.0", "superseded").num_rows == 0
    log = three.read_manifest("private", "1.1.0")["changelog"]
    assert log == {
        "new": three.read_table("private", "1.1.0", "qa").num_rows,
        "superseded": len(expected),
        "retired": [],
    }


def test_dragon_changelog_lists_new_superseded_and_retired(three: Hub, capsys: Any) -> None:
    from tests.helpers.cli import dragon

    run = dragon(capsys, "changelog", "--hub", three.url, "--version", "1.1.0", "--format", "json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert set(report) == {"version", "parent", "new", "superseded", "retired"}
    assert report["parent"] == "1.0.0" and report["retired"] == []
    assert len(report["new"]) == three.read_table("private", "1.1.0", "qa").num_rows
    assert {n["as_of"] for n in report["new"]} == {DAY_2.date().isoformat()}
    assert {(s["earlier_version"], s["new_object_id"]) for s in report["superseded"]} == {
        ("1.0.0", "ORGANIZATION:лютик")
    }
    table = dragon(capsys, "changelog", "--hub", three.url, "--version", "1.1.0")
    counts = f"{len(report['new'])} new, {len(report['superseded'])} superseded, 0 retired"
    assert counts in table.stdout
    bad = dragon(capsys, "changelog", "--hub", three.url, "--version", "9.9.0")
    assert bad.returncode == 2


def test_texts_left_out_retire_their_questions(tmp_path: Path) -> None:
    hub = tmp_path / "hub"
    _build(hub, 1)
    # the next build's corpus lacks r3: its questions are retired
    docs = [d for d in increment(1) if d.id != "r3"] + increment(2)
    build_revision(docs, str(hub), triples=triples_of(docs), per_type=5)
    h = Hub(str(hub))
    qa1 = h.read_table("private", "1.0.0", "qa").to_pylist()
    gone = sorted(q["id"] for q in qa1 if "r3" in q["text_ids"])
    assert gone
    retired = h.read_manifest("private", "1.1.0")["changelog"]["retired"]
    assert sorted(r["id"] for r in retired) == gone and {r["version"] for r in retired} == {"1.0.0"}


def test_the_demo_step_prints_each_changelog(three: Hub, tmp_path: Path, capsys: Any) -> None:
    from types import SimpleNamespace

    from dragon_bench.release import freshness_demo

    freshness_demo.run(SimpleNamespace(artifacts={"hub": three.url}, workdir=tmp_path))
    out = capsys.readouterr().out
    n = len(three.read_table("private", "1.1.0", "superseded").to_pylist())
    assert "revision 1.0.0 since nothing" in out and f"{n} superseded" in out and n > 0
    # and a head replaced between two dated revisions of a hub of its own (object side)
    assert "a head replaced: 1.0.0 (2026-03-02)" in out
    assert "superseded 1.0.0#" in out and "Алексей Воронов" in out and "(object side)" in out


def test_the_subject_side_holds_for_relations_with_one_object_at_a_time() -> None:
    from dragon_bench.release.changelog import Changes
    from dragon_bench.types import Triple

    def t(rtype: str, obj: str, kind: str) -> Triple:
        return Triple(
            "Сергей Тюрин", "", obj, "b", "PERSON", kind,
            subject_id="PERSON:сергей тюрин", object_id=f"{kind}:{obj}", relation_type=rtype,
        )  # fmt: skip

    work = ("PERSON:сергей тюрин", "WORKPLACE", "ORGANIZATION:ромашка")
    assert list(Changes([t("WORKPLACE", "лютик", "ORGANIZATION")]).new_objects(work)) == [
        "ORGANIZATION:лютик"
    ]
    # a document's own common noun («компания») names no other workplace
    assert Changes([t("WORKPLACE", "компания @b", "ORGANIZATION")]).new_objects(work) == {}
    # roles and memberships are many at once: another one replaces none
    coach = ("PERSON:сергей тюрин", "WORKS_AS", "PROFESSION:тренер @a")
    assert Changes([t("WORKS_AS", "директор @b", "PROFESSION")]).new_objects(coach) == {}
    party = ("PERSON:сергей тюрин", "MEMBER_OF", "ORGANIZATION:единая россия")
    assert Changes([t("MEMBER_OF", "цска", "ORGANIZATION")]).new_objects(party) == {}
