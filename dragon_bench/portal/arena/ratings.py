"""Arena ratings from the vote log: Bradley-Terry (MM iterations) with bootstrap CIs, and Elo.

Outcomes are 1.0 (A wins), 0.0 (B wins) or 0.5 (tie). Ties count as half a win to each side;
"both bad" is a tie by default (`both_bad="exclude"` drops it). Every pair of rated pipelines
also gets `prior` virtual games split evenly, which keeps the maximum-likelihood fit finite when
a pipeline never won or the comparison graph is disconnected. Ratings are floats, never rounded.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = [
    "Game",
    "OUTCOMES",
    "outcome_of",
    "fit_bradley_terry",
    "bt_scale",
    "elo_ratings",
    "bootstrap_bt",
    "rate",
    "SCALE",
    "BASE",
]

# Votes → outcome for side A; "both_bad" is a tie unless excluded.
OUTCOMES = {"a": 1.0, "b": 0.0, "tie": 0.5, "both_bad": 0.5}
SCALE = 400.0 / math.log(10.0)  # Bradley-Terry log-strength → Elo-like points
BASE = 1000.0


@dataclass(frozen=True)
class Game:
    """One rated comparison: pipelines `a` and `b`, `outcome` for a (1, 0.5 or 0)."""

    a: str
    b: str
    outcome: float


def outcome_of(vote: str, *, both_bad: str = "tie") -> float | None:
    """The outcome for side A of a vote; None when the vote is not rated."""
    if vote == "both_bad" and both_bad == "exclude":
        return None
    return OUTCOMES.get(vote)


def _wins(games: Sequence[Game], names: list[str], prior: float) -> np.ndarray:
    """w[i, j]: (fractional) wins of i over j, plus prior/2 to each side of every pair."""
    index = {n: i for i, n in enumerate(names)}
    n = len(names)
    w = np.full((n, n), prior / 2.0)
    np.fill_diagonal(w, 0.0)
    for g in games:
        i, j = index[g.a], index[g.b]
        w[i, j] += g.outcome
        w[j, i] += 1.0 - g.outcome
    return w


def fit_bradley_terry(
    games: Sequence[Game],
    names: Sequence[str] | None = None,
    *,
    prior: float = 1.0,
    tol: float = 1e-10,
    max_iter: int = 10000,
) -> dict[str, float]:
    """Log-strengths theta (mean 0) maximising sum w_ij log(p_i / (p_i + p_j)), by Hunter's MM."""
    order = list(names) if names is not None else sorted({x for g in games for x in (g.a, g.b)})
    if not order:
        return {}
    if len(order) == 1:
        return {order[0]: 0.0}
    w = _wins(games, order, prior)
    n_pair = w + w.T
    wins = w.sum(axis=1)
    p = np.ones(len(order))
    for _ in range(max_iter):
        denom = (n_pair / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denom > 0, wins / np.where(denom > 0, denom, 1.0), p)
        new = np.maximum(new, 1e-300)
        new /= math.exp(float(np.mean(np.log(new))))
        done = float(np.max(np.abs(np.log(new) - np.log(p)))) < tol
        p = new
        if done:
            break
    theta = np.log(p)
    theta -= theta.mean()
    return {name: float(t) for name, t in zip(order, theta, strict=True)}


def bt_scale(theta: float) -> float:
    """A Bradley-Terry log-strength on the Elo-like display scale (1000 = average)."""
    return BASE + SCALE * theta


def elo_ratings(games: Sequence[Game], *, k: float = 32.0, base: float = BASE) -> dict[str, float]:
    """Sequential Elo over the games in log order (for display; order-dependent by nature)."""
    r: dict[str, float] = {}
    for g in games:
        ra, rb = r.setdefault(g.a, base), r.setdefault(g.b, base)
        expect = 1.0 / (1.0 + 10 ** ((rb - ra) / 400.0))
        r[g.a] = ra + k * (g.outcome - expect)
        r[g.b] = rb - k * (g.outcome - expect)
    return r


def bootstrap_bt(
    games: Sequence[Game],
    names: Sequence[str],
    *,
    resamples: int = 200,
    prior: float = 1.0,
    seed: int = 0,
    level: float = 0.95,
) -> dict[str, tuple[float, float]]:
    """Percentile bootstrap CIs of the display-scale BT ratings, resampling games."""
    if not games or resamples <= 0:
        return {}
    rng = np.random.default_rng(seed)
    draws = np.empty((resamples, len(names)))
    for b in range(resamples):
        pick = rng.integers(0, len(games), len(games))
        theta = fit_bradley_terry([games[i] for i in pick], names, prior=prior, tol=1e-8)
        draws[b] = [bt_scale(theta[n]) for n in names]
    lo, hi = (1 - level) / 2 * 100, (1 + level) / 2 * 100
    return {
        n: (float(np.percentile(draws[:, i], lo)), float(np.percentile(draws[:, i], hi)))
        for i, n in enumerate(names)
    }


def rate(
    games: Sequence[Game],
    names: Sequence[str] | None = None,
    *,
    resamples: int = 200,
    prior: float = 1.0,
    seed: int = 0,
) -> list[dict[str, Any]]:
    """Leaderboard rows best first: BT rating with 95% CI, Elo, games, wins, ties, losses."""
    order = sorted(set(names or []) | {x for g in games for x in (g.a, g.b)})
    theta = fit_bradley_terry(games, order, prior=prior)
    elo = elo_ratings(games)
    ci = bootstrap_bt(games, order, resamples=resamples, prior=prior, seed=seed)
    tally = {n: [0, 0.0, 0, 0] for n in order}  # games, wins, ties, losses
    for g in games:
        for name, score in ((g.a, g.outcome), (g.b, 1.0 - g.outcome)):
            t = tally[name]
            t[0] += 1
            if score == 0.5:
                t[2] += 1
            elif score > 0.5:
                t[1] += 1
            else:
                t[3] += 1
    rows: list[dict[str, Any]] = []
    for n in order:
        games_n, wins, ties, losses = tally[n]
        low, high = ci.get(n, (None, None))
        rows.append(
            {
                "pipeline": n,
                "rating": bt_scale(theta[n]),
                "ci_low": low,
                "ci_high": high,
                "strength": theta[n],
                "elo": elo.get(n, BASE),
                "games": games_n,
                "wins": int(wins),
                "ties": ties,
                "losses": losses,
            }
        )
    rows.sort(key=lambda r: (-r["rating"], r["pipeline"]))
    for i, row in enumerate(rows):
        row["rank"] = i + 1
    return rows
