/**
 * JSON Schema check of a study config (ajv, allErrors; NaN and ±Infinity — which JSON
 * `1e400` and YAML `.inf` parse to — are not numbers), turning ajv's errors into
 * ConfigIssues that name the field path (`methods[2].replications`), the bad value and
 * what is allowed. The schema is schemaDocument.ts's, without the generated per-role parts,
 * compiled at build time (validatorSource.ts): nothing compiles a schema at run time.
 */
import type { ErrorObject } from 'ajv';
import { didYouMean } from '../base/closestName.js';
import { type ConfigIssue, showValue } from '../base/errors.js';
import type { JsonSchema } from '../base/optionSchema.js';
import { simPackageFile } from '../base/packageRoot.js';
import { studySchemaDocument } from './schemaDocument.js';
import validate from './studyValidator.js';

/** Absolute path of the published schema file (packages/sim/schema/study.schema.json), for editors. */
export const studySchemaPath: string = simPackageFile('schema/study.schema.json');

/** The published study schema (with the per-model, -method, -metric and -formula parts). */
export function studySchema(): JsonSchema {
  return studySchemaDocument({ roles: true });
}

/** True for NaN and ±Infinity. */
function nonFinite(value: unknown): boolean {
  return typeof value === 'number' && !Number.isFinite(value);
}

/** `/methods/2/resamples` → `methods[2].resamples`. */
export function fieldPath(instancePath: string): string {
  let out = '';
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

function join(path: string, field: string): string {
  return path ? `${path}.${field}` : field;
}

const PATTERNS: Record<string, string> = {
  '^[a-z0-9]+(-[a-z0-9]+)*$':
    'kebab-case (lowercase letters and digits separated by single hyphens, e.g. clustered-coverage)',
  '\\.(m?js)$': 'a path ending in .js or .mjs',
  '^[A-Za-z0-9_.:-]+$': 'letters, digits and _ . : - only',
};

function rangeText(error: ErrorObject): string {
  const schema = error.parentSchema as Record<string, unknown>;
  const kind = schema.type === 'integer' ? 'an integer' : 'a number';
  const parts: string[] = [];
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`< ${schema.exclusiveMaximum}`);
  return `${kind} ${parts.join(' and ')}`;
}

function issueFor(error: ErrorObject): ConfigIssue | undefined {
  const path = fieldPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path: join(path, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema as { properties?: object }).properties ?? {});
      const field = String(params.additionalProperty);
      return {
        path: join(path, field),
        message: `unknown field; allowed: ${allowed.join(', ')}${didYouMean(field, allowed)}`,
      };
    }
    case 'enum':
      return {
        path,
        message: `got ${showValue(error.data)}; allowed: one of ${(params.allowedValues as unknown[]).map((v) => showValue(v)).join(', ')}`,
      };
    case 'type': {
      const schema = error.parentSchema as Record<string, unknown>;
      const numeric = schema.type === 'number' || schema.type === 'integer';
      const bounded = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].some(
        (keyword) => schema[keyword] !== undefined,
      );
      if (numeric && bounded && typeof error.data === 'number')
        return { path, message: `got ${showValue(error.data)}; allowed: ${rangeText(error)}` };
      if (nonFinite(error.data))
        return { path, message: `got ${showValue(error.data)}; allowed: a finite number` };
      return { path, message: `got ${showValue(error.data)}; allowed: ${[params.type].flat().join(' or ')}` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, message: `got ${showValue(error.data)}; allowed: ${rangeText(error)}` };
    case 'pattern': {
      const pattern = String(params.pattern);
      return {
        path,
        message: `got ${showValue(error.data)}; allowed: ${PATTERNS[pattern] ?? `text matching /${pattern}/`}`,
      };
    }
    case 'minItems':
      return { path, message: `must list at least ${params.limit} item(s)` };
    case 'minLength':
      return { path, message: 'must not be empty' };
    case 'oneOf': {
      const branches = (error.schema as Record<string, unknown>[]).map((branch) => branch.required);
      if (branches.every((required) => Array.isArray(required))) {
        const names = branches.map((required) => (required as string[]).join('+'));
        return { path, message: `needs exactly one of the fields ${names.join(', ')}` };
      }
      return undefined;
    }
    case 'if':
      return undefined;
    default:
      return { path, message: error.message ?? 'is invalid' };
  }
}

function isRequiredChoice(error: ErrorObject): boolean {
  return (
    error.keyword === 'oneOf' &&
    (error.schema as Record<string, unknown>[]).every((branch) => Array.isArray(branch.required))
  );
}

/**
 * Checks `config` against the published schema; returns every problem found,
 * without the echoes a oneOf produces (a "must be object" from the branch that
 * was not meant, the per-branch `required` behind "needs exactly one of").
 */
export function schemaIssues(config: unknown): ConfigIssue[] {
  if (validate(config)) return [];
  const errors = validate.errors ?? [];
  const enumPaths = new Set(
    errors.filter((e) => e.keyword === 'enum' && typeof e.data !== 'object').map((e) => e.instancePath),
  );
  const choicePaths = errors.filter(isRequiredChoice).map((e) => e.schemaPath);
  const kept = errors.filter((error) => {
    if (error.keyword === 'if') return false;
    // An object checked against the name-only branch of a oneOf: its real errors are deeper.
    if (error.keyword === 'enum' && typeof error.data === 'object' && error.data !== null) return false;
    if (choicePaths.some((choice) => error.schemaPath.startsWith(`${choice}/`))) return false;
    if ((error.keyword === 'type' || error.keyword === 'oneOf') && enumPaths.has(error.instancePath))
      return false;
    if (error.keyword === 'oneOf' && !isRequiredChoice(error)) {
      return !errors.some(
        (other) =>
          other !== error && other.instancePath.startsWith(error.instancePath) && other.keyword !== 'oneOf',
      );
    }
    return true;
  });
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  for (const error of kept) {
    const issue = issueFor(error);
    if (!issue) continue;
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  if (issues.length === 0) issues.push({ path: '', message: 'does not match the study schema' });
  return issues;
}
