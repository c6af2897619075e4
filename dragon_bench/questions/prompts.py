"""The `llm` question backend: one Russian prompt per question type, JSON replies.

As in DRAGON, the model phrases a question over a sampled subgraph; the answer stays the one
the graph gives, so the support filter judges the same facts for both backends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dragon_bench.questions.sampling import Subgraph

__all__ = ["PROMPTS", "build_messages", "llm_question"]

_SYSTEM = (
    "Ты составляешь вопросы для проверки систем поиска и генерации ответов по новостям. "
    "Пиши по-русски, грамматически правильно. Отвечай только JSON-объектом."
)

PROMPTS: dict[str, str] = {
    "simple": (
        "Составь простой вопрос по одному факту. Ответ на вопрос: «{answer}». "
        "Ответ не должен встречаться в вопросе.\nФакт:\n{facts}\nКонтекст:\n{context}\n"
        'Верни JSON: {{"question": "..."}}'
    ),
    "set": (
        "Составь вопрос, ответом на который является перечень: {answer}. Все элементы "
        "перечня связаны с одним и тем же субъектом одним отношением; ни один из них не должен "
        "встречаться в вопросе.\nФакты:\n{facts}\nКонтекст:\n{context}\n"
        'Верни JSON: {{"question": "..."}}'
    ),
    "conditional": (
        "Составь вопрос с двумя условиями: ответом является единственная сущность «{answer}», "
        "удовлетворяющая обоим фактам. Ответ не должен встречаться в вопросе.\n"
        "Факты:\n{facts}\nКонтекст:\n{context}\n"
        'Верни JSON: {{"question": "..."}}'
    ),
    "multi_hop": (
        "Составь вопрос в два шага: промежуточную сущность «{bridge}» не называй, а опиши через "
        "первый факт; ответом на вопрос является «{answer}», который не должен встречаться в "
        "вопросе.\nФакты (по порядку шагов):\n{facts}\nКонтекст:\n{context}\n"
        'Верни JSON: {{"question": "..."}}'
    ),
}


def _sentence(text: str | None, span: tuple[int, int]) -> str:
    if not text or span[1] <= span[0]:
        return ""
    return text[span[0] : span[1]].strip()


def build_messages(sub: Subgraph, texts: dict[str, str]) -> list[dict[str, str]]:
    """Chat messages asking the model for a question over this subgraph."""
    facts = "\n".join(f"- ({f.subject}; {f.relation}; {f.object})" for f in sub.facts)
    context = "\n".join(
        s
        for s in dict.fromkeys(
            _sentence(texts.get(f.first.doc_id), f.first.sentence_span) for f in sub.facts
        )
        if s
    )
    prompt = PROMPTS[sub.type].format(
        answer="; ".join(sub.answers), bridge=sub.bridge or "", facts=facts, context=context or "-"
    )
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": prompt}]


def llm_question(llm: Any, sub: Subgraph, texts: dict[str, str]) -> str | None:
    """Ask the model (`LLMClient.chat_json`) for the question text; None if the reply has none."""
    reply = llm.chat_json(build_messages(sub, texts), temperature=0.0)
    if isinstance(reply, dict):
        q = reply.get("question")
        if isinstance(q, str) and q.strip():
            text = " ".join(q.split())
            return text if text.endswith("?") else text + "?"
    return None
