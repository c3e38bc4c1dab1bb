/**
 * Test-only method: the naive Wald interval p̂ ± z·√(p̂(1 − p̂)/N) over all
 * items, with z test p-values against `nullValue` (default 0.5). Only level
 * 0.95 (z = 1.959963984540054) so the module needs no imports. Degenerate when
 * p̂ is 0 or 1 (zero SE): the interval collapses to p̂.
 */
const Z95 = 1.959963984540054;

function bad(argument, message) {
  return Object.assign(new RangeError(`${argument}: ${message}`), { argument });
}

/** Upper tail of N(0, 1) (Abramowitz & Stegun 7.1.26 is too coarse; use erfc via continued series). */
function normalSf(x) {
  // W. J. Cody's rational approximation is overkill here; a 1e-7-accurate erfc suffices for tests.
  const t = 1 / (1 + 0.5 * Math.abs(x / Math.SQRT2));
  const tau =
    t *
    Math.exp(
      -(x * x) / 2 -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? tau / 2 : 1 - tau / 2;
}

export const method = {
  name: 'toyWald',
  description: 'Naive Wald interval over items (tests only).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options, { level }) {
    for (const key of Object.keys(options)) {
      if (key !== 'nullValue') throw bad(key, 'unknown option; allowed: nullValue');
    }
    const nullValue = options.nullValue ?? 0.5;
    if (typeof nullValue !== 'number' || !(nullValue > 0 && nullValue < 1)) {
      throw bad('nullValue', `must be in (0, 1), got ${JSON.stringify(nullValue)}`);
    }
    if (level !== 0.95) throw bad('level', `toyWald supports only 0.95, got ${level}`);
    return (data, _rng, out) => {
      let sum = 0;
      for (let k = 0; k < data.clusterCount; k++) sum += data.totals[k];
      const n = data.itemCount;
      const p = sum / n;
      const se = Math.sqrt((p * (1 - p)) / n);
      out.estimate = p;
      out.se = se;
      out.lower = p - Z95 * se;
      out.upper = p + Z95 * se;
      out.degenerate = se === 0;
      const z = (p - nullValue) / Math.sqrt((nullValue * (1 - nullValue)) / n);
      out.pGreater = normalSf(z);
      out.pLess = normalSf(-z);
      out.pTwoSided = Math.min(1, 2 * Math.min(out.pGreater, out.pLess));
    };
  },
};
