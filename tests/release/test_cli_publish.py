"""`dragon build` and `dragon publish` as a user runs them (subprocess), publish against a fake
of the Hugging Face Hub HTTP API served on 127.0.0.1."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from dragon_bench.errors import BadInputError, DragonError
from dragon_bench.hub import Hub
from dragon_bench.release.build import build_revision
from dragon_bench.release.publish import parse_target, publish_revision
from tests.helpers.cli import dragon
from tests.helpers.corpus import DOCS, TRIPLES, write_inputs
from tests.helpers.fake_hf import FakeHub, fake_hf  # noqa: F401  (fixture)


def _dragon(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dragon_bench", *args], capture_output=True, text=True
    )


def test_cli_build_then_errors(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    corpus, triples = write_inputs(tmp_path)
    hub = tmp_path / "hub"
    args = ["build", "--corpus", str(corpus), "--hub", str(hub), "--triples", str(triples)]
    out = dragon(capsys, *args, "--questions-per-type", "2", "--format", "json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["version"] == "1.0.0" and report["new"] == len(DOCS)
    assert sum(report["questions"].values()) == len(
        Hub(str(hub)).read_table("public", "1.0.0", "questions")
    )
    # the same corpus again (the installed entry point, in a subprocess): nothing new, exit 2
    # with one line, no traceback, no revision
    again = _dragon(*args, "--format", "json")
    assert again.returncode == 2 and "no new documents" in again.stderr
    assert "Traceback" not in again.stderr and again.stdout == ""
    assert Hub(str(hub)).versions() == ["1.0.0"]
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    out = dragon(
        capsys, "build", "--corpus", str(empty), "--hub", str(hub), "--triples", str(triples)
    )
    assert out.returncode == 2 and ("no documents" in out.stderr or "empty" in out.stderr)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"subject": "x"}\n')
    out = dragon(
        capsys,
        "build",
        "--corpus",
        str(corpus),
        "--hub",
        str(tmp_path / "h2"),
        "--triples",
        str(bad),
    )
    assert out.returncode == 2 and "bad.jsonl:1" in out.stderr


def test_publish_pushes_public_half_with_tags(  # type: ignore[no-untyped-def]
    tmp_path: Path,
    fake_hf: FakeHub,  # noqa: F811
    capsys,
    monkeypatch,
) -> None:
    hub = Hub(str(tmp_path / "hub"))
    build_revision(DOCS[:3], hub, triples=TRIPLES, per_type=2)
    build_revision(DOCS, hub, triples=TRIPLES, per_type=2)
    report = publish_revision(
        hub, "hf://org/news", version="1.0.0", token="hf_x", endpoint=fake_hf.url
    )
    assert report["repos"]["org/news-texts"]["status"] == "published"
    monkeypatch.setenv("HF_ENDPOINT", fake_hf.url)
    monkeypatch.setenv("HF_TOKEN", "hf_x")
    out = dragon(capsys, "publish", "--hub", hub.url, "--to", "hf://org/news", "--format", "json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["version"] == "1.1.0"
    texts, questions = fake_hf.repos["org/news-texts"], fake_hf.repos["org/news-questions"]
    assert set(texts.tags) == set(questions.tags) == {"1.0.0", "1.1.0"}
    for version in ("1.0.0", "1.1.0"):
        tree = texts.tree(version)
        assert set(tree) == {"texts.parquet", "manifest.json"}
        table = pq.read_table(io.BytesIO(tree["texts.parquet"]))
        assert table.equals(hub.read_table("public", version, "texts"))
        q = pq.read_table(io.BytesIO(questions.tree(version)["questions.parquet"]))
        assert q.column_names == ["id", "question"]
        assert json.loads(tree["manifest.json"])["version"] == version
    # nothing private went out: no answers, no internal ids, no id key
    blob = b"".join(b for r in fake_hf.repos.values() for _, _, t in r.commits for b in t.values())
    for d in DOCS:
        assert d.id.encode() not in blob
    assert b"id_key" not in blob and b"answers" not in blob
    assert all(t == "Bearer hf_x" for t in fake_hf.tokens)
    # republishing is a no-op
    again = publish_revision(hub, "hf://org/news", version="1.1.0", endpoint=fake_hf.url)
    assert {r["status"] for r in again["repos"].values()} == {"already published"}


def test_publish_failures_are_reported(tmp_path: Path, fake_hf: FakeHub) -> None:  # noqa: F811
    hub = Hub(str(tmp_path / "hub"))
    with pytest.raises(BadInputError, match="no public revision"):
        publish_revision(hub, "hf://org/news", endpoint=fake_hf.url)
    build_revision(DOCS, hub, triples=TRIPLES, per_type=2)
    with pytest.raises(BadInputError, match="hf://ORG/NAME"):
        parse_target("s3://bucket/x")
    fake_hf.fail_commits = 1
    with pytest.raises(DragonError, match="org/news-texts"):
        publish_revision(hub, "hf://org/news", endpoint=fake_hf.url)
    assert fake_hf.repos["org/news-texts"].tags == {}
    report = publish_revision(hub, "hf://org/news", endpoint=fake_hf.url)  # a rerun completes
    assert {r["status"] for r in report["repos"].values()} == {"published"}
