"""Snapshot store and diff: content addresses, order of ingests, atomicity, S3 via moto."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dragon_bench.corpus import SnapshotStore, diff_documents
from dragon_bench.corpus.segment import segment_documents
from dragon_bench.errors import BadInputError
from dragon_bench.types import Document

DOCS = [
    Document(id="1", title="Парк", text="Мэрия открыла парк.", url="https://x.org/1"),
    Document(
        id="2",
        title="Матч",
        text="«Волга» выиграла 2:1.",
        published_at=datetime(2026, 3, 1, 12, tzinfo=UTC),
        source="sport",
    ),
    Document(id="3", text="Без заголовка."),
]


def test_roundtrip_and_content_address(tmp_path: Path) -> None:
    store = SnapshotStore(str(tmp_path / "store"))
    assert store.ids() == [] and store.latest() is None
    sid = store.write(DOCS)
    assert store.read(sid) == DOCS
    assert store.write(list(reversed(DOCS))) == sid  # same documents, same id
    manifest = json.loads((tmp_path / "store" / "snapshots" / sid / "manifest.json").read_text())
    assert manifest["count"] == 3
    assert manifest["documents"][0] == ["1", DOCS[0].content_hash]
    other = store.write(DOCS[:2])
    assert other != sid
    assert store.ids() == [sid, other]
    assert store.latest() == other
    assert store.resolve("latest~1") == sid
    assert store.resolve(sid[:6]) == sid
    with pytest.raises(BadInputError, match="no snapshot"):
        store.resolve("zzzzzz")
    with pytest.raises(BadInputError, match="goes further back"):
        store.resolve("latest~5")


def test_diff_new_changed_removed(tmp_path: Path) -> None:
    changed = Document(id="2", title="Матч", text="«Волга» проиграла 1:2.")
    new = Document(id="4", text="Новая новость.")
    diff = diff_documents(DOCS, [DOCS[0], changed, new])
    assert [d.id for d in diff.new] == ["4"]
    assert [d.id for d in diff.changed] == ["2"] and diff.changed[0].text == changed.text
    assert [d.id for d in diff.removed] == ["3"]
    assert diff.unchanged == 1
    assert [d.id for d in diff.increment] == ["2", "4"]
    store = SnapshotStore(str(tmp_path))
    a, b = store.write(DOCS), store.write([DOCS[0], changed, new])
    assert store.diff(a, b).summary() == {"new": 1, "changed": 1, "removed": 1, "unchanged": 1}


def test_interrupted_write_leaves_no_snapshot(tmp_path: Path) -> None:
    store = SnapshotStore(str(tmp_path))

    def docs() -> Iterator[Document]:
        yield DOCS[0]
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        store.write(docs())
    assert store.ids() == [] and not (tmp_path / "snapshots").exists()
    # A snapshot folder without its manifest (a crash mid-write) is not a snapshot.
    (tmp_path / "snapshots" / "0123456789abcdef").mkdir(parents=True)
    (tmp_path / "refs").mkdir()
    (tmp_path / "refs" / "20260101T000000000000Z-0123456789abcdef").write_bytes(b"")
    assert store.ids() == [] and store.latest() is None
    assert store.write(DOCS) in store.ids()


def test_repeated_ids_refused(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match="repeats"):
        SnapshotStore(str(tmp_path)).write([DOCS[0], DOCS[0]])


def test_segments_beside_snapshot(tmp_path: Path) -> None:
    store = SnapshotStore(str(tmp_path))
    sid = store.write(DOCS)
    segments = segment_documents(DOCS, window=2, stride=1)
    path = store.write_segments(sid, segments, 2, 1)
    assert path.endswith(f"segments/{sid}/w2s1.parquet")
    assert store.read_segments("latest", 2, 1) == segments


def test_s3_store_on_moto(s3_server) -> None:  # type: ignore[no-untyped-def]
    bucket = s3_server.create_bucket(f"snap-{uuid.uuid4().hex[:10]}")
    store = SnapshotStore(f"{bucket}/corpus", s3_server.storage_options)
    first = store.write(DOCS)
    second = store.write(DOCS[:2] + [Document(id="5", text="Пятая.")])
    # A second client sees what the first wrote.
    again = SnapshotStore(f"{bucket}/corpus", s3_server.storage_options)
    assert again.ids() == [first, second]
    assert again.read(first) == DOCS
    assert again.diff(first, second).summary() == {
        "new": 1,
        "changed": 0,
        "removed": 1,
        "unchanged": 2,
    }
    segments = segment_documents(DOCS, window=1, stride=1)
    again.write_segments(second, segments, 1, 1)
    assert store.read_segments(second, 1, 1) == segments


def test_s3_endpoint_from_environment(s3_server, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    bucket = s3_server.create_bucket(f"env-{uuid.uuid4().hex[:10]}")
    monkeypatch.setenv("DRAGON_S3_ENDPOINT_URL", s3_server.endpoint_url)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", s3_server.key)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", s3_server.secret)
    store = SnapshotStore(bucket)
    sid = store.write(DOCS)
    assert store.latest() == sid
