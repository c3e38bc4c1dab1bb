/**
 * Typed readers for a model's cell parameters. Each reader throws a
 * `ConfigError` naming the field path (`model.params.<name>`), the value it got
 * and what is allowed, so a bad study config fails before any work starts.
 */
import { ConfigError } from '../config/errors.js';
import type { CellParams, GridValue } from '../types.js';

/** Field path of a model parameter, as shown in error messages. */
export function paramPath(name: string): string {
  return `model.params.${name}`;
}

/** Throws the ConfigError for parameter `name`. */
export function rejectParam(name: string, value: unknown, allowed: string): never {
  throw new ConfigError(paramPath(name), value, allowed);
}

export interface NumberRule {
  /** Smallest allowed value (inclusive unless `minExclusive`). */
  readonly min?: number;
  readonly minExclusive?: boolean;
  /** Largest allowed value (inclusive unless `maxExclusive`). */
  readonly max?: number;
  readonly maxExclusive?: boolean;
  readonly integer?: boolean;
}

function describeRule(rule: NumberRule): string {
  const kind = rule.integer ? 'an integer' : 'a finite number';
  const parts: string[] = [];
  if (rule.min !== undefined) parts.push(`${rule.minExclusive ? '>' : '≥'} ${rule.min}`);
  if (rule.max !== undefined) parts.push(`${rule.maxExclusive ? '<' : '≤'} ${rule.max}`);
  return parts.length > 0 ? `${kind} ${parts.join(' and ')}` : kind;
}

function checkNumber(name: string, value: unknown, rule: NumberRule): number {
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    (rule.min === undefined || (rule.minExclusive ? value > rule.min : value >= rule.min)) &&
    (rule.max === undefined || (rule.maxExclusive ? value < rule.max : value <= rule.max));
  if (!ok) rejectParam(name, value, describeRule(rule));
  return value as number;
}

/** True when the parameter is present (not undefined). */
export function hasParam(params: CellParams, name: string): boolean {
  return params[name] !== undefined;
}

/** A required number obeying `rule`. */
export function requireNumber(params: CellParams, name: string, rule: NumberRule = {}): number {
  const value = params[name];
  if (value === undefined) rejectParam(name, value, `a required ${describeRule(rule)}`);
  return checkNumber(name, value, rule);
}

/** An optional number obeying `rule`, `fallback` when absent. */
export function optionalNumber(
  params: CellParams,
  name: string,
  fallback: number,
  rule: NumberRule = {},
): number {
  const value = params[name];
  return value === undefined ? fallback : checkNumber(name, value, rule);
}

/** A non-empty list of numbers, each obeying `rule`. */
export function requireNumberList(params: CellParams, name: string, rule: NumberRule = {}): number[] {
  const value = params[name];
  if (!Array.isArray(value) || value.length === 0) {
    rejectParam(name, value, `a non-empty list of ${describeRule(rule)} values`);
  }
  return (value as readonly GridValue[]).map((v, i) => checkNumber(`${name}[${i}]`, v, rule));
}

/** An optional string among `choices`, `fallback` when absent. */
export function optionalChoice<T extends string>(
  params: CellParams,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = params[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    rejectParam(name, value, `one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`);
  }
  return value as T;
}

/** Rejects any parameter not in `known` (catches typos such as "rh0"). */
export function rejectUnknownParams(params: CellParams, known: readonly string[]): void {
  for (const name of Object.keys(params)) {
    if (!known.includes(name)) {
      rejectParam(name, params[name], `a known parameter: ${known.join(', ')}`);
    }
  }
}
