"""The arena's state on a portal and its vote log: battles stored, votes cast once, ratings."""

from __future__ import annotations

import random
import secrets
import threading
from typing import Any

from fastapi import HTTPException
from sqlalchemy import func, select, update

from dragon_bench.portal.arena.battles import Arena, arena_from_settings
from dragon_bench.portal.arena.models import VOTES, Battle
from dragon_bench.portal.arena.ratings import Game, outcome_of, rate
from dragon_bench.portal.auth import Caller
from dragon_bench.portal.models import Token, utcnow
from dragon_bench.portal.portal import Portal
from dragon_bench.portal.ratelimit import RateLimiter

__all__ = [
    "get_arena",
    "set_arena",
    "check_arena_rate",
    "draw_question",
    "start_battle",
    "cast_vote",
    "battle_view",
    "arena_leaderboard",
    "vote_log",
    "BOTH_BAD",
]

# "both bad" is rated as a tie (half a win to each side): both answers were equally unusable.
BOTH_BAD = "tie"
_lock = threading.Lock()


def set_arena(portal: Portal, arena: Arena) -> None:
    """Use these pipelines in this portal's arena (tests and the demo inject in-process ones)."""
    portal.__dict__["arena"] = arena


def get_arena(portal: Portal) -> Arena:
    """The portal's arena, built on first use from `arena_pipelines` over the newest revision."""
    with _lock:
        arena = portal.__dict__.get("arena")
        if arena is None:
            s = portal.settings
            versions = portal.revisions.versions(refresh=True)
            arena = arena_from_settings(
                s.arena_pipelines,
                portal.hub,
                versions[-1] if versions else None,
                timeout=s.arena_timeout,
            )
            portal.__dict__["arena"] = arena
        assert isinstance(arena, Arena)
        return arena


def check_arena_rate(portal: Portal, caller: Caller) -> None:
    """429 when a voter exceeds `arena_rate_per_minute` battles and votes in a minute."""
    with _lock:
        limiter = portal.__dict__.get("arena_limiter")
        if limiter is None:
            limiter = RateLimiter(portal.settings.arena_rate_per_minute)
            portal.__dict__["arena_limiter"] = limiter
    ok, wait = limiter.allow(f"arena:{caller.id}")
    if not ok:
        raise HTTPException(
            429,
            f"arena limit of {portal.settings.arena_rate_per_minute} battles and votes a minute "
            f"exceeded; retry in {wait:.0f} s",
            headers={"Retry-After": str(max(1, round(wait)))},
        )


def draw_question(portal: Portal, version: str | None) -> dict[str, Any]:
    """A random public question of a revision (the newest by default)."""
    version = portal.revisions.resolve(version)
    questions = portal.revisions.questions(version)
    if not questions:
        raise HTTPException(404, f"revision {version} has no questions")
    qid = random.choice(sorted(questions))
    return {"version": version, "question_id": int(qid), "question": questions[qid]}


def _resolve_question(
    portal: Portal, question: str | None, version: str | None, question_id: int | None
) -> tuple[str, str | None, int | None]:
    if question_id is not None:
        version = portal.revisions.resolve(version)
        text = portal.revisions.questions(version).get(question_id)
        if text is None:
            raise HTTPException(404, f"revision {version} has no question {question_id}")
        return text, version, question_id
    text = (question or "").strip()
    if not text:
        drawn = draw_question(portal, version)
        return drawn["question"], drawn["version"], drawn["question_id"]
    if len(text) > 2000:
        raise HTTPException(422, "question: at most 2000 characters")
    return text, None, None


def start_battle(
    portal: Portal,
    caller: Caller,
    *,
    question: str | None = None,
    version: str | None = None,
    question_id: int | None = None,
) -> Battle:
    """Ask two random pipelines and store the battle (failed when either side failed)."""
    text, version, question_id = _resolve_question(portal, question, version, question_id)
    arena = get_arena(portal)
    if len(arena.pipelines) < 2:
        raise HTTPException(409, "the arena needs at least two configured pipelines")
    fight = arena.fight(text, qid=str(question_id) if question_id is not None else "arena")
    row = Battle(
        battle_id=secrets.token_urlsafe(12),
        voter_id=caller.id,
        version=version,
        question_id=question_id,
        question=text,
        pipeline_a=fight.pipeline_a,
        pipeline_b=fight.pipeline_b,
        answer_a=fight.answer_a,
        answer_b=fight.answer_b,
        state="failed" if fight.failed else "open",
        error=fight.error,
    )
    with portal.db.session() as s:
        s.add(row)
    return row


def _get(portal: Portal, battle_id: str) -> Battle:
    with portal.db.read() as s:
        row = s.scalar(select(Battle).where(Battle.battle_id == battle_id))
    if row is None:
        raise HTTPException(404, f"no battle {battle_id}")
    return row


