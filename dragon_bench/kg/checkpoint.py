"""A per-document checkpoint of extracted triples, so an interrupted extraction resumes.

Entries are keyed by the SHA-256 of a document's exact `full_text` and live under one folder
per extraction setting (backend, a hash of the extractor's source, the LLM model), so a
changed extractor never reads stale triples. Each finished chunk of documents is one shard
file written atomically (temp file + `os.replace`): a kill at any moment leaves whole shards
or none. The doc id is not stored; it is filled in from the document on reading, which
makes the checkpoint a content cache that survives renames and new revisions.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from dragon_bench.errors import DragonError
from dragon_bench.types import Document, Triple

__all__ = [
    "FORMAT",
    "ResumedExtraction",
    "TripleCheckpoint",
    "extraction_settings",
    "extractor_identity",
    "text_key",
]

FORMAT = "dragon-kg-checkpoint/1"
# Field order of a stored triple (doc_id is left out: it comes from the document).
_FIELDS = (
    "subject",
    "relation",
    "object",
    "subject_type",
    "object_type",
    "subject_span",
    "object_span",
    "sentence_span",
    "extractor",
    "subject_id",
    "object_id",
    "relation_type",
    "tense",
    "confidence",
    "trigger",
)
_SPANS = {"subject_span", "object_span", "sentence_span"}
# The modules whose code decides a backend's triples (paths under dragon_bench/); their source
# is part of the key.
_SOURCES = {
    "natasha": (
        "kg/natasha_backend",
        "kg/mentions",
        "kg/naming",
        "kg/relations",
        "kg/labels",
        "kg/triggers",
        "kg/paths",
        "kg/path_table",
        "kg/calibration",
        "nlp/lexicon",
        "nlp/natasha",
        "nlp/models",
    ),
    "llm": ("kg/llm_backend",),
}
_PACKAGES = {"natasha": ("natasha", "slovnet", "pymorphy3"), "llm": ()}


def text_key(doc: Document) -> str:
    """The checkpoint key of a document: SHA-256 of its exact `full_text` (spans index it)."""
    return hashlib.sha256(doc.full_text.encode("utf-8")).hexdigest()


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "absent"


def extractor_identity(backend: str) -> str:
    """A hash of the backend's source files and model package versions: any change to the
    extractor gives a new identity, so checkpointed triples are never stale."""
    digest = hashlib.sha256(backend.encode("utf-8"))
    here = Path(__file__).parent.parent
    for module in _SOURCES.get(backend, ()):
        digest.update(module.encode("utf-8") + b"\0" + (here / f"{module}.py").read_bytes())
    for package in _PACKAGES.get(backend, ()):
        digest.update(f"{package}={_version(package)}".encode())
    return digest.hexdigest()[:16]


def extraction_settings(backend: str, llm_model: str | None = None) -> dict[str, str]:
    """Everything that changes the triples of a text: backend, extractor identity, LLM model."""
    settings = {"backend": backend, "extractor": extractor_identity(backend)}
    if backend == "llm":
        settings["model"] = str(llm_model or "")
    return settings


def _encode(triple: Triple) -> list[Any]:
    return [list(v) if k in _SPANS else v for k in _FIELDS for v in (getattr(triple, k),)]


def _decode(row: list[Any], doc_id: str) -> Triple:
    if len(row) != len(_FIELDS):
        raise ValueError(f"a triple has {len(row)} fields, expected {len(_FIELDS)}")
    values: dict[str, Any] = {}
    for k, v in zip(_FIELDS, row, strict=True):
        if k in _SPANS:
            if not (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)):
                raise ValueError(f"{k} is not two integers: {v!r}")
            values[k] = (v[0], v[1])
        elif k == "confidence":
            if v is not None and not isinstance(v, int | float):
                raise ValueError(f"confidence is not a number: {v!r}")
            values[k] = v
        elif not isinstance(v, str):
            raise ValueError(f"{k} is not a string: {v!r}")
        else:
            values[k] = v
    return Triple(doc_id=doc_id, **values)


class TripleCheckpoint:
    """Triples per document text under `root`, one subfolder per extraction setting.

    `lookup` returns what is already extracted; `record` adds a finished chunk as one shard.
    Damaged shards (not written by this class, e.g. a disk error or a hand edit) are skipped
    and listed in `problems`, and their documents are extracted again.
    """

    def __init__(self, root: Path | str, *, warn: Callable[[str], None] | None = None) -> None:
        self.root = Path(root)
        self.problems: list[str] = []
        self._warn = warn
        self._counter = 0

    def folder(self, settings: Mapping[str, str]) -> Path:
        """Where the shards of one extraction setting live."""
        blob = json.dumps(dict(settings), sort_keys=True).encode("utf-8")
        name = f"{settings.get('backend', 'kg')}-{hashlib.sha256(blob).hexdigest()[:16]}"
        return self.root / name

    def shards(self, settings: Mapping[str, str]) -> list[Path]:
        """The shard files of one setting, oldest first."""
        folder = self.folder(settings)
        if not folder.is_dir():
            return []
        return sorted(folder.glob("shard-*.jsonl"))

    def load(self, settings: Mapping[str, str]) -> dict[str, list[list[Any]]]:
        """Every stored entry of a setting: text key -> encoded triples (damaged shards skipped)."""
        entries: dict[str, list[list[Any]]] = {}
        for path in self.shards(settings):
            try:
                entries.update(self._read_shard(path, settings))
            except (OSError, ValueError) as exc:
                self._problem(f"{path}: {exc}; its documents will be extracted again")
        return entries

    def lookup(
        self, docs: Sequence[Document], settings: Mapping[str, str]
    ) -> dict[int, list[Triple]]:
        """Index in `docs` -> triples, for the documents already in the checkpoint."""
        entries = self.load(settings)
        found: dict[int, list[Triple]] = {}
        for i, doc in enumerate(docs):
            rows = entries.get(text_key(doc))
            if rows is None:
                continue
            try:
                found[i] = [_decode(r, doc.id) for r in rows]
            except ValueError as exc:
                self._problem(f"checkpoint entry of {doc.id!r} is damaged ({exc}); re-extracting")
        return found

    def record(
        self,
        docs: Sequence[Document],
        triples: Sequence[Sequence[Triple]],
        settings: Mapping[str, str],
    ) -> Path | None:
        """Store one finished chunk (`triples[i]` belong to `docs[i]`) as a new shard."""
        if len(docs) != len(triples):
            raise ValueError(f"{len(docs)} documents but {len(triples)} triple lists")
        if not docs:
            return None
        folder = self.folder(settings)
        folder.mkdir(parents=True, exist_ok=True)
        header = {"format": FORMAT, "settings": dict(settings), "fields": list(_FIELDS)}
        lines = [json.dumps(header, ensure_ascii=False)]
        for doc, found in zip(docs, triples, strict=True):
            entry = {"key": text_key(doc), "n": len(found), "triples": [_encode(t) for t in found]}
            lines.append(json.dumps(entry, ensure_ascii=False))
        lines.append(json.dumps({"end": len(docs)}))
        self._counter += 1
        # Names sort by time; pid and a random tail keep concurrent writers apart.
        name = (
            f"shard-{time.time_ns():020d}-{os.getpid()}-{self._counter:05d}-{secrets.token_hex(3)}"
        )
        path = folder / f"{name}.jsonl"
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".jsonl")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write("\n".join(lines) + "\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return path

    def documents(self, settings: Mapping[str, str]) -> int:
        """How many document texts a setting holds (for progress and tests)."""
        return len(self.load(settings))

    def _read_shard(self, path: Path, settings: Mapping[str, str]) -> dict[str, list[list[Any]]]:
        """A shard's entries; ValueError unless it is whole (header, entries, end marker)."""
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) < 2:
            raise ValueError("the shard is truncated (no end marker)")
        try:
            rows = [json.loads(line) for line in lines]
        except json.JSONDecodeError as exc:
            raise ValueError(f"line is not JSON ({exc.msg}); the shard is damaged") from None
        header, body, end = rows[0], rows[1:-1], rows[-1]
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} shard")
        if header.get("settings") != dict(settings) or header.get("fields") != list(_FIELDS):
            raise ValueError("the shard was written for other extraction settings")
        if not isinstance(end, dict) or end.get("end") != len(body):
            raise ValueError("the shard is truncated (no end marker)")
        out: dict[str, list[list[Any]]] = {}
        for entry in body:
            if (
                not isinstance(entry, dict)
                or not isinstance(entry.get("key"), str)
                or not isinstance(entry.get("triples"), list)
                or entry.get("n") != len(entry["triples"])
            ):
                raise ValueError("an entry is malformed; the shard is damaged")
            out[entry["key"]] = entry["triples"]
        return out

    def _problem(self, message: str) -> None:
        self.problems.append(message)
        if self._warn is not None:
            self._warn(message)


