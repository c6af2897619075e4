"""Reading CRAG (Yang et al., 2024) JSON Lines, plain or bz2/gzip, one record at a time.

Both published schemas are accepted: alternatives as `alt_ans` (a list) or as
`alternative_answers` (a string holding a list); `popularity` is optional; the answer "nan"
(a missing answer turned into text by pandas) means the record has no gold answer.
"""

from __future__ import annotations

import ast
import bz2
import gzip
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import IO, Any
from zoneinfo import ZoneInfo

from dragon_bench.errors import BadInputError

__all__ = [
    "SearchResult",
    "CragExample",
    "iter_examples",
    "read_examples",
    "parse_query_time",
    "format_query_time",
    "open_text",
    "example_from_record",
]

_REQUIRED = ("interaction_id", "query", "answer")


@dataclass(frozen=True, slots=True)
class SearchResult:
    """One web page retrieved for a CRAG query; `page_result` is its full HTML."""

    page_name: str = ""
    page_url: str = ""
    page_snippet: str = ""
    page_result: str = ""
    page_last_modified: str = ""


@dataclass(frozen=True, slots=True)
class CragExample:
    """One CRAG question with its gold answers, labels and (unless skipped) its search results."""

    interaction_id: str
    query: str
    answer: str
    alt_answers: tuple[str, ...] = ()
    query_time: datetime | None = None
    query_time_raw: str = ""
    domain: str = ""
    question_type: str = ""
    static_or_dynamic: str = ""
    popularity: str | None = None
    split: int | None = None
    search_results: tuple[SearchResult, ...] = field(default=(), repr=False)

    @property
    def answerable(self) -> bool:
        """False when the record carries no gold answer (the "nan" answer)."""
        return bool(self.answer)

    @property
    def ground_truths(self) -> tuple[str, ...]:
        """The answer and its alternatives, without blanks or repeats, answer first."""
        seen: dict[str, None] = {}
        for a in (self.answer, *self.alt_answers):
            a = a.strip()
            if a and a.lower() not in (s.lower() for s in seen):
                seen[a] = None
        return tuple(seen)


def _pacific() -> tzinfo:
    try:
        return ZoneInfo("America/Los_Angeles")
    except Exception:  # no tz database: Pacific Standard Time as a fixed offset
        return timezone(timedelta(hours=-8), "PT")


def parse_query_time(raw: str) -> datetime | None:
    """Parse "MM/DD/YYYY, HH:MM:SS PT" (Pacific time) into an aware datetime; None when blank."""
    text = (raw or "").strip()
    if not text:
        return None
    zone: tzinfo = _pacific()
    for suffix in (" PT", " PST", " PDT"):
        if text.endswith(suffix):
            text = text[: -len(suffix)].strip()
            break
    else:
        if text.endswith(" UTC"):
            text, zone = text[:-4].strip(), UTC
    for fmt in ("%m/%d/%Y, %H:%M:%S", "%m/%d/%Y %H:%M:%S", "%m/%d/%Y, %H:%M", "%m/%d/%Y"):
        try:
            return datetime.strptime(text, fmt).replace(tzinfo=zone)
        except ValueError:
            continue
    raise ValueError(f"query_time {raw!r} is not 'MM/DD/YYYY, HH:MM:SS PT'")


def format_query_time(when: datetime) -> str:
    """The CRAG spelling of a moment, in Pacific time."""
    if when.tzinfo is not None:
        when = when.astimezone(_pacific())
    return when.strftime("%m/%d/%Y, %H:%M:%S") + " PT"


def open_text(path: str | Path) -> IO[str]:
    """Open a text file, decompressing .bz2 and .gz on the fly."""
    p = str(path)
    if p.endswith(".bz2"):
        return bz2.open(p, "rt", encoding="utf-8")
    if p.endswith(".gz"):
        return gzip.open(p, "rt", encoding="utf-8")
    return open(p, encoding="utf-8")


