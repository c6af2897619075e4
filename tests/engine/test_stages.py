"""Stages over an engine equal the corpus layer's own functions (the independent reference)."""

from __future__ import annotations

import random

import pytest

from dragon_bench.corpus import dedup_documents, segment_documents
from dragon_bench.engine import LocalEngine
from dragon_bench.engine.stages import dedup_stage, segment_stage
from dragon_bench.types import Document

_TEXT = (
    "правительство объявило о новой программе поддержки малого бизнеса в регионах страны "
    "которая начнёт работать с первого января и охватит более ста тысяч предприятий "
    "министр экономики сообщил журналистам что средства уже предусмотрены в бюджете"
)
WORDS = _TEXT.split()


def _corpus() -> list[Document]:
    docs = []
    for i in range(24):
        rng = random.Random(i)
        words = [rng.choice(WORDS) for _ in range(40)]
        docs.append(Document(id=f"d{i:02d}", title=f"Новость {i}", text=" ".join(words)))
    base = docs[3]
    docs.append(Document(id="copy", title=base.title, text=base.text))  # exact copy
    docs.append(Document(id="near", title=base.title, text=base.text + " Дополнено."))  # near copy
    return docs


@pytest.mark.parametrize("workers", [1, 2])
def test_dedup_stage_equals_dedup_documents(workers: int) -> None:
    docs = _corpus()
    assert len(dedup_documents(docs).kept) == 24  # the reference drops only the two copies
    with LocalEngine(workers=workers) as engine:
        got = dedup_stage(engine, docs, batch_size=5)
        assert [d.id for d in got] == [d.id for d in dedup_documents(docs).kept]
        assert "copy" not in {d.id for d in got}
        reference = docs[:10]
        rest = docs[10:]
        with_ref = dedup_stage(engine, rest + [docs[2]], reference=reference, batch_size=4)
        expected = dedup_documents(rest + [docs[2]], reference=reference).kept
        assert [d.id for d in with_ref] == [d.id for d in expected]
        assert "d02" not in {d.id for d in with_ref}  # a copy of a reference document
    assert dedup_stage(LocalEngine(), [], reference=docs) == []


def test_segment_stage_equals_segment_documents() -> None:
    docs = [
        Document(
            id=f"s{i}", title="Заголовок", text="Первое предложение. Второе. Третье! " * (i + 1)
        )
        for i in range(7)
    ]
    with LocalEngine(workers=2) as engine:
        got = segment_stage(engine, docs, window=2, stride=1, batch_size=3)
    assert got == segment_documents(docs, window=2, stride=1)
