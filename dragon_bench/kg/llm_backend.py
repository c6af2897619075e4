"""The LLM extractor (the DRAGON procedure): few-shot JSON triplets, then canonical relations.

Call 1 asks an OpenAI-compatible model for the triplets of a text chunk as JSON, each with
the sentence it comes from; every triplet is then located in the text (subject, object and
sentence spans, both names inside one sentence where the text allows) or dropped and counted.
Call 2 gives back the located triplets of a document and asks for each one's NEREL relation
type (`RELATION_TYPES`, the KG's canonical types), its Russian relation in a canonical form
and its tense. Replies go through `LLMClient.chat_json` (repair, validation, one fix request
carrying the error); a chunk whose reply stays unusable is counted and skipped. The client
caches every call on disk by content hash, so a rerun costs no call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from razdel import sentenize

from dragon_bench.errors import DragonError
from dragon_bench.llm import ChatModel, LLMClient, LLMError, LLMSettings
from dragon_bench.llm.usage import StageEstimate, estimate_tokens, message_tokens
from dragon_bench.output import track
from dragon_bench.types import Document, EntityType, Triple, entity_type

__all__ = [
    "EXTRACTOR",
    "ENTITY_TYPES",
    "RELATION_TYPES",
    "LLMExtraction",
    "extraction_messages",
    "refinement_messages",
    "estimate_extraction",
    "extract_with_llm",
    "locate",
    "locate_triplet",
]

EXTRACTOR = "llm"
ENTITY_TYPES = tuple(t.value for t in EntityType)
# NEREL's 49 relation types (annotation.conf) with the Russian gloss the model is shown.
RELATION_TYPES: dict[str, str] = {
    "ABBREVIATION": "сокращённое название",
    "AGE_DIED_AT": "возраст на момент смерти",
    "AGE_IS": "возраст",
    "AGENT": "кто совершает событие",
    "ALTERNATIVE_NAME": "другое имя того же",
    "AWARDED_WITH": "награждён",
    "CAUSE_OF_DEATH": "причина смерти",
    "CONVICTED_OF": "осуждён или обвиняется в преступлении",
    "DATE_DEFUNCT_IN": "дата прекращения существования",
    "DATE_FOUNDED_IN": "дата основания",
    "DATE_OF_BIRTH": "дата рождения",
    "DATE_OF_CREATION": "дата создания (произведения, закона, продукта)",
    "DATE_OF_DEATH": "дата смерти",
    "END_TIME": "время окончания",
    "EXPENDITURE": "расходы, потраченная сумма",
    "FOUNDED_BY": "основатель",
    "HAS_CAUSE": "причина события",
    "HEADQUARTERED_IN": "штаб-квартира организации",
    "IDEOLOGY_OF": "убеждения, идеология",
    "INANIMATE_INVOLVED": "предмет, участвующий в событии",
    "INCOME": "доход, полученная сумма",
    "KNOWS": "знаком с",
    "LOCATED_IN": "находится в",
    "MEDICAL_CONDITION": "болезнь, состояние здоровья",
    "MEMBER_OF": "член, участник организации",
    "ORGANIZES": "организует событие",
    "ORIGINS_FROM": "происхождение, родом из",
    "OWNER_OF": "владеет",
    "PARENT_OF": "родитель",
    "PART_OF": "часть чего-то",
    "PARTICIPANT_IN": "участник события",
    "PENALIZED_AS": "наказание",
    "PLACE_OF_BIRTH": "место рождения",
    "PLACE_OF_DEATH": "место смерти",
    "PLACE_RESIDES_IN": "место жительства",
    "POINT_IN_TIME": "когда произошло",
    "PRICE_OF": "цена, стоимость",
    "PRODUCES": "производит, создаёт, автор",
    "RELATIVE": "родственник",
    "RELIGION_OF": "религия",
    "SCHOOLS_ATTENDED": "где учился",
    "SIBLING": "брат или сестра",
    "SPOUSE": "супруг или супруга",
    "START_TIME": "время начала",
    "SUBEVENT_OF": "часть события",
    "SUBORDINATE_OF": "подчинённый",
    "TAKES_PLACE_IN": "место события",
    "WORKPLACE": "место работы",
    "WORKS_AS": "должность, профессия",
}
# Dry-run assumptions: one triplet per 80 characters of text, about 80 tokens each with its
# quoted sentence (3 reply tokens a chunk token); the refinement lists them in 0.15 of that
# and answers in 0.25 (the shares and the 80 tokens measured on the demo's stand-in replies,
# which give a triplet per 55 characters).
_REPLY_PER_CHUNK_TOKEN = 3.0
_LISTING_SHARE = 0.15
_REFINED_SHARE = 0.25
_NONE = "NONE"
_TENSES = ("present", "past", "")
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
         "object": "министр обороны", "object_type": "PROFESSION",
         "sentence": "Министр обороны России Сергей Шойгу в понедельник прибыл в Дамаск."},
        {"subject": "Сергей Шойгу", "subject_type": "PERSON", "relation": "прибыл в",
         "object": "Дамаск", "object_type": "CITY",
         "sentence": "Министр обороны России Сергей Шойгу в понедельник прибыл в Дамаск."},
        {"subject": "Башар Асад", "subject_type": "PERSON", "relation": "является президентом",
         "object": "Сирия", "object_type": "COUNTRY",
         "sentence": "Там он встретился с президентом Сирии Башаром Асадом."},
    ]
}  # fmt: skip

_EXAMPLE_TEXT_2 = (
    "В 2019 году компания «Яндекс» купила стартап Edadeal за 1,5 млрд рублей. "
    "Основатель Edadeal, 34-летний Игорь Бенцианов, остался в команде."
)
_EXAMPLE_REPLY_2 = {
    "triplets": [
        {"subject": "Яндекс", "subject_type": "ORGANIZATION", "relation": "купила",
         "object": "Edadeal", "object_type": "ORGANIZATION",
         "sentence": "В 2019 году компания «Яндекс» купила стартап Edadeal за 1,5 млрд рублей."},
        {"subject": "Edadeal", "subject_type": "ORGANIZATION", "relation": "куплен за",
         "object": "1,5 млрд рублей", "object_type": "MONEY",
         "sentence": "В 2019 году компания «Яндекс» купила стартап Edadeal за 1,5 млрд рублей."},
        {"subject": "Игорь Бенцианов", "subject_type": "PERSON", "relation": "основатель",
         "object": "Edadeal", "object_type": "ORGANIZATION",
         "sentence": "Основатель Edadeal, 34-летний Игорь Бенцианов, остался в команде."},
        {"subject": "Игорь Бенцианов", "subject_type": "PERSON", "relation": "возраст",
         "object": "34-летний", "object_type": "AGE",
         "sentence": "Основатель Edadeal, 34-летний Игорь Бенцианов, остался в команде."},
    ]
}  # fmt: skip

_INSTRUCTION = (
    "Выпиши из текста все факты в виде триплетов (субъект, отношение, объект).\n"
    "Правила: субъект и объект — именованные сущности, даты, суммы, возрасты, должности или "
    "события из текста, имена и названия в именительном падеже («Башар Асад», «Сирия»), даты, "
    "суммы и возрасты как в тексте; отношение — короткий глагол или глагольная фраза; "
    "sentence — предложение текста, из которого взят факт, скопированное без изменений; "
    "типы сущностей: " + ", ".join(ENTITY_TYPES) + ".\n"
    'Формат ответа: {"triplets": [{"subject": ..., "subject_type": ..., "relation": ..., '
    '"object": ..., "object_type": ..., "sentence": ...}]}'
)

_REFINE = (
    "Для каждого пронумерованного триплета укажи:\n"
    "- type: тип отношения из списка ниже (или NONE, если ни один не подходит);\n"
    "- relation: отношение в канонической форме, короткое и в начальной форме (например, "
    "«быть президентом», «родиться в», «работать в», «купить»), одинаковое для одинаковых "
    "по смыслу отношений;\n"
    "- tense: present, если факт верен сейчас, past, если он в прошлом («бывший», «экс-», "
    "прошедшее событие), или пустая строка, если неясно.\n"
    "Типы отношений:\n"
    + "\n".join(f"{k} — {v}" for k, v in RELATION_TYPES.items())
    + '\nФормат ответа: {"relations": {"<номер>": {"type": ..., "relation": ..., '
    '"tense": ...}, ...}}'
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
    """Call 2: the numbered triplets whose relations are to be typed and made canonical."""
    listing = "\n".join(f"{i}. ({s}; {r}; {o})" for i, (s, r, o) in enumerate(rows, start=1))
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"{_REFINE}\n\nТриплеты:\n{listing}"},
    ]


@dataclass
class LLMExtraction:
    """Triples and what went wrong: chunks skipped for unusable replies, items dropped
    (malformed, or names not found in the text), triples left without a relation type."""

    triples: list[Triple] = field(default_factory=list)
    chunks: int = 0
    failed_chunks: int = 0
    bad_items: int = 0
    unlocated: int = 0
    untyped: int = 0
    refine_failures: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, other: LLMExtraction) -> None:
        self.triples.extend(other.triples)
        for name in ("chunks", "failed_chunks", "bad_items", "unlocated", "untyped"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.refine_failures += other.refine_failures
        self.errors.extend(other.errors)


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
    """Character span of `phrase` in `text`, whole words (a name given in the nominative
    covers its inflected ending: «Газпром» in «Газпроме»): exact, then case-insensitive, then
    word stems; of several occurrences the one nearest to `near`."""
    if not phrase.strip():
        return None
    exact = re.compile(r"(?<!\w)" + re.escape(phrase) + r"\w*")
    candidates = [m.span() for m in exact.finditer(text)]
    if not candidates:
        candidates = [m.span() for m in re.finditer(exact.pattern, text, re.IGNORECASE)]
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


def _covering(
    spans: list[tuple[int, int]], a: tuple[int, int], b: tuple[int, int]
) -> tuple[int, int]:
    lo, hi = min(a[0], b[0]), max(a[1], b[1])
    first = next((s for s in spans if s[0] <= lo < s[1]), (lo, hi))
    last = next((s for s in spans if s[0] < hi <= s[1]), first)
    return (first[0], max(first[1], last[1]))


Located = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


def _locate_short(phrase: str, text: str, near: int = 0) -> tuple[int, int] | None:
    """`locate`, then the last word of a longer name alone (news name a person in full once,
    then by surname: «Алексей Миллер» ... «Миллер работает»)."""
    found = locate(phrase, text, near)
    words = phrase.split()
    if found is None and len(words) > 1 and len(words[-1]) >= 4 and words[-1][0].isupper():
        found = locate(words[-1], text, near)
    return found


def locate_triplet(
    subject: str,
    obj: str,
    text: str,
    sentences: list[tuple[int, int]],
    hint: str = "",
) -> Located | None:
    """(subject span, object span, sentence span) of a triplet in `text`: inside one sentence
    holding both names (the sentence the model quoted first), else the nearest pair anywhere
    with the sentences that cover it; None when a name is not in the text."""
    quoted = locate(hint, text) if len(hint.strip()) >= 10 else None
    order = sorted(
        sentences,
        key=lambda s: (quoted is None or not (s[0] < quoted[1] and quoted[0] < s[1]), s[0]),
    )
    for start, end in order:
        piece = text[start:end]
        subj = _locate_short(subject, piece)
        if subj is None:
            continue
        found = _locate_short(obj, piece, near=subj[0])
        if found is not None:
            return (
                (subj[0] + start, subj[1] + start),
                (found[0] + start, found[1] + start),
                (start, end),
            )
    s_span = locate(subject, text, near=quoted[0] if quoted else 0)
    o_span = locate(obj, text, near=s_span[0]) if s_span else None
    if s_span is None or o_span is None:
        return None
    return s_span, o_span, _covering(sentences, s_span, o_span)


def _items(reply: Any) -> list[Any]:
    if isinstance(reply, dict):
        reply = reply.get("triplets", reply.get("triples", []))
    return reply if isinstance(reply, list) else []


def _triplets(reply: Any) -> list[Any]:
    """The validation of call 1: a list of triplets (bad items inside are counted, not fixed)."""
    if isinstance(reply, dict) and not any(k in reply for k in ("triplets", "triples")):
        raise ValueError('the object needs a "triplets" list')
    if not isinstance(reply, dict | list):
        raise ValueError('expected {"triplets": [...]}')
    return _items(reply)


@dataclass(frozen=True, slots=True)
class _Refined:
    relation: str
    relation_type: str
    tense: str


def _refinement(n: int) -> Any:
    """The validation of call 2 for `n` triplets: every given type must be one of ours."""

    def check(reply: Any) -> list[_Refined | None]:
        mapping = reply.get("relations", reply) if isinstance(reply, dict) else reply
        if isinstance(mapping, list):
            mapping = {str(i): v for i, v in enumerate(mapping, start=1)}
        if not isinstance(mapping, dict):
            raise ValueError('expected {"relations": {"<номер>": {...}}}')
        out: list[_Refined | None] = [None] * n
        bad: list[str] = []
        for key, value in mapping.items():
            idx = int(key) - 1 if str(key).strip().isdigit() else -1
            if not 0 <= idx < n:
                continue
            if isinstance(value, str):  # only a canonical relation
                value = {"relation": value}
            if not isinstance(value, dict):
                bad.append(f"{key}: expected an object")
                continue
            kind = str(value.get("type") or _NONE).strip().upper()
            if kind != _NONE and kind not in RELATION_TYPES:
                bad.append(f"{key}: unknown type {kind!r}")
                continue
            tense = str(value.get("tense") or "").strip().lower()
            out[idx] = _Refined(
                str(value.get("relation") or "").strip(),
                "" if kind == _NONE else kind,
                tense if tense in _TENSES else "",
            )
        if bad:
            raise ValueError("; ".join(bad[:5]) + " (type must be one of the listed types or NONE)")
        return out

    return check


def _document(llm: ChatModel, doc: Document, report: LLMExtraction) -> None:
    text = doc.full_text
    sentences = _sentences(text)
    rows: list[tuple[dict[str, Any], Located]] = []
    for offset, chunk in _chunks(text):
        report.chunks += 1
        try:
            items = llm.chat_json(extraction_messages(chunk), validate=_triplets)
        except LLMError as exc:
            report.failed_chunks += 1
            report.errors.append(f"{doc.id}@{offset}: {exc}")
            continue
        for item in items:
            if not isinstance(item, dict) or not all(
                isinstance(item.get(k), str) and item[k].strip()
                for k in ("subject", "relation", "object")
            ):
                report.bad_items += 1
                continue
            found = locate_triplet(
                item["subject"].strip(),
                item["object"].strip(),
                text,
                [s for s in sentences if offset <= s[0] < offset + len(chunk)] or sentences,
                str(item.get("sentence") or ""),
            )
            if found is None:
                report.unlocated += 1
                continue
            rows.append((item, found))
    dropped = report.bad_items + report.unlocated
    if dropped and hasattr(llm, "count"):
        llm.count(dropped=dropped)
    if not rows:
        return
    plain = [
        (item["subject"].strip(), item["relation"].strip(), item["object"].strip())
        for item, _ in rows
    ]
    refined: list[_Refined | None]
    try:
        refined = llm.chat_json(refinement_messages(plain), validate=_refinement(len(plain)))
    except LLMError as exc:
        report.errors.append(f"{doc.id} refine: {exc}")
        report.refine_failures += 1
        refined = [None] * len(plain)
    for (item, (s_span, o_span, sentence)), (_, raw, _), ref in zip(
        rows, plain, refined, strict=True
    ):
        kind = ref.relation_type if ref else ""
        report.untyped += not kind
        report.triples.append(
            Triple(
                subject=item["subject"].strip(),
                relation=(ref.relation if ref else "") or raw,
                object=item["object"].strip(),
                doc_id=doc.id,
                subject_type=entity_type(str(item.get("subject_type") or "")),
                object_type=entity_type(str(item.get("object_type") or "")),
                subject_span=s_span,
                object_span=o_span,
                sentence_span=sentence,
                extractor=EXTRACTOR,
                relation_type=kind,
                tense=ref.tense if ref else "",
            )
        )


def extract_with_llm(
    docs: Sequence[Document],
    *,
    llm: ChatModel | None = None,
    concurrency: int | None = None,
    progress: bool = False,
) -> LLMExtraction:
    """Run the two-call procedure over documents (`concurrency`, default the client's
    `settings.concurrency`, in flight); results keep input order."""
    if llm is None:
        llm = LLMClient(LLMSettings.required("the llm triplet extractor"))
    if hasattr(llm, "stage"):
        llm = llm.stage("kg")
    parts = [LLMExtraction() for _ in docs]

    def one(i: int) -> LLMExtraction:
        _document(llm, docs[i], parts[i])
        return parts[i]

    # Batches of a few rounds of requests, so a progress bar can move between them.
    width = concurrency or getattr(getattr(llm, "settings", None), "concurrency", None) or 4
    step = 4 * int(width)
    batches: Any = [range(i, min(i + step, len(docs))) for i in range(0, len(docs), step)]
    if progress:
        batches = track(batches, "extracting triples (llm)", total=len(batches))
    report = LLMExtraction()
    for batch in batches:
        for part in llm.map(one, batch, concurrency=concurrency):
            report.add(part)
    if report.chunks and report.failed_chunks == report.chunks:
        # Nothing came back at all: an unreachable or misconfigured endpoint, not sparse text.

        raise DragonError(f"every LLM extraction call failed; first: {report.errors[0]}")
    return report


def estimate_extraction(docs: Sequence[Document], *, refine: bool = True) -> StageEstimate:
    """Calls and tokens the two-call procedure would spend on `docs`: the extraction prompts
    exactly (as `estimate_tokens` counts), replies and refinements by the ratios above."""
    total = StageEstimate()
    refine_base = message_tokens(refinement_messages([]))
    for doc in docs:
        reply = 0
        for _, chunk in _chunks(doc.full_text):
            prompt = message_tokens(extraction_messages(chunk))
            out = round(_REPLY_PER_CHUNK_TOKEN * estimate_tokens(chunk))
            total += StageEstimate(1, prompt, out)
            reply += out
        if reply and refine:
            total += StageEstimate(
                1, refine_base + round(_LISTING_SHARE * reply), round(_REFINED_SHARE * reply)
            )
    return total
