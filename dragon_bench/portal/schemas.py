"""Response and request bodies of the REST API, one family per resource."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

__all__ = [
    "DB_INT_MAX",
    "RevisionPublic",
    "TextPublic",
    "QuestionPublic",
    "SubmissionCreated",
    "SubmissionPublic",
    "SubmissionList",
    "QuestionLog",
    "LeaderboardPublic",
    "ReviewRequest",
    "TokenCreate",
    "TokenPublic",
    "TokenCreated",
    "Health",
]

# The largest integer a database column holds (BIGINT); larger ids are refused with 422.
DB_INT_MAX = 2**63 - 1


class Health(BaseModel):
    status: Literal["ok"] = "ok"
    versions: list[str]
    queued: int


class RevisionPublic(BaseModel):
    version: str
    created_at: str | None = None
    parent: str | None = None
    counts: dict[str, int] = Field(default_factory=dict)
    sha256: dict[str, str] = Field(default_factory=dict)


class TextPublic(BaseModel):
    id: int
    text: str


class QuestionPublic(BaseModel):
    id: int
    question: str


class SubmissionCreated(BaseModel):
    id: str
    state: str


class SubmissionPublic(BaseModel):
    submit_id: str
    model_name: str
    version: str
    state: str
    created_at: str
    evaluated_at: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    n_answers: int
    signature: str | None = None
    metrics: dict[str, Any] = Field(default_factory=dict)
    ci: dict[str, Any] = Field(default_factory=dict)
    judge_state: str
    # In words: the score, "no judge configured", "waiting for the external judge since T", ...
    judge_status: str = ""
    judge: float | None = None
    is_owner: bool = False
    error: str | None = None
    review_note: str | None = None
    filename: str | None = None


class SubmissionList(BaseModel):
    items: list[SubmissionPublic]


class QuestionLog(BaseModel):
    submit_id: str
    version: str
    items: list[dict[str, Any]]


class LeaderboardPublic(BaseModel):
    version: str | None
    mode: Literal["version", "actual"]
    last_n: int
    versions: list[str]
    window: list[str]
    sort: str
    rows: list[dict[str, Any]]
    # closed-book controls of the configured models (`reference` set, `rank` null)
    references: list[dict[str, Any]] = Field(default_factory=list)
    # version mode: the cutoff dates offered ({date, n_questions, as_of}) and the one applied
    cutoffs: list[dict[str, Any]] = Field(default_factory=list)
    cutoff: dict[str, Any] | None = None
    trends: dict[str, Any] = Field(default_factory=dict)


class ReviewRequest(BaseModel):
    note: str | None = Field(default=None, max_length=2000)


class TokenCreate(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    role: Literal["participant", "auto", "admin"] = "participant"


class TokenPublic(BaseModel):
    id: int
    name: str
    role: str
    created_at: str
    revoked: bool


class TokenCreated(TokenPublic):
    token: str
