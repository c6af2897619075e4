"""Reading a participant's results (the DRAGON submission format) against the gold of a revision."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from dragon_bench.errors import BadInputError
from dragon_bench.metrics.gold import Gold
from dragon_bench.types import Result

__all__ = ["Results", "ResultsError", "parse_results", "question_id", "read_results"]

_SHOWN = 10  # problems named in the one-line message; all are kept in `.problems`


class ResultsError(BadInputError):
    """Results that cannot be scored; `.problems` lists every problem found, one per item."""

    def __init__(self, problems: list[str], *, path: str | None = None) -> None:
        shown = "; ".join(problems[:_SHOWN])
        more = f"; and {len(problems) - _SHOWN} more" if len(problems) > _SHOWN else ""
        noun = "problem" if len(problems) == 1 else "problems"
        super().__init__(f"results have {len(problems)} {noun}: {shown}{more}", path=path)
        self.problems = problems


@dataclass
class Results:
    """Answers by question id; questions without an answer are listed in `missing` (they score 0)."""

    answers: dict[int, Result]
    missing: list[int] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def read_results(path: str | os.PathLike[str]) -> Any:
    """Parse a results file as JSON (a UTF-8 BOM, as Windows editors write, is allowed); a file that
    is not JSON is a BadInputError naming the line. Integers past 64 bits are read as floats
    (as ids they are refused either way)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise BadInputError("results file not found", path=str(p)) from None
    try:
        # orjson parses the UTF-8 bytes as they are (no decoded copy of the file); anything it
        # refuses goes through json below, which accepts what it accepts and words the errors.
        return orjson.loads(raw.removeprefix(b"\xef\xbb\xbf"))
    except orjson.JSONDecodeError:
        pass
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadInputError("results file is not UTF-8 text", path=str(p)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInputError(f"not JSON: {exc.msg}", path=str(p), line=exc.lineno) from None


def question_id(key: Any) -> int | None:
    """The question id a results key names: canonical ASCII decimals only ("0", "17"; not
    "01", "+1", "١" or "²"), else None. Uploads, the client's checks and scoring all use it."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit() and str(int(key)) == key:
        return int(key)
    return None


def parse_results(data: Any, gold: Gold | None, *, path: str | None = None) -> Results:
    """Check results (a dict, JSON text or bytes) against `gold`; raise ResultsError listing every problem.

    Without `gold` only the form is checked (integer question and text ids, answer strings, no
    repeats), as a client can before it submits.
    """
    if isinstance(data, bytes | bytearray):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ResultsError(["the results are not UTF-8 text"], path=path) from None
    if isinstance(data, str):
        try:
            data = json.loads(data.removeprefix("\ufeff"))
        except json.JSONDecodeError as exc:
            raise ResultsError(
                [f"the results are not JSON ({exc.msg} at line {exc.lineno})"], path=path
            ) from None
    if not isinstance(data, dict):
        raise ResultsError(
            [f"the results are a JSON {_kind(data)}, not an object keyed by question id"], path=path
        )
    problems: list[str] = []
    answers: dict[int, Result] = {}
    valid_ids = gold.text_ids if gold is not None else None
    for key, entry in data.items():
        qid = question_id(key)
        if qid is not None and qid not in answers and (gold is None or qid in gold.index):
            fast = _well_formed(entry, valid_ids)
            if fast is not None:
                answers[qid] = fast
                continue
        if qid is None or (gold is not None and qid not in gold.index):
            of = f" of revision {gold.version}" if gold is not None else ""
            problems.append(f"key {key!r} is not a question id{of}")
            continue
        if qid in answers:
            problems.append(f"question {key}: given twice")
            continue
        where = f"question {key}"
        if not isinstance(entry, dict):
            problems.append(f"{where}: value is a JSON {_kind(entry)}, not an object")
            continue
        bad = len(problems)
        found = entry.get("found_ids")
        if "found_ids" not in entry:
            problems.append(f"{where}: found_ids is absent")
        elif not isinstance(found, list):
            problems.append(f"{where}: found_ids is a JSON {_kind(found)}, not a list")
        else:
            seen: set[int] = set()
            for pos, tid in enumerate(found):
                if not isinstance(tid, int) or isinstance(tid, bool):
                    problems.append(f"{where}: found_ids[{pos}] = {tid!r} is not an integer")
                elif gold is not None and tid not in gold.text_ids:
                    problems.append(f"{where}: found_ids[{pos}] = {tid} is not a text id")
                elif tid in seen:
                    problems.append(f"{where}: found_ids[{pos}] = {tid} is a duplicate")
                else:
                    seen.add(tid)
        answer = entry.get("model_answer")
        if "model_answer" not in entry:
            problems.append(f"{where}: model_answer is absent")
        elif not isinstance(answer, str):
            problems.append(f"{where}: model_answer is a JSON {_kind(answer)}, not a string")
        if len(problems) == bad and isinstance(found, list) and isinstance(answer, str):
            answers[qid] = Result(tuple(found), answer)
    if problems:
        raise ResultsError(problems, path=path)
    if gold is None:
        return Results(answers)
    missing = [q for q in gold.ids if q not in answers]
    warnings = []
    if missing:
        head = ", ".join(map(str, missing[:10])) + (", ..." if len(missing) > 10 else "")
        warnings.append(
            f"{len(missing)} of {len(gold)} questions have no answer and score 0 ({head})"
        )
    return Results(answers, missing, warnings)


def _well_formed(entry: Any, text_ids: frozenset[int] | None) -> Result | None:
    """The entry's Result when it has no problem at all (checked with set operations), else None
    (then the entry is checked field by field, to name each problem)."""
    if type(entry) is not dict:
        return None
    found = entry.get("found_ids")
    answer = entry.get("model_answer")
    if type(found) is not list or type(answer) is not str:
        return None
    if found and set(map(type, found)) != {int}:  # bool is not int here
        return None
    ids = set(found)
    if len(ids) != len(found) or (text_ids is not None and not ids <= text_ids):
        return None
    return Result(tuple(found), answer)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__