class ResumedExtraction:
    """One extraction run over `docs` against a checkpoint: what it already holds, then each
    finished round of results, recorded as it comes (`add`), and all triples in order (`triples`).

    Results are objects with `triples`, `complete` (False: used but not recorded, so a rerun
    asks again) and `error`. A run in which no document ever came back raises the first error.
    """

    def __init__(
        self,
        checkpoint: TripleCheckpoint,
        docs: Sequence[Document],
        settings: Mapping[str, str],
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.checkpoint, self.docs, self.settings = checkpoint, docs, settings
        self.done: dict[int, list[Triple]] = checkpoint.lookup(docs, settings)
        if self.done and log is not None:
            log(f"resuming: {len(self.done)} of {len(docs)} documents already extracted")
        self.todo = [i for i in range(len(docs)) if i not in self.done]
        self.resumed = len(self.done)
        self._errors: list[str] = []
        self._calls_ok = bool(self.done)  # checkpointed documents came back earlier

    def add(self, indices: Sequence[int], results: Sequence[Any]) -> None:
        keep: list[int] = []
        for i, result in zip(indices, results, strict=True):
            self.done[i] = result.triples
            if result.error:
                self._errors.append(result.error)
            else:
                self._calls_ok = True
            if result.complete:
                keep.append(i)
        self.checkpoint.record(
            [self.docs[i] for i in keep], [self.done[i] for i in keep], self.settings
        )

    def triples(self) -> list[Triple]:
        if self._errors and not self._calls_ok:
            # Nothing came back at all: an unreachable or misconfigured endpoint, not sparse text.

            raise DragonError(self._errors[0])
        return [t for i in range(len(self.docs)) for t in self.done[i]]
