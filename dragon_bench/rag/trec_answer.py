"""TREC RAG 2024 answers: reading a file of them, itemised validation, and fixing what can be fixed.

A valid answer has `run_id`, `topic_id`, `topic`, `references` (at most 20 docids),
`response_length` (the words of the answer), and `answer`: sentences `{"text", "citations"}`
of at most 400 words in all, citations indexing `references`.
"""

from __future__ import annotations

import json
import os
import tempfile
import unicodedata
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from dragon_bench.errors import BadInputError
from dragon_bench.rag.answer import TREC_MAX_REFERENCES, TREC_MAX_WORDS

__all__ = [
    "AnswerFile",
    "Problem",
    "answer_words",
    "check_answer",
    "check_answers",
    "fix_answer",
    "read_answers",
    "read_topics",
    "sentence_words",
    "write_answers",
]

REQUIRED = ("run_id", "topic_id", "topic", "references", "response_length", "answer")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one answer: where it is (`item`, `line`), which `field`, and what."""

    item: str
    field: str
    message: str
    line: int | None = None
    level: str = "error"  # or "warning": reported, but the answer stays valid

    def __str__(self) -> str:
        where = f"line {self.line}, " if self.line is not None else ""
        tag = "warning: " if self.level == "warning" else ""
        return f"{where}{self.item}: {self.field}: {tag}{self.message}"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class AnswerFile:
    """Answers read from a file: each with its line (JSON lines) and the file's `layout`."""

    answers: list[Any]
    lines: list[int | None]
    layout: str  # "object", "array" or "jsonl"
    problems: list[Problem] = field(default_factory=list)  # lines that are not JSON


def sentence_words(text: str) -> int:
    """Words of one sentence as the TREC RAG 2024 checker counts them: NFKC, then whitespace."""
    return len(unicodedata.normalize("NFKC", text).split())


def answer_words(answer: Any) -> int:
    """Words of an answer's sentences (the `response_length` an answer must report)."""
    total = 0
    for sentence in answer if isinstance(answer, list) else []:
        if isinstance(sentence, Mapping) and isinstance(sentence.get("text"), str):
            total += sentence_words(sentence["text"])
    return total


def _name(obj: Any, index: int) -> str:
    if isinstance(obj, Mapping) and obj.get("topic_id") not in (None, ""):
        return f"answer {index} (topic_id {obj['topic_id']})"
    return f"answer {index}"


