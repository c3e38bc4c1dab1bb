#!/usr/bin/env node
/**
 * Seeded generator of studies/data/mmlu-standin.csv: a stand-in for the 1,140 MMLU questions
 * (57 subjects × 20) of the article in seed 000 ("The Statistics of Evals"), whose per-answer
 * data are not public. Three systems: haiku_off (Haiku, thinking off, K = 5), haiku_low
 * (Haiku, adaptive thinking at low effort, K = 5) and sonnet_off (Sonnet, thinking off, K = 2).
 *
 * Every count the article publishes is matched exactly by construction (889 / 203 / 48
 * questions, the five run scores, the three first-answer 2×2 tables); the moments
 * (variance split, subject share, clustered SEs, ω², σ², δ, subject concentration) are
 * matched by simulated annealing over which runs a mixed question got right, which question
 * sits in which subject, and the other two systems' counts. The script prints each target
 * beside the value achieved. Usage:
 *
 *   node scripts/standin/mmlu-standin.mjs [--seed 3933038] [--out studies/data/mmlu-standin.csv]
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { anneal } from './anneal.mjs';
import { createPrng, shuffle } from './prng.mjs';
import {
  betweenClusterShare,
  clusteredStandardError,
  mcnemarExactP,
  mean,
  naiveStandardError,
  sampleVariance,
  varianceSplit,
  withinVariance,
} from './stats.mjs';

const SUBJECTS = [
  'abstract_algebra',
  'anatomy',
  'astronomy',
  'business_ethics',
  'clinical_knowledge',
  'college_biology',
  'college_chemistry',
  'college_computer_science',
  'college_mathematics',
  'college_medicine',
  'college_physics',
  'computer_security',
  'conceptual_physics',
  'econometrics',
  'electrical_engineering',
  'elementary_mathematics',
  'formal_logic',
  'global_facts',
  'high_school_biology',
  'high_school_chemistry',
  'high_school_computer_science',
  'high_school_european_history',
  'high_school_geography',
  'high_school_government_and_politics',
  'high_school_macroeconomics',
  'high_school_mathematics',
  'high_school_microeconomics',
  'high_school_physics',
  'high_school_psychology',
  'high_school_statistics',
  'high_school_us_history',
  'high_school_world_history',
  'human_aging',
  'human_sexuality',
  'international_law',
  'jurisprudence',
  'logical_fallacies',
  'machine_learning',
  'management',
  'marketing',
  'medical_genetics',
  'miscellaneous',
  'moral_disputes',
  'moral_scenarios',
  'nutrition',
  'philosophy',
  'prehistory',
  'professional_accounting',
  'professional_law',
  'professional_medicine',
  'professional_psychology',
  'public_relations',
  'security_studies',
  'sociology',
  'us_foreign_policy',
  'virology',
  'world_religions',
];
/** The five calculation-heavy subjects where the article's thinking gain sits. */
const CALC = [
  'high_school_mathematics',
  'college_mathematics',
  'abstract_algebra',
  'college_physics',
  'professional_accounting',
];
/** Four subjects Haiku (thinking off) got 100% right (the article names the first). */
const PERFECT = ['high_school_government_and_politics', 'marketing', 'sociology', 'us_foreign_policy'];
const LOWEST = 'abstract_algebra';
const PER_SUBJECT = 20;
const N = SUBJECTS.length * PER_SUBJECT;
const K_HAIKU = 5;
const K_SONNET = 2;

