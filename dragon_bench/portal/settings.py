"""Portal settings: one pydantic-settings class read from arguments and `DRAGON_PORTAL_*` variables."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["PortalSettings", "DEFAULT_SECRET"]

DEFAULT_SECRET = "change-me"


class PortalSettings(BaseSettings):
    """Everything the portal needs to run; secrets must be set outside `environment=development`."""

    model_config = SettingsConfigDict(env_prefix="DRAGON_PORTAL_", extra="ignore")

    hub: str = "hub"
    db: str = "sqlite:///portal.db"
    environment: Literal["development", "production"] = "development"
    # Keys the public-id-free hash of log lines and the CSRF-free page tokens; must be secret in production.
    secret_key: str = DEFAULT_SECRET
    max_upload_bytes: int = 20 * 1024 * 1024
    rate_limit_per_minute: int = 60
    # Submissions a participant token may make on one version in one UTC day (0: no quota);
    # admin and auto tokens are exempt. Bounds how much aggregate probing can learn.
    daily_submissions: int = 5
    # Failed authentications one client address may make a minute before it is refused (0: any).
    auth_failures_per_minute: int = 20
    worker: bool = True
    worker_poll_seconds: float = 0.5
    # A claimed evaluation whose worker stopped renewing it (every lease/3) for this long is taken over.
    lease_seconds: float = 30.0
    max_attempts: int = 3
    judge: Literal["none", "external", "builtin"] = "external"
    ci_resamples: int = 1000
    title: str = "dragon-bench leaderboard"
    # Arena: pipelines as `[NAME=]baseline|URL|config file` specs (JSON list in the environment),
    # the seconds each answer may take, and battles plus votes a voter may make a minute.
    arena_pipelines: list[str] = []
    arena_timeout: float = 30.0
    arena_rate_per_minute: int = 30
    # Publishing the results file on each change (docs/operators.md, "Publishing the
    # leaderboard"): a git remote (a path or URL) or hf://spaces/ORG/NAME, hf://datasets/ORG/NAME;
    # empty publishes nothing. The Hub token and endpoint are used for hf:// targets only.
    results_repo: str = ""
    results_path: str = "results.json"
    results_branch: str = "main"
    results_author: str = "dragon-bench portal <portal@dragon-bench.invalid>"
    hf_token: str | None = None
    hf_endpoint: str | None = None
    # A failed push is retried after this many seconds, doubling up to the maximum.
    results_retry_seconds: float = 5.0
    results_retry_max_seconds: float = 600.0

    # The fewest questions a fresh slice (a submission's knowledge_cutoff, the leaderboard's
    # cutoff selector) is scored on; offered cutoff dates also differ by at least this many.
    fresh_min_slice: Annotated[int, Field(ge=1)] = 20

    # Closed-book reference rows (docs/operators.md, "Closed-book reference rows"): models
    # as NAME[@BASE_URL],... (DRAGON_LLM_* for the endpoint and key when no URL is given),
    # asked every question of the newest N revisions (0: all) with no text, a chunk a step.
    reference_models: str = ""
    reference_last_n: Annotated[int, Field(ge=0)] = 0
    reference_chunk: Annotated[int, Field(ge=1)] = 16
    # A run whose process stopped renewing its claim this long is taken over; a run that
    # failed (the endpoint did not answer) is tried again after reference_retry_seconds.
    reference_lease_seconds: Annotated[float, Field(gt=0)] = 600.0
    reference_retry_seconds: Annotated[float, Field(ge=0)] = 300.0

    # Review of staged revisions: the share of candidates two reviewers decide blind.
    review_double_share: Annotated[float, Field(ge=0.0, le=1.0)] = 0.1

    @model_validator(mode="after")
    def _refuse_default_secret(self) -> PortalSettings:
        if self.environment != "development" and self.secret_key == DEFAULT_SECRET:
            raise ValueError(
                "DRAGON_PORTAL_SECRET_KEY must be set to a non-default value outside development"
            )
        return self