def check_answer(obj: Any, *, index: int = 0, line: int | None = None) -> list[Problem]:
    """Every problem of one answer (empty when it is a valid TREC RAG 2024 answer)."""
    item = _name(obj, index)

    def bad(where: str, message: str, level: str = "error") -> Problem:
        return Problem(item, where, message, line, level)

    if not isinstance(obj, Mapping):
        return [bad("answer", f"is a {type(obj).__name__}, not a JSON object")]
    out = [bad(k, "required field is missing") for k in REQUIRED if k not in obj]
    for key in ("run_id", "topic"):
        if key in obj and not isinstance(obj[key], str):
            out.append(bad(key, f"must be a string, got {obj[key]!r:.40}"))
    if "topic_id" in obj and (
        not isinstance(obj["topic_id"], str | int) or isinstance(obj["topic_id"], bool)
    ):
        out.append(bad("topic_id", f"must be a string, got {obj['topic_id']!r:.40}"))
    refs = obj.get("references")
    n_refs: int | None = None
    if "references" in obj:
        if not isinstance(refs, list) or not all(isinstance(r, str | int) for r in refs):
            out.append(bad("references", "must be a list of docids (strings)"))
        else:
            n_refs = len(refs)
            if n_refs > TREC_MAX_REFERENCES:
                out.append(bad("references", f"{n_refs} references, at most 20 allowed"))
            seen: set[str] = set()
            for r in refs:
                if str(r) in seen:
                    out.append(bad("references", f"docid {r} occurs twice"))
                seen.add(str(r))
    sentences = obj.get("answer")
    if "answer" in obj:
        if not isinstance(sentences, list):
            out.append(bad("answer", "must be a list of {'text', 'citations'} sentences"))
            sentences = []
        if not sentences:
            out.append(bad("answer", "has no sentences", "warning"))
        for i, s in enumerate(sentences):
            where = f"answer[{i}]"
            if not isinstance(s, Mapping):
                out.append(bad(where, "must be an object {'text', 'citations'}"))
                continue
            if not isinstance(s.get("text"), str):
                out.append(bad(f"{where}.text", "missing or not a string"))
            cites = s.get("citations")
            if not isinstance(cites, list):
                out.append(bad(f"{where}.citations", "missing or not a list of integers"))
                continue
            if len({repr(c) for c in cites}) < len(cites):
                out.append(bad(f"{where}.citations", "cites a reference twice", "warning"))
            for c in cites:
                if not isinstance(c, int) or isinstance(c, bool):
                    out.append(bad(f"{where}.citations", f"{c!r} is not an integer index"))
                elif n_refs is not None and not 0 <= c < min(n_refs, TREC_MAX_REFERENCES):
                    out.append(
                        bad(f"{where}.citations", f"index {c} is out of range 0..{n_refs - 1}")
                    )
        words = answer_words(sentences)
        if words > TREC_MAX_WORDS:
            out.append(bad("answer", f"{words} words, at most {TREC_MAX_WORDS} allowed"))
        length = obj.get("response_length")
        if "response_length" in obj and length != words:
            out.append(bad("response_length", f"is {length!r} but the answer has {words} words"))
    return out


def check_answers(data: AnswerFile, topics: Mapping[str, str] | None = None) -> list[Problem]:
    """Problems of every answer of a file, plus unreadable lines, repeated topics and a run_id
    that changes; with `topics` ({topic_id: text}) unknown, altered and unanswered topics too."""
    problems = list(data.problems)
    seen: dict[str, int] = {}
    run_id: Any = None
    for i, (obj, line) in enumerate(zip(data.answers, data.lines, strict=True)):
        problems.extend(check_answer(obj, index=i, line=line))
        if not isinstance(obj, Mapping):
            continue
        name = _name(obj, i)
        if "run_id" in obj:
            if run_id is None:
                run_id = obj["run_id"]
            elif obj["run_id"] != run_id:
                msg = f"is {obj['run_id']!r} but the file's first answer has {run_id!r}"
                problems.append(Problem(name, "run_id", msg, line))
        if "topic_id" not in obj:
            continue
        key = str(obj["topic_id"])
        if key in seen:
            msg = f"the run answers this topic twice (also answer {seen[key]})"
            problems.append(Problem(name, "topic_id", msg, line))
        seen.setdefault(key, i)
        if topics is not None:
            if key not in topics:
                problems.append(Problem(name, "topic_id", "is not one of the topics", line))
            elif obj.get("topic") != topics[key]:
                msg = f"differs from the text of topic {key}: {topics[key]!r:.60}"
                problems.append(Problem(name, "topic", msg, line))
    for key in topics or {}:
        if key not in seen:
            problems.append(Problem(f"topic {key}", "topic_id", "has no answer", None, "warning"))
    return sorted(problems, key=lambda p: (p.line or 0, p.item))