/** What the article publishes (seed 000). Proportions as fractions, SEs as fractions (0.0215 = 2.15 points). */
const TARGETS = {
  alwaysRight: 889,
  alwaysWrong: 203,
  runScores: [909, 912, 912, 920, 914], // 79.7, 80.0, 80.0, 80.7, 80.2% of 1,140
  smallestRunMcNemarP: 0.052,
  betweenVariance: 0.149,
  withinVariance: 0.01,
  samplingShare: 0.064,
  subjectShare: 0.17,
  lowestSubjectScore: 0.31,
  perfectSubjects: 4,
  clusteredSE: 0.0215,
  naiveSE: 0.0119,
  designEffect: 3.3,
  // Step 3 table, Haiku-off (A) × Sonnet-off (B), first answers
  offVsSonnet: { both: 881, onlyA: 28, onlyB: 107, neither: 124 },
  lowFirst: 1023, // 89.7%
  sonnetFirst: 988, // 86.7%
  lowVsSonnet: { onlyA: 94, onlyB: 59 },
  lowVsOff: { onlyA: 138, onlyB: 24 }, // thinking won 138, net 114
  delta: 0.03,
  omega2: 0.116,
  sigmaA2: 0.013,
  sigmaB2: 0.004,
  hsMathNetLead: 13,
  calcNetLead: 42,
  calcThinkingGain: 49,
  pairedClusteredSE: 0.0201, // clustered 95% interval −7.0 to +0.9 points around −3.1
};
/**
 * Where, inside the published roundings, the annealer aims: ω² = 0.1160 and σ_A² = 0.0134
 * (with σ_B² = 10 × 0.5 / 1,140 = 0.0044 and δ = 0.030) put Miller's sample sizes at
 * 1,166 / 1,042 / 1,012 questions against the published 1,165 / 1,041 / 1,010 (an even
 * number of Sonnet questions right 1 of 2 lets δ be exactly 0.0300).
 */
const AIM = { omega2: 0.116, sigmaA2: 0.0134, sonnetMixed: 10, calcFirstRight: 40 };

function parseArgs(argv) {
  const here = dirname(fileURLToPath(import.meta.url));
  const args = { seed: 3933038, out: resolve(here, '../../studies/data/mmlu-standin.csv') };
  for (let i = 2; i < argv.length; i += 2) {
    if (argv[i] === '--seed') args.seed = Number(argv[i + 1]);
    else if (argv[i] === '--out') args.out = resolve(argv[i + 1]);
    else throw new Error(`unknown argument ${argv[i]}; use --seed <int> --out <file>`);
  }
  return args;
}

// ------------------------------------------------------------------ stage A: Haiku-off counts and runs

/**
 * The 48 mixed questions' counts: Σc = 4,567 − 5·889 = 122 (the five run scores sum to 4,567,
 * 80.1% of 5,700), with the mix of 1–4 right chosen so that Var(x) and E[σ²] round to 0.149
 * and 0.010 and sampling's share E[σ²]/(Var(x) + E[σ²]) to 6.4%.
 */
function chooseMixedCounts(prng) {
  const mixed = N - TARGETS.alwaysRight - TARGETS.alwaysWrong;
  const mixedSum = TARGETS.runScores.reduce((a, b) => a + b, 0) - K_HAIKU * TARGETS.alwaysRight;
  const candidates = [];
  for (let n1 = 0; n1 <= mixed; n1++) {
    for (let n2 = 0; n1 + n2 <= mixed; n2++) {
      for (let n3 = 0; n1 + n2 + n3 <= mixed; n3++) {
        const n4 = mixed - n1 - n2 - n3;
        if (n1 + 2 * n2 + 3 * n3 + 4 * n4 !== mixedSum) continue;
        const counts = [
          ...Array(TARGETS.alwaysRight).fill(5),
          ...Array(TARGETS.alwaysWrong).fill(0),
          ...Array(n1).fill(1),
          ...Array(n2).fill(2),
          ...Array(n3).fill(3),
          ...Array(n4).fill(4),
        ];
        const { between, within } = varianceSplit(counts, Array(N).fill(K_HAIKU));
        const share = within / (between + within);
        if (
          Math.round(between * 1000) === 149 &&
          Math.round(within * 1000) === 10 &&
          Math.round(share * 1000) === 64
        ) {
          candidates.push([n1, n2, n3, n4]);
        }
      }
    }
  }
  if (candidates.length === 0) throw new Error('no mix of 1–4 right answers meets the variance targets');
  const [n1, n2, n3, n4] = candidates[prng.index(candidates.length)];
  return [...Array(n1).fill(1), ...Array(n2).fill(2), ...Array(n3).fill(3), ...Array(n4).fill(4)];
}

