"""`ReferenceRuns`: the portal's closed-book controls, a polling loop like the evaluation worker.

For each configured model and published revision it asks every question with no text
(`dragon_bench.screening.closed_book`, the closed-book filter's own prompt and client calls),
a chunk of questions a step, saving the answers after each chunk: a restarted portal, or
another portal process on the same database, resumes where the last one stopped (a claim
whose process stopped is taken over after `reference_lease_seconds`). When every question is
answered, the answers are scored by the portal's evaluator as a results file with no found
texts, and the run's report becomes a reference row on the leaderboard. A chunk the
endpoint did not answer fails the run for `reference_retry_seconds`, its answers kept.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError

from dragon_bench.errors import BadInputError
from dragon_bench.portal.db import Database
from dragon_bench.portal.evaluation import Evaluator
from dragon_bench.portal.loop import PollingLoop
from dragon_bench.portal.models import utcnow
from dragon_bench.portal.references.models import ReferenceRun
from dragon_bench.portal.revisions import RevisionCache
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.portal.worker import scrub_json
from dragon_bench.screening.closed_book import closed_book_answers
from dragon_bench.screening.screen import screening_from_options
from dragon_bench.types import Question

__all__ = ["ReferenceRuns", "forget_runs", "reference_clients", "run_views"]

log = logging.getLogger("dragon_bench.portal.references")


def reference_clients(settings: PortalSettings) -> dict[str, Any]:
    """The clients of `reference_models` (NAME[@BASE_URL],..., the closed-book filter's
    syntax; DRAGON_LLM_* for the rest); {} when none is configured."""
    if not settings.reference_models.strip():
        return {}
    try:
        screening = screening_from_options(closed_book_models=settings.reference_models)
    except BadInputError as exc:
        raise BadInputError(f"DRAGON_PORTAL_REFERENCE_MODELS: {exc}") from None
    assert screening is not None  # a model is named: the closed-book screen is on
    return {name: client.stage("reference") for name, client in screening.closed_book.items()}


def _questions(revisions: RevisionCache, version: str) -> list[Question]:
    """The revision's questions as the closed-book machinery takes them (gold included, for
    its `correct`: whether the model knew the answer from memory)."""
    qa = revisions.hub.read_table("private", version, "qa").to_pylist()
    asked = revisions.questions(version)
    return [
        Question(
            id=int(r["id"]),
            question=asked.get(int(r["id"]), r.get("question") or ""),
            answer=r.get("answer") or "",
            type=r.get("type") or "",
            text_ids=tuple(r.get("text_ids") or ()),
            answers=tuple(r.get("answers") or ()),
        )
        for r in qa
    ]


class ReferenceRuns(PollingLoop):
    """Claims one pending (model, version) run a step and answers a chunk of its questions,
    or scores it once every question is answered."""

    def __init__(
        self,
        db: Database,
        evaluator: Evaluator,
        revisions: RevisionCache,
        settings: PortalSettings,
        clients: Mapping[str, Any] | None = None,
    ) -> None:
        self.db = db
        self.evaluator = evaluator
        self.revisions = revisions
        self.settings = settings
        self.clients = dict(reference_clients(settings) if clients is None else clients)
        self.id = uuid.uuid4().hex[:16]
        super().__init__()
        self.thread_name = f"dragon-references-{self.id}"
        self.poll_seconds = max(settings.worker_poll_seconds, 1.0)
        self._questions: dict[str, list[Question]] = {}

    @property
    def active(self) -> bool:
        return bool(self.clients)

    def start(self) -> None:
        if self.active:
            super().start()

    # -- one step ----------------------------------------------------------------------------
    def versions(self) -> list[str]:
        """The revisions the controls run on: the newest `reference_last_n` (0: all)."""
        have = self.revisions.versions(max_age=5.0)
        n = self.settings.reference_last_n
        return have[-n:] if n > 0 else have

    def ensure_runs(self) -> None:
        """A pending run for every configured model and revision that has none."""
        wanted = {(m, v) for m in self.clients for v in self.versions()}
        if not wanted:
            return
        with self.db.read() as s:
            have = set(s.execute(select(ReferenceRun.model, ReferenceRun.version)).tuples())
        for model, version in sorted(wanted - have):
            try:
                with self.db.session() as s:
                    s.add(ReferenceRun(model=model, version=version, answers={}))
            except IntegrityError:  # another portal process made it first
                pass

    def claim(self) -> int | None:
        """Take one run of a configured model on a revision in the window: pending, abandoned
        by a stopped process, or failed long enough ago; a compare-and-set update, so two
        processes never take the same run."""
        now = utcnow()
        stale = now - timedelta(seconds=self.settings.reference_lease_seconds)
        retry = now - timedelta(seconds=self.settings.reference_retry_seconds)
        with self.db.read() as s:
            found = s.execute(
                select(ReferenceRun.id, ReferenceRun.state, ReferenceRun.updated_at)
                .where(
                    ReferenceRun.model.in_(list(self.clients)),
                    ReferenceRun.version.in_(self.versions()),
                    or_(
                        ReferenceRun.state == "pending",
                        (ReferenceRun.state == "running") & (ReferenceRun.claimed_at < stale),
                        (ReferenceRun.state == "failed") & (ReferenceRun.updated_at < retry),
                    ),
                )
                .order_by(ReferenceRun.id)
                .limit(4)
            ).all()
        for run_id, state, updated_at in found:
            with self.db.session() as s:
                res = s.execute(
                    update(ReferenceRun)
                    .where(
                        ReferenceRun.id == run_id,
                        ReferenceRun.state == state,
                        ReferenceRun.updated_at == updated_at,
                    )
                    .values(state="running", claimed_by=self.id, claimed_at=now, updated_at=now)
                    .execution_options(synchronize_session=False)
                )
            if res.rowcount == 1:  # type: ignore[attr-defined]
                return int(run_id)
        return None

    def run_once(self) -> bool:
        if not self.active:
            return False
        self.ensure_runs()
        run_id = self.claim()
        if run_id is None:
            return False
        with self.db.read() as s:
            run = s.get(ReferenceRun, run_id)
            assert run is not None
            model, version, answers = run.model, run.version, dict(run.answers or {})
        try:
            values = self._step(model, version, answers)
        except Exception as exc:  # the hub or the evaluator: keep the answers, retry later
            log.error("reference run %s on %s: %s: %s", model, version, type(exc).__name__, exc)
            values = {
                "state": "failed",
                "error": self._safe(version, f"{type(exc).__name__}: {exc}"),
            }
        now = utcnow()
        with self.db.session() as s:
            s.execute(
                update(ReferenceRun)
                .where(ReferenceRun.id == run_id, ReferenceRun.claimed_by == self.id)
                .values(**values, claimed_by=None, updated_at=now, steps=ReferenceRun.steps + 1)
                .execution_options(synchronize_session=False)
            )
        return True

    def _step(self, model: str, version: str, answers: dict[str, Any]) -> dict[str, Any]:
        """The run's new column values after one chunk of questions, or after scoring."""
        if version not in self._questions:
            self._questions[version] = _questions(self.revisions, version)
        questions = self._questions[version]
        todo = [q for q in questions if str(q.id) not in answers]
        if todo:
            chunk = todo[: max(1, self.settings.reference_chunk)]
            got = closed_book_answers(chunk, {model: self.clients[model]})
            failed = 0
            for q, (answer,) in zip(chunk, got, strict=True):
                if answer.by == "error":
                    failed += 1
                else:
                    answers[str(q.id)] = {
                        "answer": answer.answer,
                        "correct": answer.correct,
                        "by": answer.by,
                    }
            values: dict[str, Any] = {"answers": answers, "n_questions": len(questions)}
            if failed:
                values["state"] = "failed"
                values["error"] = (
                    f"{model} did not answer {failed} of {len(chunk)} questions (LLM errors); "
                    f"retried after {self.settings.reference_retry_seconds:g} s"
                )
            else:
                values["state"] = "pending"
                values["error"] = None
            return values
        return self._score(model, version, questions, answers)

    def _score(
        self, model: str, version: str, questions: list[Question], answers: dict[str, Any]
    ) -> dict[str, Any]:
        """Score the answers as a results file with no found texts; the per-question details
        keep scores only (an answer right from memory is the gold answer itself)."""
        results = {
            str(q.id): {"found_ids": [], "model_answer": answers[str(q.id)]["answer"]}
            for q in questions
        }
        try:
            evaluation = self.evaluator.evaluate(version, results)
        except BadInputError as exc:
            return {"state": "failed", "error": self._safe(version, str(exc))}
        index = self.revisions.private(version)
        report = scrub_json(evaluation.report, index)
        known = sum(1 for a in answers.values() if a.get("correct"))
        report["closed_book"] = {
            "model": model,
            "n_questions": len(questions),
            "from_memory": known,
            "share": round(known / len(questions), 6) if questions else None,
            "judge": evaluation.judge,  # the builtin judge's score, when it ran
        }
        details = [
            {k: d[k] for k in ("id", "retrieval", "generation") if k in d}
            for d in evaluation.details
        ]
        return {
            "state": "done",
            "error": None,
            "report": report,
            "details": details,
            "n_questions": len(questions),
            "finished_at": utcnow(),
        }

    def _safe(self, version: str, message: str) -> str:
        try:
            return self.revisions.private(version).scrub(message)[:2000]
        except Exception:
            return "reference run failed (details hidden)"


