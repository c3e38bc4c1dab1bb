#!/usr/bin/env node
/**
 * The `evalsim` bin: runCli on the process's arguments, streams and exit status. A reader
 * that goes away (`evalsim run … | head`) is not an error: the stream is marked closed, the
 * rest of the output dropped, and commands that stream (show) stop reading.
 */
import { resolve } from 'node:path';
import { runCli } from './cli.js';
import type { TextSink } from './io.js';

/** `stream` as a sink that survives its reader closing (EPIPE) instead of crashing the process. */
function pipeSafe(stream: NodeJS.WriteStream): TextSink {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    closed = true;
    if (error.code !== 'EPIPE' && stream !== process.stderr)
      process.stderr.write(`evalsim: cannot write output (${error.code ?? error.message})\n`);
  });
  return {
    write: (text: string) => (closed ? false : stream.write(text)),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
    get closed() {
      return closed;
    },
  };
}

// No top-level await: the same entry is bundled as a classic script (the code-cached launcher, launcher/).
void runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: pipeSafe(process.stdout),
  stderr: pipeSafe(process.stderr),
  ...(process.argv[1] ? { bin: [process.execPath, resolve(process.argv[1])] } : {}),
}).then((result) => {
  process.exitCode = result.exitCode;
});
