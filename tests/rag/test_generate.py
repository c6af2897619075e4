"""Generators (extractive offline, LLM with citations), rerankers and TREC RAG 2024 answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.llm import LLMClient, LLMError
from dragon_bench.rag.answer import AnswerSentence, Generation, RagAnswer
from dragon_bench.rag.candidate import Candidate
from dragon_bench.rag.extractive import ExtractiveGenerator
from dragon_bench.rag.llmgen import LLMGenerator
from dragon_bench.rag.question_kind import classify_question
from dragon_bench.rag.rerank import IdentityReranker, LexicalReranker, LLMReranker

CANDIDATES = [
    Candidate(
        "11",
        3.0,
        "Бывший президент США Барак Обама с женой Мишель приобрели жильё в Вашингтоне. "
        "Сделка обошлась в 8,1 млн долларов. Обама переехал туда в январе 2017 года.",
    ),
    Candidate(
        "42",
        2.0,
        "Компания Яндекс открыла офис в Казани. В офисе работают 300 человек. "
        "На открытии выступили Аркадий Волож и Тигран Худавердян.",
    ),
]


@pytest.mark.parametrize(
    ("question", "labels", "many"),
    [
        ("Кто основал компанию?", ("PER",), False),
        ("С кем состоит в браке Барак Обама?", ("PER",), False),
        ("Где родился Пушкин?", ("LOC",), False),
        ("Где работает Иванов?", ("ORG", "LOC"), False),
        ("Когда умер Ленин?", ("DATE",), False),
        ("Сколько стоил дом?", ("NUMBER",), False),
        ("Какая компания купила завод?", ("ORG",), False),
        ("Какие люди выступили на открытии?", (), True),
        ("Кто из политиков посетил Казань?", ("PER",), True),
    ],
)
def test_classify_question(question: str, labels: tuple[str, ...], many: bool) -> None:
    kind = classify_question(question)
    assert kind.labels == labels and kind.many == many


@pytest.mark.parametrize(
    ("question", "answer", "cited"),
    [
        ("С кем состоит в браке Барак Обама?", "Мишель", (0,)),
        ("Где Обама приобрёл жильё?", "Вашингтоне", (0,)),
        ("Сколько стоило жильё Обамы?", "8,1 млн долларов", (0,)),
        ("Когда Обама переехал?", "январе 2017 года", (0,)),
        ("Какая компания открыла офис в Казани?", "Яндекс", (1,)),
        ("Сколько человек работают в офисе Яндекса?", "300 человек", (1,)),
        (
            "Кто из руководителей выступил на открытии офиса?",
            "Аркадий Волож, Тигран Худавердян",
            (1,),
        ),
    ],
)
def test_extractive_answer_spans(question: str, answer: str, cited: tuple[int, ...]) -> None:
    # the earlier strategy, kept for comparison (tests/rag/test_answer_types.py: the default)
    gen = ExtractiveGenerator(strategy="sentence").generate(question, CANDIDATES)
    assert gen.answer == answer
    assert gen.sentences[0].citations == cited


def test_extractive_falls_back_to_sentence_and_handles_empty() -> None:
    gen = ExtractiveGenerator(strategy="sentence").generate(
        "Почему сделка обошлась так дорого?", CANDIDATES
    )
    assert "8,1 млн долларов" in gen.answer  # no span type: the supporting sentence itself
    assert ExtractiveGenerator().generate("", CANDIDATES).answer == ""
    assert ExtractiveGenerator().generate("Кто?", []).answer == ""


def test_trec_answer_limits_and_found_ids() -> None:
    refs = [str(i) for i in range(30)]
    long = " ".join(["слово"] * 150)
    sentences = [
        AnswerSentence(long, (0, 25)),
        AnswerSentence(long, (1,)),
        AnswerSentence(long, (2,)),
    ]
    ans = RagAnswer.build(
        "q1", "вопрос?", ["5", "x", "7"], refs, Generation("ответ", tuple(sentences))
    )
    trec = ans.to_trec()
    assert len(trec["references"]) == 20 and trec["response_length"] == 300
    assert trec["answer"][0]["citations"] == [0]  # 25 is past the 20 references kept
    assert len(trec["answer"]) == 2 and trec["topic_id"] == "q1"
    assert ans.found_ids == [5, 7] and ans.model_answer == "ответ"
    json.dumps(trec)


def test_lexical_reranker_prefers_full_close_match() -> None:
    cands = [
        Candidate("a", 5.0, "Мишель говорила о многом. Вашингтон большой город. Дом стоял."),
        Candidate("b", 4.0, "Мишель купила дом в Вашингтоне."),
    ]
    close = LexicalReranker(proximity=0.5).rerank("Мишель дом Вашингтон", cands)
    assert [c.docid for c in close] == ["b", "a"]
    # coverage: all query words beat a higher BM25 score earned by repeating one of them
    cover = [
        Candidate("a", 9.0, "Мишель Мишель Мишель Мишель."),
        Candidate("b", 3.0, "Мишель купила дом."),
    ]
    assert [c.docid for c in LexicalReranker().rerank("Мишель купила дом", cover)] == ["b", "a"]
    assert IdentityReranker().rerank("x", cands) == cands


def _client(llm_server: Any, tmp_path: Path) -> LLMClient:
    return LLMClient(llm_server.settings(tmp_path))


def test_llm_generator_citations(llm_server: Any, tmp_path: Path) -> None:
    reply = {
        "answer": "Мишель",
        "sentences": [{"text": "Жена Обамы — Мишель.", "citations": [1, "2", 9, "x"]}],
    }
    llm_server.queue([json.dumps(reply, ensure_ascii=False)])
    gen = LLMGenerator(_client(llm_server, tmp_path)).generate("Кто жена Обамы?", CANDIDATES)
    assert gen.answer == "Мишель"
    assert gen.sentences == (AnswerSentence("Жена Обамы — Мишель.", (0, 1)),)
    prompt = llm_server.chat_requests()[-1]["messages"]
    assert (
        "Вопрос: Кто жена Обамы?" in prompt[1]["content"]
        and "[2] Компания Яндекс" in prompt[1]["content"]
    )


def test_llm_reranker_order_and_missing(llm_server: Any, tmp_path: Path) -> None:
    cands = [Candidate(str(i), 1.0, f"текст {i}") for i in range(4)]
    llm_server.queue(['{"ranking": [3, 1, 3, 17]}'])
    ranked = LLMReranker(_client(llm_server, tmp_path)).rerank("вопрос", cands)
    assert [c.docid for c in ranked] == ["2", "0", "1", "3"]


def test_llm_errors_surface_as_llm_error(llm_server: Any, tmp_path: Path) -> None:
    llm_server.reply = lambda body: (503, {"error": "overloaded"})
    with pytest.raises(LLMError):
        LLMGenerator(_client(llm_server, tmp_path)).generate("Кто?", CANDIDATES)
