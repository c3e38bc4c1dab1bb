#!/usr/bin/env node
/** The `evalsim` bin: runCli on the process's arguments, streams and exit status. */
import { resolve } from 'node:path';
import { runCli } from './cli.js';

const result = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  ...(process.argv[1] ? { bin: [process.execPath, resolve(process.argv[1])] } : {}),
});
process.exitCode = result.exitCode;
