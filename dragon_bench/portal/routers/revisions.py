"""Published revisions and the public datasets the client library downloads."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from dragon_bench.portal.deps import PortalDep
from dragon_bench.portal.revisions import UnknownVersionError
from dragon_bench.portal.schemas import QuestionPublic, RevisionPublic, TextPublic

__all__ = ["router"]

router = APIRouter(prefix="/api/v1/revisions", tags=["revisions"])
PARQUET = "application/vnd.apache.parquet"


def _resolve(portal: Any, version: str) -> str:
    try:
        resolved: str = portal.revisions.resolve(version)
        return resolved
    except UnknownVersionError as exc:
        raise HTTPException(404, str(exc)) from None


def _manifest(portal: Any, version: str) -> RevisionPublic:
    m = portal.hub.read_manifest("public", version)
    return RevisionPublic(
        version=version,
        created_at=m.get("created_at"),
        parent=m.get("parent"),
        counts={k: int(v) for k, v in (m.get("counts") or {}).items()},
        sha256=m.get("sha256") or {},
    )


@router.get("", response_model=list[RevisionPublic], summary="Published revisions, oldest first")
def list_revisions(portal: PortalDep) -> list[RevisionPublic]:
    return [_manifest(portal, v) for v in portal.revisions.versions(refresh=True)]


@router.get("/{version}", response_model=RevisionPublic, summary="One revision ('latest' allowed)")
def get_revision(portal: PortalDep, version: str) -> RevisionPublic:
    return _manifest(portal, _resolve(portal, version))


@router.get("/{version}/texts", response_model=list[TextPublic], summary="Public texts")
def get_texts(portal: PortalDep, version: str) -> list[dict[str, Any]]:
    version = _resolve(portal, version)
    rows: list[dict[str, Any]] = portal.hub.read_table("public", version, "texts").to_pylist()
    return rows


@router.get("/{version}/questions", response_model=list[QuestionPublic], summary="Public questions")
def get_questions(portal: PortalDep, version: str) -> list[dict[str, Any]]:
    version = _resolve(portal, version)
    return [
        {"id": k, "question": v} for k, v in sorted(portal.revisions.questions(version).items())
    ]
