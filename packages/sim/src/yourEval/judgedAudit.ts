/**
 * `evalsim audit <eval> --labels …`: does each judge-correction interval keep its promise on an
 * eval like mine? Studies generated from a judge-scored analysis (analysis/judged): per system,
 * model judgedAnswers at the eval's own judged rows N + n, label count n, measured accuracy
 * (the PPI++ estimate, the truth of the simulation) and the judge's measured sensitivity and
 * specificity on the labelled rows, with every method (judgeOnly, labelledOnly, ppi,
 * ppiPlusPlus, roganGladen with Lee et al.'s and the delta interval) × coverage, lower / upper
 * non-coverage and mean width; and for the first pair, the two systems with their own judge
 * rates (self-preference carried over) and the difference's five intervals. Then Bradley's
 * verdict per interval (yourEval/auditSummary.ts) and a recommendation. The simulation draws the
 * labelled slice at random and has no clusters (the eval's clusters are in its analysis, not
 * here: say so); a shared slice of min(n_A, n_B) questions for the pair.
 */
import type { JudgedAnalysis, JudgedSystemReport } from '../analysis/judged/analyzeJudged.js';
import type { StudyConfig } from '../config/studyConfig.js';
import type { ResultRow } from '../output/resultRow.js';
import { bradleyVerdict, type Estimate, type IntervalAudit, replicationsToDecide } from './auditSummary.js';

export const JUDGED_AUDIT_METHODS = [
  { id: 'ppiPlusPlus', method: 'ppiPlusPlus' },
  { id: 'ppi', method: 'ppi' },
  { id: 'roganGladenLee', method: 'roganGladen', interval: 'lee' },
  { id: 'roganGladenDelta', method: 'roganGladen', interval: 'delta' },
  { id: 'labelledOnly', method: 'labelledOnly' },
  { id: 'judgeOnly', method: 'judgeOnly' },
] as const;

const METRICS = [
  'coverage',
  { metric: 'lowerNoncoverage', id: 'lowerMiss' },
  { metric: 'upperNoncoverage', id: 'upperMiss' },
  { metric: 'meanWidth', id: 'width' },
];

/** What the simulation takes from one system's analysis. */
export interface JudgedFacts {
  readonly system: string;
  readonly rows: number;
  readonly labelled: number;
  readonly unlabelled: number;
  /** The PPI++ estimate, kept inside [0.005, 0.995]: the simulation's true accuracy. */
  readonly accuracy: number;
  readonly sensitivity: number;
  readonly specificity: number;
}

export interface JudgedAuditStudy {
  readonly label: string;
  readonly config: StudyConfig;
  readonly facts: readonly JudgedFacts[];
}

export interface JudgedAudit {
  readonly studies: readonly JudgedAuditStudy[];
  readonly level: number;
  /** Named clusters of the eval (the simulation has none). */
  readonly clusters: number;
}

