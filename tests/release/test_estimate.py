"""The dry-run estimate against what the same work costs on the scripted server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dragon_bench.kg.llm_backend import estimate_extraction, extract_with_llm
from dragon_bench.llm import LLMClient, estimate_tokens
from dragon_bench.release.estimate import estimate_build
from dragon_bench.types import Document

DOCS = [
    Document(id=f"d{i}", title=f"Новость {i}", text="Алексей Миллер работает в «Газпроме». " * k)
    for i, k in enumerate((3, 40, 150))  # the last one is cut into two chunks
]


def test_extraction_calls_and_prompt_tokens_match_a_real_run(
    llm_server: Any, tmp_path: Path
) -> None:
    def reply(body: dict[str, Any]) -> str:
        if "Триплеты:" in body["messages"][-1]["content"]:
            return json.dumps({"relations": {"1": {"type": "WORKPLACE", "relation": "работать в"}}})
        triplet = {"subject": "Алексей Миллер", "relation": "работает в", "object": "Газпром"}
        return json.dumps({"triplets": [triplet]}, ensure_ascii=False)

    llm_server.reply = reply
    client = LLMClient(llm_server.settings(None))
    extract_with_llm(DOCS, llm=client)
    used = client.usage.as_dict()["kg"]
    estimate = estimate_build(
        DOCS, kg_backend="llm", question_backend="template", per_type=10, types=("simple",)
    )
    kg = estimate["stages"]["kg"]
    assert kg["calls"] == used["calls"] == 4 + 3  # 4 chunks, one refinement a document
    extraction = [
        b for b in llm_server.requests if "Триплеты:" not in json.dumps(b, ensure_ascii=False)
    ]
    # the scripted server counts tokens as the estimate does, so extraction prompts agree exactly
    sent = sum(estimate_tokens(m["content"]) for b in extraction for m in b["messages"])
    assert estimate_extraction(DOCS, refine=False).prompt_tokens == sent
    assert kg["prompt_tokens"] > sent
    assert estimate["stages"].keys() == {"kg"}
    assert estimate["per_1000_documents"]["calls"] == round(7 * 1000 / 3)


def test_screens_and_phrasing_scale_with_questions_not_documents() -> None:
    small = estimate_build(
        DOCS[:1],
        kg_backend="natasha",
        question_backend="llm",
        per_type=10,
        types=("simple", "set"),
        closed_book_models=2,
        question_judge=True,
    )
    assert set(small["stages"]) == {"questions", "closed_book", "question_judge"}
    # 10 a type, 1.5 candidates generated a question, 3 phrasing calls a candidate
    assert small["stages"]["questions"]["calls"] == 2 * 15 * 3
    # 1.25 screened a question: 25 questions, each asked of 2 models, judged once
    assert small["stages"]["closed_book"]["calls"] == 50
    assert small["stages"]["question_judge"]["calls"] == 25
    assert small["per_1000_documents"] == small["total"]
