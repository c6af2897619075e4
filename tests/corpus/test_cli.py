"""The corpus commands end to end: in-process through typer, and one real `python -m dragon_bench`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from dragon_bench.cli import app

DATA = Path(__file__).parent / "data"


def dragon(*args: str, env: dict[str, str] | None = None) -> Any:
    """Run `dragon ARGS` in this process (starting the command costs seconds on a busy machine)."""
    return CliRunner().invoke(app, list(args), env=env, catch_exceptions=False)


def as_json(result: Any) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_ingest_dedup_segment_diff(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    corpus = tmp_path / "news.jsonl"
    base = "Глава города Вадим Стрельцов открыл новый парк на набережной Волги в субботу утром."
    lines = [
        {"id": "a", "title": "Парк", "text": base + " Жители пришли с детьми. Играл оркестр."},
        {"id": "b", "title": "Парк", "text": base + " Жители пришли с детьми. Играл оркестр."},
        {
            "id": "c",
            "title": "Матч",
            "text": "«Волга» обыграла «Ротор» со счётом 2:1. Голы забили Иванов и Петров.",
        },
    ]
    corpus.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in lines) + "\n")
    first = as_json(dragon("ingest", str(corpus), "--out", store, "--format", "json"))
    assert first["documents"] == 3 and first["skipped"] == 0
    deduped = as_json(dragon("dedup", "--store", store, "--format", "json"))
    assert deduped["input"] == first["snapshot"] and deduped["kept"] == 2
    assert deduped["clusters_detail"][0]["members"] == ["a", "b"]
    segmented = as_json(
        dragon("segment", "--store", store, "--window", "2", "--stride", "1", "--format", "json")
    )
    assert segmented["snapshot"] == deduped["snapshot"] and segmented["segments"] >= 2
    assert Path(segmented["path"]).exists()
    out = tmp_path / "segments.jsonl"
    dragon("segment", f"{store}@{first['snapshot']}", "--out", str(out), "--format", "json")
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert {r["doc_id"] for r in rows} == {"a", "b", "c"}
    changes = as_json(
        dragon("diff", first["snapshot"], "latest", "--format", "json", env={"DRAGON_STORE": store})
    )
    assert changes["removed_ids"] == ["b"] and changes["new_ids"] == []
    # A store folder means its latest snapshot; an input file is read without storing it.
    fresh = tmp_path / "fresh.jsonl"
    fresh.write_text(json.dumps({"id": "d", "text": "Новая заметка."}, ensure_ascii=False) + "\n")
    changes = as_json(dragon("diff", store, str(fresh), "--format", "json"))
    assert changes["new_ids"] == ["d"] and changes["removed_ids"] == ["a", "c"]


def test_bad_input_exit_2_and_nothing_written(tmp_path: Path) -> None:
    store = tmp_path / "store"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "dragon_bench",
            "ingest",
            str(DATA / "bad.jsonl"),
            "--out",
            str(store),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 2
    assert "bad.jsonl:2: malformed JSON" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not store.exists()
    skipped = as_json(
        dragon(
            "ingest", str(DATA / "bad.jsonl"), "--out", str(store), "--skip-bad", "--format", "json"
        )
    )
    assert skipped["documents"] == 2 and skipped["skipped"] == 2
    assert "bad.jsonl:3" in skipped["problems"][1]


def test_unknown_snapshot_is_bad_input(tmp_path: Path) -> None:
    import pytest

    from dragon_bench.errors import BadInputError

    with pytest.raises(BadInputError, match="no snapshot 'abcdef'"):
        dragon("diff", "abcdef", "latest", "--store", str(tmp_path))


def test_ingest_to_s3_and_diff_there(s3_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import uuid

    bucket = s3_server.create_bucket(f"cli-{uuid.uuid4().hex[:10]}")
    env = {"AWS_ACCESS_KEY_ID": s3_server.key, "AWS_SECRET_ACCESS_KEY": s3_server.secret}
    url = f"{bucket}/news"
    first = as_json(
        dragon(
            "ingest",
            str(DATA / "good.jsonl"),
            "--out",
            url,
            "--endpoint-url",
            s3_server.endpoint_url,
            "--format",
            "json",
            env=env,
        )
    )
    env["DRAGON_S3_ENDPOINT_URL"] = s3_server.endpoint_url
    second = as_json(
        dragon("ingest", str(DATA / "page.html"), "--out", url, "--format", "json", env=env)
    )
    changes = as_json(
        dragon(
            "diff",
            first["snapshot"],
            second["snapshot"],
            "--store",
            url,
            "--format",
            "json",
            env=env,
        )
    )
    assert changes["new_ids"] == ["page"] and changes["removed_ids"] == ["a1", "a2"]
