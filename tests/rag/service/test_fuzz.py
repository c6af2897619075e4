"""A bounded schemathesis run over the service's OpenAPI document against a live server:
no generated request, valid or not, may get a 5xx answer, and errors are JSON naming the problem."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from dragon_bench.rag.service import RagServer, create_app


@pytest.fixture(scope="module")
def live(registry: Any, revision: Any) -> Iterator[RagServer]:
    with RagServer(create_app(registry, version=revision.version)) as server:
        yield server


def test_openapi_fuzz_never_5xx(live: RagServer) -> None:
    import httpx

    doc = httpx.get(live.url + "/openapi.json").json()
    api = schemathesis.openapi.from_dict(doc)
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) == 6
    codes: list[int] = []
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=6,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any) -> None:
            response = case.call(base_url=live.url, timeout=30)
            assert response.status_code < 500, (case.path, case.body, response.text)
            if response.status_code >= 400:
                assert response.json()["error"], response.text
            codes.append(response.status_code)

        check()
    assert 200 in codes and ({404, 422} & set(codes)), sorted(set(codes))


def test_hostile_candidates_fuzz(live: RagServer) -> None:
    """Issue #13's cases as strategies: non-finite and huge scores, odd docids, deep nesting."""
    import json

    import httpx
    from hypothesis import strategies as st

    scores = st.one_of(
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(-(10**30), 10**30),
        st.sampled_from(["1e999", "-1e999", "NaN", "1" * 5000]),
    )
    candidate = st.fixed_dictionaries(
        {
            "docid": st.one_of(st.sampled_from(["11", "42", "7"]), st.text(max_size=5)),
            "score": scores,
        },
        optional={"doc": st.fixed_dictionaries({"segment": st.text(max_size=30)})},
    )
    body = st.fixed_dictionaries(
        {
            "query": st.one_of(
                st.just("Где Барак Обама купил дом?"), st.text(max_size=30), st.just("[" * 5000)
            ),
            "candidates": st.lists(candidate, min_size=1, max_size=3),
        }
    )
    codes: set[int] = set()

    @given(data=body, path=st.sampled_from(["/v1/rerank", "/v1/rag", "/v1/generate"]))
    @settings(
        max_examples=30,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(data: dict[str, Any], path: str) -> None:
        text = json.dumps(data)
        for raw in ("1e999", "-1e999", "NaN", "1" * 5000):  # spelled as JSON numbers
            text = text.replace(json.dumps(raw), raw)
        r = httpx.post(
            live.url + path,
            content=text.encode(),
            headers={"Content-Type": "application/json"},
            timeout=30,
        )
        assert r.status_code < 500, (path, text[:300], r.text[:300])
        codes.add(r.status_code)

    check()
    assert 422 in codes
