"""Fixtures of the CRAG tests: a real mock KG API server on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pytest

from dragon_bench.hub import Hub
from dragon_bench.serving import AppServer
from tests.crag.kg_triples import TRIPLES


@pytest.fixture
def kg_url() -> Iterator[str]:
    """Base URL (ending in /kg) of the mock KG API over TRIPLES, served by uvicorn in a thread."""
    from dragon_bench.crag.kg_api import create_kg_app

    with AppServer(create_kg_app(TRIPLES)) as server:
        yield f"{server.url}/kg"


TEXTS = {
    "a": "Собянин открыл станцию метро\nМэр Москвы Сергей Собянин открыл станцию метро «Нагатинский затон».",
    "b": "В Казани прошёл фестиваль\nФестиваль уличной еды прошёл в Казани в субботу.",
    "c": "Погода в Москве\nВ Москве ожидается снег и мороз до минус десяти градусов.",
    "d": "Курс рубля\nЦентробанк установил курс доллара на уровне 90 рублей.",
}
PUBLIC_ID = {"a": 41, "b": 7, "c": 13, "d": 2}


@pytest.fixture
def tiny_hub(tmp_path: Path) -> Hub:
    """A hand-made revision 1.0.0: four Russian texts, two questions (no KG)."""
    h = Hub(str(tmp_path / "hub"))
    public = {
        "texts": pa.table({"id": [PUBLIC_ID[k] for k in TEXTS], "text": list(TEXTS.values())}),
        "questions": pa.table({"id": [0, 1], "question": ["q0", "q1"]}),
    }
    private = {
        "texts": pa.table({"id": list(TEXTS), "public_id": [PUBLIC_ID[k] for k in TEXTS]}),
        "qa": pa.table(
            {
                "id": [0, 1],
                "question": [
                    "Какую станцию метро открыл мэр Москвы?",
                    "Где прошёл фестиваль уличной еды?",
                ],
                "answer": ["Нагатинский затон", "в Казани"],
                "answers": [["Нагатинский затон"], ["в Казани"]],
                "type": ["simple", "multi_hop"],
                "text_ids": [["a"], ["d"]],  # question 1 points at a text BM25 ranks last
            }
        ),
    }
    h.write_revision("1.0.0", public, private)
    return h