/** Exact McNemar p-values of the 10 pairs of runs. */
function runMcNemarPs(answers) {
  const ps = [];
  for (let r = 0; r < K_HAIKU; r++) {
    for (let s = r + 1; s < K_HAIKU; s++) {
      let b = 0;
      let c = 0;
      for (const a of answers) {
        if (a[r] === 1 && a[s] === 0) b++;
        else if (a[r] === 0 && a[s] === 1) c++;
      }
      ps.push(mcnemarExactP(b, c));
    }
  }
  return ps;
}

/** Moves right answers between runs of the same question until each run's total is its target. */
function balanceRuns(answers, runTargets, prng) {
  const totals = runTargets.map((_, r) => answers.reduce((sum, a) => sum + a[r], 0));
  for (let guard = 0; guard < 1e6 && totals.some((t, r) => t !== runTargets[r]); guard++) {
    const from = totals.findIndex((t, r) => t > runTargets[r]);
    const to = totals.findIndex((t, r) => t < runTargets[r]);
    const a = answers[prng.index(answers.length)];
    if (a[from] === 1 && a[to] === 0) {
      a[from] = 0;
      a[to] = 1;
      totals[from]--;
      totals[to]++;
    }
  }
}

/** Which of the five runs each mixed question got right: the five run scores exactly, smallest McNemar p ≈ 0.052. */
function assignRuns(mixedCounts, prng) {
  const answers = mixedCounts.map((c) =>
    shuffle(
      [0, 1, 2, 3, 4].map((r) => (r < c ? 1 : 0)),
      prng,
    ),
  );
  balanceRuns(
    answers,
    TARGETS.runScores.map((s) => s - TARGETS.alwaysRight),
    prng,
  );
  const energy = () => ((Math.min(...runMcNemarPs(answers)) - TARGETS.smallestRunMcNemarP) / 0.0005) ** 2;
  // swap a right and a wrong answer between two runs in two questions at once: every run's
  // score stays put while the runs' disagreements change
  const propose = (rng) => {
    const a = answers[rng.index(answers.length)];
    const b = answers[rng.index(answers.length)];
    const r = rng.index(K_HAIKU);
    const s = rng.index(K_HAIKU);
    if (a === b || a[r] !== 1 || a[s] !== 0 || b[r] !== 0 || b[s] !== 1) return null;
    const swap = () => {
      [a[r], a[s]] = [a[s], a[r]];
      [b[r], b[s]] = [b[s], b[r]];
    };
    swap();
    return swap;
  };
  anneal({ energy, propose, prng, steps: 40000, startTemperature: 50, endTemperature: 0.01 });
  return answers;
}

// ------------------------------------------------------------------ stage B: subjects

/**
 * Places the 1,140 Haiku-off questions into 57 subjects: four subjects all right, abstract
 * algebra at 31% (the lowest), the five calculation subjects weak (about 40 of their 100 first
 * answers right, leaving room for the 49-question thinking gain there), η² ≈ 0.17 and the
 * first run's clustered SE ≈ 2.15 points.
 */
