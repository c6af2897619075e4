"""Issue #20's scripted three-revision scenario through the real pipeline: dated documents
written here, `dragon build` with the offline KG (no hand-written triples), the changelog and
the fresh slice. Between revisions 1 and 2 the head of an organisation changes («Алексей
Воронов назначен главой «Волгахимпрома»», then «Ирина Соколова назначена главой
«Волгахимпрома»»): the fact the KG stores is the person's (X –WORKPLACE→ Y), so the new head
is another subject, and only the object-side rule (`dynamism.holder_role`) sees the change.
The documents are `release.freshness_demo.HEAD_CHANGE` (the demo shows the same change);
`test_freshness.py` covers the subject-side rule and the date plumbing on hand-written triples.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Collection
from datetime import datetime
from pathlib import Path
from typing import Any, cast

import pytest

from dragon_bench.hub import Hub
from dragon_bench.release.freshness_demo import HEAD_CHANGE, head_change_documents
from dragon_bench.release.stages import published_documents
from dragon_bench.types import Document, Triple

ROOT = Path(__file__).resolve().parents[2]
HEAD = ("PERSON:алексей воронов", "WORKPLACE", "ORGANIZATION:волгахимпром")
NEW_HEAD = "PERSON:ирина соколова"
CUTOFF = "2026-03-09"  # between the first two increments' dates

# the scenario's documents (the demo builds its first two increments too)
DAY_1, DAY_2 = (cast(datetime, when) for when, _ in HEAD_CHANGE[:2])
VERSIONS = ("1.0.0", "1.1.0", "1.2.0")


def _dragon(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "dragon_bench", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _corpus(path: Path, upto: int) -> Path:
    """Increments 1..upto as a JSONL corpus with their dates (each build keeps only the new
    documents); the third increment's documents have no date."""
    with path.open("w", encoding="utf-8") as fh:
        for d in head_change_documents(upto):
            when = d.published_at.isoformat() if d.published_at else None
            row = {"id": d.id, "title": "", "text": d.text, "published_at": when}
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return path


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Hub:
    work = tmp_path_factory.mktemp("supersede")
    hub = work / "hub"
    for n in (1, 2, 3):
        corpus = _corpus(work / f"corpus{n}.jsonl", n)
        done = _dragon(
            "build", "--corpus", str(corpus), "--hub", str(hub), "--publish-dates", cwd=work
        )
        assert done.returncode == 0, done.stderr[-3000:]
    built = Hub(str(hub))
    assert built.versions("private") == list(VERSIONS)
    return built


def _with_fact(hub: Hub, version: str, fact: tuple[str, str, str]) -> set[int]:
    return {
        q["id"]
        for q in hub.read_table("private", version, "qa").to_pylist()
        if any((e["subject_id"], e["relation_type"], e["object_id"]) == fact for e in q["evidence"])
    }


def test_the_new_head_supersedes_the_revision_1_question(scenario: Hub) -> None:
    asked = _with_fact(scenario, "1.0.0", HEAD)
    assert asked, "the scenario needs a 1.0.0 question on Воронов's place of work"
    rows = scenario.read_table("private", "1.1.0", "superseded").to_pylist()
    # exactly the questions on the old head's fact; the deputies, the workers of other
    # organisations and the static birthplaces stay
    assert {(r["earlier_version"], r["earlier_question_id"]) for r in rows} == {
        ("1.0.0", q) for q in asked
    }
    for r in rows:  # the slot, named from the organisation: (Y, WORKPLACE, X -> Z)
        assert (r["subject_id"], r["relation_type"]) == (HEAD[2], "WORKPLACE")
        assert (r["old_object_id"], r["new_object_id"]) == (HEAD[0], NEW_HEAD)
        assert {e["doc_id"] for e in r["evidence"]} == {"b1"}
        assert {(e["subject_id"], e["object_id"]) for e in r["evidence"]} == {(NEW_HEAD, HEAD[2])}
    assert scenario.read_manifest("private", "1.1.0")["changelog"] == {
        "new": scenario.read_table("private", "1.1.0", "qa").num_rows,
        "superseded": len(asked),
        "retired": [],
    }
    assert scenario.read_table("private", "1.2.0", "superseded").num_rows == 0
    assert scenario.read_manifest("private", "1.2.0")["changelog"]["superseded"] == 0


