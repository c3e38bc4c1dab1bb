/**
 * `evalsim audit <eval> --looks K` as a generated study: "does my sequential gate keep its
 * promise on THIS eval?" — model itemPopulationSequential (the eval's paired questions, or its
 * whole clusters, resampled with replacement and arriving in a uniformly random order, one
 * answer per question and system), grid hypothesis × {null, observed}:
 *
 *  - null: the two systems made exchangeable (labels swapped with probability ½ per question,
 *    with clusters too), truth 0 — every rejection is a false win;
 *  - observed: the systems as recorded, truth = the eval's gap A − B — power at that gap;
 *
 * methods (every one tested two-sided at α = 1 − level, on the same streams):
 *
 *  - `gate`: the planned group-sequential gate (groupSequentialTest at the look sizes, the
 *    chosen spending: the boundaries `evalsim monitor --looks/--design` uses);
 *  - `naiveLooks`: the paired z at the same looks at the nominal α every time
 *    (stopAtFirstSignificant with the planned looks) — peeking, for contrast;
 *  - `naiveEvery`: the paired z after every question (stopAtFirstSignificant);
 *  - `betting`, `msprt`, `betaBinomial`: the anytime-valid tests `monitor` reports, checked
 *    after every question up to the gate's maximum (anytimeValidTest; the last two tuned for
 *    `plannedPairs` discordant questions, monitor's --tune-pairs);
 *  - `csBetting`, `csNormalMixture`: monitor's confidence sequences (confidenceSequence) read
 *    after the maximum — their coverage of the resampled truth is time-uniform coverage.
 *
 * Metrics: rejectionRate (`rejection`: type-I error under the null, power under the gap),
 * meanSampleSize (`questions`: expected questions at stopping), coverage and meanWidth.
 * summarizeSequentialAudit reads them back with verdicts (sequentialVerdicts.ts).
 */
import type { AlphaSpending } from '@evalsim/core';
import type { SequentialGate } from '../analysis/sequential/sequentialGate.js';
import type { MethodConfig, StudyConfig } from '../config/studyConfig.js';
import type { ResultRow } from '../output/resultRow.js';
import { binarySystem, type ItemPopulation } from '../population/itemPopulation.js';
import type { Estimate } from './auditSummary.js';
import { evalSystem } from './evalSystem.js';
import {
  type CoverageVerdict,
  coverageVerdict,
  type TypeIVerdict,
  typeIVerdict,
} from './sequentialVerdicts.js';

/** Replications per hypothesis unless given (MCSE of a 5% type-I error ≈ 0.0049). */
export const SEQUENTIAL_AUDIT_REPLICATIONS = 2000;
/** Discordant questions the mixture SPRT and the e-process are tuned for unless given (monitor's default). */
export const SEQUENTIAL_AUDIT_PLANNED_PAIRS = 100;

export type SequentialResample = 'questions' | 'clusters';

export interface SequentialAuditOptions {
  readonly populationFile: string;
  readonly population: ItemPopulation;
  readonly evalName?: string;
  /** [A, B]: the gate tests A − B (A the candidate, B the baseline). */
  readonly systems: readonly [string, string];
  /** The planned gate (look sizes, spending, α) as monitor reads it. */
  readonly gate: SequentialGate;
  /** Default: clusters when the eval has them (2 ≤ K < N), else questions. */
  readonly resample?: SequentialResample;
  /** The normal-mixture sequence's tuning (default: the gate's maximum, as monitor). */
  readonly plannedQuestions?: number;
  readonly plannedPairs?: number;
  readonly replications?: number;
  readonly seed?: number;
  readonly name?: string;
}

export interface SequentialAuditMethod {
  readonly id: string;
  readonly label: string;
  readonly role: 'gate' | 'naive' | 'anytime' | 'sequence';
}