function assignSubjects(correct, first, prng) {
  const subjectIndex = new Map(SUBJECTS.map((s, i) => [s, i]));
  const perfect = new Set(PERFECT.map((s) => subjectIndex.get(s)));
  const calc = CALC.map((s) => subjectIndex.get(s));
  const lowest = subjectIndex.get(LOWEST);
  const subject = new Int32Array(N);
  // the perfect subjects take 80 always-right questions; the rest are dealt at random
  const reserved = [];
  const others = [];
  for (let i = 0; i < N; i++) (correct[i] === K_HAIKU && reserved.length < 80 ? reserved : others).push(i);
  let slot = 0;
  for (const s of perfect) for (let j = 0; j < PER_SUBJECT; j++) subject[reserved[slot++]] = s;
  shuffle(others, prng);
  const open = SUBJECTS.map((_, s) => s).filter((s) => !perfect.has(s));
  others.forEach((q, j) => {
    subject[q] = open[Math.floor(j / PER_SUBJECT)];
  });
  const sumC = new Float64Array(SUBJECTS.length);
  const sumF = new Float64Array(SUBJECTS.length);
  for (let i = 0; i < N; i++) {
    sumC[subject[i]] += correct[i];
    sumF[subject[i]] += first[i];
  }
  const rates = Array.from(correct, (c) => c / K_HAIKU);
  const rateMean = mean(rates);
  let ssTotal = 0;
  for (const r of rates) ssTotal += (r - rateMean) ** 2;
  const firstMean = mean(first);
  let firstSquares = 0;
  for (const f of first) firstSquares += (f - firstMean) ** 2;
  const full = PER_SUBJECT * K_HAIKU;
  const floor = TARGETS.lowestSubjectScore * full;
  const energy = () => {
    let between = 0;
    let cross = -firstSquares;
    let e = 0;
    for (let s = 0; s < SUBJECTS.length; s++) {
      between += PER_SUBJECT * (sumC[s] / full - rateMean) ** 2;
      cross += (sumF[s] - PER_SUBJECT * firstMean) ** 2;
      if (perfect.has(s)) continue;
      if (s === lowest) e += 50 * (sumC[s] - floor) ** 2;
      else {
        if (sumC[s] <= floor) e += 50 * (floor + 1 - sumC[s]) ** 2;
        if (sumC[s] >= full) e += 50;
      }
    }
    let calcFirst = 0;
    for (const s of calc) {
      calcFirst += sumF[s];
      if (sumC[s] > 0.6 * full) e += 5 * (sumC[s] - 0.6 * full) ** 2;
    }
    const se = Math.sqrt(firstSquares / (N - 1) / N + cross / (N * N));
    return (
      e +
      ((between / ssTotal - TARGETS.subjectShare) / 0.002) ** 2 +
      ((se - TARGETS.clusteredSE) / 0.00004) ** 2 +
      (calcFirst - AIM.calcFirstRight) ** 2
    );
  };
  const propose = (rng) => {
    const i = others[rng.index(others.length)];
    const j = others[rng.index(others.length)];
    const a = subject[i];
    const b = subject[j];
    if (a === b) return null;
    const move = (x, y) => {
      subject[x] = b;
      subject[y] = a;
      sumC[a] += correct[y] - correct[x];
      sumC[b] += correct[x] - correct[y];
      sumF[a] += first[y] - first[x];
      sumF[b] += first[x] - first[y];
    };
    move(i, j);
    return () => move(j, i);
  };
  anneal({ energy, propose, prng, steps: 400000, startTemperature: 200, endTemperature: 0.001 });
  return subject;
}

// ------------------------------------------------------------------ stage C: Haiku-low and Sonnet-off

/**
 * First-answer patterns [haiku_low, sonnet_off, count] given Haiku-off's first answer. The three
 * published 2×2 tables fix every cell of the 2×2×2 table but one, t = #(all three right),
 * 857 ≤ t ≤ 881; t = 866 splits Haiku-off's 28 "only Haiku right" questions 19 / 9 by Haiku-low.
 */
function firstPatterns(t) {
  return [
    [
      [0, 0, 915 - t],
      [0, 1, t - 822],
      [1, 0, t - 791],
      [1, 1, 929 - t],
    ],
    [
      [0, 0, t - 857],
      [0, 1, 881 - t],
      [1, 0, 885 - t],
      [1, 1, t],
    ],
  ];
}

