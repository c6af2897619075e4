"""Submitting results to a portal with DRAGON's protocol: `POST /submit/create`, multipart form."""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from dragon_bench.errors import BadInputError, DragonError
from dragon_bench.metrics.results import parse_results
from dragon_bench.run_record import check_version, recorded_version

__all__ = ["submit", "submission_config", "portal_url", "submission_version"]


def submission_config(
    *,
    model_name: str = "",
    embedding_model: str = "",
    retriever_type: str = "",
    retrieval_config: dict[str, Any] | None = None,
    user_guid: str | None = None,
    is_auto: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """The protocol's `config` object; its description fields become leaderboard columns."""
    return {
        "user_guid": user_guid or uuid.uuid4().hex,
        "is_auto": is_auto,
        "model_name": model_name,
        "embedding_model": embedding_model,
        "retriever_type": retriever_type,
        "retrieval_config": retrieval_config or {},
        **extra,
    }


def portal_url(portal: str) -> str:
    """The portal's base URL without a trailing slash; anything but an http(s) URL with a host
    is bad usage (refused at once rather than retried as a network failure)."""
    try:
        url = httpx.URL(portal)
    except (httpx.InvalidURL, TypeError):
        url = None
    if url is None or url.scheme not in ("http", "https") or not url.host:
        raise BadInputError(f"portal {portal!r} is not an http(s) URL, e.g. https://host:8000")
    return portal.rstrip("/")


def _portal_latest(portal: str, timeout: float) -> str:
    url = portal_url(portal) + "/api/v1/revisions/latest"
    try:
        resp = httpx.get(url, timeout=timeout)
        resp.raise_for_status()
        return str(resp.json()["version"])
    except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
        raise DragonError(
            f"cannot tell which version is the latest on {portal} ({exc}); give --version"
        ) from None


def submission_version(
    results: str | Path, portal: str, version: str | None, *, timeout: float = 60.0
) -> str | None:
    """The version to submit `results` for: `version`, else the one its run record names (None:
    the portal's latest). A run record naming another version than `version` (or than the
    portal's latest, for 'latest') is refused; without a record the portal checks that every key
    and found id belongs to the chosen revision."""
    recorded = recorded_version(results)
    if version in (None, ""):
        return recorded
    if recorded is not None:
        chosen = _portal_latest(portal, timeout) if version == "latest" else version
        check_version(results, chosen, recorded)
    return version


def submit(
    results: str | Path,
    portal: str,
    token: str,
    *,
    version: str | None = None,
    config: dict[str, Any] | None = None,
    submit_id: str | None = None,
    timeout: float = 60.0,
    retries: int = 3,
    backoff: float = 1.0,
) -> str:
    """Post a results file; return the submission id the portal answers with.

    The file part is named after the file's path, as the published DRAGON client does. The
    file's form is checked first with the evaluator's parser (no revision needed), so a file the
    portal would refuse never goes out.
    Connection errors, 429 and 5xx are retried with the same `submit_id`; a 409 on a retry
    means an earlier attempt got through, which counts as success. The version comes from
    `submission_version` (the run record `dragon run` wrote beside the file, when there is one).
    """
    url = portal_url(portal) + "/submit/create"
    path = Path(results)
    try:
        content = path.read_bytes()
    except OSError as exc:
        raise BadInputError(f"cannot read results: {exc}", path=str(path)) from exc
    parse_results(content, None, path=str(path))
    version = submission_version(path, portal, version, timeout=timeout)
    if not token:
        raise BadInputError("a portal token is needed (--token or DRAGON_TOKEN)")
    submit_id = submit_id or uuid.uuid4().hex
    fields = {
        "config": json.dumps(
            config if config is not None else submission_config(), ensure_ascii=False
        ),
        "submit_id": submit_id,
        "version": version or "",
        "token": token,
        "filename": path.name,
    }
    files = {str(path): (path.name, content, "application/json")}
    last = ""
    for attempt in range(retries + 1):
        if attempt:
            time.sleep(min(backoff * 2 ** (attempt - 1), 30.0))
        try:
            resp = httpx.post(url, data=fields, files=files, timeout=timeout)
        except httpx.HTTPError as exc:
            last = f"cannot reach {url}: {exc}"
            continue
        if resp.status_code == 429 and _retry_after(resp) > 60:
            # The daily quota (or a long throttle): retrying within this run cannot succeed.
            raise DragonError(f"the portal refused the submission (429): {_detail(resp)}")
        if resp.status_code == 429 or resp.status_code >= 500:
            last = f"{url} answered {resp.status_code}: {_detail(resp)}"
            continue
        if resp.status_code == 409 and attempt:
            return submit_id
        if resp.status_code in (401, 403):
            raise DragonError(f"the portal refused the token ({resp.status_code}): {_detail(resp)}")
        if resp.status_code >= 400:
            raise BadInputError(
                f"the portal rejected the submission ({resp.status_code}): {_detail(resp)}"
            )
        try:
            return str(resp.json()["id"])
        except (ValueError, KeyError, TypeError) as exc:
            raise DragonError(f"{url} answered without an id: {resp.text[:200]}") from exc
    raise DragonError(f"submission failed after {retries + 1} attempts: {last}")


def _retry_after(resp: Any) -> float:
    """The seconds a 429 asks to wait (0 when it does not say)."""
    try:
        return float(resp.headers.get("Retry-After", "0"))
    except ValueError:
        return 0.0


def _detail(resp: Any) -> str:
    try:
        body = resp.json()
        if isinstance(body, dict) and "detail" in body:
            return str(body["detail"])[:300]
    except ValueError:
        pass
    return str(resp.text)[:300]