export interface SequentialAudit {
  readonly config: StudyConfig;
  readonly methods: readonly SequentialAuditMethod[];
  readonly facts: {
    readonly questions: number;
    readonly clusters: number;
    readonly resample: SequentialResample;
    /** Observed gap A − B (mean of the per-question rates), the truth of the 'observed' cells. */
    readonly gap: number;
    readonly sizes: readonly number[];
    readonly spending: AlphaSpending;
    readonly alpha: number;
    readonly plannedQuestions: number;
    readonly plannedPairs: number;
    readonly replications: number;
    /** More than one answer per question in the eval: one is drawn from each question's rate. */
    readonly epochsDrawn: boolean;
  };
}

export function spendingName(s: AlphaSpending): string {
  return s.family === 'power'
    ? `power family ρ = ${s.rho}`
    : s.family === 'obf'
      ? "O'Brien–Fleming"
      : 'Pocock';
}

export function buildSequentialAudit(options: SequentialAuditOptions): SequentialAudit {
  const { population, gate } = options;
  const shown = options.evalName ?? population.source;
  const [a, b] = options.systems;
  if (a === b) throw new RangeError('--versus: name a system other than --system');
  const what = 'a sequential gate (its tests count discordant 0/1 answers)';
  const systemA = binarySystem(evalSystem(population, a, '--system', shown), shown, what);
  const systemB = binarySystem(evalSystem(population, b, '--versus', shown), shown, what);
  const N = population.questionCount;
  const K = population.clusterNames.length;
  const sizes = gate.sizes;
  const max = sizes[sizes.length - 1];
  if (max > N)
    throw new RangeError(
      `--looks: the last look (${max.toLocaleString('en-US')} questions) is beyond the eval's ${N.toLocaleString('en-US')} paired questions; the audit replays a gate on an eval of your eval's size (plan a larger one with evalsim plan --looks)`,
    );
  const clustered = K >= 2 && K < N;
  const resample = options.resample ?? (clustered ? 'clusters' : 'questions');
  if (resample === 'clusters' && !clustered)
    throw new RangeError(`--resample clusters: ${shown} has no clusters (${K} for ${N} questions)`);
  const replications = options.replications ?? SEQUENTIAL_AUDIT_REPLICATIONS;
  const plannedQuestions = options.plannedQuestions ?? max;
  const plannedPairs = options.plannedPairs ?? SEQUENTIAL_AUDIT_PLANNED_PAIRS;
  const rate = (s: typeof systemA) => {
    let sum = 0;
    for (let i = 0; i < N; i++) sum += s.correct[i] / s.k[i];
    return sum / N;
  };
  const gap = rate(systemA) - rate(systemB);
  const epochsDrawn = [systemA, systemB].some((s) => s.k.some((k) => k > 1));
  const alpha = gate.alpha;
  const spending: Record<string, unknown> =
    gate.spending.family === 'power'
      ? { spending: 'power', rho: gate.spending.rho }
      : { spending: gate.spending.family };
  const methods: (SequentialAuditMethod & { config: MethodConfig })[] = [
    {
      id: 'gate',
      label: `${spendingName(gate.spending)} gate, ${sizes.length} looks`,
      role: 'gate',
      config: { id: 'gate', method: 'groupSequentialTest', ...spending, sizes: [...sizes] },
    },
    {
      id: 'naiveLooks',
      label: `naive paired z at the ${sizes.length} looks`,
      role: 'naive',
      config: { id: 'naiveLooks', method: 'stopAtFirstSignificant', test: 'pairedZ', sizes: [...sizes] },
    },
    {
      id: 'naiveEvery',
      label: 'naive paired z after every question',
      role: 'naive',
      config: { id: 'naiveEvery', method: 'stopAtFirstSignificant', test: 'pairedZ' },
    },
    {
      id: 'betting',
      label: 'betting (always-valid p, every question)',
      role: 'anytime',
      config: { id: 'betting', method: 'anytimeValidTest', test: 'betting' },
    },
    {
      id: 'msprt',
      label: `mixture SPRT (tuned for ${plannedPairs} discordant)`,
      role: 'anytime',
      config: { id: 'msprt', method: 'anytimeValidTest', test: 'msprt', plannedPairs },
    },
    {
      id: 'betaBinomial',
      label: `discordant-pairs e-process (tuned for ${plannedPairs})`,
      role: 'anytime',
      config: { id: 'betaBinomial', method: 'anytimeValidTest', test: 'betaBinomial', plannedPairs },
    },
    {
      id: 'csBetting',
      label: 'betting confidence sequence',
      role: 'sequence',
      config: { id: 'csBetting', method: 'confidenceSequence', sequence: 'betting' },
    },
    {
      id: 'csNormalMixture',
      label: `normal-mixture sequence (tuned for ${plannedQuestions})`,
      role: 'sequence',
      config: {
        id: 'csNormalMixture',
        method: 'confidenceSequence',
        sequence: 'normalMixture',
        plannedQuestions,
      },
    },
  ];
  const where =
    resample === 'clusters'
      ? `questions of whole clusters drawn with replacement from its ${K} clusters`
      : `questions drawn with replacement from its ${N}`;
  const config: StudyConfig = {
    name: options.name ?? 'audit-sequential',
    title: `Audit (sequential): the ${spendingName(gate.spending)} gate at ${sizes.length} looks up to ${max} questions, ${a} − ${b}`,
    description: `Generated by evalsim audit --looks from ${options.populationFile}. Each replication streams ${max} ${where}, in a uniformly random order, one answer per question and system${epochsDrawn ? ' (one drawn from each question’s recorded rate: the eval has several answers per question)' : ''}. hypothesis null: the systems' labels swapped with probability ½ per question (truth 0; rejection = type-I error); observed: as recorded (truth = the gap ${gap.toFixed(6)}; rejection = power). Looks at ${sizes.join(', ')} questions; every test two-sided at α = ${alpha}; questions = mean questions at stopping; the confidence sequences read after question ${max} (time-uniform coverage).`,
    seed: options.seed ?? 1,
    replications,
    level: +(1 - alpha).toFixed(12),
    model: {
      name: 'itemPopulationSequential',
      params: { population: options.populationFile, systems: [a, b], questions: max, resample },
    },
    grid: { hypothesis: ['null', 'observed'] },
    methods: methods.map((m) => m.config),
    metrics: [
      { metric: 'rejectionRate', id: 'rejection', alternative: 'two-sided', alpha },
      { metric: 'meanSampleSize', id: 'questions' },
      { metric: 'coverage', id: 'coverage' },
      { metric: 'meanWidth', id: 'width' },
    ],
  };
  return {
    config,
    methods: methods.map(({ id, label, role }) => ({ id, label, role })),
    facts: {
      questions: N,
      clusters: K,
      resample,
      gap,
      sizes,
      spending: gate.spending,
      alpha,
      plannedQuestions,
      plannedPairs,
      replications,
      epochsDrawn,
    },
  };
}