function assignPairedSystems(firstOff, subject, prng) {
  const lowF = new Int32Array(N);
  const sonF = new Int32Array(N);
  const cLow = new Int32Array(N);
  const cSon = new Int32Array(N);
  const groups = [[], []];
  for (let i = 0; i < N; i++) groups[firstOff[i]].push(i);
  firstPatterns(866).forEach((table, g) => {
    const labels = [];
    for (const [l, s, count] of table) for (let j = 0; j < count; j++) labels.push([l, s]);
    if (labels.length !== groups[g].length) {
      throw new Error(`first-answer tables: ${labels.length} patterns for ${groups[g].length} questions`);
    }
    shuffle(labels, prng);
    groups[g].forEach((q, j) => {
      [lowF[q], sonF[q]] = labels[j];
      cLow[q] = K_HAIKU * lowF[q];
      cSon[q] = K_SONNET * sonF[q];
    });
  });
  const subjectIndex = new Map(SUBJECTS.map((s, i) => [s, i]));
  const hsMath = subjectIndex.get('high_school_mathematics');
  const calc = new Set(CALC.map((s) => subjectIndex.get(s)));
  // aggregates kept up to date by the moves
  const lowVsSon = new Float64Array(SUBJECTS.length); // Σ (low − sonnet) first answers per subject
  const lowVsOff = new Float64Array(SUBJECTS.length);
  const agg = { rateA: 0, rateB: 0, d1: 0, d2: 0, wA: 0, wB: 0 };
  const add = (q, sign) => {
    const a = cLow[q] / K_HAIKU;
    const b = cSon[q] / K_SONNET;
    agg.rateA += sign * a;
    agg.rateB += sign * b;
    agg.d1 += sign * (a - b);
    agg.d2 += sign * (a - b) ** 2;
    agg.wA += sign * withinVariance(cLow[q], K_HAIKU);
    agg.wB += sign * withinVariance(cSon[q], K_SONNET);
    lowVsSon[subject[q]] += sign * (lowF[q] - sonF[q]);
    lowVsOff[subject[q]] += sign * (lowF[q] - firstOff[q]);
  };
  for (let q = 0; q < N; q++) add(q, 1);
  // the first-answer differences low − sonnet keep their values; only their subject sums move
  const dFirst = Array.from(lowF, (l, i) => l - sonF[i]);
  const dMean = mean(dFirst);
  let dSquares = 0;
  for (const d of dFirst) dSquares += (d - dMean) ** 2;
  // the moments' scales shrink for a second, colder pass (a tight energy traps a single pass)
  let scale = 1;
  const energy = () => {
    const sigmaA2 = agg.wA / N;
    const sigmaB2 = agg.wB / N;
    const omega2 = (agg.d2 - (agg.d1 * agg.d1) / N) / (N - 1) - sigmaA2 / K_HAIKU - sigmaB2 / K_SONNET;
    const delta = (agg.rateA - agg.rateB) / N;
    let cross = -dSquares;
    let calcLead = 0;
    let calcGain = 0;
    for (let s = 0; s < SUBJECTS.length; s++) {
      cross += (lowVsSon[s] - PER_SUBJECT * dMean) ** 2;
      if (calc.has(s)) {
        calcLead += lowVsSon[s];
        calcGain += lowVsOff[s];
      }
    }
    const se = Math.sqrt(dSquares / (N - 1) / N + cross / (N * N));
    return (
      ((delta - TARGETS.delta) / (scale * 0.0001)) ** 2 +
      ((omega2 - AIM.omega2) / (scale * 0.0005)) ** 2 +
      ((sigmaA2 - AIM.sigmaA2) / (scale * 0.0005)) ** 2 +
      (20 * (agg.wB - AIM.sonnetMixed * withinVariance(1, K_SONNET))) ** 2 +
      10 * (lowVsSon[hsMath] - TARGETS.hsMathNetLead) ** 2 +
      10 * (calcLead - TARGETS.calcNetLead) ** 2 +
      10 * (calcGain - TARGETS.calcThinkingGain) ** 2 +
      ((se - TARGETS.pairedClusteredSE) / 0.0002) ** 2
    );
  };
  const swapQuestions = (rng) => {
    // exchange two questions' records (first answers and counts) within one Haiku-off group:
    // every first-answer table stays exact
    const group = groups[rng.index(2)];
    const i = group[rng.index(group.length)];
    const j = group[rng.index(group.length)];
    if (i === j || subject[i] === subject[j]) return null;
    const swap = () => {
      add(i, -1);
      add(j, -1);
      [lowF[i], lowF[j]] = [lowF[j], lowF[i]];
      [sonF[i], sonF[j]] = [sonF[j], sonF[i]];
      [cLow[i], cLow[j]] = [cLow[j], cLow[i]];
      [cSon[i], cSon[j]] = [cSon[j], cSon[i]];
      add(i, 1);
      add(j, 1);
    };
    swap();
    return swap;
  };
  // allowed counts: at least 1 right if the first answer was right, at most k − 1 if it was wrong
  const canRaise = (counts, firsts, k, q) => counts[q] < (firsts[q] === 1 ? k : k - 1);
  const canLower = (counts, firsts, q) => counts[q] > (firsts[q] === 1 ? 1 : 0);
  const shiftCount = (counts, q, step) => {
    add(q, -1);
    counts[q] += step;
    add(q, 1);
  };
  const transferLow = (rng) => {
    // one more right answer for one question, one fewer for another: δ stays put
    const up = rng.index(N);
    const down = rng.index(N);
    if (up === down || !canRaise(cLow, lowF, K_HAIKU, up) || !canLower(cLow, lowF, down)) return null;
    const move = (step) => {
      shiftCount(cLow, up, step);
      shiftCount(cLow, down, -step);
    };
    move(1);
    return () => move(-1);
  };
  const stepCount = (rng) => {
    const q = rng.index(N);
    const low = rng.uniform() < 0.5;
    const [counts, firsts, k] = low ? [cLow, lowF, K_HAIKU] : [cSon, sonF, K_SONNET];
    const step = rng.uniform() < 0.5 ? 1 : -1;
    if (step === 1 ? !canRaise(counts, firsts, k, q) : !canLower(counts, firsts, q)) return null;
    shiftCount(counts, q, step);
    return () => shiftCount(counts, q, -step);
  };
  const propose = (rng) => {
    const u = rng.uniform();
    if (u < 0.5) return swapQuestions(rng);
    if (u < 0.8) return transferLow(rng);
    return stepCount(rng);
  };
  anneal({ energy, propose, prng, steps: 1500000, startTemperature: 100, endTemperature: 0.001 });
  scale = 0.2;
  anneal({ energy, propose, prng, steps: 1000000, startTemperature: 10, endTemperature: 0.0001 });
  return { lowF, sonF, cLow, cSon };
}

