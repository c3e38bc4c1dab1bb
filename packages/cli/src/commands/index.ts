/**
 * Registry of evalsim subcommands (one module each), loaded lazily: each entry names a
 * command and imports its module only when asked, so a calculator (`evalsim interval …`)
 * never loads the runner, Arrow, ajv, yaml or piscina (the CLI bundle is split per command
 * by scripts/package.mjs). `evalsim --help` loads every command.
 */
import type { CommandModule } from 'yargs';
import { withExampleEpilog } from './examples.js';

// biome-ignore lint/suspicious/noExplicitAny: yargs command modules differ in their argument types.
type AnyCommand = CommandModule<any, any>;

/** Every command's first word and its loader, in listing order. */
const LOADERS: readonly (readonly [string, () => Promise<AnyCommand>])[] = [
  ['interval', async () => (await import('./interval.js')).intervalCommand],
  ['coverage', async () => (await import('./coverage.js')).coverageCommand],
  ['mcnemar', async () => (await import('./mcnemar.js')).mcnemarCommand],
  ['adjust', async () => (await import('./adjust.js')).adjustCommand],
  ['power', async () => (await import('./power.js')).powerCommand],
  ['design-effect', async () => (await import('./designEffect.js')).designEffectCommand],
  ['run', async () => (await import('./run.js')).runCommand],
  ['show', async () => (await import('./show.js')).showCommand],
  ['validate', async () => (await import('./validate.js')).validateCommand],
  ['list', async () => (await import('./list.js')).listCommand],
  ['reproduce', async () => (await import('./reproduce.js')).reproduceCommand],
  ['leaderboard', async () => (await import('./leaderboard.js')).leaderboardCommand],
  ['slurm', async () => (await import('./slurm.js')).slurmCommand],
  ['merge', async () => (await import('./merge.js')).mergeCommand],
  ['check', async () => (await import('./check.js')).checkCommand],
  ['models', async () => (await import('./blocks.js')).modelsCommand],
  ['methods', async () => (await import('./blocks.js')).methodsCommand],
  ['metrics', async () => (await import('./blocks.js')).metricsCommand],
  ['formulas', async () => (await import('./blocks.js')).formulasCommand],
  ['import', async () => (await import('./import.js')).importCommand],
  ['analyze', async () => (await import('./analyze.js')).analyzeCommand],
  ['audit', async () => (await import('./audit.js')).auditCommand],
  ['plan', async () => (await import('./plan.js')).planCommand],
  ['monitor', async () => (await import('./monitor.js')).monitorCommand],
  ['rate', async () => (await import('./rate.js')).rateCommand],
];

/** The first word of every command, in listing order. */
export const commandNames: readonly string[] = LOADERS.map(([name]) => name);

/**
 * The commands named (every command when `names` is omitted), their examples printed one per
 * line (examples.ts), in listing order.
 */
export async function loadCommands(names?: readonly string[]): Promise<AnyCommand[]> {
  const wanted = LOADERS.filter(([name]) => !names || names.includes(name));
  const modules = await Promise.all(wanted.map(([, load]) => load()));
  return modules.map(withExampleEpilog);
}
