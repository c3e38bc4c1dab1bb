/**
 * Reads an audit's studies back into what the audit reports: per study and interval method,
 * coverage, lower / upper non-coverage and mean width with their MCSEs and a verdict against
 * Bradley's liberal band (nominal ± (1 − nominal)/2: 0.925–0.975 at 95%; Bradley 1978,
 * "Robustness?", Br. J. Math. Stat. Psychol. 31:144–152) that accounts for the Monte Carlo
 * error (core bradleyFlags on the non-coverage, at 2 MCSE):
 *
 *   holds      coverage ± 2 MCSE lies inside the band;
 *   too low / too high   coverage ± 2 MCSE lies wholly below / above it;
 *   undecided  the band's edge lies within 2 MCSE: the replications needed to decide are
 *              R' = 4c(1 − c)/d² (d the distance to the edge, so 2·MCSE < d), rounded up;
 *
 * per paired test, the false-win rate between identical copies (0 BY CONSTRUCTION, and said so,
 * when the copies cannot disagree) and the power at the observed gap; and a recommendation that
 * starts from analyze's headline interval (headlineRule.ts), so the advice does not change with
 * the seed: it holds, or it is undecided at R replications (rerun with --replications R'), or it
 * fails and the intervals that hold are listed in AUDIT_INTERVALS' order — never "the narrowest
 * inside the band", which the seed can flip. Percentages keep one decimal (92.5%, never "93%").
 */
import { bradleyFlags, pow } from '@evalsim/core';
import { MAX_REPLICATIONS } from '../base/limits.js';
import type { ResultRow } from '../output/resultRow.js';
import { AUDIT_INTERVALS, type Audit } from './auditStudies.js';

export interface Estimate {
  readonly value: number;
  readonly mcse: number;
}

export type Verdict = 'holds' | 'undecided' | 'too low' | 'too high' | 'no bounds';

export interface IntervalAudit {
  readonly method: string;
  /** Which study: 'resampling' (analyze's scores), 'answers' (one 0/1 answer), 'parametric'. */
  readonly study: string;
  readonly replications: number;
  readonly coverage: Estimate;
  readonly lowerMiss: Estimate;
  readonly upperMiss: Estimate;
  readonly width: Estimate;
  readonly verdict: Verdict;
  /** Replications that would decide an undecided verdict (null otherwise). */
  readonly replicationsToDecide: number | null;
}

export interface PairedAudit {
  readonly test: string;
  readonly label: string;
  /** Analyze's headline test for this structure. */
  readonly headline: boolean;
  readonly falseWin: Estimate;
  /** The copies cannot disagree: the false-win rate is 0 by construction, not measured. */
  readonly falseWinByConstruction: boolean;
  readonly power: Estimate | null;
}

export interface AuditSummary {
  readonly band: readonly [number, number];
  /** analyze's scores: epoch means (several epochs) or the 0/1 answers. */
  readonly resampling: readonly IntervalAudit[];
  /** One answer per question (the 0/1 methods), with several epochs; empty otherwise. */
  readonly answers: readonly IntervalAudit[];
  readonly parametric: readonly IntervalAudit[];
  readonly paired: readonly PairedAudit[];
  /** Analyze's headline interval's audit (null when it was not audited). */
  readonly headline: IntervalAudit | null;
  readonly recommendation: string;
}

const NONE: Estimate = { value: Number.NaN, mcse: Number.NaN };

/**
 * The MCSE a verdict uses for a coverage from `replications` draws: the larger of the reported
 * one, √(c(1 − c)/R), and Agresti & Coull's (1998), √(c̃(1 − c̃)/(R + 4)) with c̃ = (cR + 2)/(R + 4)
 * — which is not 0 when every replication covered (or none did): 5 of 5 is 1 ± 0 by the
 * binomial formula, but a true coverage of 0.95 gives 5 of 5 77% of the time, so "too high" from
 * it would be overconfident. At R = 2,000 and c = 0.95 the two differ by 1%.
 */
export function verdictMcse(coverage: Estimate, replications: number | undefined): number {
  const { value, mcse } = coverage;
  if (replications === undefined || !(replications > 0) || Number.isNaN(value)) return Math.max(0, mcse);
  const adjusted = (value * replications + 2) / (replications + 4);
  return Math.max(Math.max(0, mcse), Math.sqrt((adjusted * (1 - adjusted)) / (replications + 4)));
}

/**
 * The verdict of a coverage with its MCSE against Bradley's liberal band at `level` (see the
 * module doc); with `replications`, the MCSE is {@link verdictMcse}'s.
 */
