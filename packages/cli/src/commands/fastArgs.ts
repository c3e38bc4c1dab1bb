/**
 * The calculators' and `run`'s command lines read without yargs: yargs (≈ 170 KiB with its
 * parser) was most of a calculator's start-up (docs/performance.md §9d), and ≈ 50 ms of a
 * one-replication `run`. A command's options (and its one required positional, `run <study>`:
 * a single word, not a number; or its optional list, `reproduce [study..]`, when the line gives
 * none) are read from
 * its own yargs builder, run against a recorder instead of yargs; a line is read here only when
 * it is plainly well formed — each declared flag at most once, as `--name value`, `--name=value`,
 * `-x value` or a bare boolean `--name`, every value a plain finite decimal for a number and no
 * value starting with "-" — and every required flag is present. Anything else (help, a typo,
 * an unknown or repeated flag, `--no-x`, a camelCase spelling, a value yargs would coerce or
 * refuse) returns undefined, and cli.ts lets yargs parse the line and word its message. The
 * result is what yargs gives the handler: every flag under its dashed and camelCase names,
 * defaults filled in, `_` and `$0` (fastArgs.test.ts compares the two on many lines).
 */
import type { ArgumentsCamelCase, CommandModule } from 'yargs';

/**
 * What a builder declares: its flags and its one positional, if any — required (`run <study>`)
 * or an optional list (`reproduce [study..]`, read here only when the line gives none).
 */
interface Declared {
  readonly options: Map<string, OptionSpec>;
  readonly positional?: Positional;
}

interface Positional {
  readonly name: string;
  readonly list: boolean;
}

/** The option declarations the fast path understands. */
interface OptionSpec {
  readonly type?: string;
  readonly array?: boolean;
  readonly default?: unknown;
  readonly demandOption?: boolean | string;
}

// biome-ignore lint/suspicious/noExplicitAny: yargs command modules differ in their argument types.
type AnyCommand = CommandModule<any, any>;

const KNOWN_SPEC_KEYS = new Set(['type', 'array', 'default', 'demandOption', 'describe']);

/**
 * `run <study>` → study (required), `reproduce [study..]` → study (an optional list); null for no
 * positional, undefined for anything else.
 */
function positionalOf(command: AnyCommand): Positional | null | undefined {
  const words = String(command.command ?? '')
    .split(/\s+/)
    .slice(1);
  if (words.length === 0) return null;
  if (words.length !== 1) return undefined;
  const required = /^<([a-z][a-zA-Z]*)>$/.exec(words[0]);
  if (required) return { name: required[1], list: false };
  const list = /^\[([a-z][a-zA-Z]*)\.\.\]$/.exec(words[0]);
  return list ? { name: list[1], list: true } : undefined;
}

/** The options `command`'s builder declares, or undefined when it uses anything else of yargs. */
function declaredOptions(command: AnyCommand): Declared | undefined {
  const options = new Map<string, OptionSpec>();
  const positional = positionalOf(command);
  let plain = typeof command.builder === 'function' && positional !== undefined;
  let positionalDeclared = false;
  const recorder: object = new Proxy(
    {},
    {
      get: (_target, property) => {
        // The command's one positional, a string (`.positional('study', { type: 'string', … })`).
        if (property === 'positional')
          return (name: string, spec: OptionSpec) => {
            if (
              name !== positional?.name ||
              spec.type !== 'string' ||
              Boolean(spec.array) !== positional.list
            )
              plain = false;
            if (Object.keys(spec).some((key) => !KNOWN_SPEC_KEYS.has(key) || key === 'default'))
              plain = false;
            positionalDeclared = true;
            return recorder;
          };
        if (property === 'option')
          return (name: string, spec: OptionSpec) => {
            if (Object.keys(spec).some((key) => !KNOWN_SPEC_KEYS.has(key))) plain = false;
            if (!['number', 'string', 'boolean'].includes(String(spec.type))) plain = false;
            if (spec.type === 'boolean' && spec.array) plain = false;
            options.set(name, spec);
            return recorder;
          };
        // Help text only (examples.ts binds and replaces these while the builder runs).
        if (property === 'example' || property === 'epilog') return () => recorder;
        plain = false;
        return () => recorder;
      },
    },
  );
  if (plain) (command.builder as (y: unknown) => unknown)(recorder);
  if (positional && (!positionalDeclared || options.has(positional.name))) plain = false;
  return plain ? { options, ...(positional ? { positional } : {}) } : undefined;
}

