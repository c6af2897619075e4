"""Bootstrap intervals and the paired test. References: a plain resampling loop drawing the same
random stream (numpy PCG64), and scipy.stats.permutation_test for the paired p-value."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from dragon_bench.metrics.stats import bootstrap_ci, paired_test, percentiles


def test_bootstrap_equals_a_plain_loop() -> None:
    rng = np.random.default_rng(5)
    x = rng.random((137, 3))
    got = bootstrap_ci(x, resamples=500, seed=11)
    draw = np.random.default_rng(11)
    means = np.array([x[draw.integers(0, 137, size=137)].mean(axis=0) for _ in range(500)])
    want = np.percentile(means, [2.5, 97.5], axis=0)
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_percentiles_equal_numpy_exactly() -> None:
    rng = np.random.default_rng(3)
    for rows in (1, 2, 7, 1000, 1001):
        values = rng.random((rows, 4))
        values[:, 3] = np.round(values[:, 3], 1)  # ties
        q = [2.5, 97.5, 0.0, 50.0, 100.0, 33.3]
        assert percentiles(values, q).tolist() == np.percentile(values, q, axis=0).tolist()


def test_bootstrap_degenerate_and_seeded() -> None:
    assert bootstrap_ci(np.full((10, 1), 0.25)).tolist() == [[0.25], [0.25]]
    x = np.random.default_rng(0).random(50)
    assert bootstrap_ci(x, seed=3).tolist() == bootstrap_ci(x, seed=3).tolist()
    assert bootstrap_ci(np.zeros((0, 2))).shape == (2, 2)


def test_paired_test_against_scipy_permutation_test() -> None:
    rng = np.random.default_rng(1)
    a = rng.random(60)
    b = a - 0.05 + rng.normal(0, 0.2, 60)
    got = paired_test(a, b, resamples=20000, seed=2)
    ref = stats.permutation_test(
        (a, b),
        lambda x, y: np.mean(x - y),
        permutation_type="samples",
        n_resamples=20000,
        alternative="two-sided",
        random_state=3,
    )
    assert got["delta"][0] == pytest.approx(np.mean(a - b))
    assert got["p_value"][0] == pytest.approx(ref.pvalue, abs=0.02)
    lo, hi = got["ci"][:, 0]
    assert lo <= got["delta"][0] <= hi


def test_paired_test_identical_and_clearly_different() -> None:
    a = np.random.default_rng(0).random(200)
    assert paired_test(a, a)["p_value"][0] == 1.0
    assert paired_test(a + 0.3, a)["p_value"][0] < 0.001
    with pytest.raises(ValueError, match="shape"):
        paired_test(a, a[:10])


def test_draws_counted_a_resample_at_a_time_give_the_same_intervals() -> None:
    """From 2,000 questions the draws are counted row by row: the counts, so the intervals, are
    exactly those of one `np.bincount` over every row (the way they were computed before)."""
    from dragon_bench.metrics import stats as stats_module

    rng = np.random.default_rng(8)
    for n in (2000, 3001):
        idx = rng.integers(0, n, size=(7, n))
        rows = np.arange(7)[:, None] * n
        whole = np.bincount((idx + rows).ravel(), minlength=7 * n).reshape(7, n)
        assert (stats_module._draw_counts(idx, n) == whole).all()
        x = rng.random((n, 4))
        draw = np.random.default_rng(4)
        means = np.empty((300, 4))
        done = 0
        with stats_module._blas().limit(limits=1, user_api="blas"):  # as bootstrap_ci's product
            for b in stats_module._batches(300, n):
                i = draw.integers(0, n, size=(b, n))
                counts = np.bincount((i + np.arange(b)[:, None] * n).ravel(), minlength=b * n)
                means[done : done + b] = counts.reshape(b, n) @ x / n
                done += b
        want = np.percentile(means, [2.5, 97.5], axis=0)
        assert bootstrap_ci(x, resamples=300, seed=4).tolist() == want.tolist()
