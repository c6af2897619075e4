"""A small revision in a hub, the pipelines served over it, and a TestClient of the service."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.hub import write_hub
from tests.helpers.service_hub import QUESTIONS, TEXTS


@pytest.fixture(scope="module")
def hub_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hub")
    write_hub(root, texts=TEXTS, questions=QUESTIONS)
    return root


@pytest.fixture(scope="module")
def revision(hub_dir: Path) -> Any:
    from dragon_bench.client import load

    return load(hub=str(hub_dir))


@pytest.fixture(scope="module")
def short_config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pipeline config file: no reranker, one text to the generator."""
    path = tmp_path_factory.mktemp("cfg") / "short.yaml"
    path.write_text("name: short\nreranker: none\ntop_k: 1\nfound_k: 3\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def registry(revision: Any, short_config: Path) -> Any:
    from dragon_bench.rag.registry import build_registry

    return build_registry(["baseline", str(short_config)], revision)


@pytest.fixture(scope="module")
def client(registry: Any, revision: Any) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from dragon_bench.rag.service import create_app

    app = create_app(registry, version=revision.version, texts=len(revision.texts))
    with TestClient(app) as c:
        yield c
