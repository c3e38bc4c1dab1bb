/** No production source of core, sim or cli computes with the engine's pow (scripts/layering/checkEnginePow.ts). */
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { checkEnginePow, enginePowUses } from './checkEnginePow.js';

const packages = fileURLToPath(new URL('../../packages/', import.meta.url));

describe('no Math.pow or ** but x ** 2 and x ** 0.5 in production code', () => {
  for (const name of ['core', 'sim', 'cli']) {
    test(`${name}: every power goes through core's pow`, () => {
      expect(checkEnginePow(`${packages}${name}/src`)).toEqual([]);
    });
  }

  test('the check finds Math.pow and **, and passes squares, roots, comments, strings and justified uses', () => {
    const text = [
      'const a = Math.pow(x, 3);',
      'const b = x ** y;',
      'const c = (1 - u) ** (1 / shape);',
      'const d = 2 ** 20;',
      'e **= 3;',
      'const f = x ** 2.5;',
      'const g = x ** 2 + y ** 0.5;',
      '/** x ** y in a doc comment */ const h = `**bold**`; // Math.pow(x, y)',
      'const i = \'**\' + "Math.pow(";',
      '// engine-pow: an exact power of two, checked by its test',
      'const j = 2 ** 10;',
      'const k = x ** 20;',
      // source text holding template literals, as the check reads it
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is code, not a template
      'const l = `a ${`**b** ${x ** 3}`} **c**`; const m = { n: `${{ o: 1 }.o}` } ** 2;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is code, not a template
      'const p = `**${x ** 2}**` + x ** y;',
    ].join('\n');
    expect(enginePowUses('t.ts', text).map((u) => u.split(':')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '12',
      '13',
      '14',
    ]);
  });
});
