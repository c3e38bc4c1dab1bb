/**
 * The planned group-sequential gate of `evalsim monitor` and `evalsim audit --looks` from their
 * flags: `--design FILE` (the design.json `evalsim plan --looks` writes), or `--looks` (K with
 * `--max-questions N`: looks at round(kN/K); or the look sizes 200,400,600) with `--spending`
 * and α. A command with a default maximum (audit: the eval's questions) passes it as
 * `defaultMax`. Errors name the flag.
 */
import { readFileSync } from 'node:fs';
import { gateFromJson, type SequentialGate, sequentialGate } from '@evalsim/sim';
import type { CliIo } from '../io.js';
import { spendingFlag } from '../monitor/spendingFlag.js';
import { integerFlag } from './flagValues.js';
import { numberList } from './shared.js';

export interface GateFlags {
  readonly design?: string | undefined;
  readonly looks?: string | undefined;
  readonly maxQuestions?: number | undefined;
  readonly spending?: string | undefined;
  readonly alpha: number;
  /** The α a command uses when none is given (a design file's α may differ from it). */
  readonly defaultAlpha?: number;
  /** The maximum for --looks K when --max-questions is absent (else it is required). */
  readonly defaultMax?: number;
  /** The command's α flag as given, for errors (default `--alpha <α>`). */
  readonly alphaText?: string;
}

/** The planned gate from --design, or --looks (K with --max-questions, or the look sizes) and --spending. */
export function gateFlags(io: CliIo, args: GateFlags): SequentialGate | undefined {
  if (args.design !== undefined) {
    for (const flag of ['looks', 'spending'] as const)
      if (args[flag] !== undefined) throw new Error(`--${flag}: the design file (--design) already fixes it`);
    if (args.maxQuestions !== undefined)
      throw new Error('--max-questions: the design file (--design) already fixes the maximum');
    let text: string;
    try {
      text = readFileSync(io.resolve(args.design), 'utf8');
    } catch (error) {
      throw new Error(
        `--design ${args.design}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(`--design ${args.design}: not JSON (${(error as Error).message})`);
    }
    const gate = gateFromJson(value, args.design);
    if (gate.alpha !== args.alpha && args.alpha !== (args.defaultAlpha ?? 0.05))
      throw new Error(
        `${args.alphaText ?? `--alpha ${args.alpha}`}: the design file was planned at α = ${gate.alpha}`,
      );
    return gate;
  }
  if (args.looks === undefined) {
    if (args.spending !== undefined) throw new Error('--spending: needs planned looks (--looks or --design)');
    return undefined;
  }
  const values = numberList('looks', args.looks);
  let sizes: number[];
  if (values.length === 1) {
    const looks = integerFlag('looks', values[0], 1, 100) as number;
    const max = args.maxQuestions ?? args.defaultMax;
    if (max === undefined)
      throw new Error(
        `--looks ${looks}: give the planned maximum with --max-questions N (looks at N/${looks}, 2N/${looks}, …), or the look sizes themselves (--looks 200,400,600)`,
      );
    sizes = Array.from({ length: looks }, (_, k) => Math.round(((k + 1) * max) / looks));
  } else {
    sizes = values;
    const max = args.maxQuestions;
    if (max !== undefined) {
      const beyond = sizes.findIndex((n) => n > max);
      if (beyond >= 0)
        throw new Error(
          `--looks: look ${beyond + 1} (${sizes[beyond]} questions) is beyond the planned maximum (--max-questions ${max})`,
        );
      if (sizes[sizes.length - 1] !== max)
        throw new Error(
          `--looks: the last look (${sizes[sizes.length - 1]}) must be the planned maximum (--max-questions ${max})`,
        );
    }
  }
  return sequentialGate({ sizes, spending: spendingFlag(args.spending), alpha: args.alpha });
}
