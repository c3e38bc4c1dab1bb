/**
 * The `evalsim` command as a function: `runCli(argv, { cwd, env, stdin?, bin? })` parses the
 * arguments, runs the command and resolves to its exit code and output, never calling
 * process.exit. Output is captured and returned, unless `stdout`/`stderr` sinks are given
 * (the bin, main.ts, passes the process's own streams so long runs print as they go).
 * Each subcommand lives in commands/<name>.ts and is registered in commands/index.ts; only the
 * command named first on the line is loaded (every command for `--help` and anything else).
 */
import { evalsimVersion } from '@evalsim/sim/light';
import yargs from 'yargs';
import { commandNames, loadCommands } from './commands/index.js';
import { withThreadTrace } from './commands/threadTraceFile.js';
import { badNumberFlag, unknownCommand, usageMessage } from './commands/usage.js';
import { captureSink, createIo, type TextSink } from './io.js';

export interface CliContext {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Standard input, for commands that read it. */
  readonly stdin?: string;
  /** The command line that runs this CLI (Node and script), for generated job scripts (main.ts sets it). */
  readonly bin?: readonly string[];
  /** Stream output here instead of capturing it. */
  readonly stdout?: TextSink;
  readonly stderr?: TextSink;
}

export interface CliResult {
  readonly exitCode: number;
  /** What the command printed (empty when streamed to a given sink). */
  readonly stdout: string;
  readonly stderr: string;
}

/** A usage mistake found by yargs (unknown flag, missing command), as opposed to a failing command. */
class UsageError extends Error {}

/** Width of `--help`: 100 columns, or a narrower terminal's width. */
const HELP_WIDTH = 100;

/**
 * The commands to register: only the one named by the first word (`evalsim interval --k 8 …`),
 * none for a lone `--version`, every command otherwise (`--help`, usage mistakes).
 */
function commandsWanted(argv: readonly string[]): readonly string[] | undefined {
  if (argv.length === 1 && argv[0] === '--version') return [];
  return argv.length > 0 && commandNames.includes(argv[0]) ? [argv[0]] : undefined;
}

export async function runCli(argv: readonly string[], context: CliContext): Promise<CliResult> {
  const stdout = captureSink();
  const stderr = captureSink();
  const io = createIo({
    stdout: context.stdout ?? stdout,
    stderr: context.stderr ?? stderr,
    cwd: context.cwd,
    env: context.env,
    stdin: context.stdin,
    bin: context.bin,
  });
  const cli = yargs()
    .scriptName('evalsim')
    .usage('$0 <command> [options]')
    .exitProcess(false)
    .strict()
    .demandCommand(1, 'Name a command; see evalsim --help.')
    .wrap(io.stdout.isTTY && io.stdout.columns ? Math.min(HELP_WIDTH, io.stdout.columns) : HELP_WIDTH)
    .middleware((parsed) => {
      const problem = badNumberFlag(parsed, argv);
      if (problem) throw new UsageError(problem);
    }, true)
    .fail((message, error, usage) => {
      if (error) throw error;
      // The third argument is yargs' usage object: its descriptions are the current command's flags.
      const flags = Object.keys((usage as unknown as { getDescriptions(): object }).getDescriptions());
      throw new UsageError(usageMessage(message, flags, argv));
    });
  let exitCode = 0;
  try {
    for (const command of await loadCommands(commandsWanted(argv))) cli.command(command);
    const unknown = unknownCommand(argv, commandNames);
    if (unknown) throw new UsageError(unknown);
    // EVALSIM_THREAD_TRACE=<file>: the threads' busy intervals written there (the benchmarks').
    await withThreadTrace(io, () =>
      cli
        .help()
        .version(evalsimVersion())
        .parseAsync([...argv], { io }, (_error, _parsed, output) => {
          if (output) io.stdout.write(`${output}\n`);
        }),
    );
    exitCode = io.exitCode;
  } catch (error) {
    // Bad arguments caught by @evalsim/core, bad configs, usage mistakes: one clear line, no stack trace.
    // On a terminal a progress line may still be drawn: clear it first.
    const clear = io.stderr.isTTY === true ? '\r\x1b[2K' : '';
    io.stderr.write(`${clear}evalsim: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof UsageError) io.stderr.write('Run with --help for usage.\n');
    exitCode = 2;
  }
  return { exitCode, stdout: stdout.text, stderr: stderr.text };
}
