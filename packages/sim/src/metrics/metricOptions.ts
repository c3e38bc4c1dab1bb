/**
 * Readers for metric options; each throws a ConfigError naming the option,
 * the value and what is allowed (the runner prefixes `metrics[i].`).
 */
import { ConfigError } from '../config/errors.js';

export type MetricOptions = Readonly<Record<string, unknown>>;

/** Rejects options other than `known`. */
export function rejectUnknownMetricOptions(
  metric: string,
  options: MetricOptions,
  known: readonly string[],
): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new ConfigError(
        key,
        options[key],
        known.length ? `an option of ${metric}: ${known.join(', ')}` : `no options for ${metric}`,
      );
    }
  }
}

/** A significance level α in (0, 1); `fallback` when absent. */
export function readAlpha(options: MetricOptions, fallback: number): number {
  const value = options.alpha;
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0 && value < 1))
    throw new ConfigError('alpha', value, 'a number in (0, 1)');
  return value;
}

export type Alternative = 'two-sided' | 'greater' | 'less';
const ALTERNATIVES: readonly Alternative[] = ['two-sided', 'greater', 'less'];

/** The test's alternative; 'two-sided' when absent. */
export function readAlternative(options: MetricOptions): Alternative {
  const value = options.alternative;
  if (value === undefined) return 'two-sided';
  if (!ALTERNATIVES.includes(value as Alternative)) {
    throw new ConfigError('alternative', value, `one of ${ALTERNATIVES.map((a) => `"${a}"`).join(', ')}`);
  }
  return value as Alternative;
}
