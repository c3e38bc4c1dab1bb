/**
 * Reads an audit's three studies back into what the audit reports: per mode and interval
 * method, coverage, lower / upper non-coverage and mean width with their MCSEs and a
 * verdict against Bradley's liberal band (nominal ± (1 − nominal)/2: 0.925–0.975 at 95%;
 * Bradley 1978, "Robustness?", Br. J. Math. Stat. Psychol. 31:144–152), 'borderline' when
 * the band's edge lies within 2 MCSE of the coverage; per paired test, the false-win rate
 * between identical copies and the power at the observed gap; and a recommendation
 * sentence built from those numbers.
 */
import type { ResultRow } from '../output/resultRow.js';
import type { Audit } from './auditStudies.js';

export interface Estimate {
  readonly value: number;
  readonly mcse: number;
}

export type Verdict = 'within' | 'borderline' | 'too low' | 'too high' | 'no bounds';

export interface IntervalAudit {
  readonly method: string;
  readonly coverage: Estimate;
  readonly lowerMiss: Estimate;
  readonly upperMiss: Estimate;
  readonly width: Estimate;
  readonly verdict: Verdict;
}

export interface PairedAudit {
  readonly test: string;
  readonly label: string;
  readonly falseWin: Estimate;
  readonly power: Estimate | null;
}

export interface AuditSummary {
  readonly band: readonly [number, number];
  readonly resampling: readonly IntervalAudit[];
  readonly parametric: readonly IntervalAudit[];
  readonly paired: readonly PairedAudit[];
  readonly recommendation: string;
}

const NONE: Estimate = { value: Number.NaN, mcse: Number.NaN };

export function bradleyVerdict(coverage: Estimate, band: readonly [number, number]): Verdict {
  const { value, mcse } = coverage;
  if (Number.isNaN(value)) return 'no bounds';
  const near = Math.min(Math.abs(value - band[0]), Math.abs(value - band[1])) <= 2 * mcse;
  if (value < band[0]) return near ? 'borderline' : 'too low';
  if (value > band[1]) return near ? 'borderline' : 'too high';
  return near ? 'borderline' : 'within';
}

function find(
  rows: readonly ResultRow[],
  method: string,
  metric: string,
  where: (r: ResultRow) => boolean = () => true,
): Estimate {
  const row = rows.find((r) => r.method === method && r.metric === metric && where(r));
  return row ? { value: row.value, mcse: row.mcse } : NONE;
}

function intervals(
  audit: Audit,
  rows: readonly ResultRow[],
  band: readonly [number, number],
): IntervalAudit[] {
  return audit.methods.map((method) => {
    const coverage = find(rows, method, 'coverage');
    return {
      method,
      coverage,
      lowerMiss: find(rows, method, 'lowerMiss'),
      upperMiss: find(rows, method, 'upperMiss'),
      width: find(rows, method, 'width'),
      verdict: bradleyVerdict(coverage, band),
    };
  });
}

const systemsKey = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const pct = (x: number) => `${(100 * x).toFixed(Math.abs(100 * x) < 10 ? 1 : 0)}%`;

function recommend(
  audit: Audit,
  band: readonly [number, number],
  resampling: readonly IntervalAudit[],
  paired: readonly PairedAudit[],
): string {
  const { questions, clusters, clustered } = audit.facts;
  const at = `At ${questions.toLocaleString('en-US')} questions${clustered ? ` in ${clusters} clusters` : ''}`;
  // in the band by the point estimate (borderline included), narrowest first; below it, worst first
  const [low, high] = band;
  const good = resampling
    .filter((r) => r.coverage.value >= low && r.coverage.value <= high)
    .sort((a, b) => a.width.value - b.width.value);
  const bad = resampling
    .filter((r) => r.coverage.value < low)
    .sort((a, b) => a.coverage.value - b.coverage.value);
  const nominal = pct(audit.level);
  const parts: string[] = [];
  if (good.length > 0) {
    const names = good
      .slice(0, 2)
      .map(
        (r) =>
          `${r.method} (covers ${pct(r.coverage.value)}, width ${(100 * r.width.value).toFixed(1)} points)`,
      );
    parts.push(`${at}, use ${names.join(' or ')}`);
  } else {
    const best = [...resampling].sort(
      (a, b) => Math.abs(a.coverage.value - audit.level) - Math.abs(b.coverage.value - audit.level),
    )[0];
    parts.push(
      `${at}, no interval audited keeps ${nominal} within Bradley's band; the closest is ${best.method} at ${pct(best.coverage.value)}`,
    );
  }
  if (bad.length > 0)
    parts.push(`${bad[0].method} covers only ${pct(bad[0].coverage.value)} of a nominal ${nominal}`);
  let sentence = `${parts.join('; ')}.`;
  const z = paired.find((p) => p.test === 'pairedZ');
  const clusteredTest = paired.find((p) => p.test === 'pairedClustered');
  const alpha = 1 - audit.level;
  if (z && clustered && clusteredTest && z.falseWin.value > alpha + 2 * z.falseWin.mcse) {
    sentence += ` Between identical copies the paired z test ignoring clusters declares a winner ${pct(z.falseWin.value)} of the time (nominal ${pct(alpha)}); the clustered paired test ${pct(clusteredTest.falseWin.value)}.`;
  }
  if (audit.facts.epochs === 1) {
    sentence +=
      ' With one recorded answer per question, two copies of a system answer identically, so its false-win rate is 0 by construction here (the resampled eval has no answer-to-answer noise).';
  }
  const primary = clusteredTest ?? paired.find((p) => p.test === 'mcnemar');
  if (primary?.power && audit.facts.gap !== null) {
    sentence += ` At the observed gap of ${(100 * audit.facts.gap).toFixed(1)} points, ${primary.label} has ${pct(primary.power.value)} power.`;
  }
  return sentence;
}

export function summarizeAudit(
  audit: Audit,
  rows: {
    readonly resampling: readonly ResultRow[];
    readonly parametric: readonly ResultRow[];
    readonly paired: readonly ResultRow[];
  },
): AuditSummary {
  const half = (1 - audit.level) / 2;
  const band: readonly [number, number] = [audit.level - half, audit.level + half];
  const resampling = intervals(audit, rows.resampling, band);
  const parametric = intervals(audit, rows.parametric, band);
  const copies = systemsKey(audit.paired.grid?.systems?.[0]);
  const both = audit.paired.grid?.systems?.[1];
  const paired = audit.pairedTests.map(({ id, label }) => ({
    test: id,
    label,
    falseWin: find(
      rows.paired,
      id,
      'rejection',
      (r) => systemsKey(r.params.systems) === copies && r.params.delta === 0,
    ),
    power:
      both !== undefined && audit.facts.gap !== null
        ? find(
            rows.paired,
            id,
            'rejection',
            (r) => systemsKey(r.params.systems) === systemsKey(both) && r.params.delta === audit.facts.gap,
          )
        : null,
  }));
  return { band, resampling, parametric, paired, recommendation: recommend(audit, band, resampling, paired) };
}
