"""The LLM generator: a short Russian answer whose sentences cite the passages that support them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dragon_bench.llm import ChatModel
from dragon_bench.rag.answer import AnswerSentence, Generation
from dragon_bench.rag.candidate import Candidate

__all__ = ["LLMGenerator", "SYSTEM_PROMPT"]

SYSTEM_PROMPT = (
    "Ты отвечаешь на вопросы по новостным фрагментам. Пользуйся только фрагментами. "
    "Ответ должен быть коротким: несколько слов, имя, название, дата или число, без пояснений. "
    "Если ответов несколько, перечисли их через запятую. После каждого предложения укажи номера "
    "фрагментов, которые его подтверждают. Если во фрагментах ответа нет, ответь «нет ответа». "
    'Верни только JSON: {"answer": "краткий ответ", '
    '"sentences": [{"text": "предложение ответа", "citations": [1, 2]}]}'
)


class LLMGenerator:
    """Generation through an OpenAI-compatible chat model with sentence-level citations,
    as in the TREC RAG 2024 augmented-generation task (Pradeep et al., 2024)."""

    name = "llm"

    def __init__(self, llm: ChatModel, *, max_chars: int = 1500, max_tokens: int = 300) -> None:
        self.llm = llm
        self.max_chars = max_chars
        self.max_tokens = max_tokens

    def messages(self, question: str, candidates: Sequence[Candidate]) -> list[dict[str, str]]:
        parts = [
            f"[{i + 1}] {' '.join(c.text.split())[: self.max_chars]}"
            for i, c in enumerate(candidates)
        ]
        user = f"Вопрос: {question}\n\nФрагменты:\n" + "\n\n".join(parts)
        return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]

    def generate(self, question: str, candidates: Sequence[Candidate]) -> Generation:
        if not question.strip():
            return Generation("", ())
        reply = self.llm.chat_json(
            self.messages(question, candidates), json_mode=True, max_tokens=self.max_tokens
        )
        if isinstance(reply, str):
            reply = {"answer": reply}
        if not isinstance(reply, dict):
            reply = {}
        sentences: list[AnswerSentence] = []
        for item in reply.get("sentences") or []:
            if not isinstance(item, dict) or not str(item.get("text", "")).strip():
                continue
            cites = _citations(item.get("citations"), len(candidates))
            sentences.append(AnswerSentence(str(item["text"]).strip(), cites))
        answer = str(reply.get("answer") or "").strip()
        if not answer:
            answer = " ".join(s.text for s in sentences)
        if not sentences and answer:
            sentences.append(
                AnswerSentence(answer, _citations(reply.get("citations"), len(candidates)))
            )
        return Generation(answer, tuple(sentences), {"model": getattr(self.llm, "model", "")})


def _citations(raw: Any, n: int) -> tuple[int, ...]:
    """1-based passage numbers from the model, as 0-based indexes; out-of-range ones dropped."""
    out: list[int] = []
    for x in raw if isinstance(raw, list) else [raw]:
        try:
            i = int(str(x).strip("[] ")) - 1
        except (TypeError, ValueError):
            continue
        if 0 <= i < n and i not in out:
            out.append(i)
    return tuple(out)
