/**
 * The study validator generated at build time (validatorSource.ts): the built file is what the
 * generator writes now, and it reports exactly the errors a run-time compile of the same schema
 * with the same options reports (schema.ts turns those into the messages the bad-input tests pin).
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, test } from 'vitest';
import { simPackageFile } from '../base/packageRoot.js';
import { toyStudyConfig } from '../runner/test-utils/toyStudy.js';
import { studySchemaDocument } from './schemaDocument.js';
import generated from './studyValidator.js';
import { STUDY_VALIDATOR_OPTIONS, studyValidatorSource } from './validatorSource.js';

const base = toyStudyConfig();

/** Configs that break every keyword schema.ts turns into a message, and some that pass. */
const CONFIGS: unknown[] = [
  base,
  {},
  [],
  null,
  'study',
  { ...base, name: 'Toy Study' },
  { ...base, name: 'x'.repeat(101) },
  { ...base, title: '' },
  { ...base, replications: 0 },
  { ...base, replications: 2.5 },
  { ...base, replications: Number.NaN },
  { ...base, seed: Number.POSITIVE_INFINITY },
  { ...base, level: 1.2 },
  { ...base, replication: 10 },
  { ...base, metrics: ['coverag'] },
  { ...base, metrics: [] },
  { ...base, metrics: [{ metric: 'rejectionRate', alternative: 'bigger' }] },
  { ...base, metrics: [{ metric: 'rejectionRate', alpha: 2 }] },
  { ...base, methods: [{ id: 'x', resamples: 3 }] },
  { ...base, methods: [{ module: './x.ts' }] },
  { ...base, methods: [{ id: 'a b', method: 'wald' }] },
  { ...base, model: { name: 'a', module: './b.mjs' } },
  { ...base, model: 'betaBinomialClusters' },
  { ...base, grid: { m: [] } },
  { ...base, grid: { m: [{ deep: 1 }] } },
  { ...base, expectations: [{ method: 'wald', metric: 'coverage', published: 0.9, tolerance: -1 }] },
  { ...base, source: { article: 'a', seed: 'b' } },
  { ...base, plots: [{ id: 'p' }] },
];

describe('the generated study validator', () => {
  test('the built file is current (rebuild: npm run build)', () => {
    const built = readFileSync(simPackageFile('dist/config/studyValidator.js'), 'utf8');
    expect(
      built === studyValidatorSource(),
      'dist/config/studyValidator.js is stale: run npm run build',
    ).toBe(true);
  });

  test('gives the errors of a run-time compile, for every keyword', () => {
    const compiled = new Ajv(STUDY_VALIDATOR_OPTIONS).compile(studySchemaDocument());
    const keywords = new Set<string>();
    for (const config of CONFIGS) {
      const valid = generated(config);
      expect(valid, JSON.stringify(config)).toBe(compiled(config));
      expect(generated.errors ?? null, JSON.stringify(config)).toEqual(compiled.errors ?? null);
      for (const error of compiled.errors ?? []) keywords.add(error.keyword);
    }
    // The corpus reaches the keywords schema.ts has a message for.
    for (const keyword of ['required', 'additionalProperties', 'enum', 'type', 'minimum', 'pattern'])
      expect(keywords).toContain(keyword);
    for (const keyword of ['minItems', 'minLength', 'oneOf', 'exclusiveMaximum', 'maxLength'])
      expect(keywords).toContain(keyword);
  });
});