def battle_view(row: Battle, caller: Caller | None) -> dict[str, Any]:
    """A battle as its voter sees it: blinded (A / B) until voted, identities revealed after."""
    if caller is None or (caller.id != row.voter_id and not caller.is_admin):
        raise HTTPException(404, f"no battle {row.battle_id}")
    out: dict[str, Any] = {
        "battle_id": row.battle_id,
        "state": row.state,
        "question": row.question,
        "version": row.version,
        "question_id": row.question_id,
        "a": row.answer_a,
        "b": row.answer_b,
        "error": row.error,
        "created_at": row.created_at.isoformat(timespec="seconds"),
    }
    if row.state == "voted":
        out["votes"] = {"answer": row.answer_vote, "evidence": row.evidence_vote}
        out["reveal"] = {"a": row.pipeline_a, "b": row.pipeline_b}
        out["voted_at"] = row.voted_at.isoformat(timespec="seconds") if row.voted_at else None
    return out


def get_battle(portal: Portal, battle_id: str, caller: Caller | None) -> dict[str, Any]:
    return battle_view(_get(portal, battle_id), caller)


def cast_vote(
    portal: Portal, caller: Caller, battle_id: str, answer: str, evidence: str
) -> dict[str, Any]:
    """Record the one vote of a battle: 409 when already voted or failed; then reveal."""
    for name, value in (("answer", answer), ("evidence", evidence)):
        if value not in VOTES:
            raise HTTPException(422, f"{name}: vote one of {', '.join(VOTES)}")
    row = _get(portal, battle_id)
    if row.voter_id != caller.id:
        raise HTTPException(404, f"no battle {battle_id}")
    if row.state == "failed":
        raise HTTPException(409, f"battle {battle_id} failed ({row.error}); it is not rated")
    with portal.db.session() as s:
        done = s.execute(
            update(Battle)
            .where(Battle.battle_id == battle_id, Battle.state == "open")
            .values(state="voted", answer_vote=answer, evidence_vote=evidence, voted_at=utcnow())
        )
        changed = getattr(done, "rowcount", 0)
    if not changed:
        raise HTTPException(409, f"battle {battle_id} already has its vote")
    return get_battle(portal, battle_id, caller)


def _games(rows: list[Battle], which: str) -> list[Game]:
    games = []
    for r in rows:
        vote = r.answer_vote if which == "answer" else r.evidence_vote
        outcome = outcome_of(vote or "", both_bad=BOTH_BAD)
        if outcome is not None:
            games.append(Game(r.pipeline_a, r.pipeline_b, outcome))
    return games


def arena_leaderboard(portal: Portal, *, resamples: int = 200) -> dict[str, Any]:
    """Ratings recomputed from the whole vote log, separately for answers and evidence
    (kept until the log changes)."""
    with portal.db.read() as s:
        stamp = tuple(
            s.execute(
                select(
                    func.count(Battle.id),
                    func.count(Battle.voted_at),
                    func.max(Battle.voted_at),
                    func.max(Battle.id),
                )
            ).one()
        )
    key = (stamp, resamples, tuple(get_arena(portal).names()))
    cache: dict[Any, dict[str, Any]] = portal.__dict__.setdefault("arena_board_cache", {})
    if key in cache:
        return dict(cache[key])
    with portal.db.read() as s:
        rows = list(
            s.scalars(
                select(Battle).where(Battle.state == "voted").order_by(Battle.voted_at, Battle.id)
            )
        )
        failed = int(s.scalar(select(func.count(Battle.id)).where(Battle.state == "failed")) or 0)
    names = sorted(
        set(get_arena(portal).names()) | {p for r in rows for p in (r.pipeline_a, r.pipeline_b)}
    )
    board = {
        "votes": len(rows),
        "failed_battles": failed,
        "answer": rate(_games(rows, "answer"), names, resamples=resamples),
        "evidence": rate(_games(rows, "evidence"), names, resamples=resamples),
        "method": (
            "Bradley-Terry maximum likelihood (MM iterations; ties and 'both bad' count half a win "
            "to each side; one virtual tied game per pair as prior), shown on the Elo scale "
            f"1000 + 400·log10(strength); 95% percentile bootstrap over votes, {resamples} "
            "resamples, seed 0; 'elo' is sequential Elo (K=32) over the log in vote order. "
            "Failed battles are never rated."
        ),
    }
    cache.clear()  # only the newest log's ratings are worth keeping
    cache[key] = board
    return dict(board)


def vote_log(portal: Portal, limit: int = 1000) -> list[dict[str, Any]]:
    """Every battle with its voter, time, pipelines, question, answers and votes (admins only)."""
    with portal.db.read() as s:
        rows = list(s.scalars(select(Battle).order_by(Battle.id.desc()).limit(limit)))
        names = dict(s.execute(select(Token.id, Token.name)).tuples().all())
    return [
        {
            "battle_id": r.battle_id,
            "voter_id": r.voter_id,
            "voter": names.get(r.voter_id),
            "state": r.state,
            "created_at": r.created_at.isoformat(timespec="seconds"),
            "voted_at": r.voted_at.isoformat(timespec="seconds") if r.voted_at else None,
            "pipeline_a": r.pipeline_a,
            "pipeline_b": r.pipeline_b,
            "question": r.question,
            "version": r.version,
            "question_id": r.question_id,
            "answer_a": r.answer_a,
            "answer_b": r.answer_b,
            "answer_vote": r.answer_vote,
            "evidence_vote": r.evidence_vote,
            "error": r.error,
        }
        for r in rows
    ]
