/**
 * Registers the test loader (hooks.mjs) in each vitest fork: `--import` of this file is in
 * vitest.config.ts's execArgv, so only the forks that run test files load TypeScript this way;
 * the processes tests spawn (the bin, shards, Slurm jobs) run plain Node.
 */
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
