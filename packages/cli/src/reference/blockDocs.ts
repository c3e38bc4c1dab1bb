/**
 * The building blocks a study can name — models, methods, metrics and formulas — as plain
 * data for listings (`evalsim methods`, …) and the reference page (docs/reference.md), read
 * from the registries' declared options (the same declarations the option reader checks
 * and the study schema is generated from), so a listing cannot drift from what a study
 * accepts.
 */
import {
  formulaRegistry,
  methodRegistry,
  metricRegistry,
  modelRegistry,
  type OptionSpec,
  type OptionSpecs,
} from '@evalsim/sim';
import { describeOption } from '@evalsim/sim/internal';

export type BlockRole = 'model' | 'method' | 'metric' | 'formula';
export const BLOCK_ROLES: readonly BlockRole[] = ['model', 'method', 'metric', 'formula'];

/** One declared option (a model's parameter, a formula's argument). */
export interface OptionDoc {
  readonly name: string;
  /** The declared type: number, integer, choice, boolean, string, numbers, integers, strings, argument. */
  readonly type: OptionSpec['type'];
  /** The default, as JSON would write it (absent when there is none). */
  readonly default?: unknown;
  /** For an argument: the cell parameter it reads when not given. */
  readonly reads?: string;
  readonly required: boolean;
  /** What is allowed, in words (the "allowed:" of error messages). */
  readonly allowed: string;
  /** The choices of a choice option. */
  readonly values?: readonly string[];
  readonly description: string;
}

/** One registered block. */
export interface BlockDoc {
  readonly role: BlockRole;
  readonly name: string;
  readonly description: string;
  /** A method's kind: interval or test. */
  readonly kind?: 'interval' | 'test';
  /** The data kinds a method accepts. */
  readonly accepts?: readonly string[];
  /** The data kind a model produces. */
  readonly produces?: string;
  readonly options: readonly OptionDoc[];
}

function optionDocs(specs: OptionSpecs | undefined): OptionDoc[] {
  return Object.entries(specs ?? {}).map(([name, spec]) => ({
    name,
    type: spec.type,
    ...('default' in spec && spec.default !== undefined ? { default: spec.default } : {}),
    ...(spec.type === 'argument' ? { reads: spec.param } : {}),
    required: 'required' in spec && spec.required === true,
    allowed: describeOption(spec),
    ...(spec.type === 'choice' ? { values: [...spec.values] } : {}),
    description: spec.description,
  }));
}

/** Every registered block of `role`, in registry (listing) order. */
export function blockDocs(role: BlockRole): BlockDoc[] {
  switch (role) {
    case 'model':
      return modelRegistry.list.map((model) => ({
        role,
        name: model.name,
        description: model.description,
        produces: model.dataKind,
        options: optionDocs(model.params),
      }));
    case 'method':
      return methodRegistry.list.map((method) => ({
        role,
        name: method.name,
        description: method.description,
        kind: method.kind,
        accepts: [...method.accepts],
        options: optionDocs(method.options),
      }));
    case 'metric':
      return metricRegistry.list.map((metric) => ({
        role,
        name: metric.name,
        description: metric.description,
        options: optionDocs(metric.options),
      }));
    case 'formula':
      return formulaRegistry.list.map((formula) => ({
        role,
        name: formula.name,
        description: formula.description,
        options: optionDocs(formula.options),
      }));
  }
}

/** What a role calls its options: parameters (models), arguments (formulas), options. */
export function optionNoun(role: BlockRole): string {
  return role === 'model' ? 'parameter' : role === 'formula' ? 'argument' : 'option';
}

/** The default column of an option: its default, the cell parameter an argument reads, "required" or "—". */
export function defaultText(option: OptionDoc): string {
  const fallback = option.default === undefined ? '' : JSON.stringify(option.default);
  if (option.reads !== undefined) return `cell "${option.reads}"${fallback ? `, else ${fallback}` : ''}`;
  if (fallback) return fallback;
  return option.required ? 'required' : '—';
}
