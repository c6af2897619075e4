"""A bounded schemathesis run over the portal's OpenAPI document against a live server.

Every generated request (valid and invalid) must get a non-5xx answer, and no answer to a
participant may contain a gold answer or an internal text id.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from tests.helpers.portal import GOLD_ANSWERS, INTERNAL_IDS, Live, results


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'portal.db'}"


@pytest.fixture
def fuzz_live(make_live: Any) -> Live:
    live = make_live(
        rate_limit_per_minute=0,
        auth_failures_per_minute=0,
        daily_submissions=0,
        max_upload_bytes=64 * 1024,
    )
    live.submit(results(2), submit_id="seed", version="1.0.0")
    live.wait("seed")
    live.http.post("/api/v1/admin/submissions/seed/approve", headers=live.auth("admin"))
    return live


REAL = {"version": "1.0.0", "submit_id": "seed", "token_id": 2, "action": "approve"}


def _make_real(case: Any, live: Live) -> None:
    for key in list(case.path_parameters or {}):
        if key in REAL:
            case.path_parameters[key] = REAL[key]
    if isinstance(case.query, dict) and "version" in case.query:
        case.query["version"] = "1.1.0"
    if isinstance(case.body, dict):
        if "token" in case.body:
            judge = case.path.startswith("/submit/") and case.path != "/submit/create"
            case.body["token"] = live.tokens["admin" if judge else "participant"]
        for key in ("submit_id", "version"):
            if key in case.body and case.path != "/submit/create":
                case.body[key] = REAL[key]


@pytest.mark.slow
def test_openapi_fuzz(fuzz_live: Live) -> None:
    from hypothesis import given

    doc = fuzz_live.http.get("/openapi.json").json()
    api = schemathesis.openapi.from_dict(doc)
    headers = {"Authorization": f"Bearer {fuzz_live.tokens['participant']}"}
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) >= 15
    calls: list[tuple[str, int]] = []
    for operation in operations:

        @given(case=operation.as_strategy(), real=st.booleans())
        @settings(
            max_examples=4,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any, real: bool) -> None:
            who = headers
            if real:  # half the cases name things that exist, so the fuzzing gets past lookups
                _make_real(case, fuzz_live)
                if case.path.startswith("/api/v1/admin/"):
                    who = fuzz_live.auth("admin")  # admin answers hold no gold either
            response = case.call_and_validate(
                base_url=fuzz_live.url, headers=who, checks=[not_a_server_error], timeout=30
            )
            calls.append((case.path, response.status_code))
            leaked = [s for s in GOLD_ANSWERS + INTERNAL_IDS if s in response.text]
            assert not leaked, (case.path, leaked)

        check()
    assert len(calls) >= 2 * len(operations)
    assert {code for _, code in calls} & {200, 201} and {code for _, code in calls} & {
        401,
        404,
        422,
    }


# ---- issue #13's hostile inputs as strategies: every one must be a 4xx, never a 5xx ------------

_KEYS = st.one_of(
    st.integers(0, 5).map(str),
    st.sampled_from(["²", "01", "١", "+1", "-1", " 1", "1.0", "𝟏", "9" * 5000]),
    st.text(max_size=6),
)
_NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.just(10**5000),
)


# Deep nesting is spliced into the JSON text (building it as Python values would recurse).
_DEEP = {f"@deep{n}@": "[" * n + "0" + "]" * n for n in (50, 5000, 100_000)}
_VALUES = st.one_of(_NUMBERS, st.text(max_size=20), st.sampled_from(sorted(_DEEP)))
_ENTRIES = st.fixed_dictionaries(
    {"found_ids": st.lists(st.one_of(st.sampled_from([41, 17, 69]), _NUMBERS), max_size=3)},
    optional={"model_answer": st.one_of(st.text(max_size=10), _VALUES), "extra": _VALUES},
)
_RESULTS = st.dictionaries(_KEYS, _ENTRIES, max_size=3)
_CONFIGS = st.dictionaries(st.sampled_from(["model_name", "retrieval_config", "x"]), _VALUES)


def _dump(value: Any) -> bytes:
    """JSON as a careless client writes it: NaN / Infinity spelled out, huge integers, nesting."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        text = json.dumps(value)
    finally:
        sys.set_int_max_str_digits(old)
    for marker, deep in _DEEP.items():
        text = text.replace(json.dumps(marker), deep)
    return text.encode()


def test_hostile_uploads_fuzz(fuzz_live: Live) -> None:
    from hypothesis import given

    seen: set[int] = set()

    @given(results=_RESULTS, config=_CONFIGS, rest=st.booleans())
    @settings(
        max_examples=40,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def check(results: dict[str, Any], config: dict[str, Any], rest: bool) -> None:
        body, cfg = _dump(results), _dump(config).decode()
        if rest:
            r = fuzz_live.http.post(
                "/api/v1/submissions",
                headers=fuzz_live.auth("participant"),
                data={"config": cfg, "version": "1.0.0"},
                files={"file": ("r.json", body, "application/json")},
            )
        else:
            r = fuzz_live.http.post(
                "/submit/create",
                data={"config": cfg, "version": "1.0.0", "token": fuzz_live.tokens["participant"]},
                files={"f": ("r.json", body, "application/json")},
            )
        assert r.status_code < 500, (results, config, r.text[:300])
        seen.add(r.status_code)
        if r.status_code < 300:  # accepted: then every key was a canonical question id
            assert all(k.isascii() and k.isdigit() and str(int(k)) == k for k in results)

    check()
    assert 422 in seen