def _text(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    text = str(value).strip()
    return "" if text.lower() in ("nan", "none", "null") else text


def _alternatives(record: dict[str, Any]) -> tuple[str, ...]:
    raw = record.get("alt_ans", record.get("alternative_answers"))
    if raw is None:
        return ()
    if isinstance(raw, str):
        stripped = raw.strip()
        if not stripped:
            return ()
        parsed: Any
        if stripped.startswith("["):
            try:
                parsed = json.loads(stripped)
            except ValueError:
                try:
                    parsed = ast.literal_eval(stripped)
                except (ValueError, SyntaxError):
                    parsed = [stripped]
        else:
            parsed = [stripped]
        raw = parsed
    if not isinstance(raw, list | tuple):
        raw = [raw]
    return tuple(t for t in (_text(a) for a in raw) if t)


def _search_results(value: Any, where: str, line: int) -> tuple[SearchResult, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise BadInputError("search_results is not a list", path=where, line=line)
    out = []
    for page in value:
        if not isinstance(page, dict):
            raise BadInputError("a search result is not an object", path=where, line=line)
        out.append(
            SearchResult(
                page_name=_text(page.get("page_name")),
                page_url=_text(page.get("page_url")),
                page_snippet=str(page.get("page_snippet") or ""),
                page_result=str(page.get("page_result") or ""),
                page_last_modified=_text(page.get("page_last_modified")),
            )
        )
    return tuple(out)


def example_from_record(
    record: Any, *, where: str = "<record>", line: int = 1, search_results: bool = True
) -> CragExample:
    """Build a CragExample from one decoded JSON object, naming the file and line when bad."""
    if not isinstance(record, dict):
        raise BadInputError("a CRAG record must be a JSON object", path=where, line=line)
    missing = [k for k in _REQUIRED if k not in record]
    if missing:
        raise BadInputError(f"CRAG record lacks {', '.join(missing)}", path=where, line=line)
    raw_time = _text(record.get("query_time"))
    try:
        when = parse_query_time(raw_time)
    except ValueError as exc:
        raise BadInputError(str(exc), path=where, line=line) from None
    split = record.get("split")
    popularity = _text(record.get("popularity")) or None
    return CragExample(
        interaction_id=str(record["interaction_id"]),
        query=str(record["query"]).strip(),
        answer=_text(record["answer"]),
        alt_answers=_alternatives(record),
        query_time=when,
        query_time_raw=raw_time,
        domain=_text(record.get("domain")),
        question_type=_text(record.get("question_type")),
        static_or_dynamic=_text(record.get("static_or_dynamic")),
        popularity=popularity,
        split=int(split)
        if isinstance(split, int | float) and not isinstance(split, bool)
        else None,
        search_results=(
            _search_results(record.get("search_results"), where, line) if search_results else ()
        ),
    )


def iter_examples(
    path: str | Path, *, search_results: bool = True, limit: int | None = None
) -> Iterator[CragExample]:
    """Stream the records of a CRAG .jsonl(.bz2|.gz) file; with `search_results=False` the pages
    (most of the bytes) are dropped as soon as each line is decoded."""
    where = str(path)
    if not Path(where).exists():
        raise BadInputError("no such CRAG file", path=where)
    seen: set[str] = set()
    count = 0
    with open_text(path) as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError as exc:
                raise BadInputError(f"not JSON ({exc.args[0]})", path=where, line=number) from None
            example = example_from_record(
                record, where=where, line=number, search_results=search_results
            )
            if example.interaction_id in seen:
                raise BadInputError(
                    f"interaction_id {example.interaction_id!r} repeats", path=where, line=number
                )
            seen.add(example.interaction_id)
            yield example
            count += 1
            if limit is not None and count >= limit:
                return


def read_examples(path: str | Path, **kw: Any) -> list[CragExample]:
    """All records of a CRAG file as a list (see iter_examples)."""
    return list(iter_examples(path, **kw))
