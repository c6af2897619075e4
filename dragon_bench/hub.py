"""The revision layout of DESIGN.md on any fsspec URL: list, read and atomically write revisions."""

from __future__ import annotations

import hashlib
import json
import uuid
from datetime import UTC, datetime
from typing import Any, Literal

import fsspec
import pyarrow as pa
import pyarrow.parquet as pq
from fsspec.implementations.local import LocalFileSystem

from dragon_bench.arrow_input import read_into_arrow
from dragon_bench.errors import BadInputError
from dragon_bench.versions import is_version, latest_version, parse_version

__all__ = ["Hub", "Half", "PUBLIC_FILES", "PRIVATE_FILES", "SCHEMAS"]

Half = Literal["public", "private"]

PUBLIC_FILES = ("texts", "questions")
PRIVATE_FILES = ("texts", "qa", "kg")

_SPAN = pa.list_(pa.int64())
# one evidence triple of a question (DESIGN.md, qa `evidence`)
_EVIDENCE = pa.struct(
    [
        ("doc_id", pa.string()),
        ("subject", pa.string()),
        ("subject_id", pa.string()),
        ("relation", pa.string()),
        ("relation_type", pa.string()),
        ("object", pa.string()),
        ("object_id", pa.string()),
        ("subject_span", _SPAN),
        ("object_span", _SPAN),
        ("sentence_span", _SPAN),
        ("tense", pa.string()),
    ]
)

# columns a writer may leave out (written as nulls): tables built before they existed
_OPTIONAL = frozenset(
    {"evidence", "confidence", "flags", "template", "published_at", "as_of", "first_revision"}
    | {"dynamism"}
)
_TIME = pa.timestamp("us", tz="UTC")
# columns written only when a writer gives them (`--publish-dates`: the public `as_of`)
_IF_GIVEN: dict[tuple[str, str], list[pa.Field]] = {
    ("public", "questions"): [pa.field("as_of", pa.date32())],
}

SCHEMAS: dict[tuple[str, str], pa.Schema] = {
    ("public", "texts"): pa.schema([("id", pa.int64()), ("text", pa.string())]),
    ("public", "questions"): pa.schema([("id", pa.int64()), ("question", pa.string())]),
    ("private", "texts"): pa.schema(
        [("id", pa.string()), ("public_id", pa.int64()), ("published_at", _TIME)]
    ),
    ("private", "qa"): pa.schema(
        [
            ("id", pa.int64()),
            ("question", pa.string()),
            ("answer", pa.string()),
            ("answers", pa.list_(pa.string())),
            ("type", pa.string()),
            ("text_ids", pa.list_(pa.string())),
            ("evidence", pa.list_(_EVIDENCE)),
            ("confidence", pa.float64()),
            ("flags", pa.list_(pa.string())),
            ("template", pa.string()),
            ("as_of", _TIME),
            ("first_revision", pa.string()),
            ("dynamism", pa.string()),
        ]
    ),
}


