"""The LLM extractor against a real local OpenAI-compatible server with scripted replies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.kg import extract_triples
from dragon_bench.kg.llm_backend import extract_with_llm, locate
from dragon_bench.llm import LLMClient
from dragon_bench.types import Document

DOC = Document(
    id="n1",
    title="Отставка в Париже",
    text="Премьер-министр Франции Мишель Барнье подал в отставку в среду. Его сменил Франсуа Байру.",
)
OTHER = Document(id="n2", title="Погода", text="В Москве выпал снег.")

TRIPLETS = {
    "triplets": [
        {"subject": "Мишель Барнье", "subject_type": "PERSON", "relation": "является",
         "object": "Премьер-министр Франции", "object_type": "PROFESSION"},
        {"subject": "Франсуа Байру", "subject_type": "PERSON", "relation": "сменил",
         "object": "Мишеля Барнье", "object_type": "PERSON"},
        {"subject": "", "relation": "x", "object": "y"},
    ]
}  # fmt: skip


def _last_user(request: dict[str, Any]) -> str:
    return [m["content"] for m in request["messages"] if m["role"] == "user"][-1]


def _script(request: dict[str, Any]) -> str:
    text = _last_user(request)
    if "Триплеты:" in text:
        assert "1. (Мишель Барнье; является; Премьер-министр Франции)" in text
        return json.dumps(
            {"relations": {"1": "занимать должность", "2": "сменить"}}, ensure_ascii=False
        )
    if "Мишель Барнье" in text.split("Текст:")[-1]:
        return "```json\n" + json.dumps(TRIPLETS, ensure_ascii=False) + "\n```"
    return "Извините, не могу."  # no JSON at all, also after the fix request


def test_two_calls_give_located_canonical_triples(llm_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    llm_server.reply = _script
    client = LLMClient(llm_server.settings(tmp_path))
    result = extract_with_llm([DOC, OTHER], llm=client, concurrency=2)
    text = DOC.full_text
    facts = {(t.subject, t.relation, t.object) for t in result.triples}
    assert facts == {
        ("Мишель Барнье", "занимать должность", "Премьер-министр Франции"),
        ("Франсуа Байру", "сменить", "Мишеля Барнье"),
    }
    t = next(t for t in result.triples if t.relation == "сменить")
    assert text[slice(*t.subject_span)] == "Франсуа Байру"
    assert text[slice(*t.object_span)] == "Мишель Барнье"  # found by word stems, inflected
    assert text[slice(*t.sentence_span)].startswith("Премьер-министр")  # spans two sentences
    assert t.extractor == "llm" and t.doc_id == "n1" and t.subject_type == "PERSON"
    # The weather text got prose twice (reply and fix request): counted and skipped.
    assert (result.chunks, result.failed_chunks, result.bad_items) == (2, 1, 1)
    sent = len(llm_server.chat_requests())
    assert sent == 4  # extraction + refinement for n1, extraction + one fix for n2
    # A rerun is served from the on-disk cache: no request reaches the server.
    again = extract_triples(
        [DOC, OTHER], backend="llm", llm=LLMClient(llm_server.settings(tmp_path))
    )
    assert {(t.subject, t.relation, t.object) for t in again} == facts
    assert len(llm_server.chat_requests()) == sent


def test_refinement_failure_keeps_raw_relations(llm_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    def script(request: dict[str, Any]) -> Any:
        if "Триплеты:" in _last_user(request):
            return (500, {"error": "boom"})
        return json.dumps(TRIPLETS, ensure_ascii=False)

    llm_server.reply = script
    result = extract_with_llm([DOC], llm=LLMClient(llm_server.settings(tmp_path)))
    assert result.refine_failures == 1
    assert {t.relation for t in result.triples} == {"является", "сменил"}


def test_locate_prefers_exact_then_stems() -> None:
    text = "Путин встретился с Путиным. Владимира Путина ждут."
    assert locate("Путин", text) == (0, 5)
    assert locate("Владимир Путин", text) == (28, 44)
    assert locate("Медведев", text) is None


def test_score_with_the_llm_backend(llm_server, nerel_dev: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The scorer runs the llm backend on gold documents and the baseline from natasha."""
    from dragon_bench.kg.nerel import read_gold_folder
    from dragon_bench.kg.score import score_against_gold

    gold = read_gold_folder(nerel_dev)[0]
    text = gold.document.full_text
    # a gold relation whose two names each occur once, so the reply can be located unambiguously
    rel = next(
        r
        for r in gold.relations
        if text.count(gold.entities[r.arg1].text) == 1
        and text.count(gold.entities[r.arg2].text) == 1
    )
    a, b = gold.entities[rel.arg1], gold.entities[rel.arg2]

    def script(request: dict[str, Any]) -> str:
        if "Триплеты:" in _last_user(request):
            return '{"relations": {}}'
        return json.dumps(
            {"triplets": [{"subject": a.text, "relation": "r", "object": b.text}]},
            ensure_ascii=False,
        )

    llm_server.reply = script
    report = score_against_gold(
        nerel_dev, "llm", llm=LLMClient(llm_server.settings(tmp_path)), limit=1
    )
    assert report["backend"] == "llm" and report["triples"] == 1
    assert report["precision"] == 1.0  # the one pair is a gold pair
    assert report["cooccurrence"]["predicted"] > 0