export function bradleyVerdict(coverage: Estimate, level: number, replications?: number): Verdict {
  const { value } = coverage;
  if (Number.isNaN(value)) return 'no bounds';
  const mcse = verdictMcse(coverage, replications);
  const flags = bradleyFlags(Math.min(1, Math.max(0, 1 - value)), 1 - level, mcse, 2).liberal;
  if (!flags.resolved) return 'undecided';
  if (flags.inside) return 'holds';
  return 1 - value > flags.upper ? 'too low' : 'too high';
}

/**
 * Replications that resolve a coverage near a band edge: R = 4c(1 − c)/d² (2 MCSE < the distance d),
 * rounded up to one significant digit, at most MAX_REPLICATIONS. The distance is taken as at least
 * half the current MCSE: the observed distance is itself that uncertain, and a coverage that sits
 * on the edge (d = 0) would otherwise ask for millions — the advice is the next step (about 16×
 * the replications at most), to be repeated if still undecided.
 */
export function replicationsToDecide(
  coverage: Estimate,
  band: readonly [number, number],
  replications?: number,
): number {
  const observed = coverage.value;
  // Every replication covering (or none) says little about c(1 − c): Agresti–Coull's c̃ then.
  const c =
    replications !== undefined && replications > 0
      ? (observed * replications + 2) / (replications + 4)
      : observed;
  const edge = Math.min(Math.abs(observed - band[0]), Math.abs(observed - band[1]));
  const mcse = verdictMcse(coverage, replications);
  const d = Math.max(1e-4, edge, Number.isFinite(mcse) ? mcse / 2 : 0);
  const r = Math.ceil((4 * c * (1 - c)) / (d * d));
  const nice = pow(10, Math.floor(Math.log10(r)));
  return Math.min(MAX_REPLICATIONS, Math.ceil(r / nice) * nice);
}

function find(
  rows: readonly ResultRow[],
  method: string,
  metric: string,
  where: (r: ResultRow) => boolean = () => true,
): Estimate & { replications: number } {
  const row = rows.find((r) => r.method === method && r.metric === metric && where(r));
  return row
    ? { value: row.value, mcse: row.mcse, replications: row.replications }
    : { ...NONE, replications: 0 };
}

function intervals(
  methods: readonly string[],
  study: string,
  rows: readonly ResultRow[],
  level: number,
  band: readonly [number, number],
): IntervalAudit[] {
  return methods
    .filter((method) => rows.some((r) => r.method === method))
    .map((method) => {
      const { replications, ...coverage } = find(rows, method, 'coverage');
      const verdict = bradleyVerdict(coverage, level, replications);
      const strip = (e: Estimate & { replications: number }): Estimate => ({ value: e.value, mcse: e.mcse });
      return {
        method,
        study,
        replications,
        coverage,
        lowerMiss: strip(find(rows, method, 'lowerMiss')),
        upperMiss: strip(find(rows, method, 'upperMiss')),
        width: strip(find(rows, method, 'width')),
        verdict,
        replicationsToDecide:
          verdict === 'undecided' ? replicationsToDecide(coverage, band, replications) : null,
      };
    });
}

const systemsKey = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
/** A rate as a percentage with one decimal (92.5% stays 92.5%). */
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** A difference in points with its sign (− as U+2212, as analyze prints it). */
const signedPoints = (x: number) => {
  const s = (100 * x).toFixed(1);
  return s.startsWith('-') ? `\u2212${s.slice(1)}` : s === '0.0' ? s : `+${s}`;
};
const covers = (r: IntervalAudit) => `${pct(r.coverage.value)} ± ${pct(r.coverage.mcse)}`;

