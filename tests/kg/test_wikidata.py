"""The Wikidata novelty client against a local HTTP server that answers in SPARQL JSON results."""

from __future__ import annotations

import json
import re
import threading
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.kg import WikidataKnowledgeBase
from dragon_bench.kg.wikidata import WikidataError
from dragon_bench.types import Triple

WD = "http://www.wikidata.org/entity/"
LABELS = {
    "Барак Обама": "Q76",
    "Обама": "Q76",
    "Мишель Обама": "Q13133",
    "Москва": "Q649",
    "Россия": "Q159",
}
STATEMENTS = {("Q76", "Q13133"), ("Q649", "Q159")}  # (subject item, object item)


@dataclass
class Sparql:
    url: str = ""
    queries: list[str] = field(default_factory=list)
    fail_next: list[tuple[int, dict[str, str]]] = field(default_factory=list)


def _answer(query: str) -> dict[str, Any]:
    bindings = []
    if "rdfs:label" in query:
        for text, lang in re.findall(r'"((?:[^"\\]|\\.)*)"@(\w+)', query):
            if text in LABELS:
                bindings.append(
                    {"item": {"type": "uri", "value": WD + LABELS[text]},
                     "label": {"type": "literal", "value": text, "xml:lang": lang}}
                )  # fmt: skip
    else:
        for a, b in re.findall(r"\(wd:(Q\d+) wd:(Q\d+)\)", query):
            if (a, b) in STATEMENTS:
                bindings.append(
                    {"a": {"type": "uri", "value": WD + a}, "b": {"type": "uri", "value": WD + b}}
                )
    return {"head": {"vars": []}, "results": {"bindings": bindings}}


@pytest.fixture
def sparql() -> Iterator[Sparql]:
    state = Sparql()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            form = urllib.parse.parse_qs(self.rfile.read(length).decode("utf-8"))
            query = form["query"][0]
            state.queries.append(query)
            if state.fail_next:
                status, headers = state.fail_next.pop(0)
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.end_headers()
                return
            body = json.dumps(_answer(query)).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/sparql-results+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/sparql"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


def _t(s: str, o: str, ot: str = "") -> Triple:
    return Triple(subject=s, relation="r", object=o, doc_id="d", object_type=ot)


TRIPLES = [
    _t("Мишель Обама", "Барак Обама"),  # statement exists in the other direction
    _t("Обама", "Москва"),  # both items known, no statement
    _t("Москва", "Россия"),
    _t("Обама", "2017", "DATE"),  # literal: not looked up
    _t("Неизвестный", "Россия"),
]


def test_split_batches_and_caches(sparql: Sparql, tmp_path: Path) -> None:
    kb = WikidataKnowledgeBase(sparql.url, cache_dir=tmp_path / "wd", batch_size=2, min_interval=0)
    fresh, known = kb.split(TRIPLES)
    assert known == [TRIPLES[0], TRIPLES[2]]
    assert fresh == [TRIPLES[1], TRIPLES[3], TRIPLES[4]]
    # 6 distinct names in batches of 2 -> 3 label queries; 3 candidate pairs -> 2 pair queries
    assert len(sparql.queries) == 5
    assert all('"2017"' not in q for q in sparql.queries)
    again = WikidataKnowledgeBase(
        sparql.url, cache_dir=tmp_path / "wd", batch_size=2, min_interval=0
    )
    assert again.split(TRIPLES) == (fresh, known)
    assert len(sparql.queries) == 5 and again.stats["cache_hits"] == 5


def test_retries_429_then_gives_up_on_400(sparql: Sparql) -> None:
    kb = WikidataKnowledgeBase(sparql.url, min_interval=0, max_retries=2)
    sparql.fail_next = [(429, {"Retry-After": "0"}), (503, {})]
    assert kb.split(TRIPLES[:1])[1] == TRIPLES[:1]
    assert kb.stats["retries"] == 2
    sparql.fail_next = [(400, {})]
    with pytest.raises(WikidataError, match="HTTP 400"):
        kb.split(TRIPLES[:1])


def test_rate_limit_spaces_requests(sparql: Sparql) -> None:
    kb = WikidataKnowledgeBase(sparql.url, min_interval=0.2, batch_size=1)
    kb.items_for(["Москва", "Россия", "Обама"])
    # three requests spaced by 0.2 s: the last two had to wait (counted, not timed)
    assert kb.stats["requests"] == 3 and kb.stats["waits"] == 2


def test_unreachable_endpoint_is_a_clear_error() -> None:
    kb = WikidataKnowledgeBase(
        "http://127.0.0.1:9/sparql", min_interval=0, max_retries=0, timeout=2
    )
    with pytest.raises(WikidataError, match="127.0.0.1:9"):
        kb.split(TRIPLES[:1])
