/**
 * Usage mistakes said plainly, naming the flag as typed on the command line: an unknown
 * command or flag gets the closest known one ("unknown flag --replication; did you mean
 * --replications?"), a missing or invalid flag is named with its dashes, and a number flag
 * given something that is not a plain finite decimal (`--workers two`, `--k 0x5`, `--k ''`)
 * is refused instead of becoming NaN, 5 or 0. yargs finds the mistakes; this file words them.
 */
import { closestName } from '@evalsim/sim/light';
import { notDecimal } from './shared.js';

/** Flags renamed for consistency: an old name is answered with the new one. */
const RENAMED_FLAGS: Readonly<Record<string, string>> = { dir: 'studies', 'studies-dir': 'studies' };

/** Number flags that accept Infinity (answers per question: unlimited). */
const INFINITE_FLAGS: readonly string[] = ['k-a', 'k-b'];

/** A flag as the CLI's help and README write it: two dashes, also for one letter (`--k 14 --n 15`). */
const dashed = (name: string) => `--${name}`;

/** `unknown command "x"; did you mean y?`, or undefined when `argv` starts with a known command (or a flag). */
export function unknownCommand(argv: readonly string[], commands: readonly string[]): string | undefined {
  const first = argv[0];
  if (first === undefined || first.startsWith('-') || commands.includes(first)) return undefined;
  const match = closestName(first, commands);
  return `unknown command "${first}"${match ? `; did you mean ${match}?` : ''} (commands: ${commands.join(', ')})`;
}

/** Whether `name` was typed as a flag (`--name`, `--name=…`, `-n`) in `argv`. */
function typedAsFlag(name: string, argv: readonly string[]): boolean {
  return argv.some(
    (arg) =>
      arg === dashed(name) ||
      arg === `-${name}` ||
      arg.startsWith(`${dashed(name)}=`) ||
      arg.startsWith(`-${name}=`) ||
      arg === `--no-${name}`,
  );
}

/**
 * A yargs usage message reworded (see the module comment). `flags` are the current
 * command's flag names (yargs' option descriptions), `argv` the arguments as typed.
 */
export function usageMessage(message: string, flags: readonly string[], argv: readonly string[]): string {
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (unknown) {
    return unknown[1]
      .split(', ')
      .map((name) => {
        if (!typedAsFlag(name, argv)) return `unexpected argument "${name}"`;
        const renamed = RENAMED_FLAGS[name];
        const match = renamed !== undefined && flags.includes(renamed) ? renamed : closestName(name, flags);
        return `unknown flag ${dashed(name)}${match ? `; did you mean ${dashed(match)}?` : ''}`;
      })
      .join('; ');
  }
  const missing = /^Missing required arguments?: (.+)$/.exec(message);
  if (missing) return `missing ${missing[1].split(', ').map(dashed).join(', ')}`;
  const invalid = /^Invalid values:\s+Argument: ([^,]+), Given: (.+), Choices: (.+)$/s.exec(message);
  if (invalid) return `${dashed(invalid[1])}: got ${invalid[2]}; allowed: ${invalid[3].trim()}`;
  const positional = /^Not enough non-option arguments: got (\d+), need at least (\d+)$/.exec(message);
  if (positional) return `missing an argument (got ${positional[1]}, need at least ${positional[2]})`;
  return message;
}

/**
 * The texts typed for flag `name` (`--name value`, `--name=value`, `-name value`), for
 * messages and checks; for an array flag every value up to the next flag. Undefined when the
 * flag was not typed (its value is the default); null for a flag typed without a value.
 */
function typedValues(name: string, argv: readonly string[], array: boolean): (string | null)[] | undefined {
  const found: (string | null)[] = [];
  for (let i = 0; i < argv.length; i++) {
    for (const flag of [dashed(name), `-${name}`]) {
      if (argv[i].startsWith(`${flag}=`)) found.push(argv[i].slice(flag.length + 1));
      else if (argv[i] === flag) {
        const before = found.length;
        for (let j = i + 1; j < argv.length && !/^--?[a-zA-Z]/.test(argv[j]); j++) {
          found.push(argv[j]);
          if (!array) break;
        }
        if (found.length === before) found.push(null);
      }
    }
  }
  return found.length > 0 ? found : undefined;
}

/**
 * The first number flag of `parsed` (yargs' result) that was not typed as a decimal number —
 * hexadecimal, octal or binary (`0x5`, which yargs would read as 5), empty (which it would
 * read as 0), padded with spaces, or not a number at all (NaN) — as a message naming the flag
 * and the text typed; undefined when every number flag is a plain decimal. Flags of
 * INFINITE_FLAGS also take `Infinity`.
 */
export function badNumberFlag(
  parsed: Readonly<Record<string, unknown>>,
  argv: readonly string[],
): string | undefined {
  for (const [key, value] of Object.entries(parsed)) {
    if (key === '_' || key === '$0' || /[A-Z]/.test(key)) continue; // camelCase twins of dashed flags
    const values = Array.isArray(value) ? value : [value];
    if (!values.some((v) => typeof v === 'number')) continue;
    const typed = typedValues(key, argv, Array.isArray(value));
    if (typed === undefined) {
      if (values.some((v) => typeof v === 'number' && Number.isNaN(v)))
        return `${dashed(key)}: needs a value`;
      continue;
    }
    for (const text of typed) {
      if (text === null) return `${dashed(key)}: needs a value`;
      if (INFINITE_FLAGS.includes(key) && /^\+?Infinity$/.test(text)) continue;
      const problem = notDecimal(text);
      if (problem !== undefined) return `${dashed(key)}: ${problem}`;
    }
  }
  return undefined;
}
