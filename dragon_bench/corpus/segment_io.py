"""Segments on disk: Parquet or JSON Lines with columns id, doc_id, text, start_char, end_char."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench.types import Segment

__all__ = [
    "segments_bytes",
    "segments_from_table",
    "write_segments_file",
    "write_bytes_atomic",
]


def _table(segments: list[Segment]) -> Any:
    return pa.table(
        {
            "id": pa.array([s.id for s in segments], pa.string()),
            "doc_id": pa.array([s.doc_id for s in segments], pa.string()),
            "text": pa.array([s.text for s in segments], pa.string()),
            "start_char": pa.array([s.start_char for s in segments], pa.int64()),
            "end_char": pa.array([s.end_char for s in segments], pa.int64()),
        }
    )


def segments_from_table(table: Any) -> list[Segment]:
    cols = table.to_pydict()
    return [
        Segment(id=i, doc_id=d, text=t, start_char=s, end_char=e)
        for i, d, t, s, e in zip(
            cols["id"],
            cols["doc_id"],
            cols["text"],
            cols["start_char"],
            cols["end_char"],
            strict=True,
        )
    ]


def segments_bytes(segments: list[Segment], fmt: str) -> bytes:
    """Serialise as `parquet` or `jsonl`."""
    if fmt == "jsonl":
        lines = (
            json.dumps(
                {
                    "id": s.id,
                    "doc_id": s.doc_id,
                    "text": s.text,
                    "start_char": s.start_char,
                    "end_char": s.end_char,
                },
                ensure_ascii=False,
            )
            for s in segments
        )
        return ("\n".join(lines) + ("\n" if segments else "")).encode("utf-8")

    sink = pa.BufferOutputStream()
    pq.write_table(_table(segments), sink, compression="zstd")
    data: bytes = sink.getvalue().to_pybytes()
    return data


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write a local file through a temporary file and a rename."""

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{uuid.uuid4().hex[:8]}")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_segments_file(segments: list[Segment], path: Path) -> None:
    """Write to `path` (.parquet or .jsonl by extension), atomically."""
    fmt = "jsonl" if path.suffix.lower() in (".jsonl", ".ndjson") else "parquet"
    write_bytes_atomic(path, segments_bytes(segments, fmt))
