#!/usr/bin/env node
/**
 * The `evalsim` command. Each subcommand lives in commands/<name>.ts and is
 * registered in commands/index.ts.
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { commands } from './commands/index.js';

const cli = yargs(hideBin(process.argv))
  .scriptName('evalsim')
  .usage('$0 <command> [options]')
  .strict()
  .demandCommand(1, 'Name a command; see evalsim --help.')
  .recommendCommands()
  .wrap(Math.min(110, process.stdout.columns ?? 110))
  .fail((message, error) => {
    const text = error ? error.message : message;
    process.stderr.write(`evalsim: ${text}\n`);
    if (!error) process.stderr.write('Run with --help for usage.\n');
    process.exit(2);
  });

for (const command of commands) cli.command(command);

try {
  await cli.help().version().parseAsync();
} catch (error) {
  // Errors thrown by handlers (bad arguments caught by @evalsim/core, bad configs):
  // one clear line, non-zero exit, no stack trace.
  process.stderr.write(`evalsim: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
