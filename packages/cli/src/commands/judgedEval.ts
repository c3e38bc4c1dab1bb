/**
 * The `<eval>` of `evalsim plan --labels` and `evalsim audit --labels`: imported with its labels
 * (`--labels COLUMN | scorer:NAME | metric:NAME`, `--metric`, `--task`) and analysed (sim
 * analyzeJudged), so the studies they generate start from the eval's measured accuracy and
 * judge rates.
 */
import { analyzeJudged, importEval, type JudgedAnalysis } from '@evalsim/sim';
import { formatEvalWarning, prepareOutputDirectory } from '@evalsim/sim/internal';
import type { CliIo } from '../io.js';
import { checkPathsExist } from './importFlags.js';
import { inputPath } from './shippedStudies.js';

export interface JudgedEvalOptions {
  readonly labels: string;
  readonly metric?: string | undefined;
  readonly task?: string | undefined;
  readonly level: number;
  /** The folder the command writes, checked once the logs are found and before any is read. */
  readonly output?: { readonly dir: string; readonly label: string; readonly writes: readonly string[] };
}

export function judgedEval(
  io: CliIo,
  given: string,
  options: JudgedEvalOptions,
): { analysis: JudgedAnalysis; warnings: string[] } {
  const path = inputPath(io, given);
  checkPathsExist(io, [path]);
  const imported = importEval(
    [path],
    { labels: options.labels, ...(options.metric !== undefined ? { metric: options.metric } : {}) },
    {
      cwd: io.cwd,
      digests: false,
      beforeImport: (inputs) => {
        const { output } = options;
        if (output)
          prepareOutputDirectory(output.dir, output.writes, { label: output.label, inputs, create: false });
      },
    },
  );
  const analysis = analyzeJudged(imported.table, {
    labels: options.labels,
    level: options.level,
    ...(options.metric !== undefined ? { metric: options.metric } : {}),
    ...(options.task !== undefined ? { task: options.task } : {}),
  });
  return { analysis, warnings: [...imported.warnings.map(formatEvalWarning), ...analysis.warnings] };
}
