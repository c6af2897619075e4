"""Demo step: a revision built for review (staged), its candidates decided through the review
API by a reviewer token, and the release of the accepted ones with the review report."""

from __future__ import annotations

from typing import Any

import httpx

from dragon_bench.corpus import builtin_corpus_path, read_documents
from dragon_bench.demo import DemoContext
from dragon_bench.hub import Hub
from dragon_bench.output import print_table, stdout
from dragon_bench.portal.review.exchange import review_report
from dragon_bench.portal.review.store import final_verdicts
from dragon_bench.portal.server import PortalServer
from dragon_bench.portal.settings import PortalSettings
from dragon_bench.portal.tokens import create_token
from dragon_bench.release.build import build_revision
from dragon_bench.release.staging import release_staged
from dragon_bench.release.tables import triples_from_table

__all__ = ["run"]


def run(ctx: DemoContext) -> None:
    """Leaves `review_hub` and `review_version` in ctx.artifacts."""
    docs = ctx.artifacts.get("documents") or read_documents(ctx.corpus or builtin_corpus_path())
    triples = None
    if ctx.artifacts.get("hub"):  # the revision step's KG: no second extraction
        demo_hub = Hub(ctx.artifacts["hub"])
        triples = triples_from_table(demo_hub.read_table("private", ctx.artifacts["version"], "kg"))
    root = ctx.workdir / "review-hub"
    made = build_revision(docs, str(root), triples=triples, per_type=3, seed=0, review=True)
    hub, version = Hub(str(root)), made.version
    stdout.print(
        f"staged {version}: {sum(made.questions.values())} candidates {dict(made.questions)}; "
        f"public half: {hub.versions('public') or 'none'} -> {root}"
    )
    settings = PortalSettings(
        hub=str(root), db=f"sqlite:///{ctx.workdir / 'review.db'}", worker=False
    )
    with PortalServer(settings) as server:
        with server.portal.db.session() as s:
            secrets = [
                create_token(s, role="reviewer", name=f"demo-reviewer-{i}")[1] for i in (1, 2)
            ]
        base = f"/api/v1/review/{version}"
        rows: list[tuple[Any, ...]] = []
        first: dict[int, str] = {}
        # the first reviewer decides every candidate; the second gets only the blind
        # double-review share still open (`review_double_share`) and agrees with the first
        for who, secret in enumerate(secrets, 1):
            headers = {"Authorization": f"Bearer {secret}"}
            with httpx.Client(base_url=server.url, headers=headers) as http:
                got = http.get(f"{base}/next").json()
                while got["candidate"] is not None:
                    cand = got["candidate"]
                    qid = cand["question_id"]
                    body: dict[str, Any] = {"question_id": qid, "decision": "accept"}
                    if who == 2:
                        body["decision"] = "reject" if first[qid] == "reject" else "accept"
                        if body["decision"] == "reject":
                            body["reason"] = "ambiguous"
                    elif len(rows) % 4 == 1:
                        body.update(decision="reject", reason="ambiguous")
                    elif len(rows) == 2:
                        body.update(
                            decision="edit", question=cand["question"].rstrip("?") + " сейчас?"
                        )
                    got = http.post(f"{base}/decisions", json=body).json()
                    first.setdefault(qid, body["decision"])
                    rows.append((qid, cand["type"], who, body["decision"],
                                 body.get("reason", ""), cand["question"]))  # fmt: skip
        verdicts = final_verdicts(server.portal.db, version)
    print_table(["candidate", "type", "reviewer", "decision", "reason", "question"], rows)
    released = release_staged(hub, version, verdicts)
    stdout.print(
        f"released {version}: {released['questions']} questions "
        f"(accepted {released['accepted']}, edited {released['edited']}, rejected "
        f"{released['rejected_by_reason']}); public: {hub.versions('public')}"
    )
    report = review_report(hub, version)
    print_table(
        ["type", "accepted", "rejected", "rate"],
        [
            (t, c["accepted"], c["rejected"], c["acceptance_rate"])
            for t, c in report["by_type"].items()
        ],
    )
    ctx.artifacts.update(review_hub=str(root), review_version=version)
