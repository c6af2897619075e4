"""Random gold questions and results for the metrics tests."""

from __future__ import annotations

import random
from typing import Any

import pyarrow as pa

from dragon_bench.metrics.gold import Gold
from dragon_bench.questions.shapes import QUESTION_TYPES

WORDS = [
    "в",
    "Москве",
    "прошёл",
    "фестиваль",
    ",",
    ".",
    "«",
    "»",
    "12",
    "марта",
    "2024",
    "года",
    "1,5",
    "млн",
    "рублей",
    "Путин",
    "Медведев",
    "Санкт-Петербург",
    "Казань",
    "и",
    "по-моему",
    "—",
    "(",
    ")",
    "!",
    "?",
    "компания",
    "Газпром",
    "15",
    "000",
    "человек",
]


def random_text(rng: random.Random, lo: int, hi: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi)))


def gold_tables(n: int, n_texts: int, seed: int = 0) -> tuple[pa.Table, pa.Table]:
    """Private `qa` and `texts` tables of a revision with `n` questions."""
    rng = random.Random(seed)
    public_ids = rng.sample(range(10 * n_texts), n_texts)
    texts = pa.table({"id": [f"d{i}" for i in range(n_texts)], "public_id": public_ids})
    rows: dict[str, list[Any]] = {
        k: [] for k in ("id", "question", "answer", "answers", "type", "text_ids")
    }
    for q in range(n):
        qtype = QUESTION_TYPES[q % 4]
        answers = [random_text(rng, 1, 3) for _ in range(3)] if qtype == "set" else []
        rows["id"].append(q)
        rows["question"].append(f"Вопрос {q}?")
        rows["answer"].append(", ".join(answers) if answers else random_text(rng, 1, 12))
        rows["answers"].append(answers)
        rows["type"].append(qtype)
        rows["text_ids"].append([f"d{i}" for i in rng.sample(range(n_texts), rng.randint(1, 3))])
    return pa.table(rows), texts


def random_results(gold: Gold, seed: int = 0, *, drop: float = 0.1) -> dict[str, Any]:
    """A results object for `gold`: some questions absent, some answers copying the reference."""
    rng = random.Random(seed)
    ids = sorted(gold.text_ids)
    out: dict[str, Any] = {}
    for q in gold.questions:
        if rng.random() < drop:
            continue
        found = rng.sample(ids, rng.randint(0, min(20, len(ids))))
        if found and rng.random() < 0.5:
            found[rng.randrange(len(found))] = next(iter(q.relevant))
            found = list(dict.fromkeys(found))
        r = rng.random()
        if r < 0.2:
            answer = q.answer
        elif r < 0.4:
            answer = random_text(rng, 0, 5) + " " + q.answer + " " + random_text(rng, 0, 5)
        else:
            answer = random_text(rng, 0, 30)
        out[str(q.id)] = {"found_ids": found, "model_answer": answer}
    return out
