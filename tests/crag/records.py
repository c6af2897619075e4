"""Small CRAG-format records written by the tests (both published schema variants)."""

from __future__ import annotations

import bz2
import json
from pathlib import Path
from typing import Any

PAGE = (
    "<html><head><title>Moscow - facts</title></head><body><nav>Home | About</nav>"
    "<article><h1>Moscow</h1><p>Moscow is the capital of Russia and its largest city, with "
    "a population of about 13 million people in 2024.</p><p>The Moskva river flows through "
    "the city, which was founded in 1147 by Yuri Dolgorukiy.</p></article>"
    "<footer>Copyright</footer></body></html>"
)


def page(
    name: str = "Moscow - facts", html: str = PAGE, snippet: str = "Moscow is the capital"
) -> dict[str, Any]:
    return {
        "page_name": name,
        "page_url": "https://example.org/moscow",
        "page_snippet": snippet,
        "page_result": html,
        "page_last_modified": "Wed, 28 Feb 2024 10:00:00 GMT",
    }


def records() -> list[dict[str, Any]]:
    """Six questions: four with `alt_ans` lists and popularity, two in the sample's string form."""
    return [
        {
            "interaction_id": "q1",
            "query_time": "02/28/2024, 10:04:54 PT",
            "domain": "open",
            "question_type": "simple",
            "static_or_dynamic": "static",
            "popularity": "head",
            "query": "what is the capital of russia?",
            "answer": "Moscow",
            "alt_ans": ["Moskva"],
            "search_results": [page()],
        },
        {
            "interaction_id": "q2",
            "query_time": "03/01/2024, 23:59:59 PT",
            "domain": "sports",
            "question_type": "false_premise",
            "static_or_dynamic": "fast-changing",
            "popularity": "tail",
            "query": "how many times has the moon won the masters?",
            "answer": "invalid question",
            "alt_ans": [],
            "search_results": [page()],
        },
        {
            "interaction_id": "q3",
            "query_time": "03/02/2024, 01:00:00 PT",
            "domain": "finance",
            "question_type": "comparison",
            "static_or_dynamic": "real-time",
            "popularity": "torso",
            "query": "which is larger, 1 or 2?",
            "answer": "2",
            "alt_ans": ["two"],
            "search_results": [],
        },
        {
            "interaction_id": "q4",
            "query_time": "03/02/2024, 01:00:00 PT",
            "domain": "movie",
            "question_type": "set",
            "static_or_dynamic": "static",
            "popularity": "head",
            "query": "name two moscow rivers",
            "answer": "moskva and yauza",
            "alt_ans": [],
            "search_results": [page(), page("Empty", "", "<b>Yauza</b> is a river")],
        },
        {
            "interaction_id": "q5",
            "query_time": "03/03/2024, 12:00:00 PT",
            "domain": "music",
            "question_type": "simple",
            "static_or_dynamic": "slow-changing",
            "query": "who wrote the song?",
            "answer": "Someone",
            "alternative_answers": "['Some One', 'someone else']",
            "split": 1,
            "search_results": [],
        },
        {
            "interaction_id": "q6",
            "query_time": "03/03/2024, 12:00:00 PT",
            "domain": "finance",
            "question_type": "comparison",
            "static_or_dynamic": "real-time",
            "query": "which company has a larger market cap today?",
            "answer": "nan",
            "alternative_answers": "[]",
            "split": 0,
            "search_results": [],
        },
    ]


def write(path: Path, rows: list[dict[str, Any]] | None = None) -> Path:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in (rows or records()))
    if path.suffix == ".bz2":
        path.write_bytes(bz2.compress(text.encode("utf-8")))
    else:
        path.write_text(text, encoding="utf-8")
    return path


def write_predictions(path: Path, preds: dict[str, str]) -> Path:
    path.write_text(
        "".join(
            json.dumps({"interaction_id": k, "prediction": v}, ensure_ascii=False) + "\n"
            for k, v in preds.items()
        ),
        encoding="utf-8",
    )
    return path