export interface JudgedAuditOptions {
  readonly analysis: JudgedAnalysis;
  readonly replications: number;
  readonly seed: number;
  /** Audit only these systems (default all); the pair is the first two. */
  readonly systems?: readonly string[] | undefined;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The simulation's parameters for one system; throws when the analysis cannot give them. */
export function judgedFacts(s: JudgedSystemReport): JudgedFacts {
  const ppi = s.estimates.find((e) => e.method === 'ppiPlusPlus')!;
  if (s.agreement === null || Number.isNaN(ppi.estimate)) {
    throw new RangeError(
      `${s.system}: cannot simulate an eval like it (${s.agreementSkipped ?? ppi.skipped ?? 'no PPI++ estimate'}); the judged audit and plan need 0/1 verdicts and labels, some rows labelled and some not`,
    );
  }
  const { sensitivity, specificity } = s.agreement;
  if (Number.isNaN(sensitivity.estimate) || Number.isNaN(specificity.estimate)) {
    throw new RangeError(
      `${s.system}: the labelled rows hold only ${Number.isNaN(sensitivity.estimate) ? 'incorrect' : 'correct'} answers, so the judge's ${Number.isNaN(sensitivity.estimate) ? 'sensitivity' : 'specificity'} is unknown; label some of each`,
    );
  }
  return {
    system: s.system,
    rows: s.rows,
    labelled: s.labelled,
    unlabelled: s.unlabelled,
    accuracy: clamp(ppi.estimate, 0.005, 0.995),
    sensitivity: sensitivity.estimate,
    specificity: specificity.estimate,
  };
}

const round = (x: number) => Number(x.toPrecision(6));

/** The generated studies (module comment). */
export function buildJudgedAudit(options: JudgedAuditOptions): JudgedAudit {
  const { analysis } = options;
  const chosen = options.systems?.length
    ? options.systems.map((name) => {
        const s = analysis.perSystem.find((x) => x.system === name);
        if (!s)
          throw new RangeError(`--system ${name}: no such system; systems: ${analysis.systems.join(', ')}`);
        return s;
      })
    : analysis.perSystem;
  const facts = chosen.map(judgedFacts);
  const base = { seed: options.seed, replications: options.replications, level: analysis.level };
  const studies: JudgedAuditStudy[] = facts.map((f, k) => ({
    label: f.system,
    facts: [f],
    config: {
      name: `judged-audit-${k + 1}`,
      title: `Audit (judged): every interval for ${f.system} at N = ${f.unlabelled}, n = ${f.labelled}, accuracy ${round(f.accuracy)}, sensitivity ${round(f.sensitivity)}, specificity ${round(f.specificity)}`,
      ...base,
      model: {
        name: 'judgedAnswers',
        params: {
          unlabelled: f.unlabelled,
          labels: f.labelled,
          accuracy: round(f.accuracy),
          sensitivity: round(f.sensitivity),
          specificity: round(f.specificity),
        },
      },
      methods: JUDGED_AUDIT_METHODS.map((m) => ({ ...m })),
      metrics: METRICS,
    } as StudyConfig,
  }));
  if (facts.length >= 2) {
    // the analysis's first pair when both are audited (first − second, as analyze prints it)
    const pair = analysis.pairs.find(
      (p) => facts.some((f) => f.system === p.first) && facts.some((f) => f.system === p.second),
    );
    const a = pair ? facts.find((f) => f.system === pair.first)! : facts[0];
    const b = pair ? facts.find((f) => f.system === pair.second)! : facts[1];
    const labels = Math.min(a.labelled, b.labelled);
    studies.push({
      label: `${a.system} − ${b.system}`,
      facts: [a, b],
      config: {
        name: 'judged-audit-pair',
        title: `Audit (judged): the difference ${a.system} − ${b.system}, each with its own judge rates, N = ${a.unlabelled}, n = ${labels} shared`,
        ...base,
        model: {
          name: 'judgedAnswers',
          params: {
            rows: a.rows,
            labels,
            accuracy: round(a.accuracy),
            accuracySecond: round(b.accuracy),
            sensitivity: round(a.sensitivity),
            specificity: round(a.specificity),
            sensitivitySecond: round(b.sensitivity),
            specificitySecond: round(b.specificity),
          },
        },
        methods: JUDGED_AUDIT_METHODS.filter((m) => m.id !== 'roganGladenLee').map((m) => ({ ...m })),
        metrics: METRICS,
      } as StudyConfig,
    });
  }
  return { studies, level: analysis.level, clusters: analysis.clusters };
}

export interface JudgedAuditSummary {
  readonly label: string;
  readonly facts: readonly JudgedFacts[];
  readonly intervals: readonly IntervalAudit[];
  readonly recommendation: string;
}

const NONE: Estimate = { value: Number.NaN, mcse: Number.NaN };
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Bradley's verdict per interval of each study, and one sentence (module comment). */
export function summarizeJudgedAudit(
  audit: JudgedAudit,
  rows: readonly (readonly ResultRow[])[],
): { band: readonly [number, number]; studies: JudgedAuditSummary[] } {
  const half = (1 - audit.level) / 2;
  const band = [audit.level - half, audit.level + half] as const;
  const studies = audit.studies.map((study, k) => {
    const find = (method: string, metric: string): Estimate => {
      const row = rows[k].find((r) => r.method === method && r.metric === metric);
      return row ? { value: row.value, mcse: row.mcse } : NONE;
    };
    const intervals: IntervalAudit[] = (study.config.methods ?? []).map((m) => {
      const method = (m as { id: string }).id;
      const coverage = find(method, 'coverage');
      const replications =
        rows[k].find((r) => r.method === method && r.metric === 'coverage')?.replications ?? 0;
      const verdict = bradleyVerdict(coverage, audit.level, replications);
      return {
        method,
        study: study.label,
        replications,
        coverage,
        lowerMiss: find(method, 'lowerMiss'),
        upperMiss: find(method, 'upperMiss'),
        width: find(method, 'width'),
        verdict,
        replicationsToDecide:
          verdict === 'undecided' ? replicationsToDecide(coverage, band, replications) : null,
      };
    });
    const good = intervals
      .filter((r) => r.verdict === 'holds' && r.method !== 'judgeOnly')
      .sort((x, y) => x.width.value - y.width.value);
    const judge = intervals.find((r) => r.method === 'judgeOnly')!;
    const at = `For ${study.label} (simulated at its own rows, labels and judge rates)`;
    let recommendation =
      good.length > 0
        ? `${at}, ${good[0].method} is the narrowest interval within Bradley's band (covers ${pct(good[0].coverage.value)}, width ${(100 * good[0].width.value).toFixed(1)} points)`
        : `${at}, no corrected interval keeps ${pct(audit.level)} within Bradley's band`;
    recommendation += `; the judge alone covers ${pct(judge.coverage.value)}.`;
    if (audit.clusters > 0)
      recommendation += ` The simulation has no clusters; the eval's ${audit.clusters} clusters widen its intervals (its analysis sums within them).`;
    return { label: study.label, facts: study.facts, intervals, recommendation };
  });
  return { band, studies };
}
