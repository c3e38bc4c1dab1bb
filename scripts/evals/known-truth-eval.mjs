#!/usr/bin/env node
/**
 * A seeded eval generator with known truth (issue 26): S systems × K subjects × m questions
 * per subject × E epochs, 0/1 answers, written as a long table (question, system, subject,
 * epoch, score) — the shape of an MMLU-style eval with epochs.
 *
 * Model (logit-normal, crossed random effects): subject c has difficulty a_c ~ N(0, σ_c²),
 * question q of c has b_q ~ N(0, σ_q²), system s has ability θ_s, and each (system, question)
 * has an interaction u_sq ~ N(0, σ_u²) (what makes two systems disagree question by question:
 * the paired variance ω²). The true rate p_sq = expit(θ_s − a_c − b_q + u_sq); each epoch is
 * right with probability p_sq, independently — or, with `graded: τ > 0` (partial credit: an F1,
 * a judge's 0–1 grade), each epoch scores expit(logit p_sq + τ·z), z ~ N(0, 1) independently, a
 * logit-normal score in (0, 1) of mean E[expit(logit p_sq + τz)].
 *
 * Truth: each system's POPULATION accuracy E[p_s] = E[expit(θ_s − Z)], Z ~ N(0, σ_c² + σ_q² + σ_u²)
 * (graded: its mean score, the same with σ² + τ²)
 * (64-point Gauss–Hermite quadrature, error far below 1e-9 at these scales) and the eval's own
 * mean true rate (mean over its questions of p_sq). A rerun of the eval is the generator with
 * another seed: new subjects, new questions, new answers.
 *
 * Usage: node scripts/evals/known-truth-eval.mjs --out eval.csv [--systems gpt-x,openai/gpt-x,claude_y]
 *          [--abilities 1.3,1.2,1.0] [--subjects 25] [--per-subject 40] [--epochs 3] [--seed 1]
 *          [--subject-sd 0.8] [--question-sd 1.2] [--interaction-sd 0.8] [--subject-column subject]
 *          [--graded 0.8]   (graded partial-credit scores instead of 0/1 answers)
 * prints the truth as JSON on stdout.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPrng } from '../standin/prng.mjs';

export const DEFAULT_KNOWN_TRUTH = {
  systems: ['gpt-x', 'openai/gpt-x', 'claude_y'],
  abilities: [1.3, 1.2, 1.0],
  subjects: 25,
  perSubject: 40,
  epochs: 3,
  subjectSd: 0.8,
  questionSd: 1.2,
  interactionSd: 0.8,
  seed: 1,
  graded: 0,
};

const expit = (x) => 1 / (1 + Math.exp(-x));

/** Nodes and weights of n-point Gauss–Hermite quadrature (physicists'), by Newton on H_n. */
function gaussHermite(n) {
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  const m = Math.floor((n + 1) / 2);
  let z = 0;
  for (let i = 0; i < m; i++) {
    if (i === 0) z = Math.sqrt(2 * n + 1) - 1.85575 * (2 * n + 1) ** -0.16667;
    else if (i === 1) z -= (1.14 * n ** 0.426) / z;
    else if (i === 2) z = 1.86 * z - 0.86 * x[0];
    else if (i === 3) z = 1.91 * z - 0.91 * x[1];
    else z = 2 * z - x[i - 2];
    let pp = 0;
    for (let it = 0; it < 100; it++) {
      let p1 = Math.PI ** -0.25;
      let p2 = 0;
      for (let j = 1; j <= n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = z * Math.sqrt(2 / j) * p2 - Math.sqrt((j - 1) / j) * p3;
      }
      pp = Math.sqrt(2 * n) * p2;
      const z1 = z;
      z = z1 - p1 / pp;
      if (Math.abs(z - z1) <= 1e-15) break;
    }
    x[i] = z;
    x[n - 1 - i] = -z;
    w[i] = 2 / (pp * pp);
    w[n - 1 - i] = w[i];
  }
  return { x, w };
}

const GH = gaussHermite(64);

/** E[expit(θ − Z)], Z ~ N(0, sd²). */
export function logitNormalMean(theta, sd) {
  let s = 0;
  for (let i = 0; i < GH.x.length; i++) s += GH.w[i] * expit(theta - Math.SQRT2 * sd * GH.x[i]);
  return s / Math.sqrt(Math.PI);
}