function recommend(
  audit: Audit,
  band: readonly [number, number],
  all: readonly IntervalAudit[],
  headline: IntervalAudit | null,
  paired: readonly PairedAudit[],
): string {
  const { questions, clusters, clustered, epochs } = audit.facts;
  const at = `At ${questions.toLocaleString('en-US')} questions${clustered ? ` in ${clusters} clusters` : ''}${epochs > 1 ? `, ${epochs} epochs scored as their mean` : ''}`;
  const bandText = `Bradley's band ${pct(band[0])}–${pct(band[1])} at 2 MCSE`;
  const order = (id: string) => {
    const k = AUDIT_INTERVALS.findIndex((m) => m.id === id);
    return k < 0 ? AUDIT_INTERVALS.length : k;
  };
  const holding = all
    .filter((r) => r.verdict === 'holds' && r.study !== 'parametric' && r.method !== headline?.method)
    .sort((a, b) => order(a.method) - order(b.method));
  const parts: string[] = [];
  if (!headline) {
    parts.push(
      `${at}, analyze's headline interval (${audit.headline}) was not audited (--methods)` +
        (holding.length
          ? `; of those audited, these hold: ${holding.map((r) => `${r.method} (${covers(r)})`).join(', ')}`
          : ''),
    );
  } else if (headline.verdict === 'holds') {
    parts.push(
      `${at}, analyze's headline interval ${headline.method} holds: coverage ${covers(headline)} lies inside ${bandText}`,
    );
  } else if (headline.verdict === 'undecided') {
    parts.push(
      `${at}, analyze's headline interval ${headline.method} is undecided at ${headline.replications.toLocaleString('en-US')} replications (coverage ${covers(headline)}: ${bandText} cannot tell); rerun with --replications ${(headline.replicationsToDecide ?? 0).toLocaleString('en-US')}`,
    );
  } else {
    parts.push(
      `${at}, analyze's headline interval ${headline.method} does not hold: coverage ${covers(headline)}, ${headline.verdict === 'too low' ? 'below' : 'above'} ${bandText}` +
        (holding.length
          ? `; these hold: ${holding
              .slice(0, 3)
              .map((r) => `${r.method} (${covers(r)})`)
              .join(', ')}`
          : '; none of the intervals audited holds'),
    );
  }
  const worst = all
    .filter((r) => r.verdict === 'too low' && r.study !== 'parametric')
    .sort((a, b) => a.coverage.value - b.coverage.value)[0];
  if (worst && worst.method !== headline?.method)
    parts.push(`${worst.method} covers only ${covers(worst)} of a nominal ${pct(audit.level)}`);
  let sentence = `${parts.join('; ')}.`;
  const alpha = 1 - audit.level;
  const z = paired.find((p) => p.test === 'pairedZ');
  const main = paired.find((p) => p.headline);
  if (main?.falseWinByConstruction) {
    sentence +=
      ' With one answer per question two copies of a system answer every question alike, so no test can declare a false win here: the false-win rates are 0 by construction, not measured (audit an eval with several epochs to measure them).';
  } else if (z && clustered && main && z.falseWin.value > alpha + 2 * z.falseWin.mcse) {
    sentence += ` Between identical copies the paired z test ignoring clusters declares a winner ${pct(z.falseWin.value)} of the time (nominal ${pct(alpha)}); ${main.label} ${pct(main.falseWin.value)}.`;
  }
  if (main?.power && audit.facts.gap !== null) {
    const pair = audit.facts.pair;
    const shown = pair
      ? `${pair.label} = ${signedPoints(pair.difference)}`
      : `${signedPoints(audit.facts.gap)}`;
    sentence += ` At the observed gap ${shown} points (as analyze shows the pair), ${main.label} has ${pct(main.power.value)} ± ${pct(main.power.mcse)} power.`;
  }
  return sentence;
}

export function summarizeAudit(
  audit: Audit,
  rows: {
    readonly resampling: readonly ResultRow[];
    readonly answers?: readonly ResultRow[];
    readonly parametric: readonly ResultRow[];
    readonly paired: readonly ResultRow[];
  },
): AuditSummary {
  const half = (1 - audit.level) / 2;
  const band: readonly [number, number] = [audit.level - half, audit.level + half];
  const resampling = intervals(audit.methods, 'resampling', rows.resampling, audit.level, band);
  const answers = intervals(audit.methods, 'answers', rows.answers ?? [], audit.level, band);
  const parametric = intervals(audit.methods, 'parametric', rows.parametric, audit.level, band);
  const copies = systemsKey(audit.paired.grid?.systems?.[0]);
  const both = audit.paired.grid?.systems?.[1];
  const paired = audit.pairedTests.map(({ id, label, headline }) => {
    const measured = find(
      rows.paired,
      id,
      'rejection',
      (r) => systemsKey(r.params.systems) === copies && r.params.delta === 0,
    );
    const byConstruction = audit.facts.copiesAnswerAlike;
    return {
      test: id,
      label,
      headline,
      falseWin: byConstruction ? { value: 0, mcse: 0 } : { value: measured.value, mcse: measured.mcse },
      falseWinByConstruction: byConstruction,
      power:
        both !== undefined && audit.facts.gap !== null
          ? (({ value, mcse }) => ({ value, mcse }))(
              find(
                rows.paired,
                id,
                'rejection',
                (r) =>
                  systemsKey(r.params.systems) === systemsKey(both) && r.params.delta === audit.facts.gap,
              ),
            )
          : null,
    };
  });
  const headline = resampling.find((r) => r.method === audit.headline) ?? null;
  return {
    band,
    resampling,
    answers,
    parametric,
    paired,
    headline,
    recommendation: recommend(audit, band, [...resampling, ...answers], headline, paired),
  };
}
