/**
 * The published study schema: the committed file is the generated document (regenerate with
 * `npm run generate`), every study in studies/ satisfies it with its per-method parts, and
 * those parts catch what an editor should flag (an option's type or allowed values).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { methodRegistry } from '../methods/registry.js';
import { metricRegistry } from '../metrics/registry.js';
import { readStudyConfig } from './loadStudy.js';
import { studySchemaPath } from './schema.js';
import { studySchemaDocument } from './schemaDocument.js';

const studies = fileURLToPath(new URL('../../../../studies/', import.meta.url));
const studyFiles = [
  ...readdirSync(studies)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(studies, f)),
  join(studies, 'examples/user-method.json'),
];

let compiled: ReturnType<Ajv['compile']> | undefined;
/** The published schema, compiled once. */
function fullValidator() {
  compiled ??= new Ajv({ allErrors: true, strict: false, strictNumbers: true }).compile(
    studySchemaDocument({ roles: true }),
  );
  return compiled;
}

describe('study.schema.json', () => {
  it('is current (run `npm run generate` after changing a block, its options or the schema)', () => {
    expect(JSON.parse(readFileSync(studySchemaPath, 'utf8'))).toEqual(studySchemaDocument({ roles: true }));
  });

  it.each(studyFiles)('accepts %s with the per-method parts', (file) => {
    const validate = fullValidator();
    expect(validate(readStudyConfig(file)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('names every registered method and metric, and types their options', () => {
    const document = studySchemaDocument({ roles: true }) as {
      properties: { methods: { items: { properties: { method: { enum: string[] } } } } };
      definitions: { metricName: { enum: string[] } };
    };
    expect(document.properties.methods.items.properties.method.enum).toEqual(
      methodRegistry.list.map((m) => m.name),
    );
    expect(document.definitions.metricName.enum).toEqual(metricRegistry.list.map((m) => m.name));
    const validate = fullValidator();
    const study = {
      name: 'x',
      title: 'x',
      seed: 1,
      replications: 10,
      model: { name: 'betaBinomialClusters', params: { p: 0.5, rho: 0.1, m: 5, clusters: 10 } },
      methods: [{ method: 'clustered', estimator: 'cr1' }],
      metrics: ['coverage', { metric: 'estimateQuantile', q: 0.5 }],
    };
    expect(validate(study)).toBe(true);
    expect(validate({ ...study, methods: [{ method: 'clustered', estimator: 'cr3' }] })).toBe(false);
    expect(validate.errors?.some((e) => e.instancePath === '/methods/0/estimator')).toBe(true);
    expect(validate({ ...study, metrics: [{ metric: 'estimateQuantile', q: 2 }] })).toBe(false);
    expect(validate({ ...study, model: { name: 'betaBinomialClusters', params: { p: 'high' } } })).toBe(
      false,
    );
    expect(validate({ ...study, methods: [{ method: 'clusteredT' }] })).toBe(false);
  });
});
