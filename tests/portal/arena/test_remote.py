"""Arena pipelines served elsewhere: a real RAG service over HTTP (`/v1/rag`) beside a local one,
and an unreachable URL that fails the battle instead of the portal."""

from __future__ import annotations

from typing import Any

from dragon_bench.portal.arena.battles import arena_from_settings, public_texts
from dragon_bench.portal.server import free_port
from dragon_bench.rag.registry import build_registry
from dragon_bench.rag.service import RagServer, create_app


def test_remote_pipeline_answers_with_segments(arena_hub: Any) -> None:
    registry = build_registry(["baseline"], public_texts(arena_hub, "1.1.0"))
    with RagServer(create_app(registry)) as server:
        arena = arena_from_settings(
            [f"remote={server.url}", "local=baseline"], arena_hub, "1.1.0", timeout=30
        )
        try:
            assert arena.names() == ["local", "remote"]
            fight = arena.fight("Текст 2")
            assert not fight.failed, fight.error
            assert fight.answer_a is not None and fight.answer_b is not None
            remote = fight.answer_a if fight.pipeline_a == "remote" else fight.answer_b
            local = fight.answer_b if fight.pipeline_a == "remote" else fight.answer_a
            assert remote["references"] == local["references"]
            assert [s["text"] for s in remote["segments"]] == [s["text"] for s in local["segments"]]
        finally:
            arena.close()


def test_unreachable_remote_fails_the_battle(arena_hub: Any) -> None:
    dead = f"http://127.0.0.1:{free_port()}"
    arena = arena_from_settings([f"dead={dead}", "baseline"], arena_hub, "1.1.0", timeout=5)
    try:
        fight = arena.fight("Текст 2")
        assert fight.failed and "failed" in (fight.error or "")
    finally:
        arena.close()


def test_pairs_are_distinct_and_sides_random() -> None:
    from dragon_bench.portal.arena.battles import Arena

    arena = Arena({n: object() for n in ("p", "q", "r")}, seed=7)  # draw_pair never calls them
    pairs = [arena.draw_pair() for _ in range(300)]
    assert all(a != b for a, b in pairs)
    assert {a for a, _ in pairs} == {"p", "q", "r"} == {b for _, b in pairs}
    arena.close()
