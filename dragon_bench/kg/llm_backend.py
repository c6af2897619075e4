"""The LLM extractor (the DRAGON procedure): few-shot JSON triplets, then canonical relations.

Call 1 asks an OpenAI-compatible model for the triplets of a text chunk as JSON; call 2 gives
back those triplets and asks for the most plausible canonical form of each relation. Replies
go through `LLMClient.chat_json` (repair, one fix request); a chunk whose reply stays malformed
is counted and skipped. The client caches every call on disk by content hash.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from razdel import sentenize

from dragon_bench.types import Document, Triple

__all__ = [
    "EXTRACTOR",
    "ENTITY_TYPES",
    "LLMExtraction",
    "extraction_messages",
    "refinement_messages",
    "extract_with_llm",
    "locate",
]

EXTRACTOR = "llm"
ENTITY_TYPES = (
    "PERSON",
    "ORGANIZATION",
    "LOCATION",
    "DATE",
    "MONEY",
    "AGE",
    "NUMBER",
    "PROFESSION",
    "EVENT",
    "WORK_OF_ART",
    "PRODUCT",
    "AWARD",
    "LAW",
    "DISEASE",
    "CRIME",
    "NATIONALITY",
    "OTHER",
)
_CHUNK = 3000

SYSTEM = (
    "Ты извлекаешь факты из русских новостей для графа знаний. Отвечай только JSON без пояснений."
)

_EXAMPLE_TEXT = (
    "Министр обороны России Сергей Шойгу в понедельник прибыл в Дамаск. "
    "Там он встретился с президентом Сирии Башаром Асадом."
)
_EXAMPLE_REPLY = {
    "triplets": [
        {"subject": "Сергей Шойгу", "subject_type": "PERSON", "relation": "занимает должность",
         "object": "министр обороны России", "object_type": "PROFESSION"},
        {"subject": "Сергей Шойгу", "subject_type": "PERSON", "relation": "прибыл в",
         "object": "Дамаск", "object_type": "LOCATION"},
        {"subject": "Сергей Шойгу", "subject_type": "PERSON", "relation": "встретился с",
         "object": "Башар Асад", "object_type": "PERSON"},
        {"subject": "Башар Асад", "subject_type": "PERSON", "relation": "является президентом",
         "object": "Сирия", "object_type": "LOCATION"},
    ]
}  # fmt: skip

_EXAMPLE_TEXT_2 = (
    "В 2019 году компания «Яндекс» купила стартап Edadeal за 1,5 млрд рублей. "
    "Основатель стартапа, 34-летний Игорь Бенцианов, остался в команде."
)
_EXAMPLE_REPLY_2 = {
    "triplets": [
        {"subject": "Яндекс", "subject_type": "ORGANIZATION", "relation": "купила",
         "object": "Edadeal", "object_type": "ORGANIZATION"},
        {"subject": "Edadeal", "subject_type": "ORGANIZATION", "relation": "куплен за",
         "object": "1,5 млрд рублей", "object_type": "MONEY"},
        {"subject": "Edadeal", "subject_type": "ORGANIZATION", "relation": "куплен в",
         "object": "2019 году", "object_type": "DATE"},
        {"subject": "Игорь Бенцианов", "subject_type": "PERSON", "relation": "основал",
         "object": "Edadeal", "object_type": "ORGANIZATION"},
        {"subject": "Игорь Бенцианов", "subject_type": "PERSON", "relation": "возраст",
         "object": "34-летний", "object_type": "AGE"},
    ]
}  # fmt: skip

_INSTRUCTION = (
    "Выпиши из текста все факты в виде триплетов (субъект, отношение, объект).\n"
    "Правила: субъект и объект — именованные сущности, даты, суммы, возрасты, должности или "
    "события, записанные так, как они встречаются в тексте (без перефразирования); отношение — "
    "короткий глагол или глагольная фраза; типы сущностей: " + ", ".join(ENTITY_TYPES) + ".\n"
    'Формат ответа: {"triplets": [{"subject": ..., "subject_type": ..., "relation": ..., '
    '"object": ..., "object_type": ...}]}'
)

_REFINE = (
    "Для каждого пронумерованного триплета приведи отношение к наиболее правдоподобной "
    "канонической форме: короткое отношение в начальной форме (например, «быть президентом», "
    "«родиться в», «работать в», «купить»), одинаковое для одинаковых по смыслу отношений.\n"
    'Формат ответа: {"relations": {"<номер>": "<каноническое отношение>", ...}}'
)


def extraction_messages(text: str) -> list[dict[str, str]]:
    """The few-shot conversation of call 1 (Russian prompt, two worked examples)."""
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"{_INSTRUCTION}\n\nТекст:\n{_EXAMPLE_TEXT}"},
        {"role": "assistant", "content": json.dumps(_EXAMPLE_REPLY, ensure_ascii=False)},
        {"role": "user", "content": f"{_INSTRUCTION}\n\nТекст:\n{_EXAMPLE_TEXT_2}"},
        {"role": "assistant", "content": json.dumps(_EXAMPLE_REPLY_2, ensure_ascii=False)},
        {"role": "user", "content": f"{_INSTRUCTION}\n\nТекст:\n{text}"},
    ]


def refinement_messages(rows: Sequence[tuple[str, str, str]]) -> list[dict[str, str]]:
    """Call 2: the numbered triplets whose relations are to be made canonical."""
    listing = "\n".join(f"{i}. ({s}; {r}; {o})" for i, (s, r, o) in enumerate(rows, start=1))
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"{_REFINE}\n\nТриплеты:\n{listing}"},
    ]


@dataclass
class LLMExtraction:
    """Triples and what went wrong: chunks skipped for malformed replies, items dropped."""

    triples: list[Triple] = field(default_factory=list)
    chunks: int = 0
    failed_chunks: int = 0
    bad_items: int = 0
    unlocated: int = 0
    refine_failures: int = 0
    errors: list[str] = field(default_factory=list)


def _chunks(text: str) -> list[tuple[int, str]]:
    """Paragraph-aligned pieces of at most about _CHUNK characters, with their offsets."""
    out: list[tuple[int, str]] = []
    start = 0
    while start < len(text):
        end = min(len(text), start + _CHUNK)
        if end < len(text):
            cut = text.rfind("\n", start + _CHUNK // 2, end)
            end = cut + 1 if cut > 0 else end
        if text[start:end].strip():
            out.append((start, text[start:end]))
        start = end
    return out


def _word_pattern(phrase: str) -> re.Pattern[str] | None:
    # Russian words inflect: match each word by its first letters (at least 4, or the whole word).
    words = re.findall(r"\w+", phrase)
    if not words:
        return None
    parts = [
        re.escape(w[: max(4, len(w) - 3)]) + r"\w*" if len(w) > 4 else re.escape(w) for w in words
    ]
    return re.compile(r"\b" + r"\W+".join(parts), re.IGNORECASE)


def locate(phrase: str, text: str, near: int = 0) -> tuple[int, int] | None:
    """Character span of `phrase` in `text`: exact, then case-insensitive, then word stems;
    of several occurrences the one nearest to `near`."""
    if not phrase.strip():
        return None
    candidates = [m.span() for m in re.finditer(re.escape(phrase), text)]
    if not candidates:
        candidates = [m.span() for m in re.finditer(re.escape(phrase), text, re.IGNORECASE)]
    if not candidates:
        pattern = _word_pattern(phrase)
        if pattern is not None:
            candidates = [m.span() for m in pattern.finditer(text)]
    if not candidates:
        return None
    return min(candidates, key=lambda s: abs(s[0] - near))


def _sentences(text: str) -> list[tuple[int, int]]:
    """razdel sentences, never across a line break (headlines have no full stop)."""
    out: list[tuple[int, int]] = []
    offset = 0
    for line in text.split("\n"):
        out.extend((offset + s.start, offset + s.stop) for s in sentenize(line))
        offset += len(line) + 1
    return out


def _sentence(
    spans: list[tuple[int, int]], a: tuple[int, int], b: tuple[int, int]
) -> tuple[int, int]:
    lo, hi = min(a[0], b[0]), max(a[1], b[1])
    first = next((s for s in spans if s[0] <= lo < s[1]), (lo, hi))
    last = next((s for s in spans if s[0] < hi <= s[1]), first)
    return (first[0], max(first[1], last[1]))


def _items(reply: Any) -> list[Any]:
    if isinstance(reply, dict):
        reply = reply.get("triplets", reply.get("triples", []))
    return reply if isinstance(reply, list) else []


def _refine(llm: Any, rows: list[tuple[str, str, str]]) -> list[str] | None:
    reply = llm.chat_json(refinement_messages(rows))
    mapping = reply.get("relations", reply) if isinstance(reply, dict) else reply
    out = [r for _, r, _ in rows]
    if isinstance(mapping, list):
        mapping = {str(i): v for i, v in enumerate(mapping, start=1)}
    if not isinstance(mapping, dict):
        return None
    for key, value in mapping.items():
        idx = int(key) - 1 if str(key).strip().isdigit() else -1
        if 0 <= idx < len(out) and isinstance(value, str) and value.strip():
            out[idx] = value.strip()
    return out


def _document(llm: Any, doc: Document, report: LLMExtraction) -> list[Triple]:
    from dragon_bench.llm import LLMError

    text = doc.full_text
    sentences = _sentences(text)
    rows: list[dict[str, Any]] = []
    for offset, chunk in _chunks(text):
        report.chunks += 1
        try:
            reply = llm.chat_json(extraction_messages(chunk))
        except LLMError as exc:
            report.failed_chunks += 1
            report.errors.append(f"{doc.id}@{offset}: {exc}")
            continue
        for item in _items(reply):
            if not isinstance(item, dict) or not all(
                isinstance(item.get(k), str) and item[k].strip()
                for k in ("subject", "relation", "object")
            ):
                report.bad_items += 1
                continue
            subj = locate(item["subject"], chunk)
            obj = locate(item["object"], chunk, near=subj[0] if subj else 0)
            if subj is None or obj is None:
                report.unlocated += 1
                continue
            rows.append(
                {
                    "item": item,
                    "subject_span": (subj[0] + offset, subj[1] + offset),
                    "object_span": (obj[0] + offset, obj[1] + offset),
                }
            )
    if not rows:
        return []
    plain = [
        (r["item"]["subject"].strip(), r["item"]["relation"].strip(), r["item"]["object"].strip())
        for r in rows
    ]
    try:
        refined = _refine(llm, plain)
    except LLMError as exc:
        refined = None
        report.errors.append(f"{doc.id} refine: {exc}")
    if refined is None:
        report.refine_failures += 1
        refined = [r for _, r, _ in plain]
    out = []
    for row, (subject, _, obj), relation in zip(rows, plain, refined, strict=True):
        item = row["item"]
        out.append(
            Triple(
                subject=subject,
                relation=relation,
                object=obj,
                doc_id=doc.id,
                subject_type=str(item.get("subject_type") or "").upper(),
                object_type=str(item.get("object_type") or "").upper(),
                subject_span=row["subject_span"],
                object_span=row["object_span"],
                sentence_span=_sentence(sentences, row["subject_span"], row["object_span"]),
                extractor=EXTRACTOR,
            )
        )
    return out


def extract_with_llm(
    docs: Sequence[Document],
    *,
    llm: Any = None,
    concurrency: int = 4,
    progress: bool = False,
) -> LLMExtraction:
    """Run the two-call procedure over documents (several in flight); results keep input order."""
    if llm is None:
        from dragon_bench.llm import LLMClient, LLMSettings

        llm = LLMClient(LLMSettings.required("the llm triplet extractor"))
    report = LLMExtraction()
    parts: list[LLMExtraction] = [LLMExtraction() for _ in docs]

    def one(i: int) -> list[Triple]:
        return _document(llm, docs[i], parts[i])

    indices: Any = range(len(docs))
    with ThreadPoolExecutor(max_workers=max(1, min(concurrency, len(docs) or 1))) as pool:
        results = pool.map(one, indices)
        if progress:
            from dragon_bench.output import track

            results = track(results, "extracting triples (llm)", total=len(docs))
        for triples in results:
            report.triples.extend(triples)
    for p in parts:
        report.chunks += p.chunks
        report.failed_chunks += p.failed_chunks
        report.bad_items += p.bad_items
        report.unlocated += p.unlocated
        report.refine_failures += p.refine_failures
        report.errors.extend(p.errors)
    if report.chunks and report.failed_chunks == report.chunks:
        # Nothing came back at all: an unreachable or misconfigured endpoint, not sparse text.
        from dragon_bench.errors import DragonError

        raise DragonError(f"every LLM extraction call failed; first: {report.errors[0]}")
    return report
