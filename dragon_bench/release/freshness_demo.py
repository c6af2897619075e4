"""Demo step: what the update's revision changed (`dragon changelog`), the baseline's score
on the fresh slice after a knowledge cutoff (`dragon evaluate --knowledge-cutoff`), and a
head of an organisation replaced between two dated revisions of a small hub of its own (the
object-side rule of `release.changelog`: «X назначен главой Y», then «Z назначен главой Y»)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from dragon_bench.hub import Hub
from dragon_bench.metrics import Gold, evaluate, parse_results, read_results
from dragon_bench.output import stdout
from dragon_bench.release.build import build_revision
from dragon_bench.release.changelog import changelog
from dragon_bench.release.cli import _changelog_table
from dragon_bench.types import Document

__all__ = ["HEAD_CHANGE", "head_change_documents", "run"]

# the demo corpus is dated 2-21 March 2026: a model trained up to 9 March has not seen half
CUTOFF = date(2026, 3, 9)
# the demo revision is small; a real leaderboard keeps the default of 20
DEMO_MIN_SLICE = 5
# the issue's scripted scenario (tests/release/test_supersede_scenario.py builds all three):
# the head of «Волгахимпром» changes between two dated increments; the third is undated
HEAD_CHANGE: tuple[tuple[datetime | None, tuple[tuple[str, str], ...]], ...] = (
    (
        datetime(2026, 3, 2, 9, 0, tzinfo=UTC),
        (
            (
                "a1",
                "Алексей Воронов назначен главой «Волгахимпрома». Воронов работает в "
                "«Волгахимпроме» с 2010 года. Воронов родился в Перми.",
            ),
            (
                "a2",
                "Мария Кузнецова назначена заместителем главы «Волгахимпрома». Кузнецова "
                "родилась в Самаре.",
            ),
            (
                "a3",
                "Штаб-квартира «Норникеля» находится в Москве. Олег Котов работает в "
                "«Норникеле» с 2015 года.",
            ),
            ("a4", "Игорь Лебедев работает в «Уралнефтегазе» с 2018 года. Лебедев родился в Уфе."),
        ),
    ),
    (
        datetime(2026, 3, 20, 12, 0, tzinfo=UTC),
        (
            ("b1", "Ирина Соколова назначена главой «Волгахимпрома». Соколова родилась в Казани."),
            (
                "b2",
                "Дмитрий Орлов назначен заместителем главы «Волгахимпрома». Мария Белова "
                "работает в «Северстали» с 2019 года.",
            ),
            ("b3", "Глеб Ершов назначен директором «Сибура». Ершов родился в Омске."),
        ),
    ),
    (
        None,
        (
            ("c1", "Денис Смирнов назначен главой «Фосагро». Смирнов родился в Вологде."),
            ("c2", "Ольга Лисина работает в «Акроне» с 2020 года. Лисина родилась в Пскове."),
        ),
    ),
)


def run(ctx: Any) -> None:
    art = ctx.artifacts
    if "hub" not in art:
        stdout.print("freshness step skipped: no revision from earlier steps")
        return
    hub = Hub(str(art["hub"]))
    for version in hub.versions("private"):
        _changelog_table(changelog(hub, version))
    _head_change(Hub(str(ctx.workdir / "head-change-hub")))
    if "results" not in art:
        return

    gold = Gold.from_hub(hub, art["version"])
    parsed = parse_results(read_results(art["results"]), gold, path=str(art["results"]))
    report = evaluate(
        parsed, gold, resamples=200, knowledge_cutoff=CUTOFF, min_slice=DEMO_MIN_SLICE
    )
    fresh = report["fresh"]
    labels = ", ".join(f"{k} {v['n_questions']}" for k, v in report.get("by_dynamism", {}).items())
    stdout.print(f"revision {gold.version}: questions by dynamism: {labels}")
    overall = report["overall"]["generation"]["rougeL"]
    if fresh["shown"]:
        lo, hi = fresh["ci"]["generation"]["rougeL"]
        stdout.print(
            f"baseline rougeL {overall:.3f} overall; after the cutoff {CUTOFF} "
            f"({fresh['n_questions']} questions dated {fresh['as_of'][0]}..{fresh['as_of'][1]}, "
            f"minimum slice {DEMO_MIN_SLICE} for the demo): "
            f"{fresh['generation']['rougeL']:.3f} [{lo:.3f}, {hi:.3f}]"
        )
    else:
        stdout.print(
            f"fresh slice after {CUTOFF}: {fresh['n_questions']} questions, under "
            f"{DEMO_MIN_SLICE}: not shown"
        )


def head_change_documents(upto: int) -> list[Document]:
    """The documents of the first `upto` increments of `HEAD_CHANGE`, with their dates."""
    return [
        Document(id=doc_id, title="", text=text, published_at=when)
        for when, texts in HEAD_CHANGE[:upto]
        for doc_id, text in texts
    ]


def _head_change(hub: Hub) -> None:
    """Two dated revisions in which the head of one organisation changes; the changelog of the
    second lists the first's question on the old head as superseded."""
    for n in (1, 2):
        build_revision(head_change_documents(n), hub, per_type=5, publish_dates=True)
    first, second = hub.versions("private")[:2]
    (day_1, (doc_1, *_)), (day_2, (doc_2, *_)) = HEAD_CHANGE[:2]
    stdout.print(
        f"a head replaced: {first} ({day_1.date() if day_1 else '?'}) «{doc_1[1].split('.')[0]}»,"
        f" {second} ({day_2.date() if day_2 else '?'}) «{doc_2[1].split('.')[0]}»",
        markup=False,
        highlight=False,
    )
    report = changelog(hub, second)
    _changelog_table(report)
    asked = {q["id"]: q["question"] for q in hub.read_table("private", first, "qa").to_pylist()}
    for row in report["superseded"]:
        stdout.print(
            f"  superseded {first}#{row['earlier_question_id']} "
            f"«{asked[row['earlier_question_id']]}» ({row['rule']} side)",
            markup=False,
            highlight=False,
        )
