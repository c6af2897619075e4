"""The portal tests' tiny two-version hub with known gold, results against it, a live portal.

The fixtures `hub`, `db_url`, `make_live` and `live` are defined here; a test folder's
conftest imports the ones it uses.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pyarrow as pa
import pytest

from dragon_bench.hub import Hub
from dragon_bench.portal.settings import PortalSettings
from tests.helpers.reference import ReferenceEvaluator
from tests.plugins.portal_live import Launch, PortalLive

__all__ = [
    "FILLERS",
    "GOLD_ANSWERS",
    "GOLD_TEXTS",
    "INTERNAL_IDS",
    "PUBLIC_IDS",
    "QUESTIONS",
    "TYPES",
    "Live",
    "db_url",
    "hub",
    "live",
    "make_live",
    "results",
    "write_hub",
]

# Private strings that must never reach a non-admin (the privacy tests scan for each).
GOLD_ANSWERS = ["Головинские пруды", "Секретная обсерватория", "Тайный архипелаг", "Зелёный маяк"]
INTERNAL_IDS = ["intdoc-7f3a91", "intdoc-2b8c44", "intdoc-9d1e05", "intdoc-c4f270", "intdoc-e6a813"]
PUBLIC_IDS = [41, 17, 69, 22, 5]
TYPES = ["simple", "set", "conditional", "multi_hop"]
QUESTIONS = ["Где гуляли?", "Что открыли?", "Куда плыли?", "Что светит?"]
# Question i is supported by texts GOLD_TEXTS[i] (indices into INTERNAL_IDS / PUBLIC_IDS).
GOLD_TEXTS = [[0], [1, 2], [3], [4, 0]]
FILLERS = [[17, 69], [22, 5], [41, 17], [69, 22]]


def write_hub(root: Path, versions: tuple[str, ...] = ("1.0.0", "1.1.0")) -> Hub:
    hub = Hub(str(root))
    for n, version in enumerate(versions):
        public = {
            "texts": pa.table(
                {"id": PUBLIC_IDS, "text": [f"Текст {i} ({version})" for i in range(5)]}
            ),
            "questions": pa.table({"id": list(range(4)), "question": QUESTIONS}),
        }
        private = {
            "texts": pa.table({"id": INTERNAL_IDS, "public_id": PUBLIC_IDS}),
            "qa": pa.table(
                {
                    "id": list(range(4)),
                    "question": QUESTIONS,
                    "answer": GOLD_ANSWERS,
                    "answers": [[a] for a in GOLD_ANSWERS],
                    "type": TYPES,
                    "text_ids": [[INTERNAL_IDS[j] for j in g] for g in GOLD_TEXTS],
                }
            ),
        }
        hub.write_revision(version, public, private, parent=versions[n - 1] if n else None)
    return hub


def results(hits: int, answers_right: int = 0) -> dict[str, Any]:
    """Results where the first `hits` questions find a gold text first and `answers_right` answer right."""
    out = {}
    for q in range(4):
        gold_public = PUBLIC_IDS[GOLD_TEXTS[q][0]]
        filler = FILLERS[q]  # published ids that are not gold for question q
        found = [gold_public, filler[0]] if q < hits else list(filler)
        answer = f"Ответ: {GOLD_ANSWERS[q]}" if q < answers_right else "не знаю"
        out[str(q)] = {"found_ids": found, "model_answer": answer}
    return out


@pytest.fixture
def hub(tmp_path: Path) -> Hub:
    return write_hub(tmp_path / "hub")


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'portal.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@dataclass
class Live(PortalLive):
    """A running portal with its evaluator, tokens by role and an HTTP client."""

    evaluator: ReferenceEvaluator

    def submit(
        self,
        data: Any = None,
        *,
        token: str | None = None,
        submit_id: str = "",
        version: str = "",
        config: dict[str, Any] | None = None,
        raw: bytes | None = None,
        field: str = "/home/user/results.json",
    ) -> httpx.Response:
        """POST /submit/create exactly as the rag-bench client does (file part named after its path)."""
        cfg = {"model_name": "model-a", "user_guid": "g", "is_auto": False, **(config or {})}
        body = raw if raw is not None else json.dumps(data, ensure_ascii=False).encode()
        return self.http.post(
            "/submit/create",
            data={
                "config": json.dumps(cfg),
                "submit_id": submit_id,
                "version": version,
                "token": self.tokens["participant"] if token is None else token,
                "filename": "results.json",
            },
            files={field: ("results.json", body, "application/json")},
        )

    def wait(
        self, submit_id: str, states: tuple[str, ...] = ("evaluated", "approved", "failed")
    ) -> dict[str, Any]:
        deadline = time.monotonic() + 60
        while True:
            r = self.http.get(
                f"/api/v1/submissions/{submit_id}",
                headers={"Authorization": f"Bearer {self.tokens['admin']}"},
            )
            r.raise_for_status()
            if r.json()["state"] in states:
                return dict(r.json())
            if time.monotonic() > deadline:
                raise TimeoutError(f"{submit_id} stuck in {r.json()['state']}")
            time.sleep(0.05)


@pytest.fixture
def make_live(hub: Hub, db_url: str, launch_portal: Launch) -> Callable[..., Live]:
    def make(**overrides: Any) -> Live:
        evaluator = overrides.pop("evaluator", None) or ReferenceEvaluator(hub)
        settings = PortalSettings(
            hub=hub.url, db=db_url, worker_poll_seconds=0.05, ci_resamples=200, **overrides
        )
        server, http, tokens = launch_portal(
            settings, evaluator=evaluator, roles=("participant", "auto", "admin")
        )
        return Live(server, http, tokens, evaluator)

    return make


@pytest.fixture
def live(make_live: Callable[..., Live]) -> Live:
    return make_live()
