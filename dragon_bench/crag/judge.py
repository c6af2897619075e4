"""The LLM judge for CRAG answers the rules cannot decide: accurate or not, as JSON."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from dragon_bench.llm import ChatModel, LLMError

__all__ = ["JUDGE_PROMPT", "judge_messages", "judge_one", "judge_with_llm"]

JUDGE_PROMPT = (
    "You grade answers to questions against reference answers. An answer is accurate when it "
    "states the same fact as one of the references (wording may differ; numbers must agree "
    "within rounding; a list must hold the same items). An answer that adds wrong facts, hedges "
    "between options, or only partly matches is not accurate. If a reference says the question "
    "is invalid (false premise), the answer is accurate only when it also rejects the premise. "
    'Reply with JSON only: {"accurate": true or false, "reason": "<one short sentence>"}.'
)


def judge_messages(
    query: str, ground_truths: Sequence[str], prediction: str
) -> list[dict[str, str]]:
    refs = "\n".join(f"- {t}" for t in ground_truths)
    return [
        {"role": "system", "content": JUDGE_PROMPT},
        {
            "role": "user",
            "content": f"Question: {query}\nReference answers:\n{refs}\nAnswer: {prediction}",
        },
    ]


def judge_one(
    llm: ChatModel, query: str, ground_truths: Sequence[str], prediction: str
) -> bool | None:
    """True/False from the judge, None when the call or its JSON failed."""

    try:
        reply = llm.chat_json(judge_messages(query, ground_truths, prediction), max_tokens=200)
    except LLMError:
        return None
    if isinstance(reply, dict):
        for key in ("accurate", "accuracy", "correct"):
            if key in reply:
                value = reply[key]
                if isinstance(value, str):
                    return value.strip().lower() in ("true", "yes", "1")
                return bool(value)
    return None


def judge_with_llm(
    llm: ChatModel, *, concurrency: int = 4
) -> Callable[[Sequence[tuple[str, Sequence[str], str]]], list[bool | None]]:
    """A judge that asks an LLM (dragon_bench.llm.LLMClient) whether each prediction is accurate;
    a call that fails counts as not accurate and is reported as a judge error."""

    def run(items: Sequence[tuple[str, Sequence[str], str]]) -> list[bool | None]:
        with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
            return list(pool.map(lambda it: judge_one(llm, *it), items))

    return run
