"""`llm_server`: a real HTTP server on 127.0.0.1 speaking the OpenAI chat and embeddings protocol.

The server is `dragon_bench.llm.scripted.ScriptedLLMServer` (its docstring says how replies
are scripted); this fixture gives each test a fresh one on an ephemeral loopback port.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dragon_bench.llm.scripted import Delay, ScriptedLLMServer, hashed_embedding

__all__ = ["Delay", "FakeLLMServer", "hashed_embedding", "llm_server"]

FakeLLMServer = ScriptedLLMServer


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    """A fresh scripted OpenAI-compatible server for each test."""
    with ScriptedLLMServer() as server:
        yield server
