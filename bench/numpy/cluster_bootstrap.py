"""The cluster bootstrap of a mean at a real eval's size, the four intervals, numpy-vectorised.

The peer of `pnpm bench bootstrap` (scripts/bench-bootstrap.mjs): N scored items (0/1, each
cluster its own rate) in K clusters, B whole-cluster resamples, written the fast way — cluster
totals S_g, sizes n_g once (np.bincount), each resample drawn as K cluster indices and summed
over totals, not items (O(B·K)), in batches of resamples so that memory stays bounded:

  mean*_b = sum_j S_{i_bj} / sum_j n_{i_bj}
  se*_b   = sqrt(K/(K-1) * sum_j (S_{i_bj} - mean*_b n_{i_bj})^2) / sum_j n_{i_bj}   (CR1)
  percentile, basic, studentized (bootstrap-t with the data's CR1 SE), BCa (bias from the
  resample means, acceleration from the K leave-one-cluster-out means, a linear-time jackknife)

with R boot.ci's quantile rule (the ((B + 1) q)-th order statistic, interpolated on the normal
scale) — the same formulas as evalsim's analysis/clusterBootstrapSet.ts, on other random draws.
(scipy.stats.bootstrap resamples items: at a million items it needs batching to fit in memory,
and its BCa jackknife over items is quadratic in N.)

Usage: python3 cluster_bootstrap.py [--items 1000000] [--clusters 10000] [--resamples 2000]
Prints JSON: the four intervals and the seconds of each part.
"""
import argparse
import json
import time

import numpy as np
from scipy.special import ndtri, ndtr


def boot_quantile(sorted_values, q):
    """R boot's norm.inter: the ((B + 1) q)-th order statistic, interpolated on the normal scale."""
    n = sorted_values.size
    rk = (n + 1) * q
    k = int(np.floor(rk))
    if k == rk and 1 <= k <= n:
        return float(sorted_values[k - 1])
    if k < 1:
        return float(sorted_values[0])
    if k >= n:
        return float(sorted_values[-1])
    lo, hi = sorted_values[k - 1], sorted_values[k]
    w = (ndtri(q) - ndtri(k / (n + 1))) / (ndtri((k + 1) / (n + 1)) - ndtri(k / (n + 1)))
    return float(lo + w * (hi - lo))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--items", type=int, default=1_000_000)
    ap.add_argument("--clusters", type=int, default=10_000)
    ap.add_argument("--resamples", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20240634)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    N, K, B, level = a.items, a.clusters, a.resamples, 0.95
    cluster = np.sort(rng.integers(0, K, N))
    rate = rng.uniform(0.3, 0.9, K)
    y = (rng.random(N) < rate[cluster]).astype(np.float64)

    t0 = time.perf_counter()
    n = np.bincount(cluster, minlength=K).astype(np.float64)
    S = np.bincount(cluster, weights=y, minlength=K)
    t1 = time.perf_counter()
    means = np.empty(B)
    ses = np.empty(B)
    factor = K / (K - 1)
    for b0 in range(0, B, a.batch):
        idx = rng.integers(0, K, (min(a.batch, B - b0), K))
        St, nt = S[idx], n[idx]
        tot, items = St.sum(axis=1), nt.sum(axis=1)
        m = tot / items
        means[b0 : b0 + idx.shape[0]] = m
        ses[b0 : b0 + idx.shape[0]] = np.sqrt(factor * ((St - m[:, None] * nt) ** 2).sum(axis=1)) / items
    t2 = time.perf_counter()
    est = S.sum() / n.sum()
    se0 = np.sqrt(factor * ((S - est * n) ** 2).sum()) / n.sum()
    alpha = (1 - level) / 2
    srt = np.sort(means)
    perc = [boot_quantile(srt, alpha), boot_quantile(srt, 1 - alpha)]
    basic = [2 * est - perc[1], 2 * est - perc[0]]
    roots = np.sort((means - est) / ses)
    stud = [est - se0 * boot_quantile(roots, 1 - alpha), est - se0 * boot_quantile(roots, alpha)]
    jack = (S.sum() - S) / (n.sum() - n)
    d = jack.mean() - jack
    acc = (d**3).sum() / (6 * ((d**2).sum()) ** 1.5)
    z0 = ndtri((means < est).mean())
    bca = []
    for q in (alpha, 1 - alpha):
        z = z0 + ndtri(q)
        bca.append(boot_quantile(srt, float(ndtr(z0 + z / (1 - acc * z)))))
    t3 = time.perf_counter()
    print(json.dumps(dict(items=N, clusters=K, resamples=B, estimate=est, percentile=perc, basic=basic,
                          studentized=stud, bca=bca, totals_s=round(t1 - t0, 4), resamples_s=round(t2 - t1, 4),
                          intervals_s=round(t3 - t2, 4), compute_s=round(t3 - t0, 4))))


if __name__ == "__main__":
    main()
