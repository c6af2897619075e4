"""Readers: JSON Lines, CSV, Parquet, brat folders (NEREL layout) and saved HTML pages into Documents."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

import fsspec
import pyarrow as pa
import pyarrow.parquet as pq

from dragon_bench.corpus.dates import parse_datetime
from dragon_bench.corpus.page import html_document
from dragon_bench.errors import BadInputError
from dragon_bench.types import Document

__all__ = [
    "FORMATS",
    "FieldMap",
    "detect_format",
    "iter_documents",
    "read_documents",
    "parse_datetime",
]

# Extension -> format; a folder is read file by file with these.
_EXTENSIONS = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".csv": "csv",
    ".parquet": "parquet",
    ".txt": "brat",
    ".html": "html",
    ".htm": "html",
}
FORMATS = ("jsonl", "csv", "parquet", "brat", "html")
_Item = tuple[int | None, Document | BadInputError]  # (line or row number, what was read there)


@dataclass(frozen=True, slots=True)
class FieldMap:
    """Column (or JSON key) names of tabular input for each Document field; `id` and `text` are required."""

    id: str = "id"
    text: str = "text"
    title: str = "title"
    url: str = "url"
    published_at: str = "published_at"
    source: str = "source"

    @classmethod
    def parse(cls, items: Iterable[str] | Mapping[str, str] | None) -> FieldMap:
        """Build from `{"text": "body"}` or `["text=body", ...]`; unknown fields are a BadInputError."""
        if items is None:
            return cls()
        if isinstance(items, Mapping):
            pairs = dict(items)
        else:
            pairs = {}
            for item in items:
                key, sep, value = item.partition("=")
                if not sep:
                    raise BadInputError(f"field mapping {item!r} is not FIELD=COLUMN")
                pairs[key.strip()] = value.strip()
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(pairs) - known)
        if unknown:
            raise BadInputError(
                f"unknown document field(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}"
            )
        return replace(cls(), **pairs)


def detect_format(path: Path) -> str:
    """The format of one file from its extension (compression suffixes ignored)."""
    suffixes = [s.lower() for s in path.suffixes if s.lower() not in (".gz", ".bz2", ".xz", ".zst")]
    ext = suffixes[-1] if suffixes else ""
    found = _EXTENSIONS.get(ext)
    if found is None:
        raise BadInputError(
            f"cannot tell the format of {path.name} from its extension; use one of "
            + ", ".join(sorted(_EXTENSIONS)),
            path=str(path),
        )
    return found


def _source_files(source: Path, format: str | None) -> list[tuple[Path, str]]:
    if not source.exists():
        raise BadInputError("no such file or folder", path=str(source))
    if source.is_file():
        return [(source, format or detect_format(source))]
    found: list[tuple[Path, str]] = []
    for path in sorted(p for p in source.rglob("*") if p.is_file()):
        if any(part.startswith(".") for part in path.relative_to(source).parts):
            continue
        try:
            fmt = detect_format(path)
        except BadInputError:
            continue  # brat .ann/.conf files and other companions
        if format is None or fmt == format:
            found.append((path, fmt))
    if not found:
        raise BadInputError(
            "the folder holds no readable files (.jsonl, .csv, .parquet, .txt, .html)",
            path=str(source),
        )
    return found


def _open_bytes(path: Path) -> bytes:
    with fsspec.open(str(path), "rb", compression="infer") as f:
        data: bytes = f.read()
    return data


def _decode(data: bytes, path: Path, line: int | None = None) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if line is None:  # a whole file: name the line of the bad byte
            line = data.count(b"\n", 0, exc.start) + 1
        raise BadInputError(
            f"not UTF-8 text (byte {exc.start}: {data[exc.start : exc.start + 1]!r})",
            path=str(path),
            line=line,
        ) from None
    return text.removeprefix("\ufeff")


def _str(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value != value:  # NaN from pandas-made files
        return ""
    return str(value)


def _record_document(
    record: Any, fieldmap: FieldMap, path: Path, line: int, source: str
) -> Document:
    if not isinstance(record, Mapping):
        raise BadInputError(
            f"expected an object, got {type(record).__name__}", path=str(path), line=line
        )
    for required in (fieldmap.id, fieldmap.text):
        value = record.get(required)
        if value is None or _str(value).strip() == "":
            raise BadInputError(f"missing field {required!r}", path=str(path), line=line)
    try:
        published = parse_datetime(record.get(fieldmap.published_at))
    except (ValueError, TypeError, OverflowError, OSError) as exc:
        raise BadInputError(
            f"field {fieldmap.published_at!r}: {exc}", path=str(path), line=line
        ) from None
    url = _str(record.get(fieldmap.url)) or None
    return Document(
        id=_str(record[fieldmap.id]),
        text=_str(record[fieldmap.text]),
        title=_str(record.get(fieldmap.title)).strip(),
        url=url,
        published_at=published,
        source=_str(record.get(fieldmap.source)) or source,
    )


def _iter_jsonl(path: Path, fieldmap: FieldMap) -> Iterator[_Item]:
    seen_any = False
    with fsspec.open(str(path), "rb", compression="infer") as f:
        for number, raw in enumerate(f, start=1):  # streamed: memory does not grow with the file
            if not raw.strip():
                continue
            seen_any = True
            yield from _jsonl_line(path, fieldmap, number, raw)
    if not seen_any:
        raise BadInputError("empty file", path=str(path))


def _jsonl_line(path: Path, fieldmap: FieldMap, number: int, raw: bytes) -> Iterator[_Item]:
    try:
        text = _decode(raw, path, number)
        try:
            record = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadInputError(
                f"malformed JSON ({exc.msg} at column {exc.colno})", path=str(path), line=number
            ) from None
        yield number, _record_document(record, fieldmap, path, number, path.stem)
    except BadInputError as exc:
        yield number, exc


def _iter_csv(path: Path, fieldmap: FieldMap) -> Iterator[_Item]:
    data = _open_bytes(path)
    if not data.strip():
        raise BadInputError("empty file", path=str(path))
    text = _decode(data, path)
    reader = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    header = reader.fieldnames or []
    for required in (fieldmap.id, fieldmap.text):
        if required not in header:
            raise BadInputError(f"no column {required!r} in the header", path=str(path), line=1)
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield start, BadInputError(f"malformed CSV: {exc}", path=str(path), line=start)
            return
        if None in row:
            yield (
                start,
                BadInputError(
                    f"{len(header) + len(row[None])} values for {len(header)} columns",  # type: ignore[index]
                    path=str(path),
                    line=start,
                ),
            )
            continue
        try:
            yield start, _record_document(row, fieldmap, path, start, path.stem)
        except BadInputError as exc:
            yield start, exc


def _iter_parquet(path: Path, fieldmap: FieldMap) -> Iterator[_Item]:
    try:
        table = pq.read_table(str(path))
    except (pa.ArrowInvalid, OSError) as exc:
        raise BadInputError(f"not a readable Parquet file ({exc})", path=str(path)) from None
    if table.num_rows == 0:
        raise BadInputError("empty file", path=str(path))
    for required in (fieldmap.id, fieldmap.text):
        if required not in table.column_names:
            raise BadInputError(f"no column {required!r}", path=str(path))
    # "line" of a Parquet row is its 1-based row number.
    for number, row in enumerate(table.to_pylist(), start=1):
        try:
            yield number, _record_document(row, fieldmap, path, number, path.stem)
        except BadInputError as exc:
            yield number, exc


def brat_document(path: Path, content: str) -> Document:
    """A brat `.txt` file as a Document whose `full_text` is the file content exactly."""
    stem = path.stem.removesuffix("_text")
    head, sep, rest = content.partition("\n")
    if sep and head.strip():
        title, text = head, rest
    else:  # no headline line we can split off without changing full_text
        title, text = "", content
    return Document(id=stem, text=text, title=title, source=path.parent.name)


def _iter_brat(path: Path) -> Iterator[_Item]:
    data = _open_bytes(path)
    if not data.strip():
        raise BadInputError("empty file", path=str(path))
    content = _decode(data, path)
    if not content.strip():
        raise BadInputError("empty file", path=str(path))
    yield None, brat_document(path, content)


def _iter_html(path: Path) -> Iterator[_Item]:
    data = _open_bytes(path)
    if not data.strip():
        raise BadInputError("empty file", path=str(path))
    yield None, html_document(path, data)


def _iter_file(path: Path, fmt: str, fieldmap: FieldMap) -> Iterator[_Item]:
    if fmt == "jsonl":
        return _iter_jsonl(path, fieldmap)
    if fmt == "csv":
        return _iter_csv(path, fieldmap)
    if fmt == "parquet":
        return _iter_parquet(path, fieldmap)
    if fmt == "brat":
        return _iter_brat(path)
    if fmt == "html":
        return _iter_html(path)
    raise BadInputError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")


def iter_documents(
    source: str | Path,
    *,
    format: str | None = None,
    fields: FieldMap | Mapping[str, str] | Iterable[str] | None = None,
    skip_bad: bool = False,
    problems: list[BadInputError] | None = None,
) -> Iterator[Document]:
    """Documents of a file or folder, format from the extension unless given.

    Bad items raise BadInputError naming file and line; with `skip_bad` they are skipped and,
    if `problems` is a list, appended to it. Repeated ids are bad items too.
    """
    if format is not None and format not in FORMATS:
        raise BadInputError(f"unknown format {format!r}; known: {', '.join(FORMATS)}")
    fieldmap = (
        fields if isinstance(fields, FieldMap) else FieldMap.parse(fields)
    )  # FIELD=COLUMN items
    seen: dict[str, str] = {}
    for path, fmt in _source_files(Path(source), format):
        try:
            items = _iter_file(path, fmt, fieldmap)
            for line, item in items:
                if isinstance(item, Document) and item.id in seen:
                    item = BadInputError(
                        f"document id {item.id!r} repeats (first in {seen[item.id]})",
                        path=str(path),
                        line=line,
                    )
                if isinstance(item, BadInputError):
                    if not skip_bad:
                        raise item
                    if problems is not None:
                        problems.append(item)
                    continue
                seen[item.id] = str(path)
                yield item
        except BadInputError as exc:
            if not skip_bad:
                raise
            if problems is not None:
                problems.append(exc)


def read_documents(
    source: str | Path,
    *,
    format: str | None = None,
    fields: FieldMap | Mapping[str, str] | Iterable[str] | None = None,
    skip_bad: bool = False,
    problems: list[BadInputError] | None = None,
) -> list[Document]:
    """All documents of `source` as a list (see `iter_documents`)."""
    return list(
        iter_documents(source, format=format, fields=fields, skip_bad=skip_bad, problems=problems)
    )
