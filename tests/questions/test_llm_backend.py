"""The llm question backend against the local OpenAI-protocol server (scripted replies)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from dragon_bench.llm import LLMClient
from dragon_bench.questions import generate_questions
from dragon_bench.questions.prompts import PROMPTS, build_messages
from tests.helpers.corpus import DOCS, TRIPLES

TASK = 5  # system, two worked examples (user, assistant), then the task


def task(request: dict[str, Any]) -> str:
    return request["messages"][TASK]["content"]


def test_llm_backend_phrases_questions_and_filters_them(llm_server: Any, tmp_path: Path) -> None:
    def reply(request: dict[str, Any]) -> str:
        prompt = task(request)  # also in fix-up requests, which append to the conversation
        if "перечень" in prompt:
            return "not json at all"  # malformed twice (reply and fix): counted and skipped
        leak = re.search(r"Ответ на вопрос: «([^»]+)»", prompt)
        if leak:  # every simple question gives its answer away, also when told not to
            return json.dumps({"question": f"Где живёт Кисляков, если это {leak.group(1)}"})
        return "```json\n" + json.dumps({"question": "Вопрос номер " + str(len(prompt))}) + "\n```"

    llm_server.reply = reply
    client = LLMClient(llm_server.settings(tmp_path))
    stats: dict[str, Any] = {}
    qs = generate_questions(TRIPLES, DOCS, backend="llm", llm=client, per_type=3, stats=stats)
    assert qs and all(q.question.endswith("?") for q in qs)
    assert not any(q.type in ("set", "simple") for q in qs)
    # the set prompts (no JSON) and the simple ones (answer given away) fail their fix request
    assert stats["rejected"].get("llm_error:LLMReplyError", 0) >= 2
    leaks = [
        r for r in llm_server.requests if "Ответ на вопрос" in task(r) and len(r["messages"]) > 6
    ]
    assert leaks and "gives the answer" in leaks[0]["messages"][-1]["content"]
    first = llm_server.requests[0]
    assert first["messages"][0]["role"] == "system" and "JSON" in first["messages"][0]["content"]
    assert client.usage.as_dict()["questions"]["calls"] == len(llm_server.requests)
    # a rerun is served from the disk cache: no new requests
    n = len(llm_server.requests)
    again = generate_questions(TRIPLES, DOCS, backend="llm", llm=client, per_type=3)
    assert [q.question for q in again] == [q.question for q in qs]
    assert len(llm_server.requests) == n


def test_a_leaking_question_is_fixed_after_the_validation_error(
    llm_server: Any, tmp_path: Path
) -> None:
    def reply(request: dict[str, Any]) -> str:
        prompt = task(request)
        leak = re.search(r"Ответ на вопрос: «([^»]+)»", prompt)
        if leak and len(request["messages"]) == TASK + 1:
            return json.dumps({"question": f"Это {leak.group(1)}?"}, ensure_ascii=False)
        return json.dumps({"question": "Где родился пианист Евгений Кисляков"}, ensure_ascii=False)

    llm_server.reply = reply
    client = LLMClient(llm_server.settings(tmp_path))
    qs = generate_questions(TRIPLES, DOCS, backend="llm", llm=client, per_type=1, types=("simple",))
    assert [q.question for q in qs] == ["Где родился пианист Евгений Кисляков?"]
    assert client.usage.as_dict()["questions"]["fixes"] >= 1


def test_every_shape_prompt_has_worked_examples_that_pass_its_own_rules() -> None:
    from dragon_bench.questions.filters import answer_in_question

    for shape, prompt in PROMPTS.items():
        assert len(prompt.examples) >= 2, shape
        for ex in prompt.examples:
            assert ex.question.endswith("?")
            assert not any(answer_in_question(a, ex.question) for a in ex.answer.split("; "))
            assert not ex.bridge or not answer_in_question(ex.bridge, ex.question)
            assert (shape == "multi_hop") == bool(ex.bridge)


def test_messages_carry_the_facts_and_their_sentences() -> None:
    import random

    from dragon_bench.questions.sampling import FactGraph
    from dragon_bench.questions.shapes import iter_subgraphs

    graph = FactGraph(TRIPLES)
    sub = next(iter_subgraphs(graph, "multi_hop", random.Random(0)))
    texts = {d.id: d.full_text for d in DOCS}
    messages = build_messages(sub, texts)
    assert [m["role"] for m in messages] == ["system"] + ["user", "assistant"] * 2 + ["user"]
    last = messages[-1]["content"]
    assert f"«{sub.bridge}» не называй" in last
    for f in sub.facts:
        assert f"({f.subject}; {f.relation}; {f.object})" in last
        sentence = texts[f.first.doc_id][slice(*f.first.sentence_span)]
        assert " ".join(sentence.split()) in last


def test_every_registered_shape_has_its_own_prompt() -> None:
    from dragon_bench.questions.shapes import QUESTION_SHAPES

    assert set(QUESTION_SHAPES) <= set(PROMPTS)