def test_dragon_changelog_lists_the_superseded_question(scenario: Hub, tmp_path: Path) -> None:
    asked = _with_fact(scenario, "1.0.0", HEAD)
    run = _dragon(
        "changelog", "--hub", scenario.url, "--version", "1.1.0", "--format", "json", cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["parent"] == "1.0.0" and report["retired"] == []
    assert len(report["new"]) == scenario.read_table("private", "1.1.0", "qa").num_rows
    assert {n["as_of"] for n in report["new"]} == {DAY_2.date().isoformat()}
    assert [
        (s["earlier_version"], s["earlier_question_id"], s["old_object_id"], s["new_object_id"])
        for s in report["superseded"]
    ] == [("1.0.0", q, HEAD[0], NEW_HEAD) for q in sorted(asked)]
    assert {s["rule"] for s in report["superseded"]} == {"object"}
    assert {tuple(s["doc_ids"]) for s in report["superseded"]} == {("b1",)}
    table = _dragon("changelog", "--hub", scenario.url, "--version", "1.1.0", cwd=tmp_path)
    assert table.returncode == 0, table.stderr
    new = len(report["new"])
    assert f"revision 1.1.0 since 1.0.0: {new} new, {len(asked)} superseded, 0 retired" in (
        table.stdout
    )
    assert "1.0.0#" in table.stdout and "b1" in table.stdout


def _perfect(hub: Hub, version: str, wrong: Collection[int] = ()) -> dict[str, Any]:
    from dragon_bench.metrics import Gold

    gold = Gold.from_hub(hub, version)
    return {
        str(q.id): {
            "found_ids": sorted(q.relevant),
            "model_answer": "не знаю" if q.id in wrong else q.answer,
        }
        for q in gold.questions
    }


def test_a_cutoff_between_the_dates_scores_only_the_new_questions_of_1_1_0(
    scenario: Hub, tmp_path: Path
) -> None:
    sizes = {}
    for version in VERSIONS:
        results = tmp_path / f"results-{version}.json"
        results.write_text(json.dumps(_perfect(scenario, version)), encoding="utf-8")
        run = _dragon(
            "evaluate", "--hub", scenario.url, "--version", version, "--results", str(results),
            "--knowledge-cutoff", CUTOFF, "--min-slice", "1", "--resamples", "20",
            "--format", "json", cwd=tmp_path,
        )  # fmt: skip
        assert run.returncode == 0, run.stderr
        fresh = json.loads(run.stdout)["fresh"]
        sizes[version] = fresh["n_questions"]
        if version == "1.1.0":
            assert fresh["shown"] and fresh["as_of"][0] >= CUTOFF
    n_new = scenario.read_table("private", "1.1.0", "qa").num_rows
    # 1.0.0 is dated before the cutoff, 1.2.0 is undated: neither has a fresh question
    assert sizes == {"1.0.0": 0, "1.1.0": n_new, "1.2.0": 0} and n_new > 0
    # the portal's path: a submission whose config declares the cutoff
    from dragon_bench.portal.evaluation import MetricsEvaluator

    evaluator = MetricsEvaluator(scenario, resamples=0, min_slice=1)
    for version, size in sizes.items():
        done = evaluator.evaluate(version, _perfect(scenario, version), knowledge_cutoff=CUTOFF)
        assert done.report["fresh"]["n_questions"] == size


def test_undated_documents_give_undated_questions(scenario: Hub) -> None:
    for version, day in zip(VERSIONS, (DAY_1, DAY_2, None), strict=True):
        qa = scenario.read_table("private", version, "qa").to_pylist()
        assert qa and {q["as_of"] for q in qa} == {day}, version
        public = scenario.read_table("public", version, "questions").to_pylist()
        assert {p["as_of"] for p in public} == {day.date() if day else None}
    texts = scenario.read_table("private", "1.2.0", "texts").to_pylist()
    assert {t["id"]: t["published_at"] for t in texts if t["id"].startswith("c")} == {
        "c1": None,
        "c2": None,
    }


def test_superseded_questions_leave_the_actual_versions_aggregate(scenario: Hub) -> None:
    from dragon_bench.portal.evaluation import MetricsEvaluator
    from dragon_bench.portal.leaderboard import Entry, rows_for_actual
    from dragon_bench.release.changelog import superseded_ids

    asked = _with_fact(scenario, "1.0.0", HEAD)
    evaluator = MetricsEvaluator(scenario, resamples=0)
    entries = []
    for n, version in enumerate(VERSIONS[:2]):
        # the model misses only the superseded question: without it, 1.0.0 is perfect
        wrong = asked if version == "1.0.0" else set()
        done = evaluator.evaluate(version, _perfect(scenario, version, wrong))
        when = datetime(2026, 3, 1 + n, tzinfo=DAY_1.tzinfo)
        entries.append(
            Entry(f"s{n}", "m", version, when, {}, done.report, extra={"details": done.details})
        )
    gone = superseded_ids(scenario, VERSIONS[:2])
    assert gone == {"1.0.0": asked}
    (kept,) = rows_for_actual(entries, VERSIONS[:2], 2)
    (left,) = rows_for_actual(entries, VERSIONS[:2], 2, gone)
    n_1, n_2 = (scenario.read_table("private", v, "qa").num_rows for v in VERSIONS[:2])
    assert kept["n_questions"] == n_1 + n_2
    assert left["n_questions"] == n_1 - len(asked) + n_2
    assert left["total"] > kept["total"]


# (revision 1 sentence, revision 2 sentence, the revision-1 person and organisation ids,
# the new holders expected): the role is read from each triple's trigger
_PAIRS = [
    ("Алексей Воронов назначен главой «Волгахимпрома».", "Ирина Соколова назначена главой «Волгахимпрома».", "алексей воронов", "ORGANIZATION:волгахимпром", {"ирина соколова"}),
    ("Президент «Лукойла» Вагит Алекперов выступил на форуме.", "Новым президентом «Лукойла» стал Вадим Воробьёв.", "вагит алекперов", "ORGANIZATION:лукойл", {"вадим воробьев"}),
    ("Алексей Воронов возглавляет «Волгахимпром».", "Ирина Соколова назначена руководителем «Волгахимпрома».", "алексей воронов", "ORGANIZATION:волгахимпром", {"ирина соколова"}),
    # a deputy is not the head, nor is a worker; two deputies do not replace each other
    ("Алексей Воронов назначен главой «Волгахимпрома».", "Дмитрий Орлов назначен заместителем главы «Волгахимпрома».", "алексей воронов", "ORGANIZATION:волгахимпром", set()),
    ("Мария Кузнецова работает в «Волгахимпроме».", "Дмитрий Орлов назначен заместителем главы «Волгахимпрома».", "мария кузнецова", "ORGANIZATION:волгахимпром", set()),
    ("Игорь Лебедев работает в «Волгахимпроме».", "Ирина Соколова назначена главой «Волгахимпрома».", "игорь лебедев", "ORGANIZATION:волгахимпром", set()),
    # heads of departments of one company; another role; the same head again; a former head
    ("Иван Петров назначен главой департамента «Роснефти».", "Олег Котов назначен главой департамента «Роснефти».", "иван петров", "ORGANIZATION:роснефть", set()),
    ("Президент «Лукойла» Вагит Алекперов выступил на форуме.", "Иван Петров назначен директором «Лукойла».", "вагит алекперов", "ORGANIZATION:лукойл", set()),
    ("Алексей Воронов назначен главой «Волгахимпрома».", "Алексей Воронов вновь назначен главой «Волгахимпрома».", "алексей воронов", "ORGANIZATION:волгахимпром", set()),
    ("Алексей Воронов назначен главой «Волгахимпрома».", "Бывший глава «Волгахимпрома» Ирина Соколова выступила на форуме.", "алексей воронов", "ORGANIZATION:волгахимпром", set()),
    # two ids of one person are no replacement; two people are, whatever their first names
    ("Президент Бразилии Дилма Руссефф выступила на форуме.", "Президенту Бразилии Дилме Руссефф грозит импичмент.", "дилма руссефф", "LOCATION:бразилия", None),
    # an adjective that names another office (read from the evidence sentence); «генеральный»,
    # «новый» keep the head's
    ("Финансовый директор «Аэрофлота» Иван Петров выступил на форуме.", "Генеральный директор «Аэрофлота» Олег Котов выступил на форуме.", "иван петров", "ORGANIZATION:аэрофлот", set()),
    ("Генеральный директор «Аэрофлота» Иван Петров выступил на форуме.", "Олег Котов назначен исполнительным директором «Аэрофлота».", "иван петров", "ORGANIZATION:аэрофлот", set()),
    ("Генеральный директор «Аэрофлота» Иван Петров выступил на форуме.", "Олег Котов назначен генеральным директором «Аэрофлота».", "иван петров", "ORGANIZATION:аэрофлот", {"олег котов"}),
    ("Сергей Петров является мэром Твери.", "Новым мэром Твери стал Алексей Огоньков.", "сергей петров", "LOCATION:тверь", {"алексей огоньков"}),
]  # fmt: skip


@pytest.mark.parametrize(("before", "after", "person", "organisation", "expected"), _PAIRS)
def test_a_new_holder_of_the_same_role_replaces_the_earlier_one(
    before: str, after: str, person: str, organisation: str, expected: set[str] | None
) -> None:
    from dragon_bench.kg.natasha_backend import extract_document
    from dragon_bench.release.changelog import Changes
    from dragon_bench.release.holders import held_roles

    earlier = extract_document(Document(id="a", title="", text=before))
    fact = (f"PERSON:{person}", "WORKPLACE", organisation)
    assert fact in {(t.subject_id, t.relation_type, t.object_id) for t in earlier}
    texts = {"a": before, "b": after}
    roles = held_roles(earlier, texts).get(fact, set())
    later = extract_document(Document(id="b", title="", text=after))
    changes = Changes(later, texts)
    if expected is None:  # the KG gives the same person another id: still no new holder
        others = {t.subject_id for t in later if t.relation_type == "WORKPLACE"} - {fact[0]}
        assert any(p.startswith("PERSON:") for p in others), "the case needs a second id"
        expected = set()
    assert set(changes.new_holders(fact, roles)) == {f"PERSON:{p}" for p in expected}


def _hand(
    doc_id: str, text: str, subject: str, obj: str, at: tuple[str, str], trigger: str
) -> Triple:
    """A WORKPLACE triple of a person at an organisation, spans into `text`."""
    s0, o0 = text.index(at[0]), text.index(at[1])
    return Triple(
        subject, "место работы", obj, doc_id, "PERSON", "ORGANIZATION",
        subject_span=(s0, s0 + len(at[0])), object_span=(o0, o0 + len(at[1])),
        sentence_span=(0, len(text)), relation_type="WORKPLACE", tense="present", trigger=trigger,
    )  # fmt: skip


_H = {
    "h1": "Алексей Воронов назначен главой «Волгахимпрома».",
    "h2": "Воронов работает в «Волгахимпроме» с 2010 года.",
    "h3": "Ирина Соколова назначена главой «Волгахимпрома».",
}


def _hand_hub(folder: Path, asked_at: datetime | None = None) -> tuple[Hub, Triple]:
    """1.0.0's KG names the head and asks nothing about him; 1.1.0 asks where he works (a
    verb frame: no role of its own, its evidence dated `asked_at`); returns the hub and the
    increment's triple naming a new head."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from dragon_bench.release.tables import EVIDENCE_TYPE, kg_table
    from dragon_bench.release.tables import evidence_record as _evidence

    head = "role_genitive+role_verb:глава"
    named = _hand(
        "h1",
        _H["h1"],
        "Алексей Воронов",
        "Волгахимпром",
        ("Алексей Воронов", "Волгахимпрома"),
        head,
    )
    works = _hand(
        "h2",
        _H["h2"],
        "Алексей Воронов",
        "Волгахимпром",
        ("Воронов", "Волгахимпроме"),
        "verb_workplace:работать",
    )
    new = _hand(
        "h3", _H["h3"], "Ирина Соколова", "Волгахимпром", ("Ирина Соколова", "Волгахимпрома"), head
    )
    qa_type = pa.schema(
        [
            ("id", pa.int64()),
            ("evidence", pa.list_(EVIDENCE_TYPE)),
            ("as_of", pa.timestamp("us", tz="UTC")),
        ]
    )
    for version, triple, asked in (("1.0.0", named, []), ("1.1.0", works, [[_evidence(works)]])):
        path = folder / "private" / version
        path.mkdir(parents=True)
        pq.write_table(kg_table([triple]), path / "kg.parquet")
        rows = [{"id": i, "evidence": e, "as_of": asked_at} for i, e in enumerate(asked)]
        pq.write_table(pa.Table.from_pylist(rows, qa_type), path / "qa.parquet")
    return Hub(str(folder)), new  # fmt: skip


def test_a_head_named_in_one_revision_and_asked_about_in_the_next(tmp_path: Path) -> None:
    from dragon_bench.release.changelog import superseded_questions

    hub, new = _hand_hub(tmp_path / "hub")
    rows = superseded_questions(hub, ["1.0.0", "1.1.0"], [new], _H)
    assert [(r["earlier_version"], r["earlier_question_id"], r["new_object_id"]) for r in rows] == [
        ("1.1.0", 0, NEW_HEAD)
    ]
    # the role is the KG's: without 1.0.0, nothing gives Воронов the head's role
    assert superseded_questions(hub, ["1.1.0"], [new], _H) == []


def test_a_text_older_than_the_question_changes_nothing(tmp_path: Path) -> None:
    from dragon_bench.release.changelog import superseded_questions

    asked_at = datetime(2026, 3, 10, tzinfo=DAY_1.tzinfo)
    hub, new = _hand_hub(tmp_path / "hub", asked_at)
    for published, superseded in (
        (datetime(2026, 3, 1, tzinfo=DAY_1.tzinfo), False),  # old news crawled late
        (datetime(2026, 3, 20, tzinfo=DAY_1.tzinfo), True),
        (None, True),  # undated: the revisions' order decides
    ):
        rows = superseded_questions(hub, ["1.0.0", "1.1.0"], [new], _H, {"h3": published})
        assert bool(rows) is superseded, published


def test_dragon_update_finds_the_new_head_in_crawled_pages(
    news_server: Any, tmp_path: Path
) -> None:
    """The same change through `dragon update`: revision 2's articles on a local news site
    (their dates in the pages' metadata), crawled, diffed and built into 1.1.0."""
    from dataclasses import replace

    from dragon_bench.engine.demo_feed import demo_site_pages
    from dragon_bench.release.build import build_revision
    from dragon_bench.release.update import run_update
    from tests.helpers.updating import config_for

    hub = tmp_path / "hub"
    build_revision(head_change_documents(1), str(hub), per_type=5)
    asked = _with_fact(Hub(str(hub)), "1.0.0", HEAD)
    assert asked, "the scenario needs a 1.0.0 question on Воронов's place of work"
    when, texts = HEAD_CHANGE[1]
    assert when is not None
    articles = [
        {"slug": doc_id, "title": "Новости компаний", "paragraphs": [text], "published": when.isoformat()}
        for doc_id, text in texts
    ]  # fmt: skip
    for path, (body, ctype) in demo_site_pages({"title": "Вестник", "articles": articles}).items():
        news_server.route(path, body, content_type=ctype)
    config = config_for(tmp_path, hub, news_server.url("/rss.xml"))
    config = replace(config, crawl=replace(config.crawl, min_chars=20), publish_dates=True)
    report = run_update(config)
    assert report["version"] == "1.1.0", report
    built = Hub(str(hub))
    rows = built.read_table("private", "1.1.0", "superseded").to_pylist()
    assert {(r["earlier_question_id"], r["old_object_id"], r["new_object_id"]) for r in rows} == {
        (q, HEAD[0], NEW_HEAD) for q in asked
    }
    new_texts = {d.id: d.full_text for d in published_documents(built, "1.1.0")}
    (doc,) = {e["doc_id"] for r in rows for e in r["evidence"]}
    assert "Ирина Соколова назначена главой" in new_texts[doc]
    qa = built.read_table("private", "1.1.0", "qa").to_pylist()
    assert {q["as_of"] for q in qa} == {when}
    assert built.read_manifest("private", "1.1.0")["changelog"]["superseded"] == len(asked)
