"""Demo step: the LLM path of a build (extraction, closed-book filter, question judge) against
the scripted OpenAI-compatible server, with an offline stand-in playing the model.

`StandInModel` answers each prompt of the project the way a model would, from offline parts:
extraction from the natasha extractor's triples of the chunk, relation types from the
template aliases, closed-book answers from a "memory" of facts of documents it was given (as
a model remembers its training data), judge scores from simple checks of the evidence. It
exists to exercise the real client, prompts, validation and screens end to end without a
GPU; its answers are no measure of any real model.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.hub import Hub
from dragon_bench.kg.llm_backend import RELATION_TYPES
from dragon_bench.kg.natasha_backend import extract_document
from dragon_bench.llm import LLMClient
from dragon_bench.llm.scripted import ScriptedLLMServer
from dragon_bench.nlp.lemmas import lemmas
from dragon_bench.output import print_table, stdout
from dragon_bench.questions.templates import relation_type
from dragon_bench.release.build import build_revision
from dragon_bench.release.estimate import estimate_build
from dragon_bench.screening.screen import screening_from_options
from dragon_bench.types import Document

if TYPE_CHECKING:
    from dragon_bench.demo import DemoContext

__all__ = ["StandInModel", "run"]

_LISTING = re.compile(r"^(\d+)\. \((.*); (.*); (.*)\)$", re.MULTILINE)


class StandInModel:
    """A reply function for `ScriptedLLMServer.reply`; `memory` documents give its
    closed-book knowledge."""

    def __init__(self, memory: Sequence[Document] = ()) -> None:

        self._lemmas = lemmas
        self.memory = [(lemmas(t.subject), t.object) for d in memory for t in extract_document(d)]

    def __call__(self, body: dict[str, Any]) -> str:
        messages = body.get("messages", [])
        system = str(messages[0].get("content", "")) if messages else ""
        last = str(messages[-1].get("content", "")) if messages else ""
        task = next((str(m["content"]) for m in reversed(messages) if m.get("role") == "user"), "")
        if "Триплеты:" in last:
            return self._refine(last)
        if "Выпиши из текста" in last:
            return self._extract(last.rsplit("Текст:\n", 1)[-1])
        if system.startswith("Ты отвечаешь на вопросы викторины"):
            return self._recall(last)
        if system.startswith("Ты — строгий редактор"):
            return self._score(task)
        if "Ответ системы:" in task:
            return self._verdict(task)
        if system.startswith("Ты составляешь вопросы"):
            return self._phrase(task)
        return "не знаю"

    def _extract(self, chunk: str) -> str:

        triplets = [
            {
                "subject": t.subject,
                "subject_type": t.subject_type,
                "relation": t.relation,
                "object": t.object,
                "object_type": t.object_type,
                "sentence": chunk[slice(*t.sentence_span)],
            }
            for t in extract_document(Document(id="chunk", text=chunk))
        ]
        return json.dumps({"triplets": triplets}, ensure_ascii=False)

    def _refine(self, prompt: str) -> str:

        relations = {}
        for number, _, relation, _ in _LISTING.findall(prompt.split("Триплеты:", 1)[1]):
            kind = relation_type(relation)
            relations[number] = {
                "type": kind if kind in RELATION_TYPES else "NONE",
                "relation": relation,
                "tense": "",
            }
        return json.dumps({"relations": relations}, ensure_ascii=False)

    def _recall(self, question: str) -> str:
        words = set(self._lemmas(question))
        for subject, obj in self.memory:
            if subject and set(subject) <= words and not set(self._lemmas(obj)) <= words:
                return obj
        return "не знаю"

    def _score(self, prompt: str) -> str:
        question = prompt.split("Вопрос: ", 1)[-1].split("\n", 1)[0]
        answer = prompt.split("Эталонный ответ: ", 1)[-1].split("\n", 1)[0]
        evidence = set(self._lemmas(prompt.split("Фрагменты:", 1)[-1].split("Вопрос: ", 1)[0]))
        found = all(set(self._lemmas(a)) <= evidence for a in answer.split("; "))
        scores = {
            "grammatical": 5,
            "answerable": 5 if found else 2,
            "unambiguous": 5 if len(question.split()) >= 4 else 3,
            "answer_correct": 5,
            "reason": "ответ есть во фрагментах" if found else "ответа нет во фрагментах",
        }
        return json.dumps(scores, ensure_ascii=False)

    def _verdict(self, prompt: str) -> str:
        reference = prompt.split("Эталонный ответ: ", 1)[-1].split("\n", 1)[0]
        answer = prompt.split("Ответ системы: ", 1)[-1].split("\n", 1)[0]
        same = set(self._lemmas(reference)) <= set(self._lemmas(answer))
        return json.dumps({"verdict": "accurate" if same else "incorrect", "reason": "-"})

    def _phrase(self, prompt: str) -> str:
        facts = re.findall(r"^- \((.*); (.*); (.*)\)$", prompt.rsplit("Факты", 1)[-1], re.M)
        if not facts:
            return json.dumps({"question": ""})
        subject, relation, obj = facts[0]
        named = subject if f"«{obj}»" in prompt else obj
        return json.dumps({"question": f"Что известно о «{named}» ({relation})?"})


def run(ctx: DemoContext) -> None:
    """Build a revision with LLM extraction and both screens (`dragon build --backend llm
    --closed-book-models ... --closed-book-judge --question-judge`); print the screens'
    figures and the LLM usage per stage beside the dry-run estimate."""

    docs = ctx.artifacts.get("documents")
    if docs is None:
        docs = read_documents(ctx.corpus or builtin_corpus_path())
    docs = list(docs)[:24]
    hub = ctx.workdir / "hub-llm"
    started = time.perf_counter()
    with ScriptedLLMServer(reply=StandInModel(memory=docs[::3]), model="stand-in") as server:
        settings = server.settings(ctx.workdir / "llm-cache", concurrency=8)
        llm = LLMClient(settings)
        screening = screening_from_options(
            closed_book_models="stand-in",
            closed_book_judge=True,
            question_judge=True,
            settings=settings,
            usage=llm.usage,
        )
        result = build_revision(
            docs, str(hub), kg_backend="llm", llm=llm, screening=screening, per_type=5, seed=0
        )
    took = time.perf_counter() - started
    summary = result.screening
    book = summary["closed_book"]["models"]["stand-in"]
    judge = summary["question_judge"]
    stdout.print(
        f"revision {result.version} with LLM extraction on {len(docs)} documents in {took:.1f} s "
        f"(scripted server, offline stand-in model) -> {hub}: {result.triples} located, typed "
        f"triples; {summary['candidates']} candidates; closed-book: {book['correct']} of "
        f"{book['asked']} answered from memory (dropped share {book['dropped_share']:.2f}); "
        f"judge: {judge['rejected']} below {judge['threshold']}; questions {dict(result.questions)}"
    )
    estimate = estimate_build(
        docs,
        kg_backend="llm",
        question_backend="template",
        per_type=5,
        types=sorted(result.questions),
        closed_book_models=1,
        question_judge=True,
    )
    used = result.llm
    rows = [
        (
            stage,
            used.get(stage, {}).get("calls", 0),
            used.get(stage, {}).get("prompt_tokens", 0),
            used.get(stage, {}).get("completion_tokens", 0),
            used.get(stage, {}).get("wall_s", 0),
            est["calls"],
            est["prompt_tokens"],
            est["completion_tokens"],
        )
        for stage, est in estimate["stages"].items()
    ]
    columns = ["stage", "calls", "prompt", "compl.", "wall s", "est. calls", "est. prompt"]
    print_table([*columns, "est. compl."], rows)
    candidates = Hub(str(hub)).read_table("private", result.version, "candidates").to_pylist()
    dropped = next((r for r in candidates if r["outcome"] == "closed_book"), None)
    if dropped:
        answer = dropped["closed_book"][0]["answer"]
        stdout.print(
            f"  dropped: {dropped['question']} -> closed-book {answer!r} "
            f"(gold {dropped['answer']!r})"
        )
