"""Reference tokens cached beside a revision, so a revision's references are tokenised once.

The file is `HUB/private/.cache/<version>/reference_tokens.parquet` (question id, razdel
tokens, chrF's repeated n-grams of the reference), keyed by the tokenizer, the package version and the sha256 of the revision's qa
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
from dragon_bench.metrics.chrf import (
    ChrfReference,
    chrf_from_repeats,
    chrf_reference,
    chrf_repeats,
)
from dragon_bench.metrics.tokens import razdel_tokens

__all__ = ["TokenRows", "cache_path", "read_reference_tokens", "write_reference_tokens"]

_LOG = logging.getLogger(__name__)
_KEY = b"dragon_bench.reference_tokens"
_CHRF_COLUMNS = ["chrf_grams", "chrf_firsts", "chrf_counts"]


def _key(qa_sha256: str) -> str:
    try:
        tokenizer = f"razdel-{version('razdel')}"
    except PackageNotFoundError:
        tokenizer = "razdel-unknown"
    return f"{tokenizer}|chrf|dragon-bench-{__version__}|qa:{qa_sha256}"


class TokenRows:
    """Reference tokens and chrF views by question position: Python objects, or the cache's
    Arrow columns converted a slice at a time (a forked scoring worker converts only its own
    rows, and the parent holds compact columns instead of a million small strings)."""

    def __init__(
        self,
        tokens: pa.ChunkedArray | list[list[str]],
        chrf: pa.Table | list[ChrfReference] | None = None,
    ) -> None:
        self.tokens = tokens
        self.chrf = chrf

    def __len__(self) -> int:
        return len(self.tokens)

    def rows(self, start: int, stop: int) -> list[list[str]]:
        """The tokens of references start..stop."""
        if isinstance(self.tokens, list):
            return self.tokens[start:stop]
        rows: list[list[str]] = self.tokens.slice(start, stop - start).to_pylist()
        return rows

    def chrf_rows(self, texts: Sequence[str], start: int, stop: int) -> list[ChrfReference] | None:
        """The chrF views of references start..stop (`texts` are those references), if known."""
        if self.chrf is None:
            return None
        if isinstance(self.chrf, list):
            return self.chrf[start:stop]
        part = self.chrf.slice(start, stop - start)
        return [
            chrf_from_repeats(t, g, f, c)
            for t, g, f, c in zip(
                texts,
                part.column("chrf_grams").to_pylist(),
                part.column("chrf_firsts").to_pylist(),
                part.column("chrf_counts").to_pylist(),
                strict=True,
            )
        ]

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
    return ids, TokenRows(table.column("tokens"), table.select(_CHRF_COLUMNS))


def _write(
    hub: Any,
    path: str,
    key: str,
    ids: Sequence[int],
    tokens: list[list[str]],
    chrf: list[ChrfReference],
) -> None:
    flat = [chrf_repeats(c) for c in chrf]
    table = pa.table(
        {
            "id": pa.array(ids, pa.int64()),
            "tokens": tokens,
            "chrf_grams": pa.array([f[0] for f in flat], pa.list_(pa.string())),
            "chrf_firsts": pa.array([f[1] for f in flat], pa.list_(pa.int32())),
            "chrf_counts": pa.array([f[2] for f in flat], pa.list_(pa.int32())),
        }
    )
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
    """The razdel tokens and chrF views of each reference answer, computed and (with a qa
    sha256) cached."""
    tokens = [razdel_tokens(a) for a in answers]
    chrf = [chrf_reference(a) for a in answers]
    if qa_sha256:
        _write(hub, cache_path(hub, version), _key(qa_sha256), ids, tokens, chrf)
    return TokenRows(tokens, chrf)
