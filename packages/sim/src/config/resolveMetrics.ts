/**
 * Resolves `metrics`: each entry (a name, or an object with options) against the metric
 * registry, a unique label, and its options (checked by building an accumulator once).
 * Problems of every entry are reported together.
 */
import { ConfigError } from '../base/errors.js';
import { metricRegistry } from '../metrics/registry.js';
import { IssueList } from './issueList.js';
import { asConfigError } from './placeError.js';
import type { ResolveContext } from './resolveContext.js';
import type { ResolvedMetric } from './study.js';
import type { MetricConfig } from './studyConfig.js';

function resolveMetric(
  entry: string | MetricConfig,
  path: string,
  labels: Set<string>,
  methods: readonly string[],
): ResolvedMetric {
  const spec: MetricConfig = typeof entry === 'string' ? { metric: entry } : entry;
  const definition = metricRegistry.get(spec.metric, typeof entry === 'string' ? path : `${path}.metric`);
  const id = spec.id ?? spec.metric;
  if (labels.has(id)) {
    throw new ConfigError(
      `${path}.id`,
      id,
      'a label not used by another metric (set "id", e.g. "power" and "falseWin")',
    );
  }
  labels.add(id);
  const { metric: _metric, id: _id, ...options } = spec;
  try {
    // Built once against each method, so an option naming another method is checked too.
    if (methods.length === 0) definition.create(options, { methods, method: 0 });
    for (let method = 0; method < methods.length; method++) definition.create(options, { methods, method });
  } catch (error) {
    throw asConfigError(error, path);
  }
  return { id, definition, options };
}

/** Every metric entry, resolved against the study's method ids; all problems reported together. */
export function resolveMetrics(context: ResolveContext, methods: readonly string[]): ResolvedMetric[] {
  const resolved: ResolvedMetric[] = [];
  const labels = new Set<string>();
  const problems = new IssueList();
  for (const [i, entry] of (context.config.metrics ?? []).entries()) {
    const metric = problems.attemptSync(() => resolveMetric(entry, `metrics[${i}]`, labels, methods));
    if (metric) resolved.push(metric);
  }
  problems.throwIfAny();
  return resolved;
}
