import { describe, expect, test } from 'vitest';
import type { Study } from '../study.js';
import type { StudyInput } from './studyInputs.js';
import { verifyStudyInputs } from './verifyStudyInputs.js';

const main: StudyInput[] = [
  { role: 'method', path: 'method.mjs', sha256: 'a'.repeat(64), bytes: 10 },
  { role: 'data', path: 'population.csv', sha256: 'b'.repeat(64), bytes: 20 },
  { role: 'package', path: 'left-pad', sha256: null, bytes: null, version: '1.0.0' },
];

function workerStudy(inputs: StudyInput[], inputDigest: string): Study {
  return { name: 'demo', inputs, inputDigest } as unknown as Study;
}

describe('verifyStudyInputs', () => {
  test('the same digest passes', () => {
    expect(() => verifyStudyInputs(workerStudy(main, 'd1'), 'd1', main)).not.toThrow();
  });

  test('a different data file is named, with both hashes', () => {
    const edited = main.map((i) => (i.role === 'data' ? { ...i, sha256: 'c'.repeat(64), bytes: 21 } : i));
    expect(() => verifyStudyInputs(workerStudy(edited, 'd2'), 'd1', main)).toThrow(
      /study demo: a worker read different inputs than the main thread: data population\.csv \(main thread: sha256 bbbbbbbbbbbb…, 20 bytes; worker: sha256 cccccccccccc…, 21 bytes\)\. An input changed during the run; run again/,
    );
  });

  test('a file only one side read and a package version are named', () => {
    const worker = [
      ...main.slice(0, 2),
      { ...main[2], version: '2.0.0' },
      { role: 'import', path: 'lib/h.mjs', sha256: 'e'.repeat(64), bytes: 5 } as StudyInput,
    ];
    const message = (() => {
      try {
        verifyStudyInputs(workerStudy(worker, 'd3'), 'd1', main);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toContain('package left-pad (main thread: version 1.0.0; worker: version 2.0.0)');
    expect(message).toContain(
      'import lib/h.mjs (main thread: absent; worker: sha256 eeeeeeeeeeee…, 5 bytes)',
    );
    expect(message).not.toContain('method.mjs');
  });

  test('without the main thread inputs, the config or version is blamed', () => {
    expect(() => verifyStudyInputs(workerStudy(main, 'd2'), 'd1')).toThrow(
      'the study config or the evalsim version',
    );
  });
});
