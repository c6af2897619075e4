"""Staged revisions (`dragon build --review`) and `dragon release`: nothing staged is visible,
flagged candidates are kept, only accepted questions are released, renumbered, atomically."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.hub import Hub
from dragon_bench.llm.scripted import ScriptedLLMServer
from dragon_bench.portal.revisions import RevisionCache
from dragon_bench.release.build import build_revision
from dragon_bench.release.staging import Verdict, release_staged
from dragon_bench.release.update import run_update
from tests.helpers.cli import dragon
from tests.helpers.corpus import DOCS, TRIPLES, write_inputs
from tests.helpers.updating import config_for, make_base_hub, serve_demo
from tests.plugins.news_server import NewsServer


def stage(root: Path, **kw: Any) -> tuple[Hub, str]:
    made = build_revision(DOCS, root, triples=TRIPLES, per_type=3, seed=0, review=True, **kw)
    return Hub(str(root)), made.version


def test_staged_revision_has_a_private_half_only_and_is_invisible(tmp_path: Path) -> None:
    hub, version = stage(tmp_path / "hub")
    assert hub.versions("public") == [] and hub.versions("private") == [version]
    assert hub.staged_versions() == [version] and hub.state(version) == "staged"
    assert not (tmp_path / "hub" / "public").exists()
    assert hub.read_manifest("private", version)["state"] == "staged"
    # the portal lists and serves only released revisions
    cache = RevisionCache(hub)
    assert cache.versions() == []
    with pytest.raises(BadInputError, match="not published"):
        cache.questions(version)
    texts = hub.read_table("private", version, "public_texts")
    assert texts.num_rows == len(DOCS)
    # and `publish` finds no public half to push
    with pytest.raises(BadInputError, match="no public revision"):
        hub.resolve("latest", "public")


def test_review_keeps_the_candidates_an_offline_check_refused(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """The plumbing from the question checks to the staged flags: a check that refuses every
    other candidate (the checks themselves are tested in tests/questions)."""
    from dragon_bench.questions import generate

    real = generate.common_reason
    calls = {"n": 0}

    def every_other(*args: Any) -> str:
        calls["n"] += 1
        return real(*args) or ("guessable" if calls["n"] % 2 == 0 else "")

    monkeypatch.setattr(generate, "common_reason", every_other)
    plain = build_revision(DOCS, tmp_path / "plain", triples=TRIPLES, per_type=3, seed=0)
    kept = Hub(str(tmp_path / "plain")).read_table("private", plain.version, "qa").to_pylist()
    assert plain.rejected.get("guessable")
    calls["n"] = 0
    hub, version = stage(tmp_path / "hub")
    rows = hub.read_table("private", version, "qa").to_pylist()
    checked = [r for r in rows if r["flags"]]
    # the questions a plain build keeps are the unflagged candidates, unchanged
    assert sorted(r["question"] for r in rows if not r["flags"]) == sorted(
        r["question"] for r in kept
    )
    # each flag is the refusing check's: the fake one, or a real one the plain build refused too
    real_reasons = {f"check:{reason}" for reason in plain.rejected}
    assert any(r["flags"] == ["check:guessable"] for r in checked)
    assert all(len(r["flags"]) == 1 and r["flags"][0] in real_reasons for r in checked)
    assert len({r["question"] for r in rows}) == len(rows)
    by_type = Counter(r["type"] for r in checked)
    assert max(by_type.values()) <= 3  # at most per_type refused candidates of a type


def test_review_keeps_the_candidates_a_screen_dropped_with_their_flags(
    llm_server: ScriptedLLMServer, tmp_path: Path
) -> None:
    from dragon_bench.screening.screen import screening_from_options

    plain = build_revision(DOCS, tmp_path / "plain", triples=TRIPLES, per_type=3, seed=0)
    qa = Hub(str(tmp_path / "plain")).read_table("private", plain.version, "qa").to_pylist()
    known = {q["question"]: q["answer"] for q in qa[::2]}
    llm_server.reply = lambda body: known.get(body["messages"][-1]["content"], "не знаю")
    screening = screening_from_options(
        closed_book_models="memory", settings=llm_server.settings(tmp_path)
    )
    # without review the closed-book hits are dropped ...
    dropped = build_revision(
        DOCS, tmp_path / "drop", triples=TRIPLES, per_type=3, seed=0, screening=screening
    )
    rows = Hub(str(tmp_path / "drop")).read_table("private", dropped.version, "qa").to_pylist()
    assert not {r["question"] for r in rows} & set(known)
    # ... with review they stay as flagged candidates
    hub, version = stage(tmp_path / "hub", screening=screening)
    rows = hub.read_table("private", version, "qa").to_pylist()
    screened = [r for r in rows if not any(f.startswith("check:") for f in r["flags"])]
    flagged = {r["question"] for r in screened if r["flags"]}
    assert flagged == set(known) & {r["question"] for r in screened} and flagged
    assert all(r["flags"] == ["closed_book:memory"] for r in screened if r["question"] in flagged)
    assert sorted(r["id"] for r in rows) == list(range(len(rows)))


def test_release_publishes_only_accepted_questions_renumbered(tmp_path: Path) -> None:
    hub, version = stage(tmp_path / "hub")
    rows = sorted(hub.read_table("private", version, "qa").to_pylist(), key=lambda r: r["id"])
    staged_texts = hub.read_table("private", version, "public_texts").to_pylist()
    staged_map = hub.read_table("private", version, "texts").to_pylist()
    verdicts = {r["id"]: Verdict("accept") for r in rows}
    verdicts[rows[0]["id"]] = Verdict("reject", reason="ambiguous", note="два ответа")
    verdicts[rows[2]["id"]] = Verdict("edit", question="Исправленный вопрос?")
    report = release_staged(hub, version, verdicts)
    assert report["accepted"] == len(rows) - 1 and report["edited"] == 1
    assert report["rejected_by_reason"] == {"ambiguous": 1}
    assert hub.versions() == [version] and hub.staged_versions() == []
    assert hub.state(version) == "released"
    public = hub.read_table("public", version, "questions").to_pylist()
    assert [q["id"] for q in public] == list(range(len(rows) - 1))
    expected = [r["question"] for r in rows[1:]]
    expected[1] = "Исправленный вопрос?"
    assert [q["question"] for q in public] == expected
    qa = hub.read_table("private", version, "qa").to_pylist()
    assert [q["id"] for q in qa] == [q["id"] for q in public]
    assert [q["answer"] for q in qa] == [r["answer"] for r in rows[1:]]
    # text ids unchanged: the public texts and the private map are the staged ones
    assert hub.read_table("public", version, "texts").to_pylist() == staged_texts
    assert hub.read_table("private", version, "texts").to_pylist() == staged_map
    manifest = hub.read_manifest("private", version)
    assert manifest["review"]["accepted"] == len(rows) - 1
    assert manifest["review"]["rejected_by_reason"] == {"ambiguous": 1}
    assert "id_key" in manifest and "public_texts.parquet" not in manifest["sha256"]
    log = hub.read_table("private", version, "review").to_pylist()
    assert log[0]["decision"] == "reject" and log[0]["question_id"] is None
    assert log[2]["original_question"] == rows[2]["question"] and log[2]["question_id"] == 1
    with pytest.raises(BadInputError, match="already released"):
        release_staged(hub, version, verdicts)


def test_release_refuses_unreviewed_and_auto_accepts_unflagged_above(tmp_path: Path) -> None:
    hub, version = stage(tmp_path / "hub")
    rows = sorted(hub.read_table("private", version, "qa").to_pylist(), key=lambda r: r["id"])
    with pytest.raises(BadInputError, match=f"{len(rows)} of {len(rows)} candidates are unre"):
        release_staged(hub, version, {})
    assert hub.staged_versions() == [version]  # nothing changed
    # a flagged candidate of high confidence is never auto-accepted
    path = hub.path("private", version, "qa.parquet")
    table = hub.read_table("private", version, "qa")
    flags = [["closed_book:m"] if r["id"] == rows[1]["id"] else [] for r in table.to_pylist()]
    table = table.set_column(table.column_names.index("flags"), "flags", pa.array(flags))
    # precomputed triples carry no confidence: give the candidates 0.0, 0.1, 0.2, ...
    confidence = {r["id"]: n / 10 for n, r in enumerate(rows)}
    rows = [{**r, "confidence": confidence[r["id"]]} for r in rows]
    column = pa.array([confidence[i] for i in table.column("id").to_pylist()], pa.float64())
    table = table.set_column(table.column_names.index("confidence"), "confidence", column)
    pq.write_table(table, path)
    threshold = 0.35
    report = release_staged(
        hub, version, {rows[0]["id"]: Verdict("accept")}, auto_accept_above=threshold
    )
    expect = {
        r["id"] for r in rows[1:] if r["id"] != rows[1]["id"] and r["confidence"] >= threshold
    }
    assert report["auto_accepted"] == len(expect)
    assert report["accepted"] == len(expect) + 1
    assert report["left_out_undecided"] == len(rows) - 1 - len(expect)
    assert hub.read_table("public", version, "questions").num_rows == report["accepted"]


def test_an_interrupted_release_is_undone_then_redone(tmp_path: Path, monkeypatch: Any) -> None:
    hub, version = stage(tmp_path / "hub")
    rows = hub.read_table("private", version, "qa").to_pylist()
    verdicts = {r["id"]: Verdict("accept") for r in rows}
    real = Hub._write_half

    def fail_on_public(self: Hub, half: str, *args: Any) -> None:
        if half == "public":
            raise OSError("disk full")
        real(self, half, *args)

    monkeypatch.setattr(Hub, "_write_half", fail_on_public)
    with pytest.raises(OSError):
        release_staged(hub, version, verdicts)
    monkeypatch.setattr(Hub, "_write_half", real)
    assert hub.versions() == []  # not half-released
    again = Hub(str(tmp_path / "hub"))
    again.recover_release(version)
    assert again.staged_versions() == [version]
    assert again.read_table("private", version, "qa").num_rows == len(rows)
    assert release_staged(again, version, verdicts)["accepted"] == len(rows)
    assert again.versions() == [version]


def test_release_command_refuses_in_one_line(tmp_path: Path, capsys: Any) -> None:
    corpus, triples = write_inputs(tmp_path)
    hub = str(tmp_path / "hub")
    run = dragon(capsys, "build", "--corpus", str(corpus), "--hub", hub, "--triples", str(triples),
                 "--questions-per-type", "3", "--review", "--format", "json")  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert '"state": "staged"' in run.stdout
    run = dragon(capsys, "release", "--hub", hub, "--version", "1.0.0")
    assert run.returncode == 2 and "unreviewed" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    run = dragon(capsys, "release", "--hub", hub, "--version", "1.3.0")
    assert run.returncode == 2 and "1.3.0 is not staged" in run.stderr
    run = dragon(capsys, "release", "--hub", hub, "--version", "1.0.0",
                 "--auto-accept-above", "0", "--format", "json")  # fmt: skip
    # precomputed triples carry no confidence, and an unknown confidence is never above C
    assert run.returncode == 2 and "no candidate is accepted" in run.stderr
    assert Hub(hub).staged_versions() == ["1.0.0"]


def test_update_review_stages_and_refuses_while_staged(tmp_path: Path) -> None:
    hub_path = make_base_hub(tmp_path / "hub", tmp_path / "cache")
    hub = Hub(str(hub_path))
    # a staged revision left by an earlier review
    build_revision(DOCS, hub, triples=TRIPLES, per_type=3, seed=0, review=True)
    assert hub.staged_versions() == ["1.1.0"]
    config = replace(config_for(tmp_path, hub_path, None), review=True)
    with pytest.raises(BadInputError, match="1.1.0 is still staged"):
        run_update(config)


def test_update_review_stages_the_next_revision_and_does_not_publish(
    news_server: NewsServer, tmp_path: Path
) -> None:
    hub_path = make_base_hub(tmp_path / "hub", tmp_path / "cache")
    feed = serve_demo(news_server)
    config = replace(config_for(tmp_path, hub_path, feed), review=True, publish="hf://org/x")
    report = run_update(config)
    hub = Hub(str(hub_path))
    assert report["version"] == "1.1.0" and report["state"] == "staged"
    assert "published" not in report
    assert hub.versions() == ["1.0.0"] and hub.staged_versions() == ["1.1.0"]
    assert hub.read_manifest("private", "1.1.0")["parent"] == "1.0.0"
    # the next --review update waits for the release
    with pytest.raises(BadInputError, match="1.1.0 is still staged"):
        run_update(config)