const cache = new Map<AnyCommand, Declared | undefined>();

/** `prior-a` → `priorA`. */
function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** A plain finite decimal, as yargs reads it with Number(). */
const DECIMAL = /^\d+(\.\d+)?([eE][-+]?\d{1,3})?$|^\.\d+$/;

/**
 * The handler's arguments for `argv` (its first word is the command's name), or undefined when
 * the line is not plainly well formed (see the module comment): then yargs must read it.
 */
export function fastArgs(
  command: AnyCommand,
  argv: readonly string[],
): ArgumentsCamelCase<Record<string, unknown>> | undefined {
  if (!cache.has(command)) cache.set(command, declaredOptions(command));
  const declared = cache.get(command);
  if (!declared) return undefined;
  const specs = declared.options;
  const given = new Map<string, unknown>();
  let positional: string | undefined;
  const single = (spec: OptionSpec, text: string): unknown => {
    if (text.startsWith('-') || text === '') return undefined;
    if (spec.type === 'number')
      return DECIMAL.test(text) && Number.isFinite(Number(text)) ? Number(text) : undefined;
    return text;
  };
  for (let i = 1; i < argv.length; i++) {
    const token = argv[i];
    // The positional: one plain word (no dash first, not a number yargs might coerce), once.
    if (declared.positional && !token.startsWith('-')) {
      if (declared.positional.list || positional !== undefined || token === '' || DECIMAL.test(token))
        return undefined;
      positional = token;
      continue;
    }
    const match = /^(?:--([a-z][a-z0-9-]*[a-z0-9]|[a-z])|-([a-z]))(?:=(.*))?$/.exec(token);
    if (!match) return undefined;
    const name = match[1] ?? match[2];
    const long = match[1] !== undefined;
    // yargs reads `-x` as the short flag x and `--x` as the flag x; a one-letter flag is declared by its letter.
    if (!long && name.length !== 1) return undefined;
    const spec = specs.get(name);
    if (!spec || given.has(name)) return undefined;
    const inline = match[3];
    if (spec.type === 'boolean') {
      if (inline !== undefined) return undefined;
      given.set(name, true);
      continue;
    }
    const texts: string[] = [];
    if (inline !== undefined) texts.push(inline);
    else {
      if (i + 1 >= argv.length) return undefined;
      texts.push(argv[++i]);
    }
    // An array flag takes every following word up to the next flag, as yargs does.
    if (spec.array && inline === undefined)
      while (i + 1 < argv.length && !argv[i + 1].startsWith('-')) texts.push(argv[++i]);
    const values = texts.map((text) => single(spec, text));
    if (values.some((value) => value === undefined)) return undefined;
    given.set(name, spec.array ? values : values[0]);
  }
  const args: ArgumentsCamelCase<Record<string, unknown>> = { _: [argv[0]], $0: 'evalsim' };
  if (declared.positional?.list)
    args[declared.positional.name] = []; // as yargs gives an absent list
  else if (declared.positional) {
    if (positional === undefined) return undefined;
    args[declared.positional.name] = positional;
  }
  for (const [name, spec] of specs) {
    const value = given.has(name) ? given.get(name) : spec.default;
    if (value === undefined) {
      if (spec.demandOption) return undefined;
      continue;
    }
    args[name] = value;
    args[camelCase(name)] = value;
  }
  return args;
}
