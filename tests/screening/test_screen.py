"""The closed-book filter and the question judge against the scripted OpenAI server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.llm import LLMClient
from dragon_bench.llm.scripted import ScriptedLLMServer
from dragon_bench.metrics.judge import Judge
from dragon_bench.questions.question_judge import CRITERIA, judge_messages, parse_scores
from dragon_bench.screening.closed_book import (
    ClosedBookModel,
    answer_is_correct,
    parse_closed_book_models,
)
from dragon_bench.screening.screen import Screening, candidates_table, screen_questions
from dragon_bench.types import Question, Triple

TEXT = "Евгений Кисин живёт в Праге. Кисин родился в Москве. Миллер работает в «Газпроме»."
TEXTS = {"d1": TEXT}


def q(i: int, question: str, answer: str, qtype: str = "simple", answers: tuple = ()) -> Question:
    start = TEXT.find("Кисин родился")
    evidence = Triple("Кисин", "родиться в", "Москва", "d1", sentence_span=(start, start + 24))
    return Question(
        id=i,
        question=question,
        answer=answer,
        type=qtype,  # type: ignore[arg-type]
        text_ids=("d1",),
        answers=answers or (answer,),
        triples=(evidence,),
    )


@pytest.mark.parametrize(
    ("answer", "gold", "expected"),
    [
        ("В Москве", q(0, "Где родился Кисин?", "Москва"), True),  # lemma found
        ("Кисин родился в Москве, в 1971 году", q(0, "?", "Москва"), True),
        ("Санкт-Петербург", q(0, "?", "Москва"), False),
        ("не знаю", q(0, "?", "Москва"), False),  # a refusal is never correct
        ("Москвой", q(0, "?", "Москва"), True),
        # a set: every member must be found
        ("Прага и Москва", q(0, "?", "Москва, Прага", "set", ("Москва", "Прага")), True),
        ("Только Москва", q(0, "?", "Москва, Прага", "set", ("Москва", "Прага")), False),
        # lemma F1 >= 0.8 (the gold's 5 lemmas, the answer's 5 with 4 shared: F1 0.8)
        (
            "Газпром нефть северного региона",
            q(0, "?", "Газпром нефть северный регион страны"),
            True,
        ),
        ("Газпром", q(0, "?", "Газпром нефть северный регион страны"), False),
    ],
)
def test_answer_is_correct_as_the_answer_metrics_define_it(
    answer: str, gold: Question, expected: bool
) -> None:
    assert answer_is_correct(answer, gold) is expected


def test_parse_closed_book_models() -> None:
    assert parse_closed_book_models("qwen2.5-7b, llama@http://gpu:8000/v1/") == [
        ClosedBookModel("qwen2.5-7b"),
        ClosedBookModel("llama", "http://gpu:8000/v1"),
    ]
    for bad, why in [("", "names no model"), ("@http://x", "no name"), ("a,a", "twice")]:
        with pytest.raises(BadInputError, match=why):
            parse_closed_book_models(bad)
    with pytest.raises(BadInputError, match="http"):
        parse_closed_book_models("m@gpu:8000")


CANDIDATES = [
    q(0, "Где родился Кисин?", "Москва"),
    q(1, "Где живёт Кисин?", "Прага"),
    q(2, "Где работает Миллер?", "Газпром"),
    q(3, "Кто живёт в Праге и родился в Москве?", "Евгений Кисин", "conditional"),
]


def scripted(answers: dict[str, str]) -> Any:
    """Closed-book replies by question (the user message is the question alone)."""

    def reply(body: dict[str, Any]) -> str:
        return answers.get(body["messages"][-1]["content"], "не знаю")

    return reply


def test_closed_book_drops_exactly_the_questions_a_model_answers(
    llm_server: ScriptedLLMServer, tmp_path: Path
) -> None:
    # model A (this server) knows questions 0 and 2; model B (its own server) knows 3 and
    # gives a wrong answer to 1.
    llm_server.reply = scripted(
        {"Где родился Кисин?": "В Москве.", "Где работает Миллер?": "В Газпроме"}
    )
    with ScriptedLLMServer(model="b") as other:
        other.reply = scripted(
            {"Где живёт Кисин?": "В Вене", "Кто живёт в Праге и родился в Москве?": "Евгений Кисин"}
        )
        models = {
            "a": LLMClient(llm_server.settings(tmp_path, model="a")),
            "b": LLMClient(other.settings(tmp_path, model="b")),
        }
        out = screen_questions(CANDIDATES, TEXTS, Screening(closed_book=models))
        assert len(other.requests) == 4 and other.requests[0]["model"] == "b"
    assert [c.id for c in out.kept] == [1]
    assert len(llm_server.requests) == 4
    # no context reaches the model: a system instruction and the question alone
    assert [m["role"] for m in llm_server.requests[0]["messages"]] == ["system", "user"]
    assert "Москв" not in llm_server.requests[0]["messages"][0]["content"]
    summary = out.summary["closed_book"]
    assert summary["models"]["a"] | {} == {
        "asked": 4, "correct": 2, "errors": 0, "dropped": 2, "dropped_share": 0.5,
        "correct_share": 0.5,
    }  # fmt: skip
    assert summary["models"]["b"]["dropped_share"] == 0.25
    assert summary["dropped"] == 3 and summary["dropped_share"] == 0.75
    assert [r["outcome"] for r in out.records] == ["closed_book", "kept"] + ["closed_book"] * 2
    assert out.records[1]["closed_book"] == [
        {"model": "a", "answer": "не знаю", "correct": False, "by": "refusal"},
        {"model": "b", "answer": "В Вене", "correct": False, "by": "metric_no"},
    ]
    table = candidates_table(out.records, {"Где живёт Кисин?": 0})
    assert table.column("question_id").to_pylist() == [-1, 0, -1, -1]
    # a rerun is served from the disk cache: no call repeats
    before = len(llm_server.requests)
    screen_questions(CANDIDATES, TEXTS, Screening(closed_book={"a": models["a"]}))
    assert len(llm_server.requests) == before


def test_closed_book_keep_flags_and_the_judge_decides_wrong_looking_answers(
    llm_server: ScriptedLLMServer, tmp_path: Path
) -> None:
    def reply(body: dict[str, Any]) -> str:
        text = body["messages"][-1]["content"]
        if "Эталонный ответ" in text:  # the closed-book judge (metrics.judge)
            verdict = "accurate" if "Ответ системы: Пианист Кисин" in text else "incorrect"
            return json.dumps({"verdict": verdict, "reason": "-"})
        return {
            "Кто живёт в Праге и родился в Москве?": "Пианист Кисин",
            "Где живёт Кисин?": "В Австрии",
        }.get(text, "не знаю")

    llm_server.reply = reply
    client = LLMClient(llm_server.settings(tmp_path, model="a"))
    # Lemma F1 of «Пианист Кисин» with «Евгений Кисин» is 0.5: only the judge calls it right.
    screening = Screening(closed_book={"a": client}, closed_book_mode="keep")
    out = screen_questions(CANDIDATES, TEXTS, screening)
    assert [c.id for c in out.kept] == [0, 1, 2, 3] and out.flags == {}
    judged = Screening(
        closed_book={"a": client}, closed_book_mode="keep", closed_book_judge=Judge(client)
    )
    out = screen_questions(CANDIDATES, TEXTS, judged)
    assert [c.id for c in out.kept] == [0, 1, 2, 3]
    assert out.flags == {"Кто живёт в Праге и родился в Москве?": ["closed_book:a"]}
    assert out.records[3]["closed_book"][0]["by"] == "judge"
    assert out.records[1]["closed_book"][0] | {} == {
        "model": "a", "answer": "В Австрии", "correct": False, "by": "judge",
    }  # fmt: skip
    assert out.summary["closed_book"]["models"]["a"]["dropped"] == 0
    assert out.summary["closed_book"]["judge"] == "a"


def test_parse_scores_names_the_bad_field() -> None:
    good = {"grammatical": 5, "answerable": "4", "unambiguous": 4, "answer_correct": 5}
    assert parse_scores(good).as_dict() == dict(zip(CRITERIA, (5, 4, 4, 5), strict=True))
    with pytest.raises(ValueError, match='"unambiguous" must be an integer from 1 to 5, not 7'):
        parse_scores({**good, "unambiguous": 7})
    with pytest.raises(ValueError, match='"answer_correct".*null'):
        parse_scores({k: v for k, v in good.items() if k != "answer_correct"})


def test_question_judge_keeps_questions_scoring_at_least_the_threshold(
    llm_server: ScriptedLLMServer, tmp_path: Path
) -> None:
    scores = {
        "Где родился Кисин?": [5, 5, 5, 5],
        "Где живёт Кисин?": [5, 3, 5, 5],  # not answerable enough at threshold 4
        "Где работает Миллер?": "broken",  # malformed JSON, and again after the fix request
        "Кто живёт в Праге и родился в Москве?": [4, 4, 9, 4],  # invalid 9, fixed to 4
    }
    fixed: list[str] = []

    def reply(body: dict[str, Any]) -> str:
        prompt = body["messages"][1]["content"]
        question = prompt.split("Вопрос: ")[1].split("\n")[0]
        value = scores[question]
        if len(body["messages"]) > 2:  # a fix request carries the error
            fixed.append(body["messages"][-1]["content"])
            if isinstance(value, list):
                value = [min(v, 5) for v in value]
        if value == "broken":
            return "оценки: отлично"
        return json.dumps(dict(zip(CRITERIA, value, strict=True)) | {"reason": "ок"})

    llm_server.reply = reply
    judge = LLMClient(llm_server.settings(tmp_path, model="judge"))
    out = screen_questions(CANDIDATES, TEXTS, Screening(question_judge=judge))
    assert [c.id for c in out.kept] == [0, 3]
    assert [r["outcome"] for r in out.records] == ["kept", "judge", "judge_error", "kept"]
    assert out.records[3]["judge"] == dict(zip(CRITERIA, (4, 4, 5, 4), strict=True))
    assert any('"unambiguous" must be an integer from 1 to 5, not 9' in f for f in fixed)
    summary = out.summary["question_judge"]
    assert summary | {"mean": None} == {
        "model": "judge", "threshold": 4, "judged": 3, "errors": 1, "rejected": 1,
        "mean": None, "below_threshold": {c: int(c == "answerable") for c in CRITERIA},
    }  # fmt: skip
    assert summary["mean"]["answerable"] == pytest.approx(4.0)
    # the evidence sentence reaches the judge; threshold 3 keeps question 1 as well
    assert "Кисин родился в Москве." in judge_messages(CANDIDATES[0], TEXTS)[1]["content"]
    lax = screen_questions(CANDIDATES, TEXTS, Screening(question_judge=judge, judge_threshold=3))
    assert [c.id for c in lax.kept] == [0, 1, 3]
    assert candidates_table(out.records, {}).num_rows == 4


def test_per_type_cap_after_the_screens(llm_server: ScriptedLLMServer, tmp_path: Path) -> None:
    llm_server.reply = scripted({"Где родился Кисин?": "Москва"})
    client = LLMClient(llm_server.settings(tmp_path))
    out = screen_questions(CANDIDATES, TEXTS, Screening(closed_book={"m": client}), per_type=1)
    assert [c.id for c in out.kept] == [1, 3]
    assert [r["outcome"] for r in out.records] == ["closed_book", "kept", "over_cap", "kept"]
    # rounds take a quarter more than a type lacks: candidate 2 was never needed nor asked
    asked = [r["messages"][-1]["content"] for r in llm_server.requests]
    assert sorted(asked) == sorted(
        ["Где родился Кисин?", "Где живёт Кисин?", CANDIDATES[3].question]
    )
    assert out.records[2]["closed_book"] == [] and out.summary["screened"] == 3
    assert out.summary["closed_book"]["models"]["m"]["asked"] == 3
    with pytest.raises(BadInputError, match="--closed-book 'maybe'"):
        Screening(closed_book_mode="maybe")
    with pytest.raises(BadInputError, match="--judge-threshold 6"):
        Screening(judge_threshold=6)


def test_screening_from_options_builds_one_client_a_model(
    llm_server: ScriptedLLMServer, tmp_path: Path
) -> None:
    from dragon_bench.llm import LLMSettings, Usage
    from dragon_bench.screening.screen import screening_from_options

    usage = Usage()
    base = llm_server.settings(tmp_path, model="main")
    assert screening_from_options(settings=base) is None
    screening = screening_from_options(
        closed_book_models="a, b@http://127.0.0.1:9/v1",
        closed_book="keep",
        closed_book_judge=True,
        question_judge=True,
        judge_threshold=3,
        settings=base,
        usage=usage,
    )
    assert screening is not None
    a, b = screening.closed_book.values()
    assert (a.model, a.settings.base_url) == ("a", llm_server.url)
    assert (b.model, b.settings.base_url) == ("b", "http://127.0.0.1:9/v1")
    assert screening.question_judge.model == "main" and screening.closed_book_judge.model == "main"
    assert screening.describe() == {
        "closed_book_models": ["a", "b"], "closed_book": "keep", "closed_book_judge": "main",
        "question_judge": "main", "judge_threshold": 3,
    }  # fmt: skip
    a.chat([{"role": "user", "content": "?"}])
    screening.question_judge.chat([{"role": "user", "content": "!"}])
    assert set(usage.as_dict()) == {"closed_book", "question_judge"}  # one table for all
    judged = screening_from_options(
        question_judge=True, judge_model="big@http://gpu:8000/v1", settings=base
    )
    assert judged is not None and judged.question_judge.settings.base_url == "http://gpu:8000/v1"
    with pytest.raises(BadInputError, match="'m' needs a base URL"):
        screening_from_options(closed_book_models="m", settings=LLMSettings())
    with pytest.raises(BadInputError, match="--judge-model"):
        screening_from_options(question_judge=True, settings=LLMSettings(base_url="http://x/v1"))
    for misuse in ({"closed_book_judge": True}, {"closed_book": "keep"}):
        with pytest.raises(BadInputError, match="needs --closed-book-models"):
            screening_from_options(settings=base, **misuse)  # type: ignore[arg-type]
    with pytest.raises(BadInputError, match="--judge-model needs --question-judge"):
        screening_from_options(judge_model="big", settings=base)
