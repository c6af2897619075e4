"""The running portal's parts, shared by routers through `request.app.state.portal`."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi.templating import Jinja2Templates

from dragon_bench.hub import Hub
from dragon_bench.llm import LLMClient, LLMSettings
from dragon_bench.metrics import Judge
from dragon_bench.portal.db import Database
from dragon_bench.portal.evaluation import Evaluator, MetricsEvaluator
from dragon_bench.portal.publishing.publisher import Publisher
from dragon_bench.portal.ratelimit import RateLimiter
from dragon_bench.portal.references.job import ReferenceRuns
from dragon_bench.portal.review.queue import ReviewCandidates
from dragon_bench.portal.revisions import RevisionCache
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.portal.worker import Worker

__all__ = ["Portal", "PACKAGE_DIR"]

PACKAGE_DIR = Path(__file__).resolve().parent
log = logging.getLogger("dragon_bench.portal")


def _builtin_judge() -> Judge:
    """The LLM judge on DRAGON_LLM_*; BadInputError naming what to set when none is configured."""
    settings = LLMSettings.required(
        "the builtin judge (judge=builtin)", " (an OpenAI-compatible endpoint)"
    )
    return Judge(LLMClient(settings))


@dataclass
class Portal:
    """Settings, database, hub cache, evaluator, worker, rate limiter and templates of one app."""

    settings: PortalSettings
    evaluator: Evaluator | None = None
    db: Database = field(init=False)
    hub: Hub = field(init=False)
    revisions: RevisionCache = field(init=False)
    review: ReviewCandidates = field(init=False)  # staged revisions under review
    limiter: RateLimiter = field(init=False)
    # Failed authentications by client address (see deps.authenticate).
    auth_failures: RateLimiter = field(init=False)
    worker: Worker = field(init=False)
    publisher: Publisher = field(init=False)
    references: ReferenceRuns = field(init=False)  # closed-book reference rows
    templates: Jinja2Templates = field(init=False)
    # Leaderboards by (approved-results stamp, selection); see board.py.
    board_cache: dict[Any, Any] = field(init=False, default_factory=dict)
    board_lock: threading.Lock = field(init=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.db = Database(self.settings.db)
        self.hub = Hub(self.settings.hub)
        self.revisions = RevisionCache(self.hub)
        self.review = ReviewCandidates(self.hub)
        self.limiter = RateLimiter(self.settings.rate_limit_per_minute)
        self.auth_failures = RateLimiter(self.settings.auth_failures_per_minute)
        if self.evaluator is None:
            judge = _builtin_judge() if self.settings.judge == "builtin" else None
            self.evaluator = MetricsEvaluator(
                self.hub,
                judge=judge,
                resamples=self.settings.ci_resamples,
                min_slice=self.settings.fresh_min_slice,
            )
        self.worker = Worker(self.db, self.evaluator, self.revisions, self.settings)
        self.publisher = Publisher(self.db, self.settings)
        self.references = ReferenceRuns(self.db, self.evaluator, self.revisions, self.settings)
        self.templates = Jinja2Templates(directory=str(PACKAGE_DIR / "templates"))

    def start(self) -> None:
        self.db.migrate()
        if self.settings.worker:
            self.worker.start()
            self.publisher.start()
            self.references.start()

    def stop(self) -> None:
        self.worker.stop()
        self.publisher.stop()
        self.references.stop()
        self.db.dispose()
