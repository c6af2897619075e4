"""Bradley-Terry, Elo and bootstrap CIs of the arena.

Reference for BT: a direct maximum-likelihood fit of the same objective with
scipy.optimize.minimize (BFGS on the log-likelihood with its analytic gradient), independent of
the MM iterations under test; plus the two-player closed form p_a / p_b = w_a / w_b.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from dragon_bench.portal.arena.ratings import (
    SCALE,
    Game,
    bt_scale,
    elo_ratings,
    fit_bradley_terry,
    outcome_of,
    rate,
)


def _scipy_bt(games: list[Game], names: list[str], prior: float) -> dict[str, float]:
    optimize = pytest.importorskip("scipy.optimize")
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    w = np.full((k, k), prior / 2)
    np.fill_diagonal(w, 0)
    for g in games:
        w[idx[g.a], idx[g.b]] += g.outcome
        w[idx[g.b], idx[g.a]] += 1 - g.outcome

    def nll(theta: np.ndarray) -> tuple[float, np.ndarray]:
        diff = theta[:, None] - theta[None, :]
        # log sigma(diff) = -log(1 + exp(-diff))
        ll = -(w * np.logaddexp(0, -diff)).sum()
        sig = 1 / (1 + np.exp(diff))  # 1 - sigma(diff)
        grad = (w * sig).sum(axis=1) - (w.T * sig.T).sum(axis=1)
        return -ll, -grad

    res = optimize.minimize(nll, np.zeros(k), jac=True, method="BFGS", tol=1e-12)
    theta = res.x - res.x.mean()
    return {n: float(theta[idx[n]]) for n in names}


def _random_games(seed: int, n: int) -> list[Game]:
    rng = random.Random(seed)
    names = ["p1", "p2", "p3", "p4"]
    strength = {"p1": 1.2, "p2": 0.4, "p3": 0.0, "p4": -0.8}
    games = []
    for _ in range(n):
        a, b = rng.sample(names, 2)
        pa = 1 / (1 + math.exp(strength[b] - strength[a]))
        u = rng.random()
        outcome = 0.5 if rng.random() < 0.15 else (1.0 if u < pa else 0.0)
        games.append(Game(a, b, outcome))
    return games


@pytest.mark.parametrize(("seed", "prior"), [(0, 1.0), (1, 0.2), (2, 3.0)])
def test_bradley_terry_matches_scipy_maximum_likelihood(seed: int, prior: float) -> None:
    games = _random_games(seed, 120)
    names = ["p1", "p2", "p3", "p4"]
    ours = fit_bradley_terry(games, names, prior=prior)
    ref = _scipy_bt(games, names, prior)
    for n in names:
        assert ours[n] == pytest.approx(ref[n], abs=1e-5)


def test_two_players_closed_form_with_ties_as_half_wins() -> None:
    # a: 3 wins, b: 1 win, 2 ties → w_a = 4, w_b = 2 (no prior) → p_a/p_b = 2.
    games = [Game("a", "b", 1.0)] * 3 + [Game("b", "a", 1.0)] + [Game("a", "b", 0.5)] * 2
    theta = fit_bradley_terry(games, prior=0.0)
    assert theta["a"] - theta["b"] == pytest.approx(math.log(2.0), abs=1e-9)
    rows = {r["pipeline"]: r for r in rate(games, resamples=0, prior=0.0)}
    assert rows["a"]["rating"] - rows["b"]["rating"] == pytest.approx(SCALE * math.log(2.0))
    # Ratings are floats, never truncated to integers.
    assert rows["a"]["rating"] != round(rows["a"]["rating"])
    assert rows["a"]["ties"] == 2 and rows["a"]["wins"] == 3 and rows["a"]["losses"] == 1


def test_tie_is_not_a_win_and_both_bad_is_a_tie_or_excluded() -> None:
    assert outcome_of("tie") == 0.5
    assert outcome_of("both_bad") == 0.5
    assert outcome_of("both_bad", both_bad="exclude") is None
    only_ties = [Game("a", "b", 0.5)] * 5
    theta = fit_bradley_terry(only_ties)
    assert theta["a"] == pytest.approx(theta["b"], abs=1e-12)


def test_prior_keeps_winless_pipeline_finite() -> None:
    games = [Game("a", "b", 1.0)] * 4
    theta = fit_bradley_terry(games)
    assert math.isfinite(theta["b"]) and theta["a"] > theta["b"]
    # Direct check of the optimum: w_a = 4.5, w_b = 0.5 → ratio 9.
    assert theta["a"] - theta["b"] == pytest.approx(math.log(9.0), abs=1e-8)


def test_elo_by_hand() -> None:
    # Equal ratings: expected 0.5, K=32 → ±16; then b (984) beats a (1016):
    # expected_b = 1/(1+10^((1016-984)/400)) = 0.45408..., b gains 32*(1-0.45408) = 17.4694...
    r = elo_ratings([Game("a", "b", 1.0)])
    assert r == {"a": 1016.0, "b": 984.0}
    r = elo_ratings([Game("a", "b", 1.0), Game("b", "a", 1.0)])
    e = 1 / (1 + 10 ** (32 / 400))
    assert r["b"] == pytest.approx(984 + 32 * (1 - e))
    assert r["a"] + r["b"] == pytest.approx(2000.0)


def test_bootstrap_ci_brackets_the_rating_and_is_reproducible() -> None:
    games = _random_games(5, 80)
    rows = rate(games, resamples=100, seed=3)
    again = rate(games, resamples=100, seed=3)
    assert rows == again
    for r in rows:
        assert r["ci_low"] <= r["rating"] <= r["ci_high"]
    assert [r["pipeline"] for r in rows][0] == "p1"
    assert bt_scale(0.0) == 1000.0
