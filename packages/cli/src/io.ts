/**
 * Where a command reads and writes: its output streams, working directory, environment
 * and standard input. `runCli` passes one to every command (as `args.io`), so the CLI
 * runs the same in-process (tests capture the text) as from the shell (the bin streams to
 * the process's own stdout and stderr).
 */
import { resolve } from 'node:path';

/** Something text is written to: a process stream, or a capture. */
export interface TextSink {
  write(text: string): unknown;
  /** True for a terminal (progress lines are drawn only there). */
  readonly isTTY?: boolean;
  readonly columns?: number;
  /** True once the reader went away (a closed pipe, as in `evalsim show big.arrow | head`): stop writing. */
  readonly closed?: boolean;
}

export interface CliIo {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /** Relative paths in arguments resolve against this directory. */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: string | undefined;
  /**
   * The command line that runs this CLI (Node and the CLI script, absolute), for commands that
   * write scripts calling evalsim again (`evalsim slurm`); undefined when not known (in process).
   */
  readonly bin: readonly string[] | undefined;
  /** `path` resolved against `cwd`. */
  resolve(path: string): string;
  /** The exit status a command asks for without failing (e.g. `validate` with a bad study). */
  exitCode: number;
}

/** A sink that keeps what is written. */
export function captureSink(): TextSink & { readonly text: string } {
  let text = '';
  return {
    write(chunk: string) {
      text += chunk;
      return true;
    },
    get text() {
      return text;
    },
  };
}

export function createIo(options: {
  stdout: TextSink;
  stderr: TextSink;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdin?: string | undefined;
  bin?: readonly string[] | undefined;
}): CliIo {
  return {
    stdout: options.stdout,
    stderr: options.stderr,
    cwd: options.cwd,
    env: options.env,
    stdin: options.stdin,
    bin: options.bin,
    resolve: (path) => resolve(options.cwd, path),
    exitCode: 0,
  };
}
