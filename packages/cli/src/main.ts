#!/usr/bin/env node
/** The `evalsim` bin: runCli on the process's arguments, streams and exit status. */
import { runCli } from './cli.js';

const result = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exitCode = result.exitCode;
