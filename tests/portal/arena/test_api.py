"""The arena and grading APIs over a live portal (real HTTP, real SQLite, in-process pipelines)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.helpers.arena import ArenaLive, Fixed, graded_submission


def _battle(live: ArenaLive, role: str = "participant", **body: Any) -> dict[str, Any]:
    r = live.http.post("/api/v1/arena/battles", json=body, headers=live.auth(role))
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_full_battle_blinded_vote_reveal_and_rating(arena_live: ArenaLive) -> None:
    assert arena_live.http.get("/api/v1/arena/leaderboard").json()["votes"] == 0
    b = _battle(arena_live, question="Где гуляли?")
    assert b["state"] == "open" and b["question"] == "Где гуляли?"
    # Blinding: neither the names nor the run ids appear anywhere before the vote.
    raw = json.dumps(b)
    assert "reveal" not in b and "alpha says" in raw or "beta says" in raw
    for name in ("alpha", "beta"):
        assert f'"{name}"' not in raw
    got = arena_live.http.get(
        f"/api/v1/arena/battles/{b['battle_id']}", headers=arena_live.auth("participant")
    )
    assert "reveal" not in got.json()
    assert (
        b["a"]["segments"][0]["docid"] == "41"
        and "segment cited by" in b["a"]["segments"][0]["text"]
    )
    # Who said what is recoverable only from the text; vote for whichever side is alpha.
    alpha_side = "a" if "alpha" in b["a"]["text"] else "b"
    v = arena_live.http.post(
        f"/api/v1/arena/battles/{b['battle_id']}/vote",
        json={"answer": alpha_side, "evidence": "tie"},
        headers=arena_live.auth("participant"),
    )
    assert v.status_code == 200, v.text
    assert v.json()["reveal"][alpha_side] == "alpha"
    board = arena_live.http.get("/api/v1/arena/leaderboard").json()
    assert board["votes"] == 1
    answer = {r["pipeline"]: r for r in board["answer"]}
    assert answer["alpha"]["rating"] > answer["beta"]["rating"]
    assert answer["alpha"]["wins"] == 1 and answer["beta"]["losses"] == 1
    # A tie on evidence is a tie, not a win for anyone.
    evidence = {r["pipeline"]: r for r in board["evidence"]}
    assert evidence["alpha"]["rating"] == evidence["beta"]["rating"] == 1000.0
    assert evidence["alpha"]["ties"] == 1 and evidence["alpha"]["wins"] == 0
    # The vote log has who, when, pipelines, question and answers.
    log = arena_live.http.get("/api/v1/arena/votes", headers=arena_live.auth("admin")).json()[
        "items"
    ]
    assert log[0]["answer_vote"] == alpha_side and log[0]["voted_at"]
    assert log[0]["voter"] == "participant-user"
    assert {log[0]["pipeline_a"], log[0]["pipeline_b"]} == {"alpha", "beta"}
    assert log[0]["answer_a"]["text"] and log[0]["question"] == "Где гуляли?"
    assert (
        arena_live.http.get(
            "/api/v1/arena/votes", headers=arena_live.auth("participant")
        ).status_code
        == 403
    )


def test_repeated_vote_refused_and_others_cannot_vote(arena_live: ArenaLive) -> None:
    b = _battle(arena_live, question="Что открыли?")
    url = f"/api/v1/arena/battles/{b['battle_id']}/vote"
    other = arena_live.token("participant", "someone-else")
    r = arena_live.http.post(
        url, json={"answer": "a", "evidence": "b"}, headers={"Authorization": f"Bearer {other}"}
    )
    assert r.status_code == 404
    assert (
        arena_live.http.post(
            url, json={"answer": "a", "evidence": "b"}, headers=arena_live.auth("participant")
        ).status_code
        == 200
    )
    again = arena_live.http.post(
        url, json={"answer": "b", "evidence": "b"}, headers=arena_live.auth("participant")
    )
    assert again.status_code == 409
    bad = _battle(arena_live, question="x")
    r = arena_live.http.post(
        f"/api/v1/arena/battles/{bad['battle_id']}/vote",
        json={"answer": "A!", "evidence": "b"},
        headers=arena_live.auth("participant"),
    )
    assert r.status_code == 422
    assert arena_live.http.post("/api/v1/arena/battles", json={"question": "q"}).status_code == 401
    board = arena_live.http.get("/api/v1/arena/leaderboard").json()
    assert board["votes"] == 1


def test_failed_battles_are_recorded_and_never_rated(make_arena: Callable[..., ArenaLive]) -> None:
    live = make_arena({"ok": Fixed("ok"), "down": Fixed("down", broken=True)}, timeout=5.0)
    b = _battle(live, question="Куда плыли?")
    assert b["state"] == "failed" and "failed" in b["error"] and "down" not in b["error"]
    r = live.http.post(
        f"/api/v1/arena/battles/{b['battle_id']}/vote",
        json={"answer": "a", "evidence": "a"},
        headers=live.auth("participant"),
    )
    assert r.status_code == 409
    board = live.http.get("/api/v1/arena/leaderboard").json()
    assert board["votes"] == 0 and board["failed_battles"] == 1
    assert all(r["games"] == 0 and r["rating"] == 1000.0 for r in board["answer"])


def test_slow_pipeline_times_out(make_arena: Callable[..., ArenaLive]) -> None:
    live = make_arena({"ok": Fixed("ok"), "slow": Fixed("slow", delay=2.0)}, timeout=0.3)
    b = _battle(live, question="Что светит?")
    assert b["state"] == "failed" and "timed out" in b["error"]


def test_drawn_question_and_rate_limit(make_arena: Callable[..., ArenaLive]) -> None:
    live = make_arena(arena_rate_per_minute=3)
    q = live.http.get("/api/v1/arena/question", headers=live.auth("participant")).json()
    assert q["version"] == "1.1.0" and isinstance(q["question_id"], int)
    b = _battle(live, version=q["version"], question_id=q["question_id"])
    assert b["question"] == q["question"] and b["question_id"] == q["question_id"]
    drawn = _battle(live)  # no question: one is drawn from the newest revision
    assert drawn["version"] == "1.1.0"
    r = live.http.post(
        f"/api/v1/arena/battles/{b['battle_id']}/vote",
        json={"answer": "a", "evidence": "a"},
        headers=live.auth("participant"),
    )
    assert r.status_code == 200
    limited = live.http.post(
        "/api/v1/arena/battles", json={"question": "q"}, headers=live.auth("participant")
    )
    assert limited.status_code == 429 and "Retry-After" in limited.headers


def test_baseline_pipelines_from_settings(
    make_arena: Callable[..., ArenaLive], arena_hub: Any
) -> None:
    from dragon_bench.portal.arena.battles import arena_from_settings

    arena = arena_from_settings(["baseline", "small=baseline"], arena_hub, "1.1.0", timeout=30)
    assert arena.names() == ["baseline", "small"]
    fight = arena.fight("Текст 3")
    assert not fight.failed and fight.answer_a is not None
    assert fight.answer_a["segments"] and all(s["text"] for s in fight.answer_a["segments"])
    arena.close()


def test_grading_labels_truthfulness_and_agreement(arena_live: ArenaLive) -> None:
    sid = graded_submission(arena_live)
    assert (
        arena_live.http.get(
            f"/api/v1/grading/{sid}", headers=arena_live.auth("participant")
        ).status_code
        == 403
    )
    view = arena_live.http.get(f"/api/v1/grading/{sid}", headers=arena_live.auth("admin")).json()
    assert [i["question_id"] for i in view["items"]] == [0, 1, 2, 3]
    assert view["items"][0]["gold_answer"] == "Головинские пруды" and view["judge"] == 0.5
    labels = {0: "perfect", 1: "acceptable", 2: "incorrect", 3: "incorrect"}
    for q, label in labels.items():
        r = arena_live.http.post(
            f"/api/v1/grading/{sid}/labels",
            json={"question_id": q, "label": label},
            headers=arena_live.auth("admin"),
        )
        assert r.status_code == 200, r.text
    summary = r.json()
    # (1 + 0.5 - 1 - 1) / 4
    assert summary["human_truthfulness"] == -0.125
    # judge: correct, correct, incorrect, missing; humans: correct, correct, incorrect, incorrect.
    # p_o = 3/4; judge margins (.5, .25, .25), human (.5, 0, .5) → p_e = .25 + 0 + .125 = .375
    assert summary["agreement"]["kappa"] == (0.75 - 0.375) / (1 - 0.375)
    assert summary["agreement"]["confusion"] == [[2, 0, 0], [0, 0, 1], [0, 0, 1]]
    # Relabelling replaces the grader's label; bad labels and unknown questions are refused.
    r = arena_live.http.post(
        f"/api/v1/grading/{sid}/labels",
        json={"question_id": 3, "label": "missing"},
        headers=arena_live.auth("admin"),
    )
    assert r.json()["n_labels"] == 4 and r.json()["agreement"]["kappa"] == 1.0
    assert (
        arena_live.http.post(
            f"/api/v1/grading/{sid}/labels",
            json={"question_id": 3, "label": "great"},
            headers=arena_live.auth("admin"),
        ).status_code
        == 422
    )
    assert (
        arena_live.http.post(
            f"/api/v1/grading/{sid}/labels",
            json={"question_id": 99, "label": "missing"},
            headers=arena_live.auth("admin"),
        ).status_code
        == 404
    )
    # Public summaries list approved submissions only.
    assert arena_live.http.get("/api/v1/grading").json()["items"] == []
    arena_live.http.post(
        f"/api/v1/admin/submissions/{sid}/approve", headers=arena_live.auth("admin")
    )
    items = arena_live.http.get("/api/v1/grading").json()["items"]
    assert items[0]["submit_id"] == sid and items[0]["human_truthfulness"] == 0.125


def test_battle_and_single_vote_on_postgres(
    make_arena: Callable[..., ArenaLive], request: Any
) -> None:
    url = request.getfixturevalue("postgres_url")
    live = make_arena(db=url)
    b = _battle(live, question="Где гуляли?")
    vote = f"/api/v1/arena/battles/{b['battle_id']}/vote"
    body = {"answer": "both_bad", "evidence": "a"}
    assert live.http.post(vote, json=body, headers=live.auth("participant")).status_code == 200
    assert live.http.post(vote, json=body, headers=live.auth("participant")).status_code == 409
    board = live.http.get("/api/v1/arena/leaderboard").json()
    assert board["votes"] >= 1
