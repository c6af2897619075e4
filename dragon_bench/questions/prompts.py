"""The `llm` question backend: a Russian prompt per question shape with worked examples, and
JSON replies validated (sent back with the error once when they do not fit).

As in DRAGON, the model phrases a question over a sampled subgraph; the answer stays the one
the graph gives, so the offline checks (answer hidden, support, quality defects, duplicates)
judge the same facts for both backends, and they run on the model's question too. The
examples are written for this project; a shape without its own prompt gets the generic one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dragon_bench.llm import ChatModel
from dragon_bench.llm.usage import StageEstimate, estimate_tokens, message_tokens
from dragon_bench.questions.filters import answer_in_question

if TYPE_CHECKING:
    from dragon_bench.questions.sampling import Subgraph

__all__ = [
    "PROMPTS",
    "ShapePrompt",
    "build_messages",
    "check_reply",
    "estimate_phrasing",
    "llm_question",
    "prompt_id",
]

_SYSTEM = (
    "Ты составляешь вопросы для проверки систем поиска и генерации ответов по новостям. "
    "Пиши по-русски, грамматически правильно, как спросил бы человек. Вопрос должен быть "
    "понятен без новости: называй людей и организации полностью, не пиши «этот», «данный», "
    "«в новости». Отвечай только JSON-объектом."
)
_FORMAT = 'Верни JSON: {"question": "..."}'
_MAX_LENGTH = 250
# Dry-run assumptions: a task (facts and their sentences) adds about 110 tokens to the
# shape's fixed prefix, a reply about 30; the build's warm-up phrases 3 candidates a wanted
# question (engine.stages.question_warmup_stage), which covers the selection's rejections.
_TASK_TOKENS = 110
_REPLY_TOKENS = 30
CALLS_PER_QUESTION = 3.0
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Example:
    facts: tuple[tuple[str, str, str], ...]
    answer: str
    context: str
    question: str
    bridge: str = ""


@dataclass(frozen=True, slots=True)
class ShapePrompt:
    """The instruction of one shape and its worked examples (user/assistant turns)."""

    instruction: str
    examples: tuple[Example, ...]


PROMPTS: dict[str, ShapePrompt] = {
    "simple": ShapePrompt(
        "Составь простой вопрос по одному факту. Ответ на вопрос: «{answer}»; он не должен "
        "встречаться в вопросе.",
        (
            Example(
                (("Алексей Миллер", "работать в", "Газпром"),),
                "Газпром",
                "Алексей Миллер работает в «Газпроме» с 2001 года.",
                "В какой компании с 2001 года работает Алексей Миллер?",
            ),
            Example(
                (("Евгений Кисин", "жить в", "Прага"),),
                "Евгений Кисин",
                "Пианист Евгений Кисин живёт в Праге.",
                "Какой пианист живёт в Праге?",
            ),
        ),
    ),
    "set": ShapePrompt(
        "Составь вопрос, ответом на который является перечень: {answer}. Все элементы "
        "перечня связаны с одним и тем же субъектом одним отношением; ни один из них не должен "
        "встречаться в вопросе. Вопрос должен требовать все элементы, а не один.",
        (
            Example(
                (
                    ("Сергей Собянин", "посетить", "Зеленоград"),
                    ("Сергей Собянин", "посетить", "Коммунарка"),
                ),
                "Зеленоград; Коммунарка",
                "Мэр Москвы Сергей Собянин в субботу посетил Зеленоград и Коммунарку.",
                "Какие районы посетил в субботу мэр Москвы Сергей Собянин?",
            ),
            Example(
                (
                    ("финал Кубка России", "участник", "Зенит"),
                    ("финал Кубка России", "участник", "ЦСКА"),
                ),
                "Зенит; ЦСКА",
                "В финал Кубка России по футболу вышли «Зенит» и ЦСКА.",
                "Какие клубы вышли в финал Кубка России по футболу?",
            ),
        ),
    ),
    "conditional": ShapePrompt(
        "Составь вопрос с двумя условиями: ответом является единственная сущность «{answer}», "
        "удовлетворяющая обоим фактам, и в вопросе должны быть оба условия. Ответ не должен "
        "встречаться в вопросе.",
        (
            Example(
                (
                    ("Мухаммад Хан", "работать", "судья"),
                    ("Мухаммад Хан", "работать в", "Пешавар"),
                ),
                "Мухаммад Хан",
                "Судья из Пешавара Мухаммад Хан вынес приговор в понедельник.",
                "Кто работает судьёй в Пешаваре?",
            ),
            Example(
                (
                    ("Мария Иванова", "заявить об", "отставка"),
                    ("Мария Иванова", "работать в", "Газпром"),
                ),
                "Мария Иванова",
                "Мария Иванова заявила об отставке. Иванова работает в «Газпроме».",
                "Какая сотрудница «Газпрома» заявила об отставке?",
            ),
        ),
    ),
    "multi_hop": ShapePrompt(
        "Составь вопрос в два шага: промежуточную сущность «{bridge}» не называй, а опиши через "
        "первый факт; ответом на вопрос является «{answer}», который не должен встречаться в "
        "вопросе.",
        (
            Example(
                (
                    ("Алексей Миллер", "работать в", "Газпром"),
                    ("Газпром", "штаб-квартира в", "Санкт-Петербург"),
                ),
                "Санкт-Петербург",
                "Алексей Миллер работает в «Газпроме». Штаб-квартира «Газпрома» находится в "
                "Санкт-Петербурге.",
                "В каком городе находится штаб-квартира компании, в которой работает "
                "Алексей Миллер?",
                bridge="Газпром",
            ),
            Example(
                (
                    ("Евгений Кисин", "жить в", "Прага"),
                    ("Прага", "находиться в", "Чехия"),
                ),
                "Чехия",
                "Евгений Кисин живёт в Праге, столице Чехии.",
                "В какой стране находится город, в котором живёт Евгений Кисин?",
                bridge="Прага",
            ),
        ),
    ),
}
_GENERIC = ShapePrompt(
    "Составь вопрос по фактам: ответ на него — «{answer}»; ответ не должен встречаться в вопросе.",
    PROMPTS["simple"].examples,
)


def prompt_id(shape: str) -> str:
    """The qa `template` value of a question this backend phrased."""
    return f"llm:{shape}" if shape in PROMPTS else "llm:generic"


def _task(prompt: ShapePrompt, facts: str, answer: str, bridge: str, context: str) -> str:
    return (
        prompt.instruction.format(answer=answer, bridge=bridge)
        + f"\nФакты:\n{facts}\nКонтекст:\n{context or '-'}\n{_FORMAT}"
    )


def _facts(rows: tuple[tuple[str, str, str], ...] | list[tuple[str, str, str]]) -> str:
    return "\n".join(f"- ({s}; {r}; {o})" for s, r, o in rows)


def _sentence(text: str | None, span: tuple[int, int]) -> str:
    if not text or span[1] <= span[0]:
        return ""
    return " ".join(text[span[0] : span[1]].split())


def build_messages(sub: Subgraph, texts: Mapping[str, str]) -> list[dict[str, str]]:
    """System, the shape's worked examples as earlier turns, then this subgraph's task."""
    prompt = PROMPTS.get(sub.type, _GENERIC)
    messages = [{"role": "system", "content": _SYSTEM}]
    for ex in prompt.examples:
        task = _task(prompt, _facts(ex.facts), ex.answer, ex.bridge, ex.context)
        reply = json.dumps({"question": ex.question}, ensure_ascii=False)
        messages += [{"role": "user", "content": task}, {"role": "assistant", "content": reply}]
    context = "\n".join(
        s
        for s in dict.fromkeys(
            _sentence(texts.get(f.first.doc_id), f.first.sentence_span) for f in sub.facts
        )
        if s
    )
    rows = [(f.subject, f.relation, f.object) for f in sub.facts]
    task = _task(prompt, _facts(rows), "; ".join(sub.answers), sub.bridge or "", context)
    return messages + [{"role": "user", "content": task}]


def check_reply(sub: Subgraph) -> Any:
    """The validation of a reply for `sub`: one Russian question that hides the answer (and a
    multi-hop bridge); returns its text ending in «?», or raises ValueError saying what is
    wrong (the client sends that back to the model)."""

    def check(reply: Any) -> str:
        question = reply.get("question") if isinstance(reply, dict) else None
        if not isinstance(question, str) or not question.strip():
            raise ValueError('expected {"question": "<the question>"}')
        text = " ".join(question.split())
        text = text if text.endswith("?") else text.rstrip(".!") + "?"
        if len(text) > _MAX_LENGTH:
            raise ValueError(f"the question is {len(text)} characters; keep it under {_MAX_LENGTH}")
        if not _CYRILLIC.search(text):
            raise ValueError("the question must be written in Russian")
        if text.count("?") > 1:
            raise ValueError("write one question, not several")
        for answer in sub.answers:
            if answer_in_question(answer, text):
                raise ValueError(f"the question gives the answer «{answer}» away; do not name it")
        if sub.bridge and answer_in_question(sub.bridge, text):
            raise ValueError(f"do not name «{sub.bridge}»: describe it through the first fact")
        return text

    return check


def llm_question(llm: ChatModel, sub: Subgraph, texts: Mapping[str, str]) -> str | None:
    """The model's question for this subgraph (`LLMClient.chat_json` with `check_reply`);
    LLMReplyError when the reply stays unusable after the fix request."""
    if hasattr(llm, "stage"):
        llm = llm.stage("questions")
    question: str = llm.chat_json(
        build_messages(sub, texts), validate=check_reply(sub), temperature=0.0
    )
    return question


def _prefix_tokens(shape: str) -> int:
    prompt = PROMPTS.get(shape, _GENERIC)
    messages = [{"role": "system", "content": _SYSTEM}]
    for ex in prompt.examples:
        task = _task(prompt, _facts(ex.facts), ex.answer, ex.bridge, ex.context)
        messages += [
            {"role": "user", "content": task},
            {"role": "assistant", "content": json.dumps({"question": ex.question})},
        ]
    return message_tokens(messages) + estimate_tokens(prompt.instruction + _FORMAT)


def estimate_phrasing(shapes: Mapping[str, int]) -> StageEstimate:
    """Calls and tokens to phrase `questions` of each shape (`{shape: questions}`), at
    `CALLS_PER_QUESTION` candidates phrased per question kept."""
    total = StageEstimate()
    for shape, wanted in shapes.items():
        calls = round(wanted * CALLS_PER_QUESTION)
        prompt = _prefix_tokens(shape) + _TASK_TOKENS
        total += StageEstimate(calls, calls * prompt, calls * _REPLY_TOKENS)
    return total
