"""Reference tokens and lemmas cached beside a revision, so a revision's references are
tokenised and lemmatised once.

The file is `HUB/private/.cache/<version>/reference_tokens.parquet` (question id, razdel
tokens, chrF's repeated n-grams of the reference), keyed by the tokenizer, the package version
and the sha256 of the revision's qa table; a key that does not match is ignored and the file
rewritten. The file is written only after the qa table passed `Gold`'s checks (its question
types among the shape registry's), so a valid cache also stands for those checks. Beside it,
`reference_lemmas.parquet` holds the lemma of each distinct reference word (pymorphy3's;
keyed by the same key and the versions of pymorphy3 and its dictionary): answer words met in
the references are not parsed again, and an evaluation whose words are all known does not
load pymorphy3. Writing is best effort: a hub the evaluator may not write to (a read-only
bucket) still evaluates, tokenising the references each time.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from itertools import chain
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench import __version__
from dragon_bench.arrow_input import read_into_arrow
from dragon_bench.metrics.chrf import (
    ChrfReference,
    chrf_from_repeats,
    chrf_reference,
)
from dragon_bench.metrics.normalize import lemma, lemma_words
from dragon_bench.metrics.tokens import razdel_tokens

__all__ = [
    "TokenRows",
    "cache_path",
    "lemma_cache_path",
    "read_reference_tokens",
    "write_reference_tokens",
    "read_reference_lemmas",
    "write_reference_lemmas",
]

_LOG = logging.getLogger(__name__)
_KEY = b"dragon_bench.reference_tokens"
_CHRF_COLUMNS = ["chrf_grams", "chrf_firsts", "chrf_counts"]


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "unknown"


def _key(qa_sha256: str) -> str:
    return f"razdel-{_version('razdel')}|chrf|dragon-bench-{__version__}|qa:{qa_sha256}"


def _lemma_key(qa_sha256: str) -> str:
    morph = f"pymorphy3-{_version('pymorphy3')}|dicts-{_version('pymorphy3-dicts-ru')}"
    return f"{_key(qa_sha256)}|lemma:{morph}"


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


def lemma_cache_path(hub: Any, version: str) -> str:
    return f"{hub.root}/private/.cache/{version}/reference_lemmas.parquet"


def _read(hub: Any, path: str, key: str) -> pa.Table | None:
    """The cached table at `path` if its key is `key`, else None (absent, stale, unreadable)."""
    try:
        if not hub.fs.exists(path):
            return None
        with hub.fs.open(path, "rb") as f:
            table = pq.ParquetFile(read_into_arrow(f)).read()
    except (OSError, pa.ArrowException):  # an unreadable cache is only a missed speed-up
        return None
    meta = table.schema.metadata or {}
    return table if meta.get(_KEY, b"").decode() == key else None


def read_reference_tokens(
    hub: Any, version: str, qa_sha256: str
) -> tuple[list[int], TokenRows] | None:
    """Question ids and reference tokens cached for this qa table, or None (absent or stale)."""
    if not qa_sha256:
        return None
    table = _read(hub, cache_path(hub, version), _key(qa_sha256))
    if table is None:
        return None
    ids: list[int] = table.column("id").to_pylist()
    return ids, TokenRows(table.column("tokens"), table.select(_CHRF_COLUMNS))


def _write(hub: Any, path: str, key: str, table: pa.Table) -> None:
    """`table` at `path` with its key, atomically (a temporary file moved into place)."""
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
        table = pa.table(
            {
                "id": pa.array(ids, pa.int64()),
                "tokens": tokens,
                "chrf_grams": pa.array([c.grams for c in chrf], pa.list_(pa.string())),
                "chrf_firsts": pa.array([c.firsts for c in chrf], pa.list_(pa.int32())),
                "chrf_counts": pa.array([c.counts for c in chrf], pa.list_(pa.int32())),
            }
        )
        _write(hub, cache_path(hub, version), _key(qa_sha256), table)
    return TokenRows(tokens, chrf)


def read_reference_lemmas(
    hub: Any, version: str, qa_sha256: str
) -> tuple[list[str], list[str]] | None:
    """The distinct reference words and their lemmas cached for this qa table, or None."""
    if not qa_sha256:
        return None
    table = _read(hub, lemma_cache_path(hub, version), _lemma_key(qa_sha256))
    if table is None:
        return None
    return table.column("word").to_pylist(), table.column("lemma").to_pylist()


def write_reference_lemmas(
    hub: Any, version: str, qa_sha256: str, tokens: TokenRows
) -> tuple[list[str], list[str]]:
    """The lemma of each distinct word of the references' tokens, computed and (with a qa
    sha256) cached."""
    words = lemma_words(chain.from_iterable(tokens.to_pylist()))
    lemmas = [lemma(w) for w in words]
    if qa_sha256:
        table = pa.table(
            {"word": pa.array(words, pa.string()), "lemma": pa.array(lemmas, pa.string())}
        )
        _write(hub, lemma_cache_path(hub, version), _lemma_key(qa_sha256), table)
    return words, lemmas
