"""An interrupted `dragon build` resumes: killed with SIGKILL mid-extraction, rerun, same revision."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.corpus import builtin_corpus_path, dedup_documents, read_documents
from dragon_bench.hub import Hub
from dragon_bench.kg.checkpoint import TripleCheckpoint, extraction_settings
from dragon_bench.release.build import default_work_dir
from tests.helpers.cli import dragon

ROOT = Path(__file__).resolve().parents[2]


def _build(corpus: Path, hub: Path, work: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "dragon_bench",
        "build",
        "--corpus",
        str(corpus),
        "--hub",
        str(hub),
        "--work-dir",
        str(work),
        "--questions-per-type",
        "5",
        "--format",
        "json",
        *extra,
    ]


def _stored(work: Path) -> int:
    """Documents in the checkpoint, read as a rerun would read it."""
    return TripleCheckpoint(work / "kg").documents(extraction_settings("natasha"))


def _tables(hub: Path) -> dict[str, Any]:
    """What must not depend on the interruption: questions, answers, triples, texts by internal id."""
    h = Hub(str(hub))
    (version,) = h.versions("private")
    public = {r["id"]: r["text"] for r in h.read_table("public", version, "texts").to_pylist()}
    mapping = h.read_table("private", version, "texts").to_pylist()
    return {
        "questions": h.read_table("public", version, "questions").to_pylist(),
        "qa": h.read_table("private", version, "qa").to_pylist(),
        "kg": h.read_table("private", version, "kg").to_pylist(),
        "texts": sorted((m["id"], public[m["public_id"]]) for m in mapping),
    }


@pytest.mark.slow
def test_killed_build_resumes_and_equals_an_uninterrupted_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = builtin_corpus_path()
    total = len(dedup_documents(read_documents(corpus)).kept)  # the documents a build extracts
    assert total > 16  # more than one checkpoint chunk, so a kill can fall between chunks
    work = tmp_path / "work"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # One worker: the build is a single process, so SIGKILL leaves no orphans behind.
    proc = subprocess.Popen(
        _build(corpus, tmp_path / "hub", work, "--workers", "1"),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        while proc.poll() is None and not list(work.glob("kg/*/shard-*.jsonl")):
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        _, err = proc.communicate()
    assert proc.returncode == -signal.SIGKILL, f"the build ended before the kill: {err!r}"
    stored = _stored(work)
    assert 0 < stored < total
    assert Hub(str(tmp_path / "hub")).versions("private") == []  # nothing was written

    again = subprocess.run(
        _build(corpus, tmp_path / "hub", work, "--workers", "2"),
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert f"resuming: {stored} of {total} documents already extracted" in again.stderr
    report = json.loads(again.stdout)
    assert report["resumed"] == stored and report["extracted"] == total - stored < total
    assert _stored(work) == total

    # The reference: one uninterrupted build, its own work folder, same seed.
    run = dragon(
        capsys,
        *_build(corpus, tmp_path / "reference", tmp_path / "work-ref", "--workers", "1")[3:],
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["extracted"] == total
    assert _tables(tmp_path / "hub") == _tables(tmp_path / "reference")


def test_fresh_discards_the_checkpoint_and_default_work_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "corpus.jsonl"
    docs = list(dedup_documents(read_documents(builtin_corpus_path())).kept)[:20]
    corpus.write_text(
        "".join(
            json.dumps({"id": d.id, "title": d.title, "text": d.text}, ensure_ascii=False) + "\n"
            for d in docs
        ),
        encoding="utf-8",
    )
    hub = tmp_path / "hub"
    args = ["build", "--corpus", str(corpus), "--hub", str(hub), "--questions-per-type", "3"]
    first = dragon(capsys, *args, "--format", "json")
    assert first.returncode == 0, first.stderr
    work = default_work_dir(str(hub))
    assert work == tmp_path / "hub.work" and _stored(work) == 20  # kept as a cache
    rebuild = dragon(capsys, *args, "--full", "--format", "json")
    assert rebuild.returncode == 0, rebuild.stderr
    assert "resuming: 20 of 20" in rebuild.stderr and json.loads(rebuild.stdout)["extracted"] == 0
    fresh = dragon(capsys, *args, "--full", "--fresh", "--format", "json")
    assert fresh.returncode == 0, fresh.stderr
    assert "resuming" not in fresh.stderr and json.loads(fresh.stdout)["extracted"] == 20


def test_remote_hub_work_dir_is_in_the_user_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    a = default_work_dir("memory://bucket/hub-a")
    b = default_work_dir("memory://bucket/hub-b")
    assert a.parent == tmp_path / "cache" / "dragon-bench" / "build" and a != b
    assert default_work_dir("memory://bucket/hub-a") == a


def test_ctrl_c_says_the_build_resumes_and_keeps_its_checkpoint(tmp_path: Path) -> None:
    """SIGINT (Ctrl-C) mid-extraction: exit 130, the resume hint on stderr, whole shards kept."""
    work = tmp_path / "work"
    proc = subprocess.Popen(
        _build(builtin_corpus_path(), tmp_path / "hub", work, "--workers", "1"),
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A child of a non-interactive shell may inherit an ignored SIGINT; Ctrl-C is default.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    try:
        while proc.poll() is None and not list(work.glob("kg/*/shard-*.jsonl")):
            time.sleep(0.02)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "interrupted; build, kg extract, run" in err and "Traceback" not in err
    assert _stored(work) > 0
    assert Hub(str(tmp_path / "hub")).versions("private") == []