def test_an_endpoint_that_always_fails_is_an_error_not_zero_triples(
    llm_server, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from dragon_bench.errors import DragonError

    llm_server.reply = lambda _request: (500, {"error": {"message": "down"}})
    with pytest.raises(DragonError, match="every LLM extraction call failed"):
        extract_with_llm([DOC], llm=LLMClient(llm_server.settings(tmp_path)))


TYPED_DOC = Document(
    id="t1",
    title="Назначение",
    text="Алексей Миллер родился в Ленинграде. Миллер работает в «Газпроме» с 2001 года. "
    "Позже Миллер посетил Ленинград.",
)


def test_triples_are_located_in_one_sentence_and_typed(llm_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    triplets = {
        "triplets": [
            # both names occur in the first and the last sentence: the quoted one wins
            {"subject": "Миллер", "subject_type": "PER", "relation": "посетил",
             "object": "Ленинград", "object_type": "CITY",
             "sentence": "Позже Миллер посетил Ленинград."},
            {"subject": "Алексей Миллер", "subject_type": "PERSON", "relation": "работает в",
             "object": "Газпром", "object_type": "ORGANIZATION", "sentence": ""},
            {"subject": "Игорь Сечин", "relation": "возглавляет", "object": "Роснефть"},
        ]
    }  # fmt: skip
    refinements = [
        # an unknown type: sent back with the error, then corrected
        {"relations": {"1": {"type": "VISITED", "relation": "посетить", "tense": "past"}}},
        {
            "relations": {
                "1": {"type": "NONE", "relation": "посетить", "tense": "past"},
                "2": {"type": "WORKPLACE", "relation": "работать в", "tense": "present"},
            }
        },
    ]

    def script(request: dict[str, Any]) -> str:
        if "Триплеты:" in request["messages"][1]["content"]:
            return json.dumps(refinements.pop(0), ensure_ascii=False)
        return json.dumps(triplets, ensure_ascii=False)

    llm_server.reply = script
    client = LLMClient(llm_server.settings(tmp_path))
    result = extract_with_llm([TYPED_DOC], llm=client)
    text = TYPED_DOC.full_text
    assert (result.unlocated, result.untyped, result.refine_failures) == (1, 1, 0)
    visit, work = result.triples
    assert text[slice(*visit.sentence_span)] == "Позже Миллер посетил Ленинград."
    assert text[slice(*visit.subject_span)] == "Миллер"
    assert (visit.relation_type, visit.tense, visit.subject_type) == ("", "past", "PERSON")
    # the stem match finds «Газпроме» inside the sentence that holds both names
    assert text[slice(*work.object_span)] == "Газпроме"
    assert text[slice(*work.sentence_span)] == "Миллер работает в «Газпроме» с 2001 года."
    assert text[slice(*work.subject_span)] == "Миллер"
    assert (work.relation, work.relation_type, work.tense) == ("работать в", "WORKPLACE", "present")
    assert work.subject_id == "PERSON:алексей миллер"
    fix = llm_server.chat_requests()[-1]["messages"][-1]["content"]
    assert "1: unknown type 'VISITED'" in fix
    assert client.usage.as_dict()["kg"]["fixes"] == 1
    assert client.usage.as_dict()["kg"]["dropped"] == 1  # the unlocated one


def test_relation_types_are_nerels_49() -> None:
    from dragon_bench.kg.llm_backend import RELATION_TYPES

    assert len(RELATION_TYPES) == 49
    assert {"WORKS_AS", "WORKPLACE", "HEADQUARTERED_IN", "PLACE_OF_BIRTH"} <= set(RELATION_TYPES)


def test_relation_types_match_nerel_annotation_conf(nerel_dev: Path) -> None:
    from dragon_bench.kg.llm_backend import RELATION_TYPES

    conf = (nerel_dev.parent / "annotation.conf").read_text(encoding="utf-8")
    section = conf.split("[relations]")[1].split("[events]")[0]
    names = {
        line.split("\t")[0]
        for line in section.splitlines()
        if line.strip() and not line.startswith(("<", "#"))
    }
    assert names == set(RELATION_TYPES)
