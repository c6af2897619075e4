"""Evaluation speed: score 10,000 questions (20 found ids each, answers of 20-80 tokens) without
the judge, against the straightforward implementation measured in the same run.

Baseline: `dragon_bench.metrics.straightforward` (rouge-score with a razdel tokenizer object,
Python loops per question). Ours: `evaluate(..., extended=False)` on a fresh Gold (references
tokenised too), both processes of the pool. The DRAGON numbers must be identical (==).
`seconds_10k_full` times the whole report (extended metrics, 1000 bootstrap resamples).
Text: words of NEREL news (../shared/data) when present, else a built-in word list.

    .venv/bin/python benchmarks/evaluate.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
NEREL = ROOT.parent / "shared" / "data" / "nerel" / "NEREL-v1.1" / "dev"

from dragon_bench.metrics import Gold, evaluate, parse_results  # noqa: E402
from dragon_bench.metrics.straightforward import straightforward_report  # noqa: E402
from dragon_bench.types import QUESTION_TYPES, Question  # noqa: E402

FALLBACK = [
    "В",
    "Москве",
    "12",
    "марта",
    "2024",
    "года",
    "прошёл",
    "фестиваль",
    "«",
    "Весна",
    "»",
    ",",
    "на",
    "который",
    "пришли",
    "15",
    "000",
    "человек",
    ".",
    "Компания",
    "Газпром",
    "сообщила",
    "о",
    "росте",
    "выручки",
    "на",
    "1,5",
    "млн",
    "рублей",
    "(",
    "по",
    "данным",
    "РБК",
    ")",
    ";",
    "по-моему",
    ",",
    "это",
    "—",
    "рекорд",
    "!",
    "Президент",
    "Путин",
    "и",
    "премьер-министр",
    "встретились",
    "в",
    "Санкт-Петербурге",
    ".",
]


def words() -> list[str]:
    if NEREL.exists():
        text = " ".join(p.read_text(encoding="utf-8") for p in sorted(NEREL.glob("*.txt")))
        return text.split()
    return FALLBACK * 40  # long enough for 80-word spans


def build(n: int, seed: int = 0) -> tuple[Gold, dict[str, dict[str, object]]]:
    rng = random.Random(seed)
    vocab = words()

    def span(lo: int, hi: int) -> str:
        i = rng.randrange(len(vocab) - hi)
        return " ".join(vocab[i : i + rng.randint(lo, hi)])

    n_texts = max(1000, n // 2)
    text_map = {f"doc{i}": pid for i, pid in enumerate(rng.sample(range(10 * n_texts), n_texts))}
    internal = list(text_map)
    public = list(text_map.values())
    questions, results = [], {}
    for q in range(n):
        qtype = QUESTION_TYPES[q % 4]
        answer = span(2, 15)
        gold_docs = rng.sample(internal, rng.randint(1, 3))
        questions.append(Question(q, f"Вопрос {q}?", answer, qtype, tuple(gold_docs)))
        found = rng.sample(public, 20)
        if rng.random() < 0.6:
            found[rng.randrange(20)] = text_map[gold_docs[0]]
            found = list(dict.fromkeys(found))
        model = span(20, 80)
        if rng.random() < 0.3:
            model = model + " " + answer
        results[str(q)] = {"found_ids": found, "model_answer": model}
    return Gold.from_questions(questions, text_map, "1.0.0"), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2,000 questions instead of 10,000")
    args = parser.parse_args()
    n = 2000 if args.quick else 10_000
    scale = 10_000 / n

    gold, data = build(n)
    results = parse_results(data, gold)

    t = time.perf_counter()
    want = straightforward_report(results, gold)
    baseline = time.perf_counter() - t

    fresh, _ = build(n)  # same questions, no tokenised references cached
    t = time.perf_counter()
    got = evaluate(results, fresh, extended=False, resamples=0, details=False, workers=2)
    ours = time.perf_counter() - t
    identical = all(
        {g: got[s][g] for g in ("retrieval", "generation")} == want[s] for s in ("overall",)
    ) and all(
        {g: got["by_type"][t][g] for g in ("retrieval", "generation")} == v
        for t, v in want["by_type"].items()
    )

    fresh_full, _ = build(n)
    t = time.perf_counter()
    evaluate(results, fresh_full, resamples=1000, details=True, workers=2)
    full = time.perf_counter() - t

    print(f"questions: {n}; baseline {baseline:.2f} s; ours {ours:.2f} s; full report {full:.2f} s")
    print(f"identical DRAGON numbers: {identical}")
    figures = {
        "seconds_10k": round(ours * scale, 3),
        "speedup_vs_straightforward": round(baseline / ours, 2),
        "baseline_seconds_10k": round(baseline * scale, 3),
        "seconds_10k_full": round(full * scale, 3),
        "identical": identical,
        "questions": n,
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "python": platform.python_version(),
    }
    print(json.dumps(figures))
    if not identical:
        sys.exit(1)


if __name__ == "__main__":
    main()
