"""Publishing the results file on each change: a bare git repository and the Hugging Face fake,
approve / reject / re-evaluate / judge, failures retried in order, a restart losing nothing."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from dragon_bench.errors import BadInputError
from dragon_bench.portal.publishing.publisher import backoff
from dragon_bench.portal.publishing.targets import GitTarget, HubTarget, redact
from dragon_bench.portal.results_file import validate_results
from dragon_bench.portal.settings import PortalSettings
from tests.helpers.git_repos import make_bare, messages, show
from tests.helpers.portal import Live, results

RETRY = {"results_retry_seconds": 0.05, "results_retry_max_seconds": 0.2}


def drained(live: Live, timeout: float = 30.0) -> dict[str, Any]:
    """The admin view of the queue once nothing is pending."""
    deadline = time.monotonic() + timeout
    while True:
        body: dict[str, Any] = live.http.get(
            "/api/v1/admin/results", headers=live.auth("admin")
        ).json()
        if not any(c["state"] == "pending" for c in body["items"]):
            return body
        if time.monotonic() > deadline:
            raise TimeoutError(f"still pending: {body['items']}")
        time.sleep(0.05)


def approve(live: Live, sid: str, action: str = "approve") -> None:
    r = live.http.post(f"/api/v1/admin/submissions/{sid}/{action}", headers=live.auth("admin"))
    assert r.status_code == 200, r.text


def submitted(live: Live, sid: str, hits: int, model: str, token: str | None = None) -> None:
    r = live.submit(
        results(hits, hits),
        submit_id=sid,
        version="1.0.0",
        config={"model_name": model},
        token=token,
    )
    assert r.status_code == 200, r.text
    live.wait(sid)


def board_file(live: Live) -> bytes:
    return live.http.get("/api/v1/leaderboard/gradio.json").content


@pytest.mark.slow
def test_every_change_is_one_commit_in_a_bare_repository(make_live: Any, bare: Path) -> None:
    live: Live = make_live(results_repo=str(bare), **RETRY)
    submitted(live, "x1", 1, "m1")
    submitted(live, "x2", 3, "m2")
    submitted(live, "x3", 2, "m3")
    assert messages(bare) == []  # evaluation alone publishes nothing
    approve(live, "x1")
    drained(live)
    assert messages(bare) == ["Approve submission x1 (m1, version 1.0.0)"]
    # The committed file is the portal's own export, byte for byte, and valid.
    assert show(bare, "main") == board_file(live)
    data = json.loads(show(bare, "main"))
    validate_results(data)
    assert set(data["items"]["1.0.0"]) == {"x1"} and data["items"]["1.1.0"] == {}

    approve(live, "x2")
    approve(live, "x1", "reject")
    approve(live, "x3", "reject")  # never public: the file does not change, no commit
    drained(live)
    assert set(json.loads(show(bare, "main"))["items"]["1.0.0"]) == {"x2"}

    # Re-evaluation: withdrawn while it is scored again, public again once approved.
    approve(live, "x2", "requeue")
    live.wait("x2")
    drained(live)
    assert json.loads(show(bare, "main"))["items"]["1.0.0"] == {}
    approve(live, "x2")
    # An auto submission is published as soon as it is evaluated.
    submitted(live, "a1", 4, "auto-model", token=live.tokens["auto"])
    # A judge score arriving later corrects the published file.
    r = live.http.post(
        "/submit/add_judge_results",
        data={
            "token": live.tokens["admin"],
            "submit_id": "a1",
            "version": "1.0.0",
            "judge_results": json.dumps({"judge": 0.75}),
        },
    )
    assert r.status_code == 200, r.text
    body = drained(live)
    assert messages(bare) == [
        "Approve submission x1 (m1, version 1.0.0)",
        "Approve submission x2 (m2, version 1.0.0)",
        "Reject submission x1 (m1, version 1.0.0)",
        "Withdraw for re-evaluation submission x2 (m2, version 1.0.0)",
        "Approve submission x2 (m2, version 1.0.0)",
        "Publish evaluated auto submission a1 (auto-model, version 1.0.0)",
        "Judge score for submission a1 (auto-model, version 1.0.0)",
    ]
    final = json.loads(show(bare, "main"))
    assert final["items"]["1.0.0"]["a1"]["scores"]["judge"] == 0.75
    assert set(final["items"]["1.0.0"]) == {"x2", "a1"}
    assert show(bare, "main") == board_file(live)
    assert show(bare, "main~1") != show(bare, "main")
    # The admin view lists them newest first once done, each with its commit id.
    assert [c["state"] for c in body["items"]] == ["done"] * 7
    assert body["target"].startswith("file://") and body["path"] == "results.json"
    assert all(len(c["commit_id"]) == 40 for c in body["items"])


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # not DB-specific
def test_approvals_do_not_wait_for_the_push_and_commit_in_order(make_live: Any, bare: Path) -> None:
    live: Live = make_live(results_repo=str(bare), **RETRY)
    for i in range(3):
        submitted(live, f"s{i}", i + 1, f"model-{i}")
    real = live.portal.publisher.target
    gate = threading.Event()

    class Held:
        """The repository hangs (a network that does not answer) until the gate opens."""

        description = real.description

        def push(self, content: bytes, message: str) -> str | None:
            gate.wait(30)
            return real.push(content, message)

    live.portal.publisher.target = Held()
    for i in range(3):  # all three within the same second, while the first push hangs
        approve(live, f"s{i}")
    assert messages(bare) == []
    pending = live.http.get("/api/v1/admin/results", headers=live.auth("admin")).json()["items"]
    assert [c["state"] for c in pending] == ["pending"] * 3
    gate.set()
    drained(live)
    assert messages(bare) == [
        f"Approve submission s{i} (model-{i}, version 1.0.0)" for i in range(3)
    ]
    # Each commit holds the file as its own approval left it.
    for back, count in ((2, 1), (1, 2), (0, 3)):
        ref = f"main~{back}" if back else "main"
        assert len(json.loads(show(bare, ref))["items"]["1.0.0"]) == count


@pytest.mark.slow
def test_concurrent_approvals_each_see_the_ones_before(make_live: Any, bare: Path) -> None:
    live: Live = make_live(results_repo=str(bare), **RETRY)
    ids = [f"c{i}" for i in range(5)]
    for i, sid in enumerate(ids):
        submitted(live, sid, 1 + i % 4, f"model-{i}")
    with ThreadPoolExecutor(len(ids)) as pool:
        list(pool.map(lambda sid: approve(live, sid), ids))
    drained(live)
    log = messages(bare)
    assert sorted(log) == sorted(
        f"Approve submission {sid} (model-{i}, version 1.0.0)" for i, sid in enumerate(ids)
    )
    # Renders are serialised: commit n holds exactly the n approvals committed before it.
    seen: list[str] = []
    for n, message in enumerate(log):
        seen.append(message.split()[2])
        ref = f"main~{len(log) - 1 - n}" if n < len(log) - 1 else "main"
        assert sorted(json.loads(show(bare, ref))["items"]["1.0.0"]) == sorted(seen)


@pytest.mark.slow
def test_a_failed_push_is_retried_and_shown_to_the_admin(make_live: Any, tmp_path: Path) -> None:
    remote = tmp_path / "later.git"  # does not exist yet: every push fails
    live: Live = make_live(results_repo=str(remote), **RETRY)
    submitted(live, "f1", 2, "m1")
    submitted(live, "f2", 3, "m2")
    approve(live, "f1")
    approve(live, "f2")
    deadline = time.monotonic() + 20
    while True:
        items = live.http.get("/api/v1/admin/results", headers=live.auth("admin")).json()["items"]
        if items and items[0]["attempts"] >= 2:
            break
        assert time.monotonic() < deadline, items
        time.sleep(0.05)
    assert [c["state"] for c in items] == ["pending", "pending"]
    head = items[0]
    assert "does not appear to be a git repository" in head["last_error"]
    assert head["next_attempt_at"] and items[1]["attempts"] == 0  # the second waits its turn
    page = live.http.get("/admin", headers=live.auth("admin")).text
    assert "Published results file" in page and "does not appear to be a git repository" in page
    assert f"{remote} (results.json)" in page
    make_bare(remote)
    r = live.http.post("/api/v1/admin/results/retry", headers=live.auth("admin"))
    assert r.status_code == 200
    drained(live)
    assert messages(remote) == [
        "Approve submission f1 (m1, version 1.0.0)",
        "Approve submission f2 (m2, version 1.0.0)",
    ]
    assert (
        live.http.get("/api/v1/admin/results", headers=live.auth("participant")).status_code == 403
    )


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_restart_publishes_what_was_pending(
    make_live: Any, tmp_path: Path, launch_portal: Any
) -> None:
    remote = tmp_path / "board.git"
    live: Live = make_live(results_repo=str(remote), **RETRY)
    submitted(live, "r1", 2, "m1")
    approve(live, "r1")
    deadline = time.monotonic() + 20
    while not live.http.get("/api/v1/admin/results", headers=live.auth("admin")).json()["items"][0][
        "attempts"
    ]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    settings = live.portal.settings
    live.http.close()
    live.server.stop()  # the portal stops with its commit pending
    make_bare(remote)
    assert messages(remote) == []
    server, http, _ = launch_portal(settings)
    try:
        server.portal.publisher.wake()
        deadline = time.monotonic() + 20
        while messages(remote) == [] and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        http.close()
    assert messages(remote) == ["Approve submission r1 (m1, version 1.0.0)"]
    assert set(json.loads(show(remote, "main"))["items"]["1.0.0"]) == {"r1"}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("kind", ["spaces", "datasets"])
def test_hugging_face_space_and_dataset_repos(
    make_live: Any, fake_hf: Any, kind: str, launch_portal: Any
) -> None:
    live: Live = make_live(
        results_repo=f"hf://{kind}/org/board",
        hf_endpoint=fake_hf.url,
        hf_token="hf_board_secret",
        results_path="data/results.json",
        **RETRY,
    )
    submitted(live, "h1", 2, "m1")
    submitted(live, "h2", 3, "m2")
    approve(live, "h1")
    drained(live)
    repo = fake_hf.repos["org/board"]
    assert repo.kind == kind[:-1] and (repo.sdk == "gradio") == (kind == "spaces")
    fake_hf.fail_commits = 2  # the next two pushes are refused
    approve(live, "h2")
    approve(live, "h1", "reject")
    body = drained(live)
    assert repo.messages() == [
        "Approve submission h1 (m1, version 1.0.0)",
        "Approve submission h2 (m2, version 1.0.0)",
        "Reject submission h1 (m1, version 1.0.0)",
    ]
    assert body["items"][1]["attempts"] == 3 and "commit refused" in body["items"][1]["last_error"]
    assert repo.files["data/results.json"] == board_file(live)
    assert set(fake_hf.tokens) == {"Bearer hf_board_secret"}
    # A push repeated after a crash (the commit made, not yet marked done) adds nothing.
    target = live.portal.publisher.target
    assert target.push(repo.files["data/results.json"], "again") is None
    assert len(repo.commits) == 3
    # Re-evaluation of h2, and a restart while the Hub refuses every commit.
    approve(live, "h2", "requeue")
    live.wait("h2")
    fake_hf.fail_commits = 10**6
    approve(live, "h2")
    deadline = time.monotonic() + 20
    while True:  # the approval's commit has failed at least once and is pending
        items = live.http.get("/api/v1/admin/results", headers=live.auth("admin")).json()["items"]
        if items[0]["state"] == "pending" and items[0]["attempts"] >= 1:
            break
        assert time.monotonic() < deadline, items
        time.sleep(0.05)
    assert items[0]["message"] == "Approve submission h2 (m2, version 1.0.0)"
    settings = live.portal.settings
    live.http.close()
    live.server.stop()
    fake_hf.fail_commits = 0
    server, http, tokens = launch_portal(settings, roles=("admin",))
    deadline = time.monotonic() + 20
    while len(repo.commits) < 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    http.close()
    assert repo.messages()[3:] == [
        "Withdraw for re-evaluation submission h2 (m2, version 1.0.0)",
        "Approve submission h2 (m2, version 1.0.0)",
    ]
    assert set(json.loads(repo.files["data/results.json"])["items"]["1.0.0"]) == {"h2"}


def test_targets_refuse_bad_settings_and_hide_credentials(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match="relative file path"):
        GitTarget(str(tmp_path), path="../escape.json")
    with pytest.raises(BadInputError, match="Name <email>"):
        GitTarget(str(tmp_path), author="nobody")
    with pytest.raises(BadInputError, match="hf://spaces/ORG/NAME"):
        HubTarget("hf://models/org/x")
    target = GitTarget("https://bot:s3cret@example.invalid/board.git")
    assert "s3cret" not in target.description
    assert redact("fatal: https://u:p@h/x failed") == "fatal: https://***@h/x failed"
    s = PortalSettings(results_retry_seconds=2, results_retry_max_seconds=10)
    assert [backoff(s, n) for n in (1, 2, 3, 4, 5)] == [2, 4, 8, 10, 10]


def test_no_repository_no_queue(make_live: Any) -> None:
    live: Live = make_live()
    submitted(live, "n1", 2, "m1")
    approve(live, "n1")
    body = live.http.get("/api/v1/admin/results", headers=live.auth("admin")).json()
    assert body == {"target": None, "path": "results.json", "items": []}
    assert "Published results file" not in live.http.get("/admin", headers=live.auth("admin")).text
    r = live.http.post("/api/v1/admin/results/publish", headers=live.auth("admin"))
    assert r.status_code == 409 and "DRAGON_PORTAL_RESULTS_REPO" in r.json()["detail"]


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_repository_configured_later_gets_the_file_on_request(
    make_live: Any, bare: Path, launch_portal: Any
) -> None:
    live: Live = make_live()
    submitted(live, "p1", 2, "m1")
    approve(live, "p1")
    settings = live.portal.settings.model_copy(update={"results_repo": str(bare), **RETRY})
    live.http.close()
    live.server.stop()
    server, http, tokens = launch_portal(settings, roles=("admin",))
    admin = {"Authorization": f"Bearer {tokens['admin']}"}
    r = http.post("/api/v1/admin/results/publish", headers=admin)
    assert r.status_code == 200 and r.json()["message"] == "Publish the results file (1 result)"
    deadline = time.monotonic() + 20
    while not messages(bare) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert messages(bare) == ["Publish the results file (1 result)"]
    assert set(json.loads(show(bare, "main"))["items"]["1.0.0"]) == {"p1"}
    # Asked again with nothing changed: queued, and the push finds the file already there.
    http.post("/api/v1/admin/results/publish", headers=admin)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        items = http.get("/api/v1/admin/results", headers=admin).json()["items"]
        if items[0]["state"] != "pending":
            break
        time.sleep(0.05)
    assert items[0]["state"] == "unchanged" and messages(bare) == [
        "Publish the results file (1 result)"
    ]
