"""Uploads shared by the DRAGON protocol and the REST API: multipart reading, the config and
results checks, the daily quota and the stored submission row."""

from __future__ import annotations

import json
import math
import re
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from starlette.datastructures import UploadFile

from dragon_bench.errors import BadInputError
from dragon_bench.metrics.results import parse_results
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.models import Submission, Token, utcnow
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.revisions import UnknownVersionError

__all__ = [
    "MAX_DEPTH",
    "multipart_body",
    "read_upload",
    "store_upload",
    "store_submission",
    "parse_config",
    "load_json",
    "validate_results",
    "quota_reset",
    "finite",
]

_SUBMIT_ID = re.compile(r"^[A-Za-z0-9._:-]{1,100}$")
# A results file is three levels deep and a config a few more; nothing honest nests deeper.
MAX_DEPTH = 32


def multipart_body(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    """OpenAPI `openapi_extra` for a route that parses its multipart/form-data body itself."""
    schema = {"type": "object", "required": required, "properties": properties}
    return {
        "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": schema}}}
    }


def _first_bad(value: Any, name: str) -> str | None:
    """The path of the first non-finite number or over-deep container, walked without recursion."""
    stack: list[tuple[Any, str, int]] = [(value, name, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return f"{where} is {item!r}: only finite numbers are allowed"
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                return f"{where} nests deeper than {MAX_DEPTH} levels"
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in pairs:
                path = f"{where}.{key}" if isinstance(item, dict) else f"{where}[{key}]"
                stack.append((child, path, depth + 1))
    return None


def finite(value: Any) -> Any:
    """`value` with every NaN or infinity replaced by None: rows stored before uploads were
    checked must not make the leaderboard's JSON invalid."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


def load_json(raw: str | bytes, name: str) -> Any:
    """Parse JSON text named `name` (config, results file); BadInputError for anything the JSON
    module refuses or chokes on (deep nesting, integers over 4,300 digits) and for NaN/Infinity."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BadInputError(f"{name} is not UTF-8 text ({exc.reason})") from None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise BadInputError(
            f"{name} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise BadInputError(f"{name} nests deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # an integer too long to convert: Python's own limit
        raise BadInputError(f"{name}: {exc}") from None
    problem = _first_bad(value, name)
    if problem:
        raise BadInputError(problem)
    return value


def parse_config(raw: str | None) -> dict[str, Any]:
    """The protocol's `config` JSON string; an object, with a string `model_name`."""
    if raw is None or not raw.strip():
        return {}
    try:
        config = load_json(raw, "config")
    except BadInputError as exc:
        raise HTTPException(422, str(exc)) from None
    if not isinstance(config, dict):
        raise HTTPException(422, "config must be a JSON object")
    if "model_name" in config and not isinstance(config["model_name"], str):
        raise HTTPException(422, "config.model_name must be a string")
    return config


def validate_results(raw: bytes, question_ids: set[int], text_ids: set[int]) -> dict[str, Any]:
    """Check a DRAGON results file against a revision's public ids with the evaluator's own
    parser (keys are canonical ASCII decimals); BadInputError names the first problems."""
    data = load_json(raw, "results file")
    if isinstance(data, dict) and not data:
        raise BadInputError("results file holds no answers")
    parse_results(data, None)  # the form, exactly as the evaluator reads it
    problems: list[str] = []
    for key, value in data.items():
        if len(problems) >= 5:
            break
        if int(key) not in question_ids:
            problems.append(f"key {key!r} is not a question id of this version")
        elif unknown := [i for i in value["found_ids"] if i not in text_ids]:
            problems.append(
                f"question {key}: found_ids {unknown[:3]} are not texts of this version"
            )
    if problems:
        raise BadInputError("results file: " + "; ".join(problems))
    return dict(data)


async def read_upload(request: Request, portal: Portal) -> tuple[dict[str, str], UploadFile]:
    """Parse a multipart post within the size limit: its text fields and its one file part."""
    limit = portal.settings.max_upload_bytes
    length = request.headers.get("content-length")
    if length and length.isdigit() and int(length) > limit + 256 * 1024:
        raise HTTPException(413, f"upload exceeds the limit of {limit} bytes")
    ctype = request.headers.get("content-type", "")
    if not ctype.startswith("multipart/form-data"):
        raise HTTPException(415, "send the submission as multipart/form-data with one file part")
    try:
        form = await request.form(max_files=2, max_fields=50)
    except HTTPException:
        raise
    except Exception as exc:  # python-multipart's errors have no common base worth naming
        raise HTTPException(400, f"malformed multipart body: {exc}") from None
    fields: dict[str, str] = {}
    files: list[UploadFile] = []
    for key, value in form.multi_items():
        if isinstance(value, UploadFile):
            files.append(value)
        else:
            fields[key] = value
    if len(files) != 1:
        raise HTTPException(
            422, f"expected exactly one file part with the results, got {len(files)}"
        )
    return fields, files[0]


async def store_upload(
    portal: Portal,
    caller: Caller,
    fields: dict[str, str],
    upload: UploadFile,
    config: dict[str, Any],
    filename: str,
) -> Submission:
    """Read the uploaded results within the size limit and store them as a queued submission
    (`submit_id` and `version` from the form fields)."""
    limit = portal.settings.max_upload_bytes
    content = await upload.read(limit + 1)
    if len(content) > limit:
        raise HTTPException(413, f"results file exceeds the limit of {limit} bytes")
    row: Submission = await run_in_threadpool(
        store_submission,
        portal,
        caller,
        config=config,
        submit_id=fields.get("submit_id"),
        version=fields.get("version"),
        filename=filename,
        content=content,
    )
    return row


def quota_reset(now: datetime) -> datetime:
    """When the daily quota counted at `now` (naive UTC) starts again: the next UTC midnight."""
    return datetime(now.year, now.month, now.day) + timedelta(days=1)


def _check_quota(portal: Portal, session: Any, caller: Caller, version: str) -> None:
    """429 when a participant token already made its submissions on `version` this UTC day."""
    limit = portal.settings.daily_submissions
    if limit <= 0 or caller.role in ("admin", "auto"):
        return
    # Lock the token's row so concurrent uploads of one token are counted one after another
    # (PostgreSQL; SQLite's write transaction is exclusive already).
    session.execute(select(Token.id).where(Token.id == caller.id).with_for_update())
    now = utcnow()
    start = datetime(now.year, now.month, now.day)
    used = session.scalar(
        select(func.count())
        .select_from(Submission)
        .where(
            Submission.token_id == caller.id,
            Submission.version == version,
            Submission.created_at >= start,
        )
    )
    if int(used or 0) >= limit:
        reset = quota_reset(now)
        wait = max(1, math.ceil((reset - now).total_seconds()))
        raise HTTPException(
            429,
            f"quota of {limit} submissions a day on version {version} used; it resets at "
            f"{reset.replace(tzinfo=UTC).isoformat(timespec='seconds').replace('+00:00', 'Z')}",
            headers={"Retry-After": str(wait)},
        )


def store_submission(
    portal: Portal,
    caller: Caller,
    *,
    config: dict[str, Any],
    submit_id: str | None,
    version: str | None,
    filename: str,
    content: bytes,
) -> Submission:
    """Validate everything first, then insert one row; nothing is stored when anything is wrong."""
    submit_id = (submit_id or "").strip() or uuid.uuid4().hex
    if not _SUBMIT_ID.match(submit_id):
        raise HTTPException(422, "submit_id must be 1-100 characters of letters, digits, . _ : -")
    if len(content) > portal.settings.max_upload_bytes:
        raise HTTPException(413, f"results file exceeds {portal.settings.max_upload_bytes} bytes")
    try:
        version = portal.revisions.resolve(version)
        data = validate_results(
            content, set(portal.revisions.questions(version)), portal.revisions.text_ids(version)
        )
    except UnknownVersionError as exc:
        raise HTTPException(404, str(exc)) from None
    except BadInputError as exc:
        raise HTTPException(422, str(exc)) from None
    # NUL cannot be stored in a PostgreSQL text column; nobody names a model with one.
    model_name = str(config.get("model_name") or "").replace("\x00", "").strip()[:200]
    model_name = model_name or "unnamed"
    row = Submission(
        submit_id=submit_id,
        token_id=caller.id,
        version=version,
        model_name=model_name,
        config=config,
        filename=(filename or "").replace("\x00", "")[:300] or "results.json",
        content=content,
        n_answers=len(data),
        is_auto=caller.role == "auto",
        state="queued",
        attempts=0,
        judge_state="none",
    )
    try:
        with portal.db.session() as s:
            if s.scalar(select(Submission.id).where(Submission.submit_id == submit_id)):
                raise HTTPException(409, f"submission {submit_id} already exists")
            _check_quota(portal, s, caller, version)
            s.add(row)
    except IntegrityError:
        raise HTTPException(409, f"submission {submit_id} already exists") from None
    portal.worker.wake()
    return row