/** A k-answer record with the first answer `first` and `c` right, the other answers in random order. */
function answerString(c, k, first, prng) {
  const rest = [];
  for (let r = 1; r < k; r++) rest.push(r <= c - first ? 1 : 0);
  return [first, ...shuffle(rest, prng)].join('');
}

// ------------------------------------------------------------------ report

function crossTable(a, b) {
  const t = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
  a.forEach((x, i) => {
    if (x && b[i]) t.both++;
    else if (x) t.onlyA++;
    else if (b[i]) t.onlyB++;
    else t.neither++;
  });
  return t;
}

function report(rows) {
  const [off, low, son] = ['haiku_off', 'haiku_low', 'sonnet_off'].map((s) => rows.map((r) => r[s]));
  const groups = rows.map((r) => r.cluster);
  const lines = [];
  const show = (name, target, achieved, digits = 4) =>
    lines.push(`${name.padEnd(56)} ${String(target).padStart(8)}  ${achieved.toFixed(digits).padStart(9)}`);
  const [firstOff, firstLow, firstSon] = [off, low, son].map((sys) => sys.map((s) => s.first));
  const count = (values, value) => values.filter((v) => v === value).length;
  show(
    'haiku_off questions right 5 of 5',
    TARGETS.alwaysRight,
    count(
      off.map((s) => s.correct),
      5,
    ),
    0,
  );
  show(
    'haiku_off questions right 0 of 5',
    TARGETS.alwaysWrong,
    count(
      off.map((s) => s.correct),
      0,
    ),
    0,
  );
  show('haiku_off share of the 5,700 answers right', 0.801, mean(off.map((s) => s.correct)) / K_HAIKU);
  for (let r = 0; r < K_HAIKU; r++) {
    show(
      `haiku_off run ${r + 1} right`,
      TARGETS.runScores[r],
      count(
        off.map((s) => s.answers[r]),
        '1',
      ),
      0,
    );
  }
  const runPs = runMcNemarPs(off.map((s) => [...s.answers].map(Number)));
  show('smallest exact McNemar p between two runs', TARGETS.smallestRunMcNemarP, Math.min(...runPs));
  const split = varianceSplit(
    off.map((s) => s.correct),
    off.map((s) => s.k),
  );
  show('Var(x) between questions', TARGETS.betweenVariance, split.between);
  show('E[σ²] within a question', TARGETS.withinVariance, split.within);
  show(
    "sampling's share E[σ²]/(Var(x)+E[σ²])",
    TARGETS.samplingShare,
    split.within / (split.between + split.within),
  );
  const rates = off.map((s) => s.correct / s.k);
  show(
    'share of rate variance between subjects (η²)',
    TARGETS.subjectShare,
    betweenClusterShare(rates, groups),
  );
  const subjectScores = SUBJECTS.map((name) => mean(rates.filter((_, i) => groups[i] === name)));
  show('lowest subject score (abstract_algebra)', TARGETS.lowestSubjectScore, Math.min(...subjectScores));
  show('subjects at 100%', TARGETS.perfectSubjects, count(subjectScores, 1), 0);
  const naive = naiveStandardError(firstOff);
  const clustered = clusteredStandardError(firstOff, groups);
  show('first run: naive SE', TARGETS.naiveSE, naive);
  show('first run: clustered SE', TARGETS.clusteredSE, clustered);
  show('first run: design effect (clustered/naive)²', TARGETS.designEffect, (clustered / naive) ** 2);
  const offSon = crossTable(firstOff, firstSon);
  for (const key of Object.keys(TARGETS.offVsSonnet)) {
    show(`first answers haiku_off × sonnet_off: ${key}`, TARGETS.offVsSonnet[key], offSon[key], 0);
  }
  show('haiku_low first answers right', TARGETS.lowFirst, count(firstLow, 1), 0);
  show('sonnet_off first answers right', TARGETS.sonnetFirst, count(firstSon, 1), 0);
  const lowSon = crossTable(firstLow, firstSon);
  show('first answers: only haiku_low right (vs sonnet_off)', TARGETS.lowVsSonnet.onlyA, lowSon.onlyA, 0);
  show('first answers: only sonnet_off right (vs haiku_low)', TARGETS.lowVsSonnet.onlyB, lowSon.onlyB, 0);
  const lowOff = crossTable(firstLow, firstOff);
  show('first answers: only haiku_low right (vs haiku_off)', TARGETS.lowVsOff.onlyA, lowOff.onlyA, 0);
  show('first answers: only haiku_off right (vs haiku_low)', TARGETS.lowVsOff.onlyB, lowOff.onlyB, 0);
  const sigmaA2 = mean(low.map((s) => withinVariance(s.correct, s.k)));
  const sigmaB2 = mean(son.map((s) => withinVariance(s.correct, s.k)));
  const diffs = low.map((s, i) => s.correct / s.k - son[i].correct / son[i].k);
  const omega2 = sampleVariance(diffs) - sigmaA2 / K_HAIKU - sigmaB2 / K_SONNET;
  const delta = mean(diffs);
  show('δ = haiku_low − sonnet_off over all answers', TARGETS.delta, delta, 5);
  show('ω² (true per-question differences)', TARGETS.omega2, omega2);
  show('σ_A² haiku_low within-question variance', TARGETS.sigmaA2, sigmaA2);
  show('σ_B² sonnet_off within-question variance', TARGETS.sigmaB2, sigmaB2);
  const z2 = (1.959964 + 0.841621) ** 2;
  show(
    'n for δ, one answer each: z²(ω²+σ_A²+σ_B²)/δ²',
    1165,
    (z2 * (omega2 + sigmaA2 + sigmaB2)) / delta ** 2,
    0,
  );
  show('n for δ, five answers each', 1041, (z2 * (omega2 + sigmaA2 / 5 + sigmaB2 / 5)) / delta ** 2, 0);
  show('n for δ, unlimited answers', 1010, (z2 * omega2) / delta ** 2, 0);
  const net = (a, b, subjects) =>
    a.reduce((sum, x, i) => sum + (subjects.includes(groups[i]) ? x - b[i] : 0), 0);
  const hs = ['high_school_mathematics'];
  show(
    'net first-answer lead low − sonnet, high_school_mathematics',
    TARGETS.hsMathNetLead,
    net(firstLow, firstSon, hs),
    0,
  );
  show(
    'net first-answer lead low − sonnet, 5 calculation subjects',
    TARGETS.calcNetLead,
    net(firstLow, firstSon, CALC),
    0,
  );
  show(
    'net thinking gain low − off, 5 calculation subjects',
    TARGETS.calcThinkingGain,
    net(firstLow, firstOff, CALC),
    0,
  );
  const dFirst = firstLow.map((a, i) => a - firstSon[i]);
  show(
    'clustered SE of first-answer low − sonnet',
    TARGETS.pairedClusteredSE,
    clusteredStandardError(dFirst, groups),
  );
  show('paired SE of first-answer low − sonnet', 0.011, Math.sqrt(sampleVariance(dFirst) / N));
  const dOff = firstSon.map((a, i) => a - firstOff[i]);
  show('paired SE of first-answer sonnet − haiku_off', 0.01, Math.sqrt(sampleVariance(dOff) / N));
  return lines;
}

