"""The llm question backend against the local OpenAI-protocol server (scripted replies)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from dragon_bench.llm import LLMClient
from dragon_bench.questions import generate_questions
from tests.questions.corpus import DOCS, TRIPLES


def test_llm_backend_phrases_questions_and_filters_them(llm_server: Any, tmp_path: Path) -> None:
    def reply(request: dict[str, Any]) -> str:
        prompt = request["messages"][1]["content"]  # the task, also in fix-up requests
        if "перечень" in prompt:
            return "not json at all"  # malformed twice (reply and fix): counted and skipped
        leak = re.search(r"Ответ на вопрос: «([^»]+)»", prompt)
        if leak:  # every simple question gives its answer away
            return json.dumps({"question": f"Где живёт Кисин, если это {leak.group(1)}"})
        return "```json\n" + json.dumps({"question": "Вопрос номер " + str(len(prompt))}) + "\n```"

    llm_server.reply = reply
    client = LLMClient(llm_server.settings(tmp_path))
    stats: dict[str, Any] = {}
    qs = generate_questions(TRIPLES, DOCS, backend="llm", llm=client, per_type=3, stats=stats)
    assert qs and all(q.question.endswith("?") for q in qs)
    assert not any(q.type == "set" for q in qs)
    assert stats["rejected"].get("llm_error:LLMReplyError", 0) >= 1
    assert not any(q.type == "simple" for q in qs)  # the answer-in-question filter
    assert stats["rejected"].get("answer_in_question", 0) >= 1
    first = llm_server.requests[0]
    assert first["messages"][0]["role"] == "system" and "JSON" in first["messages"][0]["content"]
    # a rerun is served from the disk cache: no new requests
    n = len(llm_server.requests)
    again = generate_questions(TRIPLES, DOCS, backend="llm", llm=client, per_type=3)
    assert [q.question for q in again] == [q.question for q in qs]
    assert len(llm_server.requests) == n