export interface SequentialMethodAudit extends SequentialAuditMethod {
  /** Under the null (tests only). */
  readonly typeI: Estimate | null;
  readonly typeIVerdict: TypeIVerdict | null;
  /** Under the observed gap (tests only). */
  readonly power: Estimate | null;
  readonly questionsNull: Estimate;
  readonly questionsObserved: Estimate;
  /** Time-uniform coverage of the truth (sequences only): under the null and under the gap. */
  readonly coverageNull: Estimate | null;
  readonly coverageObserved: Estimate | null;
  readonly coverageVerdict: CoverageVerdict | null;
  readonly widthObserved: Estimate | null;
}

export interface SequentialAuditSummary {
  readonly methods: readonly SequentialMethodAudit[];
  readonly recommendation: string;
}

const NONE: Estimate = { value: Number.NaN, mcse: Number.NaN };

/** The value of `metric` for `method` in the cell of `hypothesis`. */
export function cellEstimate(
  rows: readonly ResultRow[],
  method: string,
  metric: string,
  hypothesis: string,
): Estimate {
  const row = rows.find(
    (r) => r.method === method && r.metric === metric && r.params.hypothesis === hypothesis,
  );
  return row ? { value: row.value, mcse: row.mcse } : NONE;
}

const pct = (e: Estimate) => `${(100 * e.value).toFixed(1)}% ± ${(100 * e.mcse).toFixed(1)}`;
const count = (e: Estimate) => Math.round(e.value).toLocaleString('en-US');

