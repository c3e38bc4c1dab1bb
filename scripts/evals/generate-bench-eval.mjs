#!/usr/bin/env node
/**
 * Seeded generator of the eval-import benchmark (issue 11, item 5): S systems × Q questions ×
 * E epochs as inspect_ai `.eval` logs, one per system — by default 20 × 14,000 × 5 =
 * 1.4 million scored samples. Each log has what inspect_ai writes for a finished run
 * (log/_recorders/eval.py, inspect_ai 0.3.x, deflate as before its zstandard default):
 * `_journal/start.json`, one `samples/<id>_epoch_<n>.json` per sample (compact: input,
 * choices, two messages, output, the `choice` score, metadata, usage — no events),
 * `_journal/summaries/<k>.json` every 10 samples, `summaries.json`, `reductions.json` and
 * `header.json`. Archives hold 77,004 members, so they use ZIP64 end records.
 *
 * Correctness: question difficulty b_q ~ N(subject effect, 1.2²) over 57 subjects (the
 * sample metadata `subject`), system ability θ_s evenly spaced on [−0.5, 2.0], a persistent
 * (system, question) effect u ~ N(0, 0.8²); each epoch is correct with probability
 * logistic(θ_s − b_q + u). Everything depends only on the seed.
 *
 * Usage: node scripts/evals/generate-bench-eval.mjs --out DIR [--systems 20] [--questions 14000]
 *          [--epochs 5] [--seed 11] [--samples all|none]
 * (it writes ZIPs with the tests' writer, packages/sim/src/evals/test-utils/zipWriter.ts, bundled
 * here by esbuild)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { createPrng } from '../standin/prng.mjs';

const writer = await build({
  entryPoints: [
    fileURLToPath(new URL('../../packages/sim/src/evals/test-utils/zipWriter.ts', import.meta.url)),
  ],
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  logLevel: 'warning',
});
const { ZipWriter } = await import(
  `data:text/javascript;base64,${Buffer.from(writer.outputFiles[0].text).toString('base64')}`
);

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    systems: { type: 'string', default: '20' },
    questions: { type: 'string', default: '14000' },
    epochs: { type: 'string', default: '5' },
    seed: { type: 'string', default: '11' },
    samples: { type: 'string', default: 'all' },
  },
});
if (!values.out) throw new Error('--out DIR is required');
const S = Number(values.systems);
const Q = Number(values.questions);
const E = Number(values.epochs);
const seed = Number(values.seed);
const withSamples = values.samples !== 'none';

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
const WORDS = (
  'the of and a to in is that for it as was with be by on not he this are or his from at which but ' +
  'have an they you were her she there been one all we their has would when if so no what up out can more who ' +
  'value function energy cell market theorem court patient rate force group policy system model data protein'
).split(' ');
const LETTERS = 'ABCD';

const prng = createPrng(seed);
const hex = (n) => Array.from({ length: n }, () => prng.index(16).toString(16)).join('');
const sentence = (words) => {
  const w = Array.from({ length: words }, () => WORDS[prng.index(WORDS.length)]);
  w[0] = w[0][0].toUpperCase() + w[0].slice(1);
  return w.join(' ');
};

// Questions: subject, difficulty, text, choices, answer.
const subjectEffect = SUBJECTS.map(() => prng.normal() * 0.7);
const questions = Array.from({ length: Q }, (_, k) => {
  const subject = k % SUBJECTS.length;
  return {
    id: k + 1,
    subject: SUBJECTS[subject],
    b: subjectEffect[subject] + 1.2 * prng.normal() - 1.0,
    input: `${sentence(18 + prng.index(30))}?`,
    choices: Array.from({ length: 4 }, () => sentence(2 + prng.index(6))),
    target: LETTERS[prng.index(4)],
  };
});

const TASK = 'inspect_evals/mmlu_0_shot';
mkdirSync(values.out, { recursive: true });
const logistic = (x) => 1 / (1 + Math.exp(-x));
const started = Date.now();
for (let s = 0; s < S; s++) {
  const model = `provider/model-${String(s + 1).padStart(2, '0')}`;
  const theta = -0.5 + (2.5 * s) / Math.max(S - 1, 1);
  const runId = hex(22);
  const created = `2026-01-15T${String(10 + (s % 10)).padStart(2, '0')}:00:00+00:00`;
  const spec = {
    eval_id: hex(22),
    run_id: runId,
    created,
    task: TASK,
    task_id: hex(22),
    task_version: 0,
    task_registry_name: TASK,
    task_attribs: {},
    task_args: { cot: false },
    dataset: { name: 'cais/mmlu', location: 'cais/mmlu', samples: Q, shuffled: false },
    model,
    model_generate_config: {},
    model_args: {},
    config: { epochs: E, epochs_reducer: ['mean'], fail_on_error: true, log_samples: true },
    packages: { inspect_ai: '0.3.158' },
    scorers: [
      { name: 'choice', options: {}, metrics: [{ name: 'inspect_ai/accuracy', options: {} }], metadata: {} },
    ],
  };
  const plan = { name: 'plan', steps: [{ solver: 'multiple_choice', params: { cot: false } }], config: {} };
  const file = join(values.out, `2026-01-15T10-00-00+00-00_mmlu-0-shot_${runId}.eval`);
  const zip = new ZipWriter(file);
  zip.add('_journal/start.json', JSON.stringify({ version: 2, eval: spec, plan }), 5);
  const summaries = [];
  const reduced = new Float64Array(Q);
  let right = 0;
  let batch = [];
  let journal = 0;
  const u = Float64Array.from(questions, () => 0.8 * prng.normal());
  for (let e = 1; e <= E; e++) {
    for (let k = 0; k < Q; k++) {
      const q = questions[k];
      const correct = prng.uniform() < logistic(theta - q.b + u[k]);
      const answer = correct ? q.target : LETTERS[(LETTERS.indexOf(q.target) + 1 + prng.index(3)) % 4];
      right += correct;
      reduced[k] += correct / E;
      const score = { choice: { value: correct ? 'C' : 'I', answer, explanation: `ANSWER: ${answer}` } };
      const tokens = 120 + Math.round(q.input.length / 4);
      const usage = { input_tokens: tokens, output_tokens: 4, total_tokens: tokens + 4 };
      const uuid = hex(22);
      const time = 0.4 + prng.uniform();
      const summary = {
        id: q.id,
        epoch: e,
        input: q.input,
        choices: q.choices,
        target: q.target,
        metadata: { subject: q.subject },
        scores: score,
        model_usage: { [model]: usage },
        started_at: created,
        completed_at: created,
        total_time: time,
        working_time: time - 0.05,
        uuid,
        completed: true,
        message_count: 2,
      };
      summaries.push(summary);
      if (withSamples) {
        const message = {
          id: hex(22),
          content: `ANSWER: ${answer}`,
          source: 'generate',
          role: 'assistant',
          model,
        };
        const sample = {
          id: q.id,
          epoch: e,
          input: q.input,
          choices: q.choices,
          target: q.target,
          messages: [{ id: hex(22), content: q.input, source: 'input', role: 'user' }, message],
          output: { model, choices: [{ message, stop_reason: 'stop' }], usage, time },
          scores: score,
          metadata: { subject: q.subject },
          store: {},
          events: [],
          model_usage: { [model]: usage },
          total_time: time,
          working_time: time - 0.05,
          uuid,
          attachments: {},
        };
        zip.add(`samples/${q.id}_epoch_${e}.json`, JSON.stringify(sample), 5);
        batch.push(summary);
        if (batch.length === 10) {
          zip.add(`_journal/summaries/${++journal}.json`, JSON.stringify(batch), 5);
          batch = [];
        }
      }
    }
  }
  if (batch.length) zip.add(`_journal/summaries/${++journal}.json`, JSON.stringify(batch), 5);
  zip.add('summaries.json', JSON.stringify(summaries), 5);
  const reductions = [
    {
      scorer: 'choice',
      reducer: 'mean',
      samples: Array.from(reduced, (value, k) => ({ value, sample_id: k + 1 })),
    },
  ];
  zip.add('reductions.json', JSON.stringify(reductions), 5);
  const accuracy = right / (Q * E);
  const header = {
    version: 2,
    status: 'success',
    eval: spec,
    plan,
    results: {
      total_samples: Q * E,
      completed_samples: Q * E,
      scores: [
        {
          name: 'choice',
          scorer: 'choice',
          reducer: 'mean',
          params: {},
          metrics: { accuracy: { name: 'accuracy', value: accuracy, params: {} } },
        },
      ],
    },
    stats: { started_at: created, completed_at: created, model_usage: {} },
  };
  zip.add('header.json', JSON.stringify(header), 5);
  zip.close();
  process.stderr.write(
    `${file}: ${model}, accuracy ${(100 * accuracy).toFixed(1)}% (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  );
}