def run_views(db: Database) -> list[dict[str, Any]]:
    """Every run's progress for the operator: model, version, state, answered, error."""
    with db.read() as s:
        runs = list(
            s.scalars(select(ReferenceRun).order_by(ReferenceRun.version, ReferenceRun.model))
        )
    return [
        {
            "model": r.model,
            "version": r.version,
            "state": r.state,
            "answered": len(r.answers or {}),
            "n_questions": r.n_questions,
            "steps": r.steps,
            "error": r.error,
            "updated_at": r.updated_at.isoformat(timespec="seconds"),
            "finished_at": r.finished_at.isoformat(timespec="seconds") if r.finished_at else None,
            "from_memory": ((r.report or {}).get("closed_book") or {}).get("from_memory"),
        }
        for r in runs
    ]


def forget_runs(db: Database, model: str, version: str | None = None) -> int:
    """Delete a model's runs (on one version, or all): a running portal makes them again and
    asks every question anew (after the model behind a name changed). Returns how many."""
    query = delete(ReferenceRun).where(ReferenceRun.model == model)
    if version:
        query = query.where(ReferenceRun.version == version)
    with db.session() as s:
        res = s.execute(query.execution_options(synchronize_session=False))
    return int(res.rowcount)  # type: ignore[attr-defined]
