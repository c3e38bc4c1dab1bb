/** Registry of evalsim subcommands (one module each). */
import type { CommandModule } from 'yargs';
import { adjustCommand } from './adjust.js';
import { auditCommand } from './audit.js';
import { formulasCommand, methodsCommand, metricsCommand, modelsCommand } from './blocks.js';
import { coverageCommand } from './coverage.js';
import { designEffectCommand } from './designEffect.js';
import { withExampleEpilog } from './examples.js';
import { importCommand } from './import.js';
import { intervalCommand } from './interval.js';
import { leaderboardCommand } from './leaderboard.js';
import { listCommand } from './list.js';
import { mcnemarCommand } from './mcnemar.js';
import { planCommand } from './plan.js';
import { powerCommand } from './power.js';
import { reproduceCommand } from './reproduce.js';
import { runCommand } from './run.js';
import { showCommand } from './show.js';
import { slurmCommand } from './slurm.js';
import { validateCommand } from './validate.js';

// biome-ignore lint/suspicious/noExplicitAny: yargs command modules differ in their argument types.
const modules: CommandModule<any, any>[] = [
  intervalCommand,
  coverageCommand,
  mcnemarCommand,
  adjustCommand,
  powerCommand,
  designEffectCommand,
];
modules.push(runCommand, showCommand, validateCommand, listCommand, reproduceCommand);
modules.push(leaderboardCommand);
modules.push(slurmCommand);
modules.push(modelsCommand, methodsCommand, metricsCommand, formulasCommand);
modules.push(importCommand);
modules.push(auditCommand, planCommand);

/** Every command, its examples printed one per line (examples.ts). */
// biome-ignore lint/suspicious/noExplicitAny: yargs command modules differ in their argument types.
export const commands: CommandModule<any, any>[] = modules.map(withExampleEpilog);