// ------------------------------------------------------------------ main

function main() {
  const { seed, out } = parseArgs(process.argv);
  const prng = createPrng(seed);
  const runs = [
    ...Array.from({ length: TARGETS.alwaysRight }, () => [1, 1, 1, 1, 1]),
    ...Array.from({ length: TARGETS.alwaysWrong }, () => [0, 0, 0, 0, 0]),
    ...assignRuns(chooseMixedCounts(prng), prng),
  ];
  const correct = Int32Array.from(runs, (a) => a.reduce((x, y) => x + y, 0));
  const firstOff = Int32Array.from(runs, (a) => a[0]);
  const subject = assignSubjects(correct, firstOff, prng);
  const paired = assignPairedSystems(firstOff, subject, prng);
  const rows = runs.map((answers, i) => ({
    cluster: SUBJECTS[subject[i]],
    order: prng.uniform(),
    haiku_off: { correct: correct[i], k: K_HAIKU, first: firstOff[i], answers: answers.join('') },
    haiku_low: {
      correct: paired.cLow[i],
      k: K_HAIKU,
      first: paired.lowF[i],
      answers: answerString(paired.cLow[i], K_HAIKU, paired.lowF[i], prng),
    },
    sonnet_off: {
      correct: paired.cSon[i],
      k: K_SONNET,
      first: paired.sonF[i],
      answers: answerString(paired.cSon[i], K_SONNET, paired.sonF[i], prng),
    },
  }));
  rows.sort((a, b) => (a.cluster === b.cluster ? a.order - b.order : a.cluster < b.cluster ? -1 : 1));
  const systems = ['haiku_off', 'haiku_low', 'sonnet_off'];
  const header = ['question', 'cluster'];
  for (const s of systems) header.push(`correct_${s}`, `k_${s}`, `first_${s}`, `answers_${s}`);
  const lines = [header.join(',')];
  let number = 0;
  rows.forEach((row, i) => {
    number = i > 0 && rows[i - 1].cluster === row.cluster ? number + 1 : 1;
    const cells = [`${row.cluster}-${String(number).padStart(2, '0')}`, row.cluster];
    for (const s of systems) cells.push(row[s].correct, row[s].k, row[s].first, row[s].answers);
    lines.push(cells.join(','));
  });
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`wrote ${out} (${N} questions, seed ${seed})\n`);
  console.log(`${'quantity'.padEnd(56)} ${'target'.padStart(8)}  ${'achieved'.padStart(9)}`);
  for (const line of report(rows)) console.log(line);
}

main();
