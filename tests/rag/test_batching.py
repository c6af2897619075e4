"""The request batcher alone, and inside the RAG service: concurrent /v1/rag requests over
loopback are answered in batches, exactly as one at a time."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from dragon_bench.corpus import read_documents
from dragon_bench.rag.batching import RequestBatcher
from dragon_bench.rag.registry import LocalPipeline, PipelineRegistry
from dragon_bench.rag.service import RagServer, create_app
from tests.rag.test_batch import QUESTIONS


def test_concurrent_requests_share_batches_and_keep_their_answers() -> None:
    calls: list[list[int]] = []
    gate = threading.Event()

    def square(items: list[int]) -> list[int]:
        calls.append(list(items))
        gate.wait(5)  # the first batch runs while the others queue
        return [i * i for i in items]

    async def main() -> list[int]:
        batcher = RequestBatcher(square, window=0.01, size=8)
        first = asyncio.ensure_future(batcher.submit(0))
        await asyncio.sleep(0.05)
        rest = [asyncio.ensure_future(batcher.submit(i)) for i in range(1, 21)]
        await asyncio.sleep(0.05)
        gate.set()
        return await asyncio.gather(first, *rest)

    assert asyncio.run(main()) == [i * i for i in range(21)]
    assert calls[0] == [0] and [len(c) for c in calls[1:]] == [8, 8, 4]


def test_a_failing_request_fails_alone() -> None:
    def run(items: list[int]) -> list[int]:
        if 3 in items:
            raise ValueError(f"bad item among {items}")
        return [-i for i in items]

    async def main() -> list[Any]:
        batcher = RequestBatcher(run, window=0.01)
        return await asyncio.gather(*(batcher.submit(i) for i in range(6)), return_exceptions=True)

    out = asyncio.run(main())
    assert out[:3] == [0, -1, -2] and out[4:] == [-4, -5]
    assert isinstance(out[3], ValueError) and str(out[3]) == "bad item among [3]"


def test_a_waiter_that_gives_up_is_skipped() -> None:
    def slow(items: list[int]) -> list[int]:
        threading.Event().wait(0.2)
        return items

    async def main() -> tuple[bool, int]:
        batcher = RequestBatcher(slow, window=0.0)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(batcher.submit(1), 0.05)
        return True, await batcher.submit(2)

    assert asyncio.run(main()) == (True, 2)
    with pytest.raises(ValueError, match="batch size"):
        RequestBatcher(slow, size=0)


@pytest.fixture(scope="module")
def served(nerel_dev: Path) -> tuple[LocalPipeline, RagServer]:
    from dragon_bench.rag.config import PipelineConfig
    from dragon_bench.rag.pipeline import Pipeline

    docs = read_documents(nerel_dev)[:40]
    pipeline = Pipeline.build({str(i): d.full_text for i, d in enumerate(docs)}, PipelineConfig())
    local = LocalPipeline("baseline", pipeline)
    registry = PipelineRegistry()
    registry.add("baseline", local)
    return local, RagServer(create_app(registry, batch=32))


def test_service_batches_concurrent_rag_requests(served: tuple[LocalPipeline, RagServer]) -> None:
    local, server = served
    asked = [q for q in QUESTIONS if q.strip()] * 4
    want = [local.rag(q, qid=str(i)).trec for i, q in enumerate(asked)]

    async def main(url: str) -> list[dict[str, Any]]:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            replies = await asyncio.gather(
                *(
                    client.post("/v1/rag", json={"query": {"qid": str(i), "text": q}})
                    for i, q in enumerate(asked)
                )
            )
        assert all(r.status_code == 200 for r in replies), [r.text for r in replies][:3]
        return [r.json() for r in replies]

    with server:
        got = asyncio.run(main(server.url))
        batches = server.app.state.rag.batchers["baseline"].batches
    assert got == want
    assert sum(batches) == len(asked) and max(batches) > 1