def read_topics(path: str | Path) -> dict[str, str]:
    """Topics as TREC gives them: `topic_id<TAB>text` lines (a JSON-lines file of
    {"qid"|"id"|"topic_id", "text"|"question"|"query"} works too)."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8-sig").splitlines()
    except OSError as exc:
        raise BadInputError(f"cannot read topics: {exc}", path=str(p)) from exc
    topics: dict[str, str] = {}
    for n, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        if raw.lstrip().startswith("{"):
            try:
                row = json.loads(raw)
                key = next(row[k] for k in ("qid", "id", "topic_id") if k in row)
                text = next(row[k] for k in ("text", "question", "query") if k in row)
            except (ValueError, StopIteration, TypeError) as exc:
                raise BadInputError(f"not a topic: {exc}", path=str(p), line=n) from exc
        elif "\t" in raw:
            key, text = raw.split("\t", 1)
        else:
            raise BadInputError("a topic line is topic_id<TAB>text", path=str(p), line=n)
        topics[str(key).strip()] = str(text).strip()
    return topics


def fix_answer(obj: Any) -> tuple[Any, list[str]]:
    """A copy with at most 20 references, no out-of-range citations, trailing sentences dropped
    to 400 words and `response_length` recomputed; returns the copy and what was changed."""
    if not isinstance(obj, Mapping):
        return obj, []
    out = dict(obj)
    changes: list[str] = []
    refs = out.get("references")
    if isinstance(refs, list) and len(refs) > TREC_MAX_REFERENCES:
        changes.append(f"kept the first {TREC_MAX_REFERENCES} of {len(refs)} references")
        out["references"] = refs = refs[:TREC_MAX_REFERENCES]
    n_refs = len(refs) if isinstance(refs, list) else None
    sentences = out.get("answer")
    if not isinstance(sentences, list):
        return out, changes
    fixed: list[Any] = []
    words = 0
    for i, s in enumerate(sentences):
        if not isinstance(s, Mapping):
            fixed.append(s)
            continue
        n = sentence_words(s["text"]) if isinstance(s.get("text"), str) else 0
        if words + n > TREC_MAX_WORDS:
            dropped = len(sentences) - i
            changes.append(
                f"dropped the last {dropped} sentence(s) to stay within {TREC_MAX_WORDS} words"
            )
            break
        words += n
        s = dict(s)
        cites = s.get("citations")
        if isinstance(cites, list) and n_refs is not None:
            keep = [
                c
                for c in cites
                if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < n_refs
            ]
            if keep != cites:
                gone = [c for c in cites if c not in keep]
                changes.append(f"answer[{i}]: dropped citation(s) {gone} out of range")
            unique = list(dict.fromkeys(keep))
            if unique != keep:
                changes.append(f"answer[{i}]: dropped repeated citation(s)")
            if unique != cites:
                s["citations"] = unique
        fixed.append(s)
    out["answer"] = fixed
    if out.get("response_length") != words:
        changes.append(f"response_length {out.get('response_length')!r} -> {words}")
        out["response_length"] = words
    return out, changes


def read_answers(path: str | Path) -> AnswerFile:
    """Answers from a JSON object, a JSON array, or JSON lines (a line that is not JSON is a
    problem of that line, so the rest is still checked)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise BadInputError(f"cannot read answers: {exc}", path=str(p)) from exc
    stripped = text.strip()
    if not stripped:
        raise BadInputError("the file holds no answers", path=str(p))
    if stripped.startswith("["):
        try:
            data = json.loads(stripped)
        except ValueError as exc:
            raise BadInputError(f"not valid JSON: {exc}", path=str(p)) from exc
        return AnswerFile(list(data), [None] * len(data), "array")
    try:
        whole = json.loads(stripped)
    except ValueError:
        whole = None
    if isinstance(whole, Mapping):
        return AnswerFile([whole], [1], "object")
    result = AnswerFile([], [], "jsonl")
    for n, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except ValueError as exc:
            result.problems.append(Problem(f"line {n}", "json", f"not valid JSON: {exc}", n))
            continue
        result.answers.append(obj)
        result.lines.append(n)
    return result


def write_answers(data: AnswerFile, path: str | Path) -> None:
    """Write answers in the file's layout, atomically (temp file, then rename)."""
    p = Path(path)
    if data.layout == "jsonl":
        body = "".join(json.dumps(a, ensure_ascii=False) + "\n" for a in data.answers)
    elif data.layout == "object" and len(data.answers) == 1:
        body = json.dumps(data.answers[0], ensure_ascii=False, indent=1) + "\n"
    else:
        body = json.dumps(data.answers, ensure_ascii=False, indent=1) + "\n"
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(body)
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