/**
 * One eval drawn from the generator: `rates[s][q]` (true), `answers[s][q][e]` (0/1),
 * `subjectOf[q]`, question ids `<subject>/<index>` (ids carry the seed so two reruns never share
 * one), the truth per system (population and this eval's mean true rate).
 */
export function knownTruthEval(options = {}) {
  const o = { ...DEFAULT_KNOWN_TRUTH, ...options };
  if (o.abilities.length !== o.systems.length) throw new RangeError('abilities: one per system');
  const rng = createPrng(o.seed);
  const S = o.systems.length;
  const Q = o.subjects * o.perSubject;
  const subjectOf = new Int32Array(Q);
  const questions = [];
  const subjects = [];
  const rates = o.systems.map(() => new Float64Array(Q));
  const graded = o.graded > 0;
  const answers = o.systems.map(() =>
    graded ? new Float64Array(Q * o.epochs) : new Uint8Array(Q * o.epochs),
  );
  let q = 0;
  for (let c = 0; c < o.subjects; c++) {
    subjects.push(`s${o.seed}-subject${String(c + 1).padStart(2, '0')}`);
    const a = o.subjectSd * rng.normal();
    for (let i = 0; i < o.perSubject; i++, q++) {
      subjectOf[q] = c;
      questions.push(`${subjects[c]}/q${i + 1}`);
      const b = o.questionSd * rng.normal();
      for (let s = 0; s < S; s++)
        rates[s][q] = expit(o.abilities[s] - a - b + o.interactionSd * rng.normal());
    }
  }
  const logit = (p) => Math.log(p / (1 - p));
  for (let s = 0; s < S; s++)
    for (let j = 0; j < Q; j++)
      for (let e = 0; e < o.epochs; e++)
        answers[s][j * o.epochs + e] = graded
          ? expit(logit(rates[s][j]) + o.graded * rng.normal())
          : rng.uniform() < rates[s][j]
            ? 1
            : 0;
  const sd = Math.sqrt(o.subjectSd ** 2 + o.questionSd ** 2 + o.interactionSd ** 2 + o.graded ** 2);
  const truth = o.systems.map((system, s) => ({
    system,
    population: logitNormalMean(o.abilities[s], sd),
    eval: graded
      ? rates[s].reduce((x, p) => x + logitNormalMean(logit(p), o.graded), 0) / Q
      : rates[s].reduce((x, y) => x + y, 0) / Q,
  }));
  return { options: o, questions, subjects, subjectOf, rates, answers, truth };
}

/** The eval as a long CSV table (question, system, <subject column>, epoch, score). */
export function knownTruthCsv(evalData, subjectColumn = 'subject') {
  const { options: o, questions, subjects, subjectOf, answers } = evalData;
  const lines = [`question,system,${subjectColumn},epoch,score`];
  for (let s = 0; s < o.systems.length; s++)
    for (let q = 0; q < questions.length; q++)
      for (let e = 0; e < o.epochs; e++)
        lines.push(
          `${questions[q]},${o.systems[s]},${subjects[subjectOf[q]]},${e + 1},${answers[s][q * o.epochs + e]}`,
        );
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      systems: { type: 'string' },
      abilities: { type: 'string' },
      subjects: { type: 'string' },
      'per-subject': { type: 'string' },
      epochs: { type: 'string' },
      seed: { type: 'string' },
      'subject-sd': { type: 'string' },
      'question-sd': { type: 'string' },
      'interaction-sd': { type: 'string' },
      'subject-column': { type: 'string', default: 'subject' },
      graded: { type: 'string' },
    },
  });
  if (!values.out) throw new Error('--out FILE is required');
  const num = (v) => (v === undefined ? undefined : Number(v));
  const given = {
    systems: values.systems?.split(','),
    abilities: values.abilities?.split(',').map(Number),
    subjects: num(values.subjects),
    perSubject: num(values['per-subject']),
    epochs: num(values.epochs),
    seed: num(values.seed),
    subjectSd: num(values['subject-sd']),
    questionSd: num(values['question-sd']),
    interactionSd: num(values['interaction-sd']),
    graded: num(values.graded),
  };
  const options = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const evalData = knownTruthEval(options);
  writeFileSync(values.out, knownTruthCsv(evalData, values['subject-column']));
  process.stdout.write(`${JSON.stringify({ options: evalData.options, truth: evalData.truth }, null, 2)}\n`);
}
