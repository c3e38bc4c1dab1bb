/**
 * Declared options as JSON Schema, for the per-model, per-method, per-metric and
 * per-formula parts of the published study schema (so an editor autocompletes a method's
 * options and shows their descriptions). Generated from the same declarations the option
 * reader checks (base/options.ts), so the two cannot drift.
 */
import { describeOption, type NumberBounds, type OptionSpec, type OptionSpecs } from './options.js';

/** A JSON Schema object (draft-07). */
export type JsonSchema = { readonly [keyword: string]: unknown };

function bounds(b: NumberBounds): Record<string, number> {
  const out: Record<string, number> = {};
  if (b.min !== undefined) out[b.minExclusive ? 'exclusiveMinimum' : 'minimum'] = b.min;
  if (b.max !== undefined) out[b.maxExclusive ? 'exclusiveMaximum' : 'maximum'] = b.max;
  return out;
}

function shape(spec: OptionSpec): JsonSchema {
  switch (spec.type) {
    case 'number':
    case 'integer':
      return { type: spec.type, ...bounds(spec) };
    case 'choice':
      return spec.orNumber
        ? { anyOf: [{ enum: [...spec.values] }, { type: 'number', ...bounds(spec.orNumber) }] }
        : { enum: [...spec.values] };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: 'string', minLength: 1 };
    case 'numbers':
    case 'integers':
      return {
        type: 'array',
        minItems: 1,
        items: { type: spec.type === 'integers' ? 'integer' : 'number', ...bounds(spec) },
      };
    case 'strings': {
      const list = { type: 'array', minItems: 1, items: { type: 'string' } };
      return spec.single ? { anyOf: [{ type: 'string' }, list] } : list;
    }
    case 'argument':
      return { type: ['number', 'string'] };
  }
}

/** One option as a JSON Schema property: its shape, default and description (with what is allowed). */
export function optionJsonSchema(spec: OptionSpec): JsonSchema {
  const required = 'required' in spec && spec.required === true;
  const fallback = 'default' in spec && spec.default !== undefined ? { default: spec.default } : {};
  const reads =
    spec.type === 'argument' ? ` Default: the cell parameter "${spec.param}".` : required ? ' Required.' : '';
  return {
    ...shape(spec),
    ...fallback,
    description: `${spec.description} Allowed: ${describeOption(spec)}.${reads}`,
  };
}

/** Every declared option as JSON Schema properties, in declaration order. */
export function optionsJsonSchema(specs: OptionSpecs | undefined): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(specs ?? {}).map(([name, spec]) => [name, optionJsonSchema(spec)]),
  );
}
