"""Immutable, content-addressed snapshots of documents on any fsspec URL (a folder, s3://...).

Layout under the store URL:
    snapshots/<id>/documents.parquet   the documents
    snapshots/<id>/manifest.json       id, created_at, count, [id, content_hash] per document, sha256
    refs/<utc time>-<id>                one empty file per ingest: the order of snapshots
    segments/<id>/w<N>s<S>.parquet      segments of a snapshot (written by `dragon segment`)
The snapshot id is the start of a SHA-256 over every document record, so the same documents
always give the same id. A snapshot exists once its manifest exists; the manifest is written last.
"""

from __future__ import annotations

import hashlib
import json
import os
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import fsspec
import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench.arrow_input import read_into_arrow
from dragon_bench.corpus.diff import DocumentDiff, diff_documents
from dragon_bench.corpus.segment_io import segments_bytes, segments_from_table
from dragon_bench.errors import BadInputError
from dragon_bench.types import Document, Segment

__all__ = ["SnapshotStore", "snapshot_id", "storage_options_from_env", "ID_LENGTH"]

ID_LENGTH = 16


def storage_options_from_env(url: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Storage options for `url`: for s3:// the endpoint from DRAGON_S3_ENDPOINT_URL, then `options`."""
    merged: dict[str, Any] = {}
    if url.startswith(("s3://", "s3a://")):
        endpoint = os.environ.get("DRAGON_S3_ENDPOINT_URL")
        if endpoint:
            merged["endpoint_url"] = endpoint
    merged.update(options or {})
    return merged


def _record(doc: Document) -> dict[str, Any]:
    return {
        "id": doc.id,
        "title": doc.title,
        "text": doc.text,
        "url": doc.url,
        "published_at": doc.published_at.isoformat() if doc.published_at else None,
        "source": doc.source,
        "lang": doc.lang,
        "content_hash": doc.content_hash,
    }


def _document(row: dict[str, Any]) -> Document:
    published = row.get("published_at")
    return Document(
        id=row["id"],
        text=row["text"],
        title=row.get("title") or "",
        url=row.get("url"),
        published_at=datetime.fromisoformat(published) if published else None,
        source=row.get("source") or "",
        lang=row.get("lang") or "ru",
        content_hash=row.get("content_hash") or "",
    )


def snapshot_id(docs: Iterable[Document]) -> str:
    """Content address of a set of documents: order-independent, every field counted."""
    digests = sorted(
        hashlib.sha256(
            json.dumps(_record(d), ensure_ascii=False, sort_keys=True).encode("utf-8")
        ).hexdigest()
        for d in docs
    )
    return hashlib.sha256("\n".join(digests).encode("ascii")).hexdigest()[:ID_LENGTH]


class SnapshotStore:
    """Snapshots of documents under one fsspec URL; writes are all-or-nothing."""

    def __init__(self, url: str, storage_options: dict[str, Any] | None = None) -> None:
        self.url = str(url)
        options = storage_options_from_env(self.url, storage_options)
        self.fs, root = fsspec.core.url_to_fs(self.url, **options)
        self.root = root.rstrip("/")
        self._local = "file" in (
            self.fs.protocol if isinstance(self.fs.protocol, tuple) else (self.fs.protocol,)
        )

    def __repr__(self) -> str:
        return f"SnapshotStore({self.url!r})"

    def _path(self, *parts: str) -> str:
        return "/".join([self.root, *parts])

    def _write_bytes(self, path: str, data: bytes | memoryview) -> None:
        if self._local:  # temp file + rename: a reader never sees half a file
            tmp = f"{path}.tmp-{uuid.uuid4().hex[:8]}"
            with self.fs.open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        else:  # one PUT: object stores make an object visible only when complete
            with self.fs.open(path, "wb") as f:
                f.write(data)

    # -- listing -------------------------------------------------------------------------
    def _refs(self) -> list[tuple[str, str]]:
        base = self._path("refs")
        self.fs.invalidate_cache()
        if not self.fs.exists(base):
            return []
        names = sorted(p.rstrip("/").rsplit("/", 1)[-1] for p in self.fs.ls(base, detail=False))
        return [(n.rsplit("-", 1)[0], n.rsplit("-", 1)[1]) for n in names if "-" in n]

    def exists(self, sid: str) -> bool:
        return bool(self.fs.exists(self._path("snapshots", sid, "manifest.json")))

    def ids(self) -> list[str]:
        """Complete snapshots in the order they were first ingested."""
        seen: dict[str, None] = {}
        for _, sid in self._refs():
            if sid not in seen and self.exists(sid):
                seen[sid] = None
        return list(seen)

    def latest(self) -> str | None:
        """The snapshot of the most recent ingest, or None for an empty store."""
        for _, sid in reversed(self._refs()):
            if self.exists(sid):
                return sid
        return None

    def resolve(self, ref: str) -> str:
        """A snapshot id from an id, a unique prefix (4+ characters), `latest` or `latest~N`."""
        history = [sid for _, sid in self._refs() if self.exists(sid)]
        if ref == "latest" or ref.startswith("latest~"):
            back = 0
            if ref != "latest":
                try:
                    back = int(ref.split("~", 1)[1])
                except ValueError:
                    raise BadInputError(f"cannot read snapshot reference {ref!r}") from None
            if back >= len(history):
                raise BadInputError(
                    f"store {self.url} holds {len(history)} ingest(s); {ref!r} goes further back"
                )
            return history[-1 - back]
        if self.exists(ref):
            return ref
        matches = sorted({sid for sid in history if sid.startswith(ref)}) if len(ref) >= 4 else []
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise BadInputError(f"snapshot prefix {ref!r} is ambiguous: {', '.join(matches)}")
        raise BadInputError(f"no snapshot {ref!r} in store {self.url}")

    # -- reading and writing ------------------------------------------------------------
    def manifest(self, ref: str) -> dict[str, Any]:
        sid = self.resolve(ref)
        with self.fs.open(self._path("snapshots", sid, "manifest.json"), "rb") as f:
            data: dict[str, Any] = json.loads(f.read().decode("utf-8"))
        return data

    def read(self, ref: str) -> list[Document]:
        """The documents of a snapshot in the order they were ingested."""

        sid = self.resolve(ref)
        with self.fs.open(self._path("snapshots", sid, "documents.parquet"), "rb") as f:
            table = pq.read_table(read_into_arrow(f))
        return [_document(row) for row in table.to_pylist()]

    def write(self, docs: Iterable[Document], *, source: str = "") -> str:
        """Store the documents as a snapshot and return its id (an existing one is not rewritten)."""

        items = list(docs)
        ids = [d.id for d in items]
        if len(set(ids)) != len(ids):
            dup = next(i for i in ids if ids.count(i) > 1)
            raise BadInputError(f"document id {dup!r} repeats; a snapshot needs unique ids")
        sid = snapshot_id(items)
        if not self.exists(sid):
            final = self._path("snapshots", sid)
            table = pa.table(  # column by column: no intermediate dict per document
                {
                    "id": pa.array([d.id for d in items], pa.string()),
                    "title": pa.array([d.title for d in items], pa.string()),
                    "text": pa.array([d.text for d in items], pa.string()),
                    "url": pa.array([d.url for d in items], pa.string()),
                    "published_at": pa.array(
                        [d.published_at.isoformat() if d.published_at else None for d in items],
                        pa.string(),
                    ),
                    "source": pa.array([d.source for d in items], pa.string()),
                    "lang": pa.array([d.lang for d in items], pa.string()),
                    "content_hash": pa.array([d.content_hash for d in items], pa.string()),
                }
            )
            sink = pa.BufferOutputStream()
            pq.write_table(table, sink, compression="zstd")
            del table
            data = memoryview(sink.getvalue())  # the Arrow buffer itself, not a bytes copy
            manifest = {
                "id": sid,
                "created_at": datetime.now(UTC).isoformat(),
                "count": len(items),
                "source": source,
                "documents": [[d.id, d.content_hash] for d in items],
                "sha256": {"documents.parquet": hashlib.sha256(data).hexdigest()},
            }
            self.fs.makedirs(final, exist_ok=True)
            self._write_bytes(f"{final}/documents.parquet", data)
            self._write_bytes(
                f"{final}/manifest.json",
                json.dumps(manifest, ensure_ascii=False).encode("utf-8"),
            )
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        self.fs.makedirs(self._path("refs"), exist_ok=True)
        self._write_bytes(self._path("refs", f"{stamp}-{sid}"), b"")
        return sid

    def diff(self, old: str, new: str) -> DocumentDiff:
        """`diff_documents` between two snapshots of this store."""
        return diff_documents(self.read(old), self.read(new))

    # -- derived outputs ----------------------------------------------------------------
    def segments_path(self, ref: str, window: int, stride: int) -> str:
        return self._path("segments", self.resolve(ref), f"w{window}s{stride}.parquet")

    def write_segments(self, ref: str, segments: list[Segment], window: int, stride: int) -> str:
        """Segments of a snapshot as Parquet beside it; returns the path written."""

        path = self.segments_path(ref, window, stride)
        self.fs.makedirs(path.rsplit("/", 1)[0], exist_ok=True)
        self._write_bytes(path, segments_bytes(segments, "parquet"))
        return path

    def read_segments(self, ref: str, window: int, stride: int) -> list[Segment]:
        """Segments written by `write_segments`; a BadInputError when there are none."""

        path = self.segments_path(ref, window, stride)
        if not self.fs.exists(path):
            raise BadInputError("no segments with this window and stride", path=path)
        with self.fs.open(path, "rb") as f:
            return segments_from_table(pq.read_table(read_into_arrow(f)))
