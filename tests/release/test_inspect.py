"""`dragon inspect`: questions with their evidence sentences, spans marked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_bench.hub import Hub
from dragon_bench.release.build import build_revision
from dragon_bench.release.inspect import inspect_questions, mark_spans
from tests.helpers.cli import dragon
from tests.helpers.corpus import DOCS, TRIPLES


def test_spans_are_marked_inside_their_sentence() -> None:
    text = "Вступление. Президент США Барак Обама выступил. Конец."
    sentence = (12, 47)
    assert mark_spans(text, sentence, (26, 37), (12, 21)) == (
        "{Президент} США [Барак Обама] выступил."
    )
    # a span outside the sentence is not marked; nested spans close before they open
    assert mark_spans(text, sentence, (0, 5), (22, 25)) == "Президент {США} Барак Обама выступил."
    assert mark_spans("ab", (0, 2), (0, 1), (1, 2)) == "[a]{b}"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Hub:
    hub = Hub(str(tmp_path_factory.mktemp("inspect") / "hub"))
    build_revision(DOCS, hub, triples=TRIPLES, per_type=3, seed=0)
    return hub


def test_every_question_shows_its_evidence_in_the_published_text(hub: Hub) -> None:
    rows = inspect_questions(hub, "latest")
    qa = hub.read_table("private", "1.0.0", "qa").to_pylist()
    assert [r["id"] for r in rows] == [q["id"] for q in qa]
    texts = {d.id: d.full_text for d in DOCS}
    for row in rows:
        assert row["evidence"]
        for e in row["evidence"]:
            text = texts[e["doc_id"]]
            s, t = e["sentence_span"]
            assert e["sentence"] == text[s:t]
            subject = text[slice(*e["subject_span"])]
            assert f"[{subject}]" in e["marked"] or not s <= e["subject_span"][0] < t


def test_cli_by_id_sample_and_bad_input(hub: Hub, capsys: pytest.CaptureFixture[str]) -> None:
    run = dragon(capsys, "inspect", "--hub", hub.url, "--id", "1", "--format", "json")
    assert run.returncode == 0, run.stderr
    (row,) = json.loads(run.stdout)
    assert row["id"] == 1 and row["evidence"][0]["marked"]
    run = dragon(capsys, "inspect", "--hub", hub.url, "--sample", "2", "--seed", "3")
    assert run.returncode == 0 and run.stdout.count("Q: ") == 2
    assert "[" in run.stdout and "{" in run.stdout
    run = dragon(capsys, "inspect", "--hub", hub.url, "--id", "999")
    assert run.returncode == 2 and "no question 999" in run.stderr
    run = dragon(capsys, "inspect", "--hub", str(Path(hub.url).parent / "nowhere"))
    assert run.returncode == 2