export function summarizeSequentialAudit(
  audit: SequentialAudit,
  rows: readonly ResultRow[],
): SequentialAuditSummary {
  const { alpha } = audit.facts;
  const level = 1 - alpha;
  const methods = audit.methods.map((m): SequentialMethodAudit => {
    const test = m.role !== 'sequence';
    const typeI = test ? cellEstimate(rows, m.id, 'rejection', 'null') : null;
    const coverageNull = test ? null : cellEstimate(rows, m.id, 'coverage', 'null');
    const coverageObserved = test ? null : cellEstimate(rows, m.id, 'coverage', 'observed');
    return {
      ...m,
      typeI,
      typeIVerdict: typeI ? typeIVerdict(typeI, alpha) : null,
      power: test ? cellEstimate(rows, m.id, 'rejection', 'observed') : null,
      questionsNull: cellEstimate(rows, m.id, 'questions', 'null'),
      questionsObserved: cellEstimate(rows, m.id, 'questions', 'observed'),
      coverageNull,
      coverageObserved,
      coverageVerdict:
        coverageNull && coverageObserved
          ? coverageVerdict(
              coverageNull.value <= coverageObserved.value ? coverageNull : coverageObserved,
              level,
            )
          : null,
      widthObserved: test ? null : cellEstimate(rows, m.id, 'width', 'observed'),
    };
  });
  const f = audit.facts;
  const gate = methods[0];
  const naive = methods.find((m) => m.id === 'naiveLooks');
  const parts: string[] = [];
  const at = `At ${f.sizes[f.sizes.length - 1].toLocaleString('en-US')} questions (${f.resample === 'clusters' ? `whole clusters of ${f.clusters}` : 'single questions'} resampled in random order)`;
  if (gate.typeI && gate.typeIVerdict) {
    const holds = gate.typeIVerdict !== 'too high';
    parts.push(
      `${at}, the ${gate.label} ${holds ? 'holds' : 'does not hold'} its ${(100 * alpha).toFixed(1)}% false-win rate: ${pct(gate.typeI)} between exchangeable systems (${gate.typeIVerdict})`,
    );
    if (!holds)
      parts.push(
        "its boundaries rest on the normal approximation of the paired z, which does not hold for this eval's discordance at these looks",
      );
    if (gate.power)
      parts.push(
        `at the observed gap of ${(100 * f.gap).toFixed(1)} points it has ${pct(gate.power)} power and stops after ${count(gate.questionsObserved)} questions on average (${count(gate.questionsNull)} without a gap)`,
      );
  }
  if (naive?.typeI)
    parts.push(`the naive z at the same looks declares a false win ${pct(naive.typeI)} of the time`);
  const sequences = methods.filter((m) => m.coverageVerdict !== null);
  const failing = sequences.filter((m) => m.coverageVerdict === 'too low');
  if (sequences.length)
    parts.push(
      failing.length
        ? `${failing.map((m) => m.label).join(' and ')} ${failing.length === 1 ? 'covers' : 'cover'} the truth at every question less often than ${(100 * level).toFixed(1)}%`
        : `the confidence sequences cover the truth at every question at least ${(100 * level).toFixed(1)}% of the time (within 2 MCSE)`,
    );
  return { methods, recommendation: `${parts.join('; ')}.` };
}