class Hub:
    """A folder or fsspec URL holding `public/<version>/` and `private/<version>/` revisions."""

    def __init__(self, url: str, storage_options: dict[str, Any] | None = None) -> None:
        self.url = url
        self.fs, self.root = fsspec.core.url_to_fs(url, **(storage_options or {}))
        self.root = self.root.rstrip("/")
        if isinstance(self.fs, LocalFileSystem) and self.fs.isfile(self.root):
            raise BadInputError(f"hub {url} is a file, not a folder")

    def __repr__(self) -> str:
        return f"Hub({self.url!r})"

    def path(self, half: Half, version: str, name: str = "") -> str:
        base = f"{self.root}/{half}/{version}"
        return f"{base}/{name}" if name else base

    def versions(self, half: Half = "public") -> list[str]:
        """Complete versions (their manifest written), oldest first."""
        base = f"{self.root}/{half}"
        if not self.fs.exists(base):
            return []
        names = [p.rstrip("/").rsplit("/", 1)[-1] for p in self.fs.ls(base, detail=False)]
        done = [
            n
            for n in names
            if is_version(n) and self.fs.exists(self.path(half, n, "manifest.json"))
        ]
        return sorted(done, key=parse_version)

    def resolve(self, version: str = "latest", half: Half = "public") -> str:
        """`latest` becomes the highest complete version; an absent version is a BadInputError."""
        have = self.versions(half)
        if version == "latest":
            found = latest_version(have)
            if found is None:
                raise BadInputError(f"hub {self.url} holds no {half} revision")
            return found
        parse_version(version)
        if version not in have:
            raise BadInputError(
                f"version {version} is not in hub {self.url} ({half}: {', '.join(have) or 'none'})"
            )
        return version

    def read_manifest(self, half: Half, version: str) -> dict[str, Any]:
        with self.fs.open(self.path(half, version, "manifest.json"), "r", encoding="utf-8") as f:
            data: dict[str, Any] = json.load(f)
        return data

    def read_table(self, half: Half, version: str, name: str) -> pa.Table:
        path = self.path(half, version, f"{name}.parquet")
        if not self.fs.exists(path):
            raise BadInputError(f"{half} revision {version} has no {name}.parquet", path=path)
        with self.fs.open(path, "rb") as f:
            # ParquetFile, not read_table: one file needs no dataset layer (whose import pulls in pandas).
            return pq.ParquetFile(read_into_arrow(f)).read()

    def write_revision(
        self,
        version: str,
        public: dict[str, pa.Table],
        private: dict[str, pa.Table],
        *,
        parent: str | None = None,
        extra: dict[str, Any] | None = None,
        private_extra: dict[str, Any] | None = None,
        staged: bool = False,
    ) -> None:
        """Write both halves; each lands under its final name only when complete.

        `extra` goes into both manifests, `private_extra` into the private one only. A
        `staged` revision (DESIGN.md: built for review) gets its private half only, with
        `state: staged`; `release_staged` later replaces it with the released halves.

        Files go to a temporary folder that is then moved into place, and the manifest is
        written last, so readers (which require the manifest) never see a partial revision.
        The private half is written first so a visible public half always has its gold.
        """
        parse_version(version)
        for half in ("public", "private"):
            if self.fs.exists(self.path(half, version, "manifest.json")):
                raise BadInputError(f"revision {version} already exists in {self.url} ({half})")
        created = datetime.now(UTC).isoformat(timespec="seconds")
        state = {"state": "staged" if staged else "released"}
        halves = [("private", private)] if staged else [("private", private), ("public", public)]
        for half, tables in halves:
            more = (
                {**(extra or {}), **(private_extra or {}), **state} if half == "private" else extra
            )
            self._write_half(half, version, tables, parent, created, more or {})

    def state(self, version: str) -> str:
        """`staged` or `released` (revisions written before states existed are released)."""
        return str(self.read_manifest("private", version).get("state", "released"))

    def staged_versions(self) -> list[str]:
        """Revisions built for review and not yet released, oldest first."""
        public = set(self.versions("public"))
        return [
            v for v in self.versions("private") if v not in public and self.state(v) == "staged"
        ]

    def _staged_backup(self, version: str) -> str:
        return f"{self.root}/private/.staged-{version}"

    def recover_release(self, version: str) -> None:
        """Finish or undo a release that was interrupted: with its public half written the
        staged copy is removed, else the staged revision is put back as it was."""
        backup = self._staged_backup(version)
        if not self.fs.exists(backup):
            return
        if self.fs.exists(self.path("public", version, "manifest.json")):
            self.fs.rm(backup, recursive=True)
            return
        for half in ("public", "private"):
            if self.fs.exists(self.path(half, version)):
                self.fs.rm(self.path(half, version), recursive=True)
        self.fs.mv(backup, self.path("private", version), recursive=True)

    def release_staged(
        self,
        version: str,
        public: dict[str, pa.Table],
        private: dict[str, pa.Table],
        *,
        parent: str | None,
        extra: dict[str, Any],
        private_extra: dict[str, Any],
    ) -> None:
        """Replace staged revision `version` by its released halves. The staged half is moved
        aside first and removed only once the public half is written, so an interrupted
        release is finished or undone by `recover_release` and never loses the candidates."""
        self.recover_release(version)
        if self.state(version) != "staged" or version in self.versions("public"):
            raise BadInputError(f"revision {version} in {self.url} is not staged")
        backup = self._staged_backup(version)
        self.fs.mv(self.path("private", version), backup, recursive=True)
        created = datetime.now(UTC).isoformat(timespec="seconds")
        more = {**extra, **private_extra, "state": "released"}
        self._write_half("private", version, private, parent, created, more)
        self._write_half("public", version, public, parent, created, extra)
        self.fs.rm(backup, recursive=True)

    def _write_half(
        self,
        half: str,
        version: str,
        tables: dict[str, pa.Table],
        parent: str | None,
        created: str,
        extra: dict[str, Any],
    ) -> None:
        final = f"{self.root}/{half}/{version}"
        # A local folder is renamed into place at once; object stores have no folder rename
        # (s3fs copies file by file), so there the files go straight to their final names
        # and the manifest, written last, is what makes the version exist.
        local = isinstance(self.fs, LocalFileSystem)
        target = f"{self.root}/{half}/.tmp-{version}-{uuid.uuid4().hex[:8]}" if local else final
        if not local and self.fs.exists(final):  # left by an interrupted write: no manifest
            self.fs.rm(final, recursive=True)
        self.fs.makedirs(target, exist_ok=True)
        digests: dict[str, str] = {}
        counts: dict[str, int] = {}
        for name, table in tables.items():
            schema = SCHEMAS.get((half, name))
            if schema is not None:
                given = [f for f in _IF_GIVEN.get((half, name), []) if f.name in table.column_names]
                schema = pa.schema([*schema, *given])
                for f in schema:
                    if f.name in _OPTIONAL and f.name not in table.column_names:
                        table = table.append_column(f, pa.nulls(table.num_rows, f.type))
                table = table.select(schema.names).cast(schema)
            sink = pa.BufferOutputStream()
            pq.write_table(table, sink)
            data = sink.getvalue().to_pybytes()
            with self.fs.open(f"{target}/{name}.parquet", "wb") as f:
                f.write(data)
            digests[f"{name}.parquet"] = hashlib.sha256(data).hexdigest()
            counts[name] = table.num_rows
        if local:
            if self.fs.exists(final):  # left by an interrupted earlier write: it has no manifest
                self.fs.rm(final, recursive=True)
            self.fs.mv(target, final, recursive=True)
        manifest = {
            "version": version,
            "created_at": created,
            "parent": parent,
            "counts": counts,
            "sha256": digests,
            **extra,
        }
        with self.fs.open(f"{final}/manifest.json", "w", encoding="utf-8") as f:
            json.dump(manifest, f, ensure_ascii=False, indent=2)
