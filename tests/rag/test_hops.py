"""The second retrieval hop: a bridge entity named in the first texts finds the answer's text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.rag import Candidate
from dragon_bench.rag.config import PipelineConfig
from dragon_bench.rag.hops import (
    bridge_labels,
    find_bridges,
    merge_rankings,
    plan_hop,
    split_description,
)
from dragon_bench.rag.pipeline import Pipeline
from dragon_bench.rag.trec_answer import check_answer

# The question describes the company («организация, в которой работает Иван Петров»); only
# text 1 names it, and the answer's text 2 names the company but neither the person nor the
# question's other words: one hop ranks it below look-alike texts 3-5.
TEXTS = {
    1: "Иван Петров работает в компании «Аэрофлот» уже десять лет. Он руководит отделом перевозок.",
    2: "Штаб-квартира «Аэрофлота» расположена в Москве, недалеко от набережной реки.",
    3: "Штаб-квартира «Роснефти» расположена в Санкт-Петербурге.",
    4: "Штаб-квартира «Лукойла» расположена в Казани.",
    5: "Штаб-квартира «Сбербанка» расположена в Новосибирске.",
}
FILLER = (
    "На Урале выпал снег. Синоптики обещают морозы.",
    "Футбольный клуб «Зенит» выиграл матч.",
    "В Казани открылась выставка картин.",
    "Учёные нашли новый вид жуков в Африке.",
    "Цены на нефть выросли на два процента.",
    "В Сочи прошёл фестиваль кино.",
    "Поезд из Перми прибыл с опозданием.",
    "Школьники написали олимпиаду по физике.",
    "Река Волга вышла из берегов весной.",
    "Музей истории получил новый экспонат.",
    "Спортсмены готовятся к марафону.",
    "Депутаты обсудили новый закон о дорогах.",
)
CORPUS = {**TEXTS, **{10 + i: t for i, t in enumerate(FILLER)}}  # BM25 idf needs a corpus
QUESTION = "Где находится штаб-квартира организации, в которой работает Иван Петров?"


@pytest.fixture(scope="module")
def pipelines() -> dict[int, Pipeline]:
    one = Pipeline.build(CORPUS, PipelineConfig(hops=1, top_k=3, found_k=3))
    two = Pipeline(one.config.replace(hops=2), retriever=one.retriever)
    return {1: one, 2: two}


def test_one_hop_misses_and_two_hops_find_the_answer(pipelines: dict[int, Pipeline]) -> None:
    first = pipelines[1].answer("q", QUESTION)
    assert 2 not in first.found_ids and "Москва" not in first.model_answer
    second = pipelines[2].answer("q", QUESTION)
    assert 2 in second.found_ids
    assert second.model_answer == "Москва"
    # the first hop's evidence (the text naming the bridge) stays among the texts found
    assert first.found_ids[0] == 1 and second.found_ids[0] == 1
    assert set(first.found_ids[:2]) <= set(second.found_ids)


def test_trec_output_of_a_second_hop_is_valid(pipelines: dict[int, Pipeline]) -> None:
    trec = pipelines[2].answer("q7", QUESTION).to_trec()
    assert check_answer(json.loads(json.dumps(trec))) == []
    assert trec["topic_id"] == "q7" and trec["topic"] == QUESTION  # the asked question, not the hop
    cited = {trec["references"][i] for s in trec["answer"] for i in s["citations"]}
    assert "2" in cited


def test_no_hop_without_a_relative_clause(pipelines: dict[int, Pipeline]) -> None:
    plain = "Где находится штаб-квартира Аэрофлота?"
    ranked = pipelines[1].rerank(plain, pipelines[1].search(plain))
    assert plan_hop(plain, ranked, when="clause") is None
    a1, a2 = pipelines[1].answer("p", plain), pipelines[2].answer("p", plain)
    assert (a1.found_ids, a1.model_answer) == (a2.found_ids, a2.model_answer)
    with pytest.raises(ValueError, match="hop_when"):
        plan_hop(plain, ranked, when="never")


def test_bridge_and_hop_queries(pipelines: dict[int, Pipeline]) -> None:
    ranked = pipelines[1].rerank(QUESTION, pipelines[1].search(QUESTION))
    assert find_bridges(QUESTION, ranked[:3]) == ["Аэрофлот"]  # natasha's ORG, normal form
    hop = plan_hop(QUESTION, ranked[:3])
    assert hop is not None and hop.bridges == ("Аэрофлот",)
    assert hop.query == QUESTION[:-1] + " Аэрофлот?"
    assert hop.question == "Где находится штаб-квартира организации Аэрофлот?"


@pytest.mark.parametrize(
    ("question", "main", "clause", "labels"),
    [
        (
            "Где находится штаб-квартира организации, в которой работает Иван Петров?",
            "Где находится штаб-квартира организации?",
            "в которой работает Иван Петров",
            ("ORG", "NAME"),
        ),
        (
            "Где родился человек, который возглавляет компанию «Яндекс»?",
            "Где родился человек?",
            "который возглавляет компанию «Яндекс»",
            ("PER",),
        ),
        (
            "Когда произошло событие, где выступил Путин?",
            "Когда произошло событие?",
            "где выступил Путин",
            ("EVENT",),
        ),
        ("Кто возглавляет Яндекс?", "Кто возглавляет Яндекс?", "", ("PER", "ORG", "LOC", "NAME")),
    ],
)
def test_split_description(question: str, main: str, clause: str, labels: tuple[str, ...]) -> None:
    assert split_description(question) == (main, clause)
    assert bridge_labels(question) == labels


def test_merge_rankings_is_rrf_with_first_hop_ties() -> None:
    first = [Candidate("a", 9, "A1"), Candidate("b", 8, "B1"), Candidate("c", 7, "C1")]
    second = [Candidate("d", 5, "D2"), Candidate("b", 4, "B2")]
    merged = merge_rankings(first, second, k=60)
    # by hand: b = 1/62 + 1/62; a and d tie at 1/61 and the first hop's a goes first
    assert [c.docid for c in merged] == ["b", "a", "d", "c"]
    assert merged[0].score == pytest.approx(2 / 62)
    assert merged[1].score == pytest.approx(1 / 61) == merged[2].score
    assert merged[0].text == "B1 … B2"  # both hops' passages of a text found twice
    assert [c.extra["hop"] for c in merged] == [1, 1, 2, 1]
    assert {c.docid for c in first} <= {c.docid for c in merged}


def test_config_roundtrip_and_refusals(tmp_path: Path) -> None:
    cfg = PipelineConfig(hops=2, hop_when="always")
    f = tmp_path / "p.json"
    f.write_text(json.dumps(cfg.to_dict()))
    assert PipelineConfig.from_file(f) == cfg
    y = tmp_path / "p.yaml"
    y.write_text("pipeline:\n  hops: 2\n")
    assert PipelineConfig.from_file(y).hops == 2
    assert PipelineConfig.from_dict({"hops": "2"}).hops == 2
    for bad, message in (("hops: 3\n", "hops must be 1 or 2"), ("hop_when: never\n", "hop_when")):
        y.write_text(bad)
        with pytest.raises(BadInputError, match=message):
            PipelineConfig.from_file(y)
    y.write_text("hops: two\n")
    with pytest.raises(BadInputError, match="not a int"):
        PipelineConfig.from_file(y)
    assert "hops" not in PipelineConfig().index_settings()  # no new index for a second hop


def test_saved_pipeline_keeps_hops(tmp_path: Path, pipelines: dict[int, Pipeline]) -> None:
    pipelines[2].save(tmp_path / "p")
    again = Pipeline.load(tmp_path / "p")
    assert again.config.hops == 2
    assert again.answer("q", QUESTION).model_answer == "Москва"
    assert Pipeline.load(tmp_path / "p", hops=1).answer("q", QUESTION).model_answer != "Москва"


def test_served_pipeline_takes_the_second_hop(pipelines: dict[int, Pipeline]) -> None:
    from dragon_bench.rag.registry import LocalPipeline

    reply = LocalPipeline("baseline", pipelines[2]).rag(QUESTION, qid="s")
    assert reply.answer.model_answer == "Москва" and 2 in reply.answer.found_ids
    given = LocalPipeline("baseline", pipelines[2]).rag(
        QUESTION, candidates=pipelines[1].search(QUESTION)[:3]
    )
    assert 2 not in given.answer.found_ids  # given candidates are only reranked


def test_baseline_config_hops() -> None:
    assert PipelineConfig.named("baseline") == PipelineConfig()
    assert (PipelineConfig().hops, PipelineConfig().hop_when) == (2, "clause")
