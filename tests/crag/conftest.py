"""Fixtures of the CRAG tests: a real mock KG API server on loopback."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from dragon_bench.types import Triple

TRIPLES = [
    Triple("Сергей Собянин", "мэр", "Москва", "d1", "PERSON", "CITY"),
    Triple("Москва", "столица", "Россия", "d1", "CITY", "COUNTRY"),
    Triple("Московский университет", "находится в", "Москва", "d2", "ORGANIZATION", "CITY"),
    Triple("Собянин", "родился в", "Никсе", "d3", "PERSON", "CITY"),
    Triple("Москва", "столица", "Россия", "d4", "CITY", "COUNTRY"),  # a repeat
]


@pytest.fixture
def kg_url() -> Iterator[str]:
    """Base URL (ending in /kg) of the mock KG API over TRIPLES, served by uvicorn in a thread."""
    import uvicorn

    from dragon_bench.crag.kg_api import create_kg_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_kg_app(TRIPLES), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/kg"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
