"""The mock KG API: BM25 entity search and entity triples, in-process and over a real socket."""

from __future__ import annotations

import httpx

from dragon_bench.crag.kg_api import KGIndex, create_kg_app, name_tokens, normalise_name
from tests.crag.kg_triples import TRIPLES


def test_names_are_normalised_and_stemmed() -> None:
    assert normalise_name("  Ёлкин-Палкин,  «ООО» ") == "елкин палкин ооо"
    assert name_tokens("Москвы") == name_tokens("Москва")


def test_search_ranks_by_name() -> None:
    index = KGIndex(TRIPLES)
    assert len(index) == 6 and len(index.triples) == 4
    names = [n for n, _ in index.search("собянина")]
    assert set(names) == {"Сергей Собянин", "Собянин"}
    # An exact normalised match comes first even when BM25 ties it with others.
    assert index.search("МОСКВА")[0][0] == "Москва"
    assert index.search("никто") == []
    assert len(index.search("москва", k=1)) == 1


def test_entity_triples() -> None:
    index = KGIndex(TRIPLES)
    found = index.entity_triples("москва")
    assert found is not None and len(found) == 3
    assert {"subject": "Москва", "relation": "столица", "object": "Россия",
            "subject_type": "CITY", "object_type": "COUNTRY"} in found  # fmt: skip
    assert "doc_id" not in found[0]  # provenance stays private
    assert index.entity_triples("Атлантида") is None


def test_router_in_process() -> None:
    from fastapi.testclient import TestClient

    client = TestClient(create_kg_app(TRIPLES))
    assert client.get("/kg/stats").json() == {"entities": 6, "triples": 4}
    body = client.get("/kg/search", params={"q": "Москвы"}).json()
    assert [e["name"] for e in body["entities"]] == ["Москва"]
    body = client.get("/kg/search", params={"q": "Сергей Собянин", "k": 2}).json()
    assert [e["name"] for e in body["entities"]] == ["Сергей Собянин", "Собянин"]
    assert body["entities"][0]["score"] > body["entities"][1]["score"]
    assert (
        client.post("/kg/search_entity_by_name", json={"query": "собянин"}).json()["result"][0]
        == "Собянин"
    )
    assert len(client.post("/kg/get_entity", json={"query": "Россия"}).json()["result"]) == 1
    assert client.get("/kg/entity", params={"name": "Атлантида"}).status_code == 404
    assert client.get("/kg/search", params={"q": "x", "k": 0}).status_code == 422


def test_real_socket(kg_url: str) -> None:
    r = httpx.get(f"{kg_url}/search", params={"q": "университет"})
    assert r.status_code == 200
    assert [e["name"] for e in r.json()["entities"]] == ["Московский университет"]
    r = httpx.get(f"{kg_url}/entity", params={"name": "Сергей Собянин"})
    assert r.json()["triplets"][0]["object"] == "Москва"


def test_kg_serve_command(tiny_hub, tmp_path) -> None:
    """`dragon crag kg-serve` in its own process serves the revision's kg.parquet."""
    import socket
    import subprocess
    import sys
    import time

    import pyarrow as pa

    public = {
        "texts": pa.table({"id": [1], "text": ["Собянин\nМэр Москвы Сергей Собянин."]}),
        "questions": pa.table({"id": [0], "question": ["Кто мэр Москвы?"]}),
    }
    private = {
        "texts": pa.table({"id": ["a"], "public_id": [1]}),
        "qa": pa.table({"id": [0], "question": ["Кто мэр Москвы?"], "answer": ["Собянин"],
                        "answers": [["Собянин"]], "type": ["simple"], "text_ids": [["a"]]}),
        "kg": pa.table({"subject": ["Сергей Собянин"], "relation": ["мэр"], "object": ["Москва"],
                        "doc_id": ["a"]}),
    }  # fmt: skip
    tiny_hub.write_revision("1.1.0", public, private, parent="1.0.0")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "dragon_bench", "crag", "kg-serve", "--hub", tiny_hub.url,
         "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/kg/search", params={"q": "москва"})
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        proc.stderr.read().decode() if proc.stderr else ""
                    ) from None
                time.sleep(0.2)
        assert [e["name"] for e in r.json()["entities"]] == ["Москва"]
        assert httpx.get(f"http://127.0.0.1:{port}/kg/stats").json() == {
            "entities": 2,
            "triples": 1,
        }
    finally:
        proc.terminate()
        proc.wait(timeout=10)
