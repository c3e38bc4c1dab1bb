/** A task's config text (chunkTask.ts): the config's JSON, made once per config object. */
import { describe, expect, test } from 'vitest';
import { studyConfigText } from './chunkTask.js';
import { toyStudyConfig } from './test-utils/toyStudy.js';

describe('studyConfigText', () => {
  test('the config’s JSON, parsed back to an equal config; made once per object', () => {
    const config = toyStudyConfig() as never;
    const text = studyConfigText(config);
    expect(JSON.parse(text)).toEqual(config);
    expect(studyConfigText(config)).toBe(text);
    const other = toyStudyConfig({ seed: 7 }) as never;
    expect(JSON.parse(studyConfigText(other)).seed).toBe(7);
  });
});
