"""Reference tokens cached beside a revision, so a revision's references are tokenised once.

The file is `HUB/private/.cache/<version>/reference_tokens.parquet` (question id, razdel
tokens), keyed by the tokenizer, the package version and the sha256 of the revision's qa
table; a key that does not match is ignored and the file rewritten. The file is written only
after the qa table passed `Gold`'s checks (its question types among the shape registry's), so
a valid cache also stands for those checks. Writing is best effort: a hub the evaluator may
not write to (a read-only bucket) still evaluates, tokenising the references each time.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench import __version__
from dragon_bench.metrics.tokens import razdel_tokens

__all__ = ["TokenRows", "cache_path", "read_reference_tokens", "write_reference_tokens"]

_LOG = logging.getLogger(__name__)
_KEY = b"dragon_bench.reference_tokens"


def _key(qa_sha256: str) -> str:
    try:
        tokenizer = f"razdel-{version('razdel')}"
    except PackageNotFoundError:
        tokenizer = "razdel-unknown"
    return f"{tokenizer}|dragon-bench-{__version__}|qa:{qa_sha256}"


class TokenRows:
    """Reference tokens by question position: Python lists, or the cache's Arrow column converted
    a slice at a time (a forked scoring worker converts only its own rows, and the parent
    holds the compact column instead of a million small strings)."""

    def __init__(self, column: pa.ChunkedArray | pa.Array | list[list[str]]) -> None:
        self.column = column

    def __len__(self) -> int:
        return len(self.column)

    def rows(self, start: int, stop: int) -> list[list[str]]:
        if isinstance(self.column, list):
            return self.column[start:stop]
        rows: list[list[str]] = self.column.slice(start, stop - start).to_pylist()
        return rows

    def to_pylist(self) -> list[list[str]]:
        return self.rows(0, len(self))


def cache_path(hub: Any, version: str) -> str:
    return f"{hub.root}/private/.cache/{version}/reference_tokens.parquet"


def read_reference_tokens(
    hub: Any, version: str, qa_sha256: str
) -> tuple[list[int], TokenRows] | None:
    """Question ids and reference tokens cached for this qa table, or None (absent or stale)."""
    if not qa_sha256:
        return None
    path = cache_path(hub, version)
    try:
        if not hub.fs.exists(path):
            return None
        with hub.fs.open(path, "rb") as f:
            table = pq.ParquetFile(f).read()
    except (OSError, pa.ArrowException):  # an unreadable cache is only a missed speed-up
        return None
    meta = table.schema.metadata or {}
    if meta.get(_KEY, b"").decode() != _key(qa_sha256):
        return None
    ids: list[int] = table.column("id").to_pylist()
    return ids, TokenRows(table.column("tokens"))


def _write(hub: Any, path: str, key: str, ids: Sequence[int], tokens: list[list[str]]) -> None:
    table = pa.table({"id": pa.array(ids, pa.int64()), "tokens": tokens})
    table = table.replace_schema_metadata({_KEY: key.encode()})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink)
    folder = path.rsplit("/", 1)[0]
    tmp = f"{folder}/.tmp-{uuid.uuid4().hex[:8]}"
    try:
        hub.fs.makedirs(folder, exist_ok=True)
        with hub.fs.open(tmp, "wb") as f:
            f.write(sink.getvalue().to_pybytes())
        hub.fs.mv(tmp, path)
    except OSError as exc:  # best effort: a read-only hub evaluates without the cache
        _LOG.debug("reference tokens not cached at %s: %s", path, exc)


def write_reference_tokens(
    hub: Any, version: str, qa_sha256: str, ids: Sequence[int], answers: Sequence[str]
) -> TokenRows:
    """The razdel tokens of each reference answer, computed and (with a qa sha256) cached."""
    tokens = [razdel_tokens(a) for a in answers]
    if qa_sha256:
        _write(hub, cache_path(hub, version), _key(qa_sha256), ids, tokens)
    return TokenRows(tokens)
